//! The team's data source as a computer keeps it: `postgres://USER@HOST[:PORT]/DATABASE`, with
//! no password in it (the keychain holds that). Plain connections only to this computer.

use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, CONTROLS};
use serde::{Deserialize, Serialize};

use crate::error::{Result, TeamError};

/// PostgreSQL's port when the address names none.
pub const DEFAULT_PORT: u16 = 5432;

/// Where the team's database is and who signs in to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamSource {
    pub host: String,
    pub port: u16,
    pub user: String,
    pub database: String,
}

impl TeamSource {
    /// Reads `postgres://USER@HOST[:PORT]/DATABASE` (or `postgresql://`). A password in it is
    /// refused, as is anything else than a user, a host, a port and a database name.
    pub fn parse(address: &str) -> Result<TeamSource> {
        let invalid = |reason: &str| TeamError::InvalidAddress {
            address: address.to_owned(),
            reason: reason.to_owned(),
        };
        let url = url::Url::parse(address.trim()).map_err(|e| invalid(&e.to_string()))?;
        if !matches!(url.scheme(), "postgres" | "postgresql") {
            return Err(invalid("it must start with postgres://"));
        }
        if url.password().is_some() {
            return Err(TeamError::PasswordInAddress);
        }
        if url.query().is_some() || url.fragment().is_some() {
            return Err(invalid("options after ? or # are not taken"));
        }
        let host = match url.host() {
            Some(url::Host::Domain(d)) => d.to_owned(),
            Some(url::Host::Ipv4(ip)) => ip.to_string(),
            Some(url::Host::Ipv6(ip)) => ip.to_string(),
            None => return Err(invalid("it names no server")),
        };
        let user =
            percent_decoded(url.username()).ok_or_else(|| invalid("the user name is not UTF-8"))?;
        if user.is_empty() {
            return Err(invalid("it names no user (postgres://USER@HOST/DATABASE)"));
        }
        let path = url.path().trim_start_matches('/');
        if path.is_empty() || path.contains('/') {
            return Err(invalid(
                "it names no database (postgres://USER@HOST/DATABASE)",
            ));
        }
        let database =
            percent_decoded(path).ok_or_else(|| invalid("the database name is not UTF-8"))?;
        Ok(TeamSource {
            host,
            port: url.port().unwrap_or(DEFAULT_PORT),
            user,
            database,
        })
    }

    /// The address as the user gave it, without a password.
    pub fn address(&self) -> String {
        let host = if self.host.contains(':') {
            format!("[{}]", self.host)
        } else {
            self.host.clone()
        };
        format!(
            "postgres://{}@{host}:{}/{}",
            utf8_percent_encode(&self.user, NAME),
            self.port,
            utf8_percent_encode(&self.database, NAME)
        )
    }

    /// Whether the server is this computer: only then may the connection go without TLS.
    pub fn is_this_computer(&self) -> bool {
        let host = if self.host.contains(':') {
            format!("[{}]", self.host)
        } else {
            self.host.clone()
        };
        match url::Host::parse(&host) {
            Ok(url::Host::Domain(d)) => {
                lockdesk_api::config::is_loopback_host(&url::Host::Domain(d.as_str()))
            }
            Ok(url::Host::Ipv4(ip)) => ip.is_loopback(),
            Ok(url::Host::Ipv6(ip)) => ip.is_loopback(),
            Err(_) => false,
        }
    }
}

/// What a user or database name must encode in an address.
const NAME: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'/')
    .add(b':')
    .add(b'?')
    .add(b'@')
    .add(b'[')
    .add(b']');

fn percent_decoded(s: &str) -> Option<String> {
    percent_decode_str(s)
        .decode_utf8()
        .ok()
        .map(|s| s.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_read_and_given_back_without_a_password() {
        let s = TeamSource::parse("postgres://soumu@db.example.co.jp:6543/lockdesk").unwrap();
        assert_eq!(
            s,
            TeamSource {
                host: "db.example.co.jp".into(),
                port: 6543,
                user: "soumu".into(),
                database: "lockdesk".into()
            }
        );
        assert_eq!(
            s.address(),
            "postgres://soumu@db.example.co.jp:6543/lockdesk"
        );
        assert!(!s.is_this_computer());
        let local = TeamSource::parse("postgresql://me@127.0.0.1/team").unwrap();
        assert_eq!(local.port, DEFAULT_PORT);
        assert!(local.is_this_computer());
        // Names a URL must encode come back as they were.
        let odd = TeamSource::parse("postgres://%E7%B7%8F%E5%8B%99%40hq@[::1]/team%2Fa").unwrap();
        assert_eq!((odd.user.as_str(), odd.host.as_str()), ("総務@hq", "::1"));
        assert_eq!(odd.database, "team/a");
        assert_eq!(TeamSource::parse(&odd.address()).unwrap(), odd);
        assert!(odd.is_this_computer());
    }

    #[test]
    fn a_password_or_a_missing_part_is_refused() {
        assert!(matches!(
            TeamSource::parse("postgres://me:secret@db/team"),
            Err(TeamError::PasswordInAddress)
        ));
        for bad in [
            "http://me@db/team",
            "postgres://db/team",
            "postgres://me@db/",
            "postgres://me@db/team?sslmode=disable",
            "not an address",
        ] {
            assert!(
                matches!(
                    TeamSource::parse(bad),
                    Err(TeamError::InvalidAddress { .. })
                ),
                "{bad}"
            );
        }
    }
}
