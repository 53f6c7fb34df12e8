//! Team alerts: the chat and e-mail destinations of the watcher's alerts
//! (`alert_destinations_list/add/remove/test`), the deliveries for Watch
//! (`alert_deliveries_list`) and the delivery pass (`alert_deliveries_run`, also run at the end
//! of every watch round: `pass.rs`). The destinations live in `crate::team_alerts`; a
//! destination's webhook address and token, or its mail sign-in's password, go to the keychain
//! only, never to a file, a log or Debug output.
//!
//! None is journaled: nothing changes at the door service (`local` and `read` commands).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::app::args::{Done, NoArgs};
use crate::app::context::AppContext;
use crate::error::{Error, ErrorCode, Result};
use crate::team::alerts::{other_holders, team_name};
use crate::team::destinations as shared;
use crate::team_alerts::destinations::{
    can_send_here, check_token, forget_secret, mail_binding, save_secret, secret_of,
    DestinationSecret,
};
use crate::team_alerts::mail::{check_password, smtp_host};
use crate::team_alerts::send::Sent;
use crate::team_alerts::{
    destinations_path, load_destinations, messages, save_destinations, webhook_url,
    AlertDestination, DeliveryView, DestinationKind, Digest, MailSecurity, MailSettings,
    RuleSelection, CHATWORK_API,
};
use crate::watch::words::MessageLanguage;

pub use crate::team_alerts::pass::{
    alert_deliveries_run, deliver_pending, queue_alerts, AlertDeliveryPassResponse,
};
use crate::team_alerts::pass::{deliveries, post};

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AlertDestinationsListResponse {
    /// Every destination, of every organization (each names its own).
    pub destinations: Vec<AlertDestination>,
    /// With a team: for each destination (by id), the other computers that can send to it too
    /// (they have one of the same kind and name); an alert is sent by one of them.
    #[serde(default)]
    pub team: Vec<DestinationTeam>,
    /// The destinations (by id) this computer cannot send to: it has not been given their
    /// address or password (a destination another computer of the team added).
    #[serde(default)]
    pub no_secret_here: Vec<String>,
}

/// The other computers of the team that can send to a destination.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DestinationTeam {
    pub destination_id: String,
    pub computers: Vec<String>,
}

/// A new destination for the organization in use. The address and token never show in Debug
/// output and go to the keychain only.
#[derive(Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AlertDestinationAddRequest {
    pub name: String,
    pub kind: DestinationKind,
    /// The webhook address. Chatwork: its API's address, Chatwork's own when absent.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub url: Option<String>,
    /// Chatwork's API token.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub token: Option<String>,
    /// Chatwork's room id.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub room_id: Option<String>,
    #[serde(default)]
    pub rules: RuleSelection,
    #[serde(default)]
    pub language: MessageLanguage,
    /// E-mail: the mail server and the addresses.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mail: Option<MailDestinationRequest>,
    /// E-mail: the password of the mail sign-in (with its user name only).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub password: Option<String>,
    /// One message a day, in the morning of the next office day, instead of one per alert.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub digest: Option<Digest>,
}

/// An e-mail destination's server and addresses, as the person gives them.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MailDestinationRequest {
    /// The SMTP server's name or address.
    pub host: String,
    /// 587 for STARTTLS, 465 for TLS when absent (25 without encryption, this computer only).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub port: Option<u16>,
    /// TLS when the port is 465, else STARTTLS, when absent.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub security: Option<MailSecurity>,
    /// The sign-in's user name; none or empty when the server takes mail without one.
    #[serde(default)]
    pub username: String,
    pub from: String,
    pub to: Vec<String>,
}

impl std::fmt::Debug for AlertDestinationAddRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AlertDestinationAddRequest")
            .field("name", &self.name)
            .field("kind", &self.kind)
            .field("url", &self.url.as_ref().map(|_| "[redacted]"))
            .field("token", &self.token.as_ref().map(|_| "[redacted]"))
            .field("room_id", &self.room_id)
            .field("rules", &self.rules)
            .field("language", &self.language)
            .field("mail", &self.mail)
            .field("password", &self.password.as_ref().map(|_| "[redacted]"))
            .field("digest", &self.digest)
            .finish()
    }
}

/// A destination's address (and Chatwork's token), or its mail sign-in's password, given on this
/// computer: for a destination another computer of the team added, or to replace the one
/// kept. Never in Debug output; to the keychain only.
#[derive(Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AlertDestinationSecretRequest {
    pub id: String,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub url: Option<String>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub token: Option<String>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub password: Option<String>,
}

impl std::fmt::Debug for AlertDestinationSecretRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AlertDestinationSecretRequest")
            .field("id", &self.id)
            .field("url", &self.url.as_ref().map(|_| "[redacted]"))
            .field("token", &self.token.as_ref().map(|_| "[redacted]"))
            .field("password", &self.password.as_ref().map(|_| "[redacted]"))
            .finish()
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AlertDestinationIdRequest {
    pub id: String,
}

/// "Send a test" went through.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AlertDestinationTestResponse {
    pub destination_id: String,
    pub sent_at: DateTime<Utc>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AlertDeliveriesRequest {
    /// 1 to 1,000 (0: 100).
    #[serde(default)]
    pub limit: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AlertDeliveriesPage {
    /// The organization's most recent deliveries, newest alert first.
    pub deliveries: Vec<DeliveryView>,
}

/// Every alert destination (with a team, its list brought in line with the team's first).
pub async fn alert_destinations_list(
    ctx: &AppContext,
    _req: NoArgs,
) -> Result<AlertDestinationsListResponse> {
    let core = ctx.core();
    let path = destinations_path(&core.config_dir);
    let mut orgs: Vec<String> = load_destinations(&path)?
        .destinations
        .into_iter()
        .map(|d| d.organization_id)
        .collect();
    if let Ok((_, org)) = ctx.org().await {
        orgs.push(org.as_str().to_owned());
    }
    orgs.sort_unstable();
    orgs.dedup();
    for org in &orgs {
        shared::sync_quietly(ctx, org).await;
    }
    let all = load_destinations(&path)?;
    let no_secret_here = all
        .destinations
        .iter()
        .filter(|d| !can_send_here(core.secrets.as_ref(), d))
        .map(|d| d.id.clone())
        .collect();
    let team = other_holders(ctx, &all.destinations)
        .await
        .into_iter()
        .map(|(destination_id, computers)| DestinationTeam {
            destination_id,
            computers,
        })
        .collect();
    Ok(AlertDestinationsListResponse {
        destinations: all.destinations,
        team,
        no_secret_here,
    })
}

/// Adds a destination for the organization in use: everything is checked first, then the
/// address (and token, or the mail password) go to the keychain and the rest to
/// `alert_destinations.json`; nothing is kept on an error. With a team, it is shared (the
/// team's list read first: a destination of the same kind and name is refused, as here).
pub async fn alert_destinations_add(
    ctx: &AppContext,
    req: AlertDestinationAddRequest,
) -> Result<AlertDestination> {
    let (_, org) = ctx.org().await?;
    let connection = ctx.profile_for(lockdesk_api::ApiVersion::V3)?;
    let core = ctx.core();
    let path = destinations_path(&core.config_dir);
    shared::sync_quietly(ctx, org.as_str()).await;
    let mut all = load_destinations(&path)?;
    let name = req.name.trim();
    if let Some(same) = all
        .destinations
        .iter()
        .find(|d| d.organization_id == org.as_str() && d.kind == req.kind && d.name == name)
    {
        return Err(Error::DestinationExists(same.id.clone()));
    }
    let (host, secret, mail) = if req.kind == DestinationKind::Email {
        email_parts(&req)?
    } else {
        chat_parts(&req)?
    };
    let now = core.clock.now();
    let mut id = format!("a{:x}", now.timestamp_millis());
    while all.destinations.iter().any(|d| d.id == id) {
        id.push('x');
    }
    let dest = AlertDestination {
        id: id.clone(),
        name: req.name.trim().to_owned(),
        organization_id: org.as_str().to_owned(),
        kind: req.kind,
        rules: req.rules,
        room_id: req
            .room_id
            .map(|r| r.trim().to_owned())
            .filter(|r| !r.is_empty()),
        language: req.language,
        host,
        mail,
        digest: req.digest.map(|d| Digest {
            at: d.at.trim().to_owned(),
        }),
        connection: Some(connection),
        shared: false,
    };
    dest.validate()?;
    all.destinations.push(dest.clone());
    // The whole file is checked before the keychain is touched (the count, the ids).
    crate::settings_file::SettingsFile::validate(&all)?;
    if dest.has_secret() {
        save_secret(core.secrets.as_ref(), &id, &secret)?;
    }
    if let Err(e) = save_destinations(&path, &all) {
        let _ = forget_secret(core.secrets.as_ref(), &id);
        return Err(e);
    }
    // Shared now, or (the database not answering) the next time the list is read.
    shared::sync_quietly(ctx, org.as_str()).await;
    Ok(dest)
}

/// Gives a destination its address (and Chatwork's token), or its mail sign-in's password, on
/// this computer: checked as when it is added, then kept in the keychain (replacing the one
/// kept). A chat destination shows the new address's host.
pub async fn alert_destinations_secret(
    ctx: &AppContext,
    req: AlertDestinationSecretRequest,
) -> Result<AlertDestination> {
    let core = ctx.core();
    let path = destinations_path(&core.config_dir);
    let mut all = load_destinations(&path)?;
    let dest = all
        .destinations
        .iter_mut()
        .find(|d| d.id == req.id)
        .ok_or_else(|| Error::DestinationNotFound(req.id.clone()))?;
    if !dest.has_secret() {
        return Err(Error::invalid(
            "password",
            "this destination's mail server takes mail without a sign-in: nothing is needed",
        ));
    }
    let as_added = AlertDestinationAddRequest {
        name: dest.name.clone(),
        kind: dest.kind,
        url: req.url,
        token: req.token,
        room_id: dest.room_id.clone(),
        rules: dest.rules.clone(),
        language: dest.language,
        mail: dest.mail.as_ref().map(|m| MailDestinationRequest {
            host: dest.host.clone(),
            port: Some(m.port),
            security: Some(m.security),
            username: m.username.clone(),
            from: m.from.clone(),
            to: m.to.clone(),
        }),
        password: req.password,
        digest: dest.digest.clone(),
    };
    let (host, secret, _) = if dest.kind == DestinationKind::Email {
        email_parts(&as_added)?
    } else {
        chat_parts(&as_added)?
    };
    dest.host = host;
    let dest = dest.clone();
    save_secret(core.secrets.as_ref(), &dest.id, &secret)?;
    save_destinations(&path, &all)?;
    Ok(dest)
}

/// A chat destination's host and secret: the webhook address (and Chatwork's token).
fn chat_parts(
    req: &AlertDestinationAddRequest,
) -> Result<(String, DestinationSecret, Option<MailSettings>)> {
    if req.mail.is_some() {
        return Err(Error::invalid(
            "mail",
            "only an e-mail destination has mail settings",
        ));
    }
    if req.password.is_some() {
        return Err(Error::invalid(
            "password",
            "only an e-mail destination has a password",
        ));
    }
    let is_chatwork = req.kind == DestinationKind::Chatwork;
    let url = match (&req.url, is_chatwork) {
        (Some(u), _) if !u.trim().is_empty() => u.trim().to_owned(),
        (_, true) => CHATWORK_API.to_owned(),
        _ => return Err(Error::invalid("url", "give the webhook's address")),
    };
    let parsed = webhook_url(&url)?;
    let token = match (req.token.as_deref().map(str::trim), is_chatwork) {
        (Some(t), true) => {
            check_token(t)?;
            Some(t.to_owned())
        }
        (None, true) => {
            return Err(Error::invalid(
                "token",
                "give the Chatwork API token (Chatwork: Service integration > API token)",
            ))
        }
        (Some(_), false) => {
            return Err(Error::invalid(
                "token",
                "only a Chatwork destination has a token",
            ))
        }
        (None, false) => None,
    };
    Ok((
        parsed.host_str().unwrap_or_default().to_owned(),
        DestinationSecret {
            url,
            token,
            ..DestinationSecret::default()
        },
        None,
    ))
}

/// An e-mail destination's server (its host), password and settings.
fn email_parts(
    req: &AlertDestinationAddRequest,
) -> Result<(String, DestinationSecret, Option<MailSettings>)> {
    if req.url.is_some() {
        return Err(Error::invalid(
            "url",
            "an e-mail destination has no webhook address",
        ));
    }
    if req.token.is_some() {
        return Err(Error::invalid(
            "token",
            "only a Chatwork destination has a token",
        ));
    }
    let m = req
        .mail
        .as_ref()
        .ok_or_else(|| Error::invalid("mail", "give the mail server and addresses"))?;
    let host = smtp_host(&m.host)?.to_string();
    let security = m.security.unwrap_or(if m.port == Some(465) {
        MailSecurity::Tls
    } else {
        MailSecurity::Starttls
    });
    let settings = MailSettings {
        port: m.port.unwrap_or(security.default_port()),
        security,
        username: m.username.trim().to_owned(),
        from: m.from.trim().to_owned(),
        to: m
            .to
            .iter()
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
            .collect(),
    };
    let password = match (settings.username.is_empty(), &req.password) {
        (true, None) => None,
        (true, Some(_)) => {
            return Err(Error::invalid(
                "password",
                "a password goes with the sign-in's user name",
            ))
        }
        (false, Some(p)) => {
            check_password(p)?;
            Some(p.clone())
        }
        (false, None) => {
            return Err(Error::invalid(
                "password",
                "give the mail sign-in's password",
            ))
        }
    };
    // The password goes only to the server, port and user it is given for now.
    let binding = password.as_ref().map(|_| mail_binding(&host, &settings));
    Ok((
        host,
        DestinationSecret {
            password,
            binding,
            ..DestinationSecret::default()
        },
        Some(settings),
    ))
}

/// Removes a destination and its keychain entry; its deliveries not sent yet are given up.
/// One shared with the team is removed for the whole team (refused, nothing removed, while the
/// team's database cannot be reached).
pub async fn alert_destinations_remove(
    ctx: &AppContext,
    req: AlertDestinationIdRequest,
) -> Result<Done> {
    let core = ctx.core();
    let path = destinations_path(&core.config_dir);
    let found = load_destinations(&path)?
        .destinations
        .into_iter()
        .find(|d| d.id == req.id)
        .ok_or_else(|| Error::DestinationNotFound(req.id.clone()))?;
    if found.shared && shared::sync(ctx, &found.organization_id, Some(&team_name(&found))).await? {
        return Ok(Done::ok());
    }
    let mut all = load_destinations(&path)?;
    let before = all.destinations.len();
    all.destinations.retain(|d| d.id != req.id);
    if all.destinations.len() == before {
        return Err(Error::DestinationNotFound(req.id));
    }
    save_destinations(&path, &all)?;
    forget_secret(core.secrets.as_ref(), &req.id)?;
    deliveries(ctx)?
        .drop_destination(
            &req.id,
            ErrorCode::DestinationNotFound.as_str(),
            core.clock.now(),
        )
        .map_err(Error::from)?;
    Ok(Done::ok())
}

/// Removes the destinations of a connection being removed, with their keychain entries and
/// every delivery of theirs (pending or not: they name locks and people). Destinations added
/// before they named their connection go when their organization is one of `organizations`,
/// those the connection was used with. Housekeeping of the removal: a problem is logged.
pub(crate) fn forget_connection(ctx: &AppContext, profile: &str, organizations: &[String]) {
    let core = ctx.core();
    let path = destinations_path(&core.config_dir);
    let forgotten = (|| -> Result<usize> {
        let mut all = load_destinations(&path)?;
        let (gone, kept): (Vec<_>, Vec<_>) =
            all.destinations
                .into_iter()
                .partition(|d| match &d.connection {
                    Some(c) => c == profile,
                    None => organizations.contains(&d.organization_id),
                });
        if gone.is_empty() {
            return Ok(0);
        }
        all.destinations = kept;
        save_destinations(&path, &all)?;
        let store = deliveries(ctx)?;
        for d in &gone {
            forget_secret(core.secrets.as_ref(), &d.id)?;
            store.forget_destination(&d.id).map_err(Error::from)?;
        }
        Ok(gone.len())
    })();
    match forgotten {
        Ok(n) => tracing::info!(%profile, destinations = n, "alert destinations removed"),
        Err(e) => tracing::warn!(%profile, "could not remove the alert destinations: {e}"),
    }
}

/// "Send a test": a test message to the destination now; the answer says it went through, an
/// error says why not (`webhook_refused`, `webhook_unavailable`, `webhook_answer_lost`, …).
pub async fn alert_destinations_test(
    ctx: &AppContext,
    req: AlertDestinationIdRequest,
) -> Result<AlertDestinationTestResponse> {
    let core = ctx.core();
    let all = load_destinations(&destinations_path(&core.config_dir))?;
    let dest = all
        .destinations
        .into_iter()
        .find(|d| d.id == req.id)
        .ok_or_else(|| Error::DestinationNotFound(req.id.clone()))?;
    let secret = secret_of(core.secrets.as_ref(), &dest)?;
    let content = messages::test_content(&dest);
    match post(ctx, &dest, &secret, &content).await? {
        Sent::Delivered => Ok(AlertDestinationTestResponse {
            destination_id: dest.id,
            sent_at: core.clock.now(),
        }),
        Sent::Refused {
            code: ErrorCode::WebhookRefused,
            status,
            ..
        } => Err(Error::WebhookRefused {
            destination: dest.name,
            status,
        }),
        Sent::Refused {
            code: ErrorCode::MailAuthFailed,
            status,
            reason,
        } => Err(Error::MailAuthFailed {
            destination: dest.name,
            status,
            reason,
        }),
        Sent::Refused {
            code: ErrorCode::MailStarttlsMissing,
            reason,
            ..
        } => Err(Error::MailStarttlsMissing {
            destination: dest.name,
            reason,
        }),
        Sent::Refused { status, reason, .. } => Err(Error::MailRefused {
            destination: dest.name,
            status,
            reason,
        }),
        Sent::Retry {
            code: ErrorCode::WebhookAnswerLost,
            reason,
            ..
        } => Err(Error::WebhookAnswerLost {
            destination: dest.name,
            reason,
        }),
        Sent::Retry {
            tls: Some(problem), ..
        } => Err(Error::Api(lockdesk_api::Error::Tls {
            base_url: match &dest.mail {
                Some(m) => format!("smtp://{}:{}", dest.host, m.port),
                None => format!("https://{}", dest.host),
            },
            host: dest.host,
            problem,
        })),
        Sent::Retry {
            code: ErrorCode::MailUnavailable,
            reason,
            ..
        } => Err(Error::MailUnavailable {
            destination: dest.name,
            reason,
        }),
        Sent::Retry { reason, .. } => Err(Error::WebhookUnavailable {
            destination: dest.name,
            reason,
        }),
    }
}

/// The organization's most recent deliveries: state, tries, the last error.
pub async fn alert_deliveries_list(
    ctx: &AppContext,
    req: AlertDeliveriesRequest,
) -> Result<AlertDeliveriesPage> {
    if req.limit > 1000 {
        return Err(Error::invalid("limit", "use 1 to 1000 deliveries per page"));
    }
    let (_, org) = ctx.org().await?;
    let limit = if req.limit == 0 { 100 } else { req.limit };
    let deliveries = deliveries(ctx)?
        .recent(org.as_str(), limit)
        .map_err(Error::from)?;
    Ok(AlertDeliveriesPage { deliveries })
}
