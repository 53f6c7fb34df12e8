//! Where an organization's alerts also go: team chat destinations and e-mail, kept in
//! `<config>/alert_destinations.json` through `settings_file.rs` (validated on load and on set,
//! private and atomic). The file holds no secret: a destination's webhook address (and
//! Chatwork's API token, or the mail sign-in's password) is in the keychain under
//! `alert_destination/<id>` ([`crate::secrets::alert_destination_key`]); the file keeps only the
//! address's host, to show (an e-mail destination: its SMTP server and addresses, `mail.rs`).
//! A mail password is kept bound to the server, port and user name it was given for, like a
//! connection's secrets (`sessions::secret_binding`): the file edited to name another server does not
//! make Lockdesk send the password there. Any destination may take its alerts as one digest in
//! the morning of the next office day.

use crate::watch::words::MessageLanguage;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};
use url::Url;

use crate::error::{Error, Result};
use crate::reports::definition::time_of_day;
use crate::secrets::{alert_destination_key, SecretStore};
use crate::settings_file::{self, Refused, SettingsFile};
use crate::team_alerts::mail::MailSettings;
use crate::watch::RuleKind;

/// The longest destination name, in characters.
pub const DESTINATION_NAME_MAX: usize = 100;
/// The most destinations kept.
pub const DESTINATIONS_MAX: usize = 50;
/// Chatwork's API, where its messages are posted (`/rooms/{room_id}/messages`).
pub const CHATWORK_API: &str = "https://api.chatwork.com/v2";

/// Which chat service a destination is, and so the form of its messages
/// (`team_alerts::messages`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DestinationKind {
    /// A Slack incoming webhook.
    Slack,
    /// A Microsoft Teams webhook (a Workflows "post to a channel when a webhook request is
    /// received" flow, or an incoming webhook): an Adaptive Card message.
    Teams,
    /// A Chatwork room, through Chatwork's API with an API token.
    Chatwork,
    /// A LINE WORKS "Incoming Webhook" app address.
    LineWorks,
    /// Any address that takes the alerts as JSON data (an office's own relay or script).
    Generic,
    /// E-mail through the office's SMTP server (`mail` holds its settings).
    Email,
}

impl DestinationKind {
    pub const ALL: [DestinationKind; 6] = [
        DestinationKind::Slack,
        DestinationKind::Teams,
        DestinationKind::Chatwork,
        DestinationKind::LineWorks,
        DestinationKind::Generic,
        DestinationKind::Email,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            DestinationKind::Slack => "slack",
            DestinationKind::Teams => "teams",
            DestinationKind::Chatwork => "chatwork",
            DestinationKind::LineWorks => "line_works",
            DestinationKind::Generic => "generic",
            DestinationKind::Email => "email",
        }
    }
}

/// A destination's alerts collected into one message a day: the alerts of a day go out at
/// `at` (`HH:MM`, the organization's zone) on the next office day (office days and Japanese
/// public holidays from the watch settings); those of days off with the office day's before.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Digest {
    pub at: String,
}

impl Digest {
    /// `at` as minutes after midnight.
    pub fn minute(&self) -> Result<u32> {
        time_of_day("digest.at", &self.at)
    }
}

/// Which alerts a destination receives.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "which", rename_all = "snake_case")]
pub enum RuleSelection {
    /// Every rule's alerts.
    #[default]
    All,
    /// Only these rules' alerts.
    Only { rules: Vec<RuleKind> },
}

impl RuleSelection {
    pub fn includes(&self, rule: RuleKind) -> bool {
        match self {
            RuleSelection::All => true,
            RuleSelection::Only { rules } => rules.contains(&rule),
        }
    }
}

/// One destination, as kept in the file (no secret in it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AlertDestination {
    /// Made when the destination is added; names its keychain entry.
    pub id: String,
    pub name: String,
    pub organization_id: String,
    pub kind: DestinationKind,
    pub rules: RuleSelection,
    /// Chatwork's room id (digits); none for the other kinds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub room_id: Option<String>,
    #[serde(default)]
    pub language: MessageLanguage,
    /// The host of the webhook address (the address itself is in the keychain only); an
    /// e-mail destination's SMTP server.
    pub host: String,
    /// E-mail: the server's port, security, sign-in's user name and the addresses; none for
    /// the chat kinds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mail: Option<MailSettings>,
    /// One message a day instead of one per alert (or burst).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub digest: Option<Digest>,
    /// The connection (profile) it was added with: removing the connection removes it.
    /// Destinations added by an earlier version have none (their organization decides).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub connection: Option<String>,
    /// Shared with the team (`crate::team::destinations`): gone from the team's list, it was
    /// removed by another computer and goes here too.
    #[serde(default)]
    pub shared: bool,
}

impl AlertDestination {
    pub fn validate(&self) -> Result<()> {
        let name = self.name.trim();
        if name.is_empty()
            || name.chars().count() > DESTINATION_NAME_MAX
            || name.chars().any(char::is_control)
        {
            return Err(Error::invalid(
                "name",
                format!("give the destination a name of 1 to {DESTINATION_NAME_MAX} characters"),
            ));
        }
        if self.id.trim().is_empty() || !self.id.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(Error::invalid(
                "id",
                "a destination id is letters and digits",
            ));
        }
        if self.organization_id.trim().is_empty() {
            return Err(Error::invalid("organization_id", "choose an organization"));
        }
        match (&self.kind, &self.room_id) {
            (DestinationKind::Chatwork, Some(room)) if is_room_id(room) => {}
            (DestinationKind::Chatwork, _) => {
                return Err(Error::invalid(
                    "room_id",
                    "give the Chatwork room id: the digits after rid in the room's address",
                ))
            }
            (_, Some(_)) => {
                return Err(Error::invalid(
                    "room_id",
                    "only a Chatwork destination has a room id",
                ))
            }
            (_, None) => {}
        }
        if let RuleSelection::Only { rules } = &self.rules {
            if rules.is_empty() {
                return Err(Error::invalid("rules", "choose at least one rule"));
            }
            if rules
                .iter()
                .enumerate()
                .any(|(i, r)| rules[..i].contains(r))
            {
                return Err(Error::invalid("rules", "a rule is chosen twice"));
            }
        }
        match (&self.kind, &self.mail) {
            (DestinationKind::Email, Some(mail)) => mail.validate(&self.host)?,
            (DestinationKind::Email, None) => {
                return Err(Error::invalid("mail", "give the mail server and addresses"))
            }
            (_, Some(_)) => {
                return Err(Error::invalid(
                    "mail",
                    "only an e-mail destination has mail settings",
                ))
            }
            (_, None) => {}
        }
        if let Some(digest) = &self.digest {
            digest.minute()?;
        }
        if self.host.is_empty() {
            return Err(Error::invalid("url", "the webhook address has no host"));
        }
        Ok(())
    }

    /// Whether sending needs a secret from the keychain: a webhook's address, or the password
    /// of a mail server's sign-in (a server taking mail without one has none).
    pub fn has_secret(&self) -> bool {
        self.mail.as_ref().is_none_or(|m| !m.username.is_empty())
    }
}

fn is_room_id(room: &str) -> bool {
    !room.is_empty() && room.len() <= 20 && room.chars().all(|c| c.is_ascii_digit())
}

/// Every destination of this computer's user.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AlertDestinations {
    pub destinations: Vec<AlertDestination>,
}

impl SettingsFile for AlertDestinations {
    fn validate(&self) -> Result<()> {
        if self.destinations.len() > DESTINATIONS_MAX {
            return Err(Error::invalid(
                "destinations",
                format!("keep at most {DESTINATIONS_MAX} alert destinations"),
            ));
        }
        for (i, d) in self.destinations.iter().enumerate() {
            one_destination(d, &self.destinations[..i])?;
        }
        Ok(())
    }

    fn check(&self) -> std::result::Result<(), Refused> {
        settings_file::check_each("destinations", &self.destinations, one_destination)?;
        SettingsFile::validate(self).map_err(Refused::at_field)
    }
}

/// A destination of the list, after `before`.
fn one_destination(d: &AlertDestination, before: &[AlertDestination]) -> Result<()> {
    d.validate()?;
    if before.iter().any(|o| o.id == d.id) {
        return Err(Error::invalid("id", "two destinations have the same id"));
    }
    Ok(())
}

pub fn destinations_path(config_dir: &Path) -> PathBuf {
    config_dir.join("alert_destinations.json")
}

/// The destinations stored at `path`, none when there is no file.
pub fn load_destinations(path: &Path) -> Result<AlertDestinations> {
    settings_file::load(path)
}

/// Checks `all`, then writes them (0600, atomically); nothing changes on an error.
pub fn save_destinations(path: &Path, all: &AlertDestinations) -> Result<()> {
    settings_file::save(path, all)
}

/// A webhook address as the person gave it: it must parse, be https (plain http only to this
/// computer: tests and local relays, the rule of the service addresses) and carry no user name
/// or password. Known hosts are not required: offices post through relays and proxies.
pub fn webhook_url(input: &str) -> Result<Url> {
    let bad = |why: &str| Error::invalid("url", why.to_owned());
    let url = Url::parse(input.trim()).map_err(|_| bad("give the webhook's full address"))?;
    if url.host().is_none() {
        return Err(bad("the webhook address has no host"));
    }
    if !lockdesk_api::config::secure_or_loopback(&url) {
        return Err(bad(
            "the webhook address must start with https:// (http only for this computer)",
        ));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(bad(
            "the webhook address must not carry a user name or password",
        ));
    }
    if url.fragment().is_some() {
        return Err(bad("the webhook address must not have a # part"));
    }
    Ok(url)
}

/// The secret part of a destination, kept in the keychain: the webhook address (Chatwork: its
/// API's base address) and Chatwork's API token; an e-mail destination's sign-in password.
/// Never in Debug output.
#[derive(Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DestinationSecret {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password: Option<String>,
    /// With a password: [`mail_binding`] of the server, port and user name it is for.
    #[serde(rename = "for", default, skip_serializing_if = "Option::is_none")]
    pub binding: Option<String>,
}

/// A fingerprint of the mail server (its name as written, in lower case), port and user name a
/// password is given for: 128 bits of SHA-256, hex.
pub fn mail_binding(host: &str, settings: &MailSettings) -> String {
    let digest = Sha256::new()
        .chain_update(b"smtp\n")
        .chain_update(host.trim().to_ascii_lowercase().as_bytes())
        .chain_update(format!("\n{}\n", settings.port).as_bytes())
        .chain_update(settings.username.as_bytes())
        .finalize();
    digest[..16].iter().map(|b| format!("{b:02x}")).collect()
}

impl std::fmt::Debug for DestinationSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DestinationSecret")
            .field("url", &"[redacted]")
            .field("token", &self.token.as_ref().map(|_| "[redacted]"))
            .field("password", &self.password.as_ref().map(|_| "[redacted]"))
            .field("binding", &self.binding)
            .finish()
    }
}

impl DestinationSecret {
    /// Where a message of `dest` is posted.
    pub fn endpoint(&self, dest: &AlertDestination) -> Result<Url> {
        let base = webhook_url(&self.url)?;
        match (dest.kind, &dest.room_id) {
            (DestinationKind::Chatwork, Some(room)) => {
                let path = format!(
                    "{}/rooms/{room}/messages",
                    base.path().trim_end_matches('/')
                );
                let mut url = base;
                url.set_path(&path);
                url.set_query(None);
                Ok(url)
            }
            _ => Ok(base),
        }
    }
}

/// Checks Chatwork's API token: printable ASCII without spaces.
pub fn check_token(token: &str) -> Result<()> {
    if token.is_empty() || token.len() > 200 || !token.chars().all(|c| c.is_ascii_graphic()) {
        return Err(Error::invalid(
            "token",
            "give the Chatwork API token (Chatwork: Service integration > API token)",
        ));
    }
    Ok(())
}

pub fn save_secret(secrets: &dyn SecretStore, id: &str, secret: &DestinationSecret) -> Result<()> {
    let json = serde_json::to_string(secret).map_err(|e| Error::Keychain {
        reason: format!("the destination's secret could not be written: {e}"),
    })?;
    secrets.set(&alert_destination_key(id), &json)
}

/// The secret kept for `dest`; `webhook_secret_missing` when there is none (or it cannot be
/// read: only Lockdesk writes it). A mail password kept for another server, port or user name
/// than `dest` names, or kept before passwords were bound (where it was meant to go cannot be
/// known), is `mail_password_bound_elsewhere`: never sent.
pub fn secret_of(secrets: &dyn SecretStore, dest: &AlertDestination) -> Result<DestinationSecret> {
    if !dest.has_secret() {
        return Ok(DestinationSecret::default());
    }
    let secret = load_secret(secrets, &dest.id)?;
    if let (Some(settings), Some(_)) = (&dest.mail, &secret.password) {
        if secret.binding.as_deref() != Some(mail_binding(&dest.host, settings).as_str()) {
            return Err(Error::MailPasswordBoundElsewhere(dest.name.clone()));
        }
    }
    Ok(secret)
}

/// Whether this computer can send to `dest`: it needs no secret, or its secret is kept here
/// for what it names. A keychain that cannot be read now counts as able (it may be back).
pub fn can_send_here(secrets: &dyn SecretStore, dest: &AlertDestination) -> bool {
    !matches!(
        secret_of(secrets, dest),
        Err(Error::WebhookSecretMissing(_) | Error::MailPasswordBoundElsewhere(_))
    )
}

/// The secret kept for destination `id`; `webhook_secret_missing` when there is none (or it
/// cannot be read: only Lockdesk writes it).
pub fn load_secret(secrets: &dyn SecretStore, id: &str) -> Result<DestinationSecret> {
    secrets
        .get(&alert_destination_key(id))?
        .and_then(|text| serde_json::from_str(&text).ok())
        .ok_or_else(|| Error::WebhookSecretMissing(id.to_owned()))
}

pub fn forget_secret(secrets: &dyn SecretStore, id: &str) -> Result<()> {
    secrets.delete(&alert_destination_key(id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team_alerts::test_fixtures;

    fn dest(kind: DestinationKind, room: Option<&str>) -> AlertDestination {
        let mut d = test_fixtures::destination(kind, MessageLanguage::Ja);
        d.room_id = room.map(str::to_owned);
        d
    }

    #[test]
    fn addresses_are_https_or_loopback_http_and_never_carry_a_login() {
        assert!(webhook_url("https://hooks.slack.com/services/T/B/x").is_ok());
        assert!(webhook_url("https://prod.westus.logic.azure.com/workflows/1?sp=x&sig=y").is_ok());
        assert!(webhook_url("http://127.0.0.1:8080/hook").is_ok());
        assert!(webhook_url("http://localhost/hook").is_ok());
        for bad in [
            "http://hooks.slack.com/services/x",
            "ftp://example.jp/x",
            "hooks.slack.com/services",
            "https://user:pw@example.jp/x",
            "https://example.jp/x#y",
            "",
        ] {
            let e = webhook_url(bad).unwrap_err();
            assert_eq!(e.code().as_str(), "invalid_input", "{bad}");
        }
    }

    #[test]
    fn a_chatwork_destination_needs_its_room_and_only_it_has_one() {
        assert!(dest(DestinationKind::Chatwork, Some("12345"))
            .validate()
            .is_ok());
        assert!(dest(DestinationKind::Chatwork, None).validate().is_err());
        assert!(dest(DestinationKind::Chatwork, Some("12a"))
            .validate()
            .is_err());
        assert!(dest(DestinationKind::Slack, Some("1")).validate().is_err());
        assert!(dest(DestinationKind::Slack, None).validate().is_ok());
        let mut d = dest(DestinationKind::Teams, None);
        d.rules = RuleSelection::Only { rules: vec![] };
        assert!(d.validate().is_err());
        d.rules = RuleSelection::Only {
            rules: vec![RuleKind::LowBattery, RuleKind::LowBattery],
        };
        assert!(d.validate().is_err());
        d.rules = RuleSelection::Only {
            rules: vec![RuleKind::LowBattery],
        };
        assert!(d.validate().is_ok());
        assert!(d.rules.includes(RuleKind::LowBattery));
        assert!(!d.rules.includes(RuleKind::SilentLock));
    }

    #[test]
    fn the_secret_never_shows_in_debug_and_chatwork_posts_to_its_room() {
        let s = DestinationSecret {
            url: "https://api.chatwork.com/v2".into(),
            token: Some("tok-SECRET".into()),
            ..DestinationSecret::default()
        };
        let shown = format!("{s:?}");
        assert!(
            !shown.contains("SECRET") && !shown.contains("chatwork"),
            "{shown}"
        );
        let mail = DestinationSecret {
            password: Some("pw-SECRET".into()),
            ..DestinationSecret::default()
        };
        let shown = format!("{mail:?}");
        assert!(!shown.contains("SECRET"), "{shown}");
        let d = dest(DestinationKind::Chatwork, Some("42"));
        assert_eq!(
            s.endpoint(&d).unwrap().as_str(),
            "https://api.chatwork.com/v2/rooms/42/messages"
        );
        let slack = DestinationSecret {
            url: "https://hooks.slack.com/services/T/B/x".into(),
            ..DestinationSecret::default()
        };
        assert_eq!(
            slack
                .endpoint(&dest(DestinationKind::Slack, None))
                .unwrap()
                .as_str(),
            "https://hooks.slack.com/services/T/B/x"
        );
    }

    #[test]
    fn an_email_destination_has_mail_settings_and_only_it_and_a_digest_has_a_time() {
        let mut d = dest(DestinationKind::Email, None);
        assert!(d.validate().is_err(), "no mail settings");
        d.host = "smtp.example.jp".into();
        d.mail = Some(MailSettings {
            port: 587,
            security: crate::team_alerts::mail::MailSecurity::Starttls,
            username: String::new(),
            from: "lockdesk@example.jp".into(),
            to: vec!["soumu@example.jp".into()],
        });
        assert!(d.validate().is_ok());
        assert!(!d.has_secret(), "no sign-in, nothing in the keychain");
        d.mail.as_mut().unwrap().username = "lockdesk".into();
        assert!(d.has_secret());
        let mut slack = dest(DestinationKind::Slack, None);
        slack.mail = d.mail.clone();
        assert_eq!(
            slack.validate().unwrap_err().details().field.as_deref(),
            Some("mail")
        );
        d.digest = Some(Digest { at: "08:30".into() });
        assert!(d.validate().is_ok());
        assert_eq!(d.digest.as_ref().unwrap().minute().unwrap(), 510);
        d.digest = Some(Digest { at: "8:30".into() });
        assert_eq!(
            d.validate().unwrap_err().details().field.as_deref(),
            Some("digest.at")
        );
    }
}
