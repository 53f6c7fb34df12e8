//! E-mail destinations: the office's SMTP server and the addresses, as kept in
//! `alert_destinations.json` (the server's host is the destination's `host`; the sign-in's
//! password is in the keychain only, with the webhooks' secrets), and an alert message as a
//! plain-text mail built with `lettre`.
//!
//! Names from the service (locks, users) and from the person (the destination's name) go into
//! the body only, which is plain text (UTF-8, base64): no header carries a name. The subject is
//! Lockdesk's own words (the rule, a count), encoded by lettre for Japanese (RFC 2047); line
//! breaks are taken out of it all the same, and out of every name in the body, so that nothing
//! a name holds can start a header or a line of its own.

use std::time::SystemTime;

use chrono::{DateTime, Utc};
use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Mailbox, SinglePart};
use lettre::{Address, Message};
use serde::{Deserialize, Serialize};
use url::Host;

use crate::error::{Error, Result};

/// The most recipients of one destination.
pub const MAIL_TO_MAX: usize = 20;
/// The longest user name of an SMTP sign-in, in characters.
pub const MAIL_USERNAME_MAX: usize = 256;
/// The longest SMTP password, in bytes.
pub const MAIL_PASSWORD_MAX: usize = 1024;
/// The name the mails come from (beside the From address, which the person gives).
pub const MAIL_FROM_NAME: &str = "Lockdesk";

/// How the connection to the SMTP server is protected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum MailSecurity {
    /// Plain SMTP switched to TLS with STARTTLS before anything else is said (port 587, the
    /// submission port): a server that does not offer STARTTLS gets nothing.
    #[default]
    Starttls,
    /// TLS from the first byte (port 465).
    Tls,
    /// No encryption: only to a server on this computer (a local relay, tests).
    None,
}

impl MailSecurity {
    /// The port of this kind of connection when none is given.
    pub fn default_port(self) -> u16 {
        match self {
            MailSecurity::Starttls => 587,
            MailSecurity::Tls => 465,
            MailSecurity::None => 25,
        }
    }
}

/// An e-mail destination's server and addresses (no secret in it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MailSettings {
    pub port: u16,
    pub security: MailSecurity,
    /// The SMTP sign-in's user name; empty when the server takes mail without a sign-in.
    #[serde(default)]
    pub username: String,
    /// The address the mails come from.
    pub from: String,
    /// Where the mails go (1 to 20 addresses).
    pub to: Vec<String>,
}

/// A mail server's host as the person gave it: a name or an IP address (IPv6 in brackets),
/// normalised (lower case, punycode).
pub fn smtp_host(input: &str) -> Result<Host<String>> {
    let input = input.trim();
    if input.is_empty() || input.contains([':', '/', '@']) && !input.starts_with('[') {
        return Err(Error::invalid(
            "mail.host",
            "give the mail server's name or address (without a port)",
        ));
    }
    Host::parse(input).map_err(|_| {
        Error::invalid(
            "mail.host",
            "give the mail server's name or address (without a port)",
        )
    })
}

/// Whether `host` (as kept) is this computer.
pub fn is_loopback_host(host: &str) -> bool {
    Host::parse(host).is_ok_and(|h| {
        let h = match &h {
            Host::Domain(d) => Host::Domain(d.as_str()),
            Host::Ipv4(ip) => Host::Ipv4(*ip),
            Host::Ipv6(ip) => Host::Ipv6(*ip),
        };
        lockdesk_api::config::is_loopback_host(&h)
    })
}

/// An address as lettre reads it (`user@domain`, nothing around it).
pub fn mail_address(field: &str, input: &str) -> Result<Address> {
    let input = input.trim();
    if input.len() > lockdesk_api::validate::MAIL_MAX_BYTES {
        return Err(Error::invalid(field, "this e-mail address is too long"));
    }
    input
        .parse::<Address>()
        .map_err(|_| Error::invalid(field, format!("{input:?} is not an e-mail address")))
}

impl MailSettings {
    /// Checks the settings of a destination whose server is `host`.
    pub fn validate(&self, host: &str) -> Result<()> {
        smtp_host(host)?;
        if self.port == 0 {
            return Err(Error::invalid("mail.port", "give the mail server's port"));
        }
        if self.security == MailSecurity::None && !is_loopback_host(host) {
            return Err(Error::invalid(
                "mail.security",
                "mail without encryption goes only to this computer; use STARTTLS (port 587) or TLS (port 465)",
            ));
        }
        if self.username.chars().count() > MAIL_USERNAME_MAX
            || self.username.chars().any(char::is_control)
            || self.username.trim() != self.username
        {
            return Err(Error::invalid(
                "mail.username",
                format!("give the sign-in's user name (at most {MAIL_USERNAME_MAX} characters)"),
            ));
        }
        mail_address("mail.from", &self.from)?;
        if self.to.is_empty() || self.to.len() > MAIL_TO_MAX {
            return Err(Error::invalid(
                "mail.to",
                format!("give 1 to {MAIL_TO_MAX} addresses to send the alerts to"),
            ));
        }
        let mut seen: Vec<Address> = Vec::new();
        for to in &self.to {
            let address = mail_address("mail.to", to)?;
            if seen.contains(&address) {
                return Err(Error::invalid("mail.to", "an address is given twice"));
            }
            seen.push(address);
        }
        Ok(())
    }
}

/// Checks an SMTP password: 1 to 1,024 bytes, no line break or other control character (it
/// travels in an SMTP command line).
pub fn check_password(password: &str) -> Result<()> {
    if password.is_empty()
        || password.len() > MAIL_PASSWORD_MAX
        || password.chars().any(char::is_control)
    {
        return Err(Error::invalid(
            "password",
            "give the mail sign-in's password (one line)",
        ));
    }
    Ok(())
}

/// `s` on one line: every control character (line breaks, tabs) a space.
pub fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The mail of `subject` and `text` from the destination's address to its addresses: plain
/// text, UTF-8 in base64, dated `date`, with a Message-ID in the sender's domain (`unique`
/// tells it apart).
pub fn build(
    settings: &MailSettings,
    subject: &str,
    text: &str,
    date: DateTime<Utc>,
    unique: &str,
) -> Result<Message> {
    let from = mail_address("mail.from", &settings.from)?;
    let message_id = format!(
        "<lockdesk.{}.{}@{}>",
        one_line(unique).replace([' ', '<', '>', '@'], ""),
        date.timestamp_millis(),
        from.domain()
    );
    let mut builder = Message::builder()
        .from(Mailbox::new(Some(MAIL_FROM_NAME.to_owned()), from))
        .subject(one_line(subject))
        .date(SystemTime::from(date))
        .message_id(Some(message_id))
        .user_agent(concat!("Lockdesk/", env!("CARGO_PKG_VERSION")).to_owned());
    for to in &settings.to {
        builder = builder.to(Mailbox::new(None, mail_address("mail.to", to)?));
    }
    builder
        .singlepart(
            SinglePart::builder()
                .header(ContentType::TEXT_PLAIN)
                .header(ContentTransferEncoding::Base64)
                .body(text.to_owned()),
        )
        .map_err(|e| Error::invalid("mail", format!("the mail cannot be built: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> MailSettings {
        MailSettings {
            port: 587,
            security: MailSecurity::Starttls,
            username: "lockdesk@example.jp".into(),
            from: "lockdesk@example.jp".into(),
            to: vec!["soumu@example.jp".into(), "kanri@example.jp".into()],
        }
    }

    #[test]
    fn plain_smtp_only_to_this_computer_and_addresses_as_lettre_reads_them() {
        assert!(settings().validate("smtp.example.jp").is_ok());
        let mut plain = settings();
        plain.security = MailSecurity::None;
        let e = plain.validate("smtp.example.jp").unwrap_err();
        assert_eq!(e.details().field.as_deref(), Some("mail.security"));
        for host in ["127.0.0.1", "localhost", "[::1]"] {
            assert!(plain.validate(host).is_ok(), "{host}");
        }
        for bad in ["", "smtp.example.jp:587", "user@smtp.example.jp", "a b"] {
            assert!(settings().validate(bad).is_err(), "{bad:?}");
        }
        for (field, change) in [
            (
                "mail.from",
                (|s: &mut MailSettings| s.from = "総務".into()) as fn(&mut _),
            ),
            ("mail.to", |s| s.to.clear()),
            ("mail.to", |s| {
                s.to.push("a@b.jp\r\nBcc: x@evil.example".into())
            }),
            ("mail.to", |s| s.to.push("Soumu <soumu@example.jp>".into())),
            ("mail.to", |s| s.to.push("soumu@example.jp".into())),
            ("mail.username", |s| s.username = "a\r\nb".into()),
            ("mail.port", |s| s.port = 0),
        ] {
            let mut s = settings();
            change(&mut s);
            let e = s.validate("smtp.example.jp").unwrap_err();
            assert_eq!(e.details().field.as_deref(), Some(field), "{s:?}");
        }
        assert_eq!(
            smtp_host("SMTP.Example.JP").unwrap().to_string(),
            "smtp.example.jp"
        );
        assert!(check_password("pass word").is_ok());
        assert!(check_password("a\nb").is_err());
        assert!(check_password("").is_err());
    }

    #[test]
    fn no_line_of_a_subject_or_name_can_become_a_header() {
        let date: DateTime<Utc> = "2026-11-24T01:00:00Z".parse().unwrap();
        let m = build(
            &settings(),
            "Lockdesk：電池\r\nBcc: x@evil.example",
            "正面玄関\r\nBcc: y@evil.example",
            date,
            "d1.7",
        )
        .unwrap();
        let raw = String::from_utf8(m.formatted()).unwrap();
        let (head, body) = raw.split_once("\r\n\r\n").unwrap();
        assert!(
            !head
                .lines()
                .any(|l| l.to_ascii_lowercase().starts_with("bcc")),
            "{head}"
        );
        assert!(
            head.contains("From: Lockdesk <lockdesk@example.jp>"),
            "{head}"
        );
        assert!(
            head.contains("To: soumu@example.jp, kanri@example.jp"),
            "{head}"
        );
        assert!(head.contains("Subject: =?utf-8?"), "{head}");
        assert!(
            head.contains("Message-ID: <lockdesk.d1.7.1795482000000@example.jp>"),
            "{head}"
        );
        assert!(head.contains("Content-Transfer-Encoding: base64"), "{head}");
        assert!(!body.contains("evil"), "the body is base64: {body}");
        assert_eq!(m.envelope().to().len(), 2);
        assert_eq!(one_line("a\r\nb\tc"), "a  b c");
    }
}
