//! Google Workspace as a directory source, through the Admin SDK Directory API (`users.list`):
//! primary e-mail, full name, the employee id (`externalIds` of type `organization`), and
//! `suspended`/`archived`. Lockdesk signs in as a service account with domain-wide delegation,
//! acting for one administrator (the API answers only for an administrator): a JWT signed with
//! the account's private key (kept in the keychain; the rest of its key file is not secret) is
//! exchanged for a token with the read-only users scope. Pages follow `nextPageToken`; 429 and
//! 503 are waited out. Through the office proxy and trust store like every other request.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use url::Url;

use crate::directory::person::DirectoryPerson;
use crate::error::SourceFailure;
use crate::error::{Error, Result};

pub const TOKEN: &str = "https://oauth2.googleapis.com";
pub const API: &str = "https://admin.googleapis.com";
pub const SCOPE: &str = "https://www.googleapis.com/auth/admin.directory.user.readonly";

const PAGES_MAX: usize = 1_000;
const THROTTLED_MAX: usize = 5;
const WAIT_MAX: Duration = Duration::from_secs(120);

/// Where a Google Workspace source reads, and as whom.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GoogleSource {
    /// The administrator the service account acts for (`sub`).
    pub admin: String,
    /// The service account (from its key file).
    #[serde(default)]
    pub client_email: String,
    /// Only the users this search finds (`orgUnitPath='/社員'`, `isSuspended=false`); every
    /// user of the account when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub query: Option<String>,
    /// Another token and API address: a stand-in on this computer only (tests).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub token_base: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub api_base: Option<String>,
}

/// What Lockdesk takes from a service account's JSON key file.
pub struct ServiceKey {
    pub client_email: String,
    /// The private key, PEM (PKCS#8): the only secret, kept in the keychain.
    pub private_key: String,
}

impl ServiceKey {
    /// Reads the key file Google Cloud gives (JSON with `client_email` and `private_key`).
    pub fn from_json(text: &str) -> Result<ServiceKey> {
        #[derive(Deserialize)]
        struct File {
            #[serde(rename = "type", default)]
            kind: String,
            client_email: String,
            private_key: String,
        }
        let bad = || {
            Error::invalid(
                "secret",
                "give the service account's JSON key file (from Google Cloud: IAM, service accounts, keys)",
            )
        };
        let f: File = serde_json::from_str(text.trim()).map_err(|_| bad())?;
        if f.kind != "service_account"
            || !f.client_email.contains('@')
            || !f.private_key.contains("PRIVATE KEY")
        {
            return Err(bad());
        }
        jsonwebtoken::EncodingKey::from_rsa_pem(f.private_key.as_bytes()).map_err(|_| bad())?;
        Ok(ServiceKey {
            client_email: f.client_email.trim().to_owned(),
            private_key: f.private_key,
        })
    }
}

impl GoogleSource {
    pub fn validate(&self) -> Result<()> {
        let mail = |s: &str| {
            let s = s.trim();
            s.len() <= 320
                && s.split_once('@')
                    .is_some_and(|(a, d)| !a.is_empty() && d.contains('.'))
                && !s.chars().any(|c| c.is_whitespace() || c.is_control())
        };
        if !mail(&self.admin) {
            return Err(Error::invalid(
                "admin",
                "give the e-mail address of the administrator the service account acts for",
            ));
        }
        if !self.client_email.is_empty() && !mail(&self.client_email) {
            return Err(Error::invalid(
                "client_email",
                "the service account's address is not an e-mail address",
            ));
        }
        if self
            .query
            .as_deref()
            .is_some_and(|q| q.chars().count() > 500 || q.chars().any(char::is_control))
        {
            return Err(Error::invalid("query", "give a shorter search"));
        }
        self.token_url()?;
        self.api()?;
        Ok(())
    }

    fn token_url(&self) -> Result<Url> {
        let base =
            crate::directory::entra_source::base(self.token_base.as_deref(), TOKEN, "token_base")?;
        base.join("token")
            .map_err(|_| Error::invalid("token_base", "not an address"))
    }

    fn api(&self) -> Result<Url> {
        crate::directory::entra_source::base(self.api_base.as_deref(), API, "api_base")
    }
}

fn failed(why: SourceFailure, what: String) -> Error {
    Error::DirectorySourceFailed {
        why,
        permission: None,
        reason: what,
    }
}

#[derive(Serialize)]
struct Claims<'a> {
    iss: &'a str,
    sub: &'a str,
    scope: &'a str,
    aud: &'a str,
    iat: i64,
    exp: i64,
}

#[derive(Deserialize)]
struct TokenAnswer {
    access_token: String,
}

#[derive(Deserialize)]
struct TokenError {
    #[serde(default)]
    error: String,
    #[serde(default)]
    error_description: String,
}

/// A token for the Directory API: the service account's signed assertion, for `admin`.
async fn token(http: &reqwest::Client, src: &GoogleSource, private_key: &str) -> Result<String> {
    let token_url = src.token_url()?;
    let now = chrono::Utc::now().timestamp();
    let claims = Claims {
        iss: src.client_email.trim(),
        sub: src.admin.trim(),
        scope: SCOPE,
        aud: token_url.as_str(),
        iat: now,
        exp: now + 3600,
    };
    let key = jsonwebtoken::EncodingKey::from_rsa_pem(private_key.as_bytes()).map_err(|_| {
        failed(SourceFailure::SecretMissing, "the service account's key in the keychain does not read: remove the source and add it again".into())
    })?;
    let assertion = jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::RS256),
        &claims,
        &key,
    )
    .map_err(|e| {
        failed(
            SourceFailure::Unexpected,
            format!("the sign-in could not be signed: {e}"),
        )
    })?;
    let answer = http
        .post(token_url)
        .form(&[
            ("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"),
            ("assertion", assertion.as_str()),
        ])
        .send()
        .await
        .map_err(|e| {
            failed(
                SourceFailure::Unreachable,
                format!("Google's sign-in could not be reached: {e}"),
            )
        })?;
    let status = answer.status();
    if !status.is_success() {
        let e: TokenError = answer.json().await.unwrap_or(TokenError {
            error: String::new(),
            error_description: String::new(),
        });
        return Err(match e.error.as_str() {
            "unauthorized_client" => Error::DirectorySourceFailed {
                why: SourceFailure::PermissionMissing,
                permission: Some(SCOPE.to_owned()),
                reason: format!(
                    "Google refused the sign-in (unauthorized_client): in the Admin console, give the service account's client id domain-wide delegation with the scope {SCOPE}"
                ),
            },
            "invalid_grant" => failed(
                SourceFailure::SignInRefused,
                format!(
                    "Google refused the sign-in (invalid_grant: {}): check the administrator's address and that the key is not deleted",
                    e.error_description.chars().take(200).collect::<String>()
                ),
            ),
            other => failed(
                SourceFailure::SignInRefused,
                format!("Google refused the sign-in (HTTP {}, {other})", status.as_u16()),
            ),
        });
    }
    let t: TokenAnswer = answer.json().await.map_err(|e| {
        failed(
            SourceFailure::Unexpected,
            format!("Google's sign-in answered something unexpected: {e}"),
        )
    })?;
    Ok(t.access_token)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Page {
    #[serde(default)]
    users: Vec<GoogleUser>,
    #[serde(default)]
    next_page_token: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct GoogleUser {
    #[serde(default)]
    primary_email: Option<String>,
    #[serde(default)]
    name: Option<GoogleName>,
    #[serde(default)]
    suspended: bool,
    #[serde(default)]
    archived: bool,
    #[serde(default)]
    external_ids: Vec<ExternalId>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct GoogleName {
    #[serde(default)]
    full_name: Option<String>,
}

#[derive(Deserialize)]
struct ExternalId {
    #[serde(default)]
    value: Option<String>,
    #[serde(rename = "type", default)]
    kind: Option<String>,
}

/// The people of the source, read now; `wait` sleeps as a throttled answer asks.
pub async fn people<W, F>(
    http: &reqwest::Client,
    src: &GoogleSource,
    private_key: &str,
    wait: W,
) -> Result<Vec<DirectoryPerson>>
where
    W: Fn(Duration) -> F,
    F: std::future::Future<Output = ()>,
{
    src.validate()?;
    let token = token(http, src, private_key).await?;
    let list = src
        .api()?
        .join("admin/directory/v1/users")
        .map_err(|_| Error::invalid("api_base", "not an address"))?;
    let (mut people, mut pages, mut throttled) = (Vec::new(), 0, 0);
    let mut page_token: Option<String> = None;
    loop {
        let mut url = list.clone();
        {
            let mut q = url.query_pairs_mut();
            q.append_pair("customer", "my_customer")
                .append_pair("maxResults", "500")
                .append_pair("projection", "full")
                .append_pair("orderBy", "email");
            if let Some(query) = src
                .query
                .as_deref()
                .map(str::trim)
                .filter(|q| !q.is_empty())
            {
                q.append_pair("query", query);
            }
            if let Some(t) = &page_token {
                q.append_pair("pageToken", t);
            }
        }
        let answer = http
            .get(url)
            .bearer_auth(&token)
            .send()
            .await
            .map_err(|e| {
                failed(
                    SourceFailure::Unreachable,
                    format!("Google's Directory API could not be reached: {e}"),
                )
            })?;
        let status = answer.status().as_u16();
        if status == 429 || status == 503 {
            throttled += 1;
            if throttled > THROTTLED_MAX {
                return Err(failed(
                    SourceFailure::Throttled,
                    "Google's Directory API kept asking to wait (throttled); try again later"
                        .into(),
                ));
            }
            let asked = lockdesk_api::retry_after(answer.headers())
                .unwrap_or(Duration::from_secs(1 << throttled.min(6)));
            wait(asked.min(WAIT_MAX)).await;
            continue;
        }
        if status == 401 || status == 403 {
            return Err(Error::DirectorySourceFailed {
                why: SourceFailure::PermissionMissing,
                permission: Some(SCOPE.to_owned()),
                reason: format!(
                    "Google's Directory API refused to list the users (HTTP {status}): the administrator needs the right to read users, and the service account the scope {SCOPE}"
                ),
            });
        }
        if !(200..300).contains(&status) {
            return Err(failed(
                SourceFailure::Unexpected,
                format!("Google's Directory API answered HTTP {status} to the users' list"),
            ));
        }
        let page: Page = answer.json().await.map_err(|e| {
            failed(
                SourceFailure::Unexpected,
                format!("Google's answer does not read: {e}"),
            )
        })?;
        people.extend(page.users.into_iter().filter_map(person));
        pages += 1;
        if pages >= PAGES_MAX {
            return Err(failed(
                SourceFailure::TooLarge,
                "Google gave more pages than Lockdesk reads".into(),
            ));
        }
        match page.next_page_token.filter(|t| !t.is_empty()) {
            Some(t) => page_token = Some(t),
            None => break,
        }
    }
    Ok(people)
}

fn person(u: GoogleUser) -> Option<DirectoryPerson> {
    let clean = |s: Option<String>| {
        s.map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty() && !s.chars().any(char::is_control))
    };
    let mail = clean(u.primary_email);
    let name = clean(u.name.and_then(|n| n.full_name)).or(mail.clone())?;
    let employee_id = u
        .external_ids
        .into_iter()
        .find(|e| e.kind.as_deref() == Some("organization"))
        .and_then(|e| clean(e.value));
    Some(DirectoryPerson {
        employee_id,
        name,
        mail,
        disabled: u.suspended || u.archived,
        joined: None,
        left: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_file_is_checked_before_anything_is_kept() {
        assert!(ServiceKey::from_json("{}").is_err());
        assert!(ServiceKey::from_json("not json").is_err());
        let not_a_key = serde_json::json!({
            "type": "service_account",
            "client_email": "door@proj.iam.gserviceaccount.com",
            "private_key": "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
        });
        assert!(ServiceKey::from_json(&not_a_key.to_string()).is_err());
    }

    #[test]
    fn suspended_or_archived_is_switched_off_and_the_organization_id_is_the_number() {
        let u: GoogleUser = serde_json::from_value(serde_json::json!({
            "primaryEmail": "hana@example.co.jp",
            "name": {"fullName": "佐藤 花"},
            "archived": true,
            "externalIds": [{"value": "X1", "type": "custom"}, {"value": "E0042", "type": "organization"}],
        }))
        .unwrap();
        let p = person(u).unwrap();
        assert_eq!(p.employee_id.as_deref(), Some("E0042"));
        assert_eq!(p.name, "佐藤 花");
        assert!(p.disabled);
    }
}
