//! An on-premises Active Directory (or another LDAP directory) as a directory source: the
//! entries under a search base that match a filter, read with a simple bind (the password in
//! the keychain) over LDAPS or StartTLS, the server's certificate checked against the OS trust
//! store like every other connection (`lockdesk_api::tls`), in pages (the paged-results
//! control, which Active Directory needs past 1,000 entries). An account is switched off when
//! `userAccountControl` has its ACCOUNTDISABLE bit (2), or, for another directory, when the
//! attribute named instead holds a true value. LDAP goes to the server straight, never through
//! the web proxy.

use std::time::Duration;

use ldap3::adapters::{Adapter, EntriesOnly, PagedResults};
use ldap3::{LdapConnAsync, LdapConnSettings, Scope, SearchEntry};
use serde::{Deserialize, Serialize};
use url::Url;

use crate::directory::person::DirectoryPerson;
use crate::error::SourceFailure;
use crate::error::{Error, Result};

/// Active Directory's people (a computer account is a `user` too, but not a `person`).
pub const AD_FILTER: &str = "(&(objectCategory=person)(objectClass=user))";
const PAGE: i32 = 500;
/// The most entries read: a wrong base or filter stops here instead of reading a forest.
const ENTRIES_MAX: usize = 200_000;
const CONNECT_WITHIN: Duration = Duration::from_secs(15);
/// `userAccountControl`'s ACCOUNTDISABLE flag.
const ACCOUNT_DISABLE: i64 = 0x2;

/// Where an LDAP source reads, and which attributes say what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LdapSource {
    /// `ldaps://dc01.example.co.jp` (TLS from the start) or `ldap://…` (StartTLS: never plain).
    pub url: String,
    /// Whom Lockdesk binds as (a read-only service account's DN or `user@domain`).
    pub bind_dn: String,
    /// Where the people are (`OU=社員,DC=example,DC=co,DC=jp`).
    pub base_dn: String,
    /// Which entries are people; Active Directory's people when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub filter: Option<String>,
    /// The attributes read (Active Directory's names when absent): employee number, e-mail,
    /// name, and what says the account is switched off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub employee_id_attribute: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mail_attribute: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub name_attribute: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub disabled_attribute: Option<String>,
}

impl LdapSource {
    pub fn validate(&self) -> Result<()> {
        self.server()?;
        let text = |s: &str, max: usize| {
            let s = s.trim();
            !s.is_empty() && s.chars().count() <= max && !s.chars().any(char::is_control)
        };
        if !text(&self.bind_dn, 500) {
            return Err(Error::invalid(
                "bind_dn",
                "give the account Lockdesk signs in as (its DN, or user@domain)",
            ));
        }
        if !text(&self.base_dn, 500) {
            return Err(Error::invalid(
                "base_dn",
                "give where the people are (OU=…,DC=…)",
            ));
        }
        if let Some(f) = &self.filter {
            let f = f.trim();
            if !text(f, 1000) || !f.starts_with('(') || !f.ends_with(')') {
                return Err(Error::invalid(
                    "filter",
                    "give an LDAP filter in parentheses, such as (objectClass=user)",
                ));
            }
        }
        for (field, a) in [
            ("employee_id_attribute", &self.employee_id_attribute),
            ("mail_attribute", &self.mail_attribute),
            ("name_attribute", &self.name_attribute),
            ("disabled_attribute", &self.disabled_attribute),
        ] {
            if a.as_deref().is_some_and(|a| {
                let a = a.trim();
                a.is_empty()
                    || a.len() > 100
                    || !a
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ';')
            }) {
                return Err(Error::invalid(field, "give an attribute's name"));
            }
        }
        Ok(())
    }

    /// The server's address: `ldaps://` or `ldap://` (then StartTLS), with a host.
    fn server(&self) -> Result<(Url, bool)> {
        let bad = || {
            Error::invalid(
                "url",
                "give the server as ldaps://host or ldap://host (StartTLS is used on ldap://)",
            )
        };
        let url = Url::parse(self.url.trim()).map_err(|_| bad())?;
        let starttls = match url.scheme() {
            "ldaps" => false,
            "ldap" => true,
            _ => return Err(bad()),
        };
        if url.host_str().is_none_or(str::is_empty)
            || !matches!(url.path(), "" | "/")
            || url.query().is_some()
        {
            return Err(bad());
        }
        Ok((url, starttls))
    }

    fn attribute<'a>(given: &'a Option<String>, default: &'a str) -> &'a str {
        given.as_deref().map(str::trim).unwrap_or(default)
    }
}

fn failed(why: SourceFailure, what: String) -> Error {
    Error::DirectorySourceFailed {
        why,
        permission: None,
        reason: what,
    }
}

/// What a failed bind or search says, plainly: LDAP's result codes by name.
fn ldap_failure(e: ldap3::LdapError, doing: &str) -> Error {
    match e {
        ldap3::LdapError::LdapResult { result } => match result.rc {
            49 => failed(
                SourceFailure::SignInRefused,
                format!(
                    "the directory refused the sign-in (invalid credentials): check the account and its password{}",
                    diagnostic(&result.text)
                ),
            ),
            50 => Error::DirectorySourceFailed {
                why: SourceFailure::PermissionMissing,
                permission: Some("read".to_owned()),
                reason: format!(
                    "the account may not {doing} (insufficient access rights): give it read access to the people"
                ),
            },
            32 => failed(
                SourceFailure::NotFound,
                "the search base does not exist in the directory (no such object): check the base DN".to_owned(),
            ),
            87 => failed(
                SourceFailure::Filter,
                "the directory does not understand the filter (filter error)".to_owned(),
            ),
            rc => failed(
                SourceFailure::Unexpected,
                format!("the directory answered {doing} with result {rc}{}", diagnostic(&result.text)),
            ),
        },
        ldap3::LdapError::Timeout { .. } => failed(SourceFailure::Unreachable, format!(
            "the directory did not answer within {} s",
            CONNECT_WITHIN.as_secs()
        )),
        e => match lockdesk_api::tls::problem_of(&e) {
            Some(problem) => failed(SourceFailure::Certificate, format!(
                "the directory's certificate is refused: {problem} (a company's own root belongs in the operating system's trust store)"
            )),
            None => failed(SourceFailure::Unreachable, format!("the directory could not be reached: {e}")),
        },
    }
}

fn diagnostic(text: &str) -> String {
    let t = text.trim();
    if t.is_empty() {
        String::new()
    } else {
        format!(" ({})", t.chars().take(200).collect::<String>())
    }
}

/// The people of the source, read now with `password`.
pub async fn people(src: &LdapSource, password: &str) -> Result<Vec<DirectoryPerson>> {
    src.validate()?;
    let (url, starttls) = src.server()?;
    let mut tls = lockdesk_api::tls::client_config();
    tls.alpn_protocols.clear();
    let settings = LdapConnSettings::new()
        .set_conn_timeout(CONNECT_WITHIN)
        .set_starttls(starttls)
        .set_config(std::sync::Arc::new(tls));
    let (conn, mut ldap) = LdapConnAsync::from_url_with_settings(settings, &url)
        .await
        .map_err(|e| ldap_failure(e, "connect"))?;
    ldap3::drive!(conn);
    ldap.with_timeout(CONNECT_WITHIN)
        .simple_bind(src.bind_dn.trim(), password)
        .await
        .and_then(|r| r.success())
        .map_err(|e| ldap_failure(e, "sign in"))?;
    let id_attr = LdapSource::attribute(&src.employee_id_attribute, "employeeID");
    let mail_attr = LdapSource::attribute(&src.mail_attribute, "mail");
    let name_attr = LdapSource::attribute(&src.name_attribute, "displayName");
    let off_attr = LdapSource::attribute(&src.disabled_attribute, "userAccountControl");
    let filter = src.filter.as_deref().map(str::trim).unwrap_or(AD_FILTER);
    let attrs = vec![id_attr, mail_attr, name_attr, off_attr, "cn"];
    let adapters: Vec<Box<dyn Adapter<_, _>>> = vec![
        Box::new(EntriesOnly::new()),
        Box::new(PagedResults::new(PAGE)),
    ];
    let mut search = ldap
        .streaming_search_with(adapters, src.base_dn.trim(), Scope::Subtree, filter, attrs)
        .await
        .map_err(|e| ldap_failure(e, "search the people"))?;
    let mut people = Vec::new();
    let mut entries = 0;
    while let Some(entry) = search
        .next()
        .await
        .map_err(|e| ldap_failure(e, "search the people"))?
    {
        entries += 1;
        if entries > ENTRIES_MAX {
            return Err(failed(
                SourceFailure::TooLarge,
                format!(
                "the search finds more than {ENTRIES_MAX} entries: narrow the base DN or the filter"
            ),
            ));
        }
        let entry = SearchEntry::construct(entry);
        if let Some(p) = person(&entry, id_attr, mail_attr, name_attr, off_attr) {
            people.push(p);
        }
    }
    search
        .finish()
        .await
        .success()
        .map_err(|e| ldap_failure(e, "search the people"))?;
    let _ = ldap.unbind().await;
    Ok(people)
}

/// First value of `attr` (attribute names are case-insensitive in LDAP).
fn first<'a>(entry: &'a SearchEntry, attr: &str) -> Option<&'a str> {
    entry
        .attrs
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(attr))
        .and_then(|(_, v)| v.first())
        .map(|v| v.trim())
        .filter(|v| !v.is_empty() && !v.chars().any(char::is_control))
}

fn person(
    entry: &SearchEntry,
    id_attr: &str,
    mail_attr: &str,
    name_attr: &str,
    off_attr: &str,
) -> Option<DirectoryPerson> {
    let mail = first(entry, mail_attr).map(str::to_owned);
    let name = first(entry, name_attr)
        .or_else(|| first(entry, "cn"))
        .map(str::to_owned)
        .or(mail.clone())?;
    Some(DirectoryPerson {
        employee_id: first(entry, id_attr).map(str::to_owned),
        name,
        mail,
        disabled: first(entry, off_attr).is_some_and(|v| switched_off(off_attr, v)),
        joined: None,
        left: None,
    })
}

/// `userAccountControl` by its bit; any other attribute by a true value.
fn switched_off(attr: &str, value: &str) -> bool {
    if attr.eq_ignore_ascii_case("userAccountControl") {
        value
            .parse::<i64>()
            .is_ok_and(|flags| flags & ACCOUNT_DISABLE != 0)
    } else {
        matches!(
            value.to_ascii_lowercase().as_str(),
            "true" | "1" | "yes" | "disabled" | "locked"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src(url: &str) -> LdapSource {
        LdapSource {
            url: url.into(),
            bind_dn: "cn=reader,dc=example".into(),
            base_dn: "dc=example".into(),
            filter: None,
            employee_id_attribute: None,
            mail_attribute: None,
            name_attribute: None,
            disabled_attribute: None,
        }
    }

    #[test]
    fn only_ldaps_or_starttls_is_accepted() {
        assert!(!src("ldaps://dc01.example").server().unwrap().1);
        assert!(src("ldap://dc01.example:389").server().unwrap().1);
        for bad in [
            "http://dc01",
            "dc01.example",
            "ldap:///",
            "ldaps://dc01/x?y",
        ] {
            assert!(src(bad).validate().is_err(), "{bad}");
        }
        let mut s = src("ldaps://dc01");
        s.filter = Some("objectClass=user".into());
        assert!(s.validate().is_err());
        s.filter = Some("(objectClass=user)".into());
        s.mail_attribute = Some("mail)(x=*".into());
        assert!(s.validate().is_err());
    }

    #[test]
    fn a_refusal_says_why_as_data() {
        let refused = |rc| ldap3::LdapError::LdapResult {
            result: ldap3::LdapResult {
                rc,
                matched: String::new(),
                text: String::new(),
                refs: Vec::new(),
                ctrls: Vec::new(),
            },
        };
        let details = |e: Error| e.details();
        for (rc, why) in [
            (49, SourceFailure::SignInRefused),
            (50, SourceFailure::PermissionMissing),
            (32, SourceFailure::NotFound),
            (87, SourceFailure::Filter),
            (80, SourceFailure::Unexpected),
        ] {
            let d = details(ldap_failure(refused(rc), "search the people"));
            assert_eq!(d.source_failure, Some(why), "{rc}");
        }
        let d = details(ldap_failure(refused(50), "search the people"));
        assert_eq!(d.scope.as_deref(), Some("read"));
    }

    #[test]
    fn an_account_is_off_by_its_flag_or_a_true_value() {
        assert!(!switched_off("userAccountControl", "512"));
        assert!(switched_off("userAccountControl", "514"));
        assert!(switched_off("UserAccountControl", "66050"));
        assert!(!switched_off("userAccountControl", "66048"));
        assert!(!switched_off("userAccountControl", "not a number"));
        assert!(switched_off("nsAccountLock", "TRUE"));
        assert!(!switched_off("nsAccountLock", "FALSE"));
    }
}
