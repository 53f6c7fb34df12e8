//! Microsoft Entra ID as a directory source, through Microsoft Graph v1.0: the tenant's users
//! (or only the transitive members of one group, the one that means "may have a door") with
//! `employeeId`, `mail` (else the sign-in name), `displayName` and `accountEnabled`. Lockdesk
//! signs in as the tenant's app registration with its client secret or a certificate (client
//! credentials; the secret or the key in the keychain), or as the administrator who signed in
//! (`entra_device.rs`), pages with `@odata.nextLink` (followed only on Graph's own host, which
//! receives the token) and waits as `Retry-After` asks when throttled. Graph and the sign-in go
//! through the office proxy and trust store like every other request.

use std::time::Duration;

use oauth2::basic::BasicClient;
use oauth2::{AuthType, ClientId, ClientSecret, Scope, TokenResponse, TokenUrl};
use serde::Deserialize;
use url::Url;

use crate::directory::entra_certificate;
use crate::directory::person::DirectoryPerson;
use crate::error::SourceFailure;
use crate::error::{Error, Result};

pub use crate::directory::entra_source::{EntraSource, GRAPH, LOGIN};

/// The most pages read (999 people each).
const PAGES_MAX: usize = 1_000;
/// The most throttled answers waited out in one read, and the longest wait.
const THROTTLED_MAX: usize = 5;
const WAIT_MAX: Duration = Duration::from_secs(120);

fn failed(why: SourceFailure, what: &str) -> Error {
    Error::DirectorySourceFailed {
        why,
        permission: None,
        reason: what.to_owned(),
    }
}

/// A token for Graph: the app's (client credentials), or the signed-in administrator's (their
/// refresh token), with the refresh token to keep when it was renewed.
async fn token(
    http: &reqwest::Client,
    src: &EntraSource,
    secret: &str,
) -> Result<(String, Option<String>)> {
    if src.as_administrator {
        return crate::directory::entra_device::refresh(http, src, secret).await;
    }
    let graph = src.graph()?;
    let token_url = src.token_url()?;
    let client_id = src.client_id.trim();
    let assertion = match &src.certificate_thumbprint {
        Some(x5t) => Some(entra_certificate::assertion(
            client_id,
            &token_url,
            secret,
            x5t,
            chrono::Utc::now(),
        )?),
        None => None,
    };
    let mut client = BasicClient::new(ClientId::new(client_id.to_owned()))
        .set_auth_type(AuthType::RequestBody)
        .set_token_uri(
            TokenUrl::new(token_url)
                .map_err(|e| failed(SourceFailure::Unexpected, &e.to_string()))?,
        );
    // With a certificate the private key never leaves this computer: only the assertion
    // signed with it is sent, and no client secret.
    if assertion.is_none() {
        client = client.set_client_secret(ClientSecret::new(secret.to_owned()));
    }
    let mut exchange = client.exchange_client_credentials();
    if let Some(a) = &assertion {
        exchange = exchange
            .add_extra_param(
                "client_assertion_type",
                "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
            )
            .add_extra_param("client_assertion", a.clone());
    }
    let answer = exchange
        .add_scope(Scope::new(format!(
            "{}/.default",
            graph.as_str().trim_end_matches('/')
        )))
        .request_async(http)
        .await
        .map_err(|e| match e {
            oauth2::RequestTokenError::ServerResponse(r) => failed(SourceFailure::SignInRefused, &format!(
                "Entra ID refused the sign-in ({}): check the tenant, the application id and the client secret or certificate",
                r.error()
            )),
            oauth2::RequestTokenError::Request(e) => {
                failed(SourceFailure::Unreachable, &format!("Entra ID's sign-in could not be reached: {e}"))
            }
            e => failed(SourceFailure::Unexpected, &format!("Entra ID's sign-in answered something unexpected: {e}")),
        })?;
    Ok((answer.access_token().secret().clone(), None))
}

#[derive(Deserialize)]
struct Page {
    #[serde(default)]
    value: Vec<GraphUser>,
    #[serde(rename = "@odata.nextLink", default)]
    next: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct GraphUser {
    #[serde(default)]
    display_name: Option<String>,
    #[serde(default)]
    mail: Option<String>,
    #[serde(default)]
    user_principal_name: Option<String>,
    #[serde(default)]
    employee_id: Option<String>,
    #[serde(default)]
    account_enabled: Option<bool>,
}

/// The people of the source, read now, and the secret to keep instead of `secret` when the
/// sign-in renewed it (an administrator's refresh token); `wait` sleeps as a throttled answer
/// asks.
pub async fn people<W, F>(
    http: &reqwest::Client,
    src: &EntraSource,
    secret: &str,
    wait: W,
) -> Result<(Vec<DirectoryPerson>, Option<String>)>
where
    W: Fn(Duration) -> F,
    F: std::future::Future<Output = ()>,
{
    src.validate()?;
    let (token, renewed) = token(http, src, secret).await?;
    let graph = src.graph()?;
    let root = graph.as_str().trim_end_matches('/');
    let select = "$select=displayName,mail,userPrincipalName,employeeId,accountEnabled&$top=999";
    let mut next = Some(match &src.group_id {
        Some(g) => format!(
            "{root}/v1.0/groups/{}/transitiveMembers/microsoft.graph.user?{select}",
            g.trim()
        ),
        None => format!("{root}/v1.0/users?{select}"),
    });
    let (mut people, mut pages, mut throttled) = (Vec::new(), 0, 0);
    while let Some(url) = next.take() {
        let parsed = Url::parse(&url).map_err(|_| {
            failed(
                SourceFailure::Unexpected,
                "Graph gave a next page that is not an address",
            )
        })?;
        if parsed.origin() != graph.origin() {
            return Err(failed(
                SourceFailure::Unexpected,
                "Graph gave a next page on another host; not followed",
            ));
        }
        let answer = http
            .get(parsed)
            .bearer_auth(&token)
            .header("ConsistencyLevel", "eventual")
            .send()
            .await
            .map_err(|e| {
                failed(
                    SourceFailure::Unreachable,
                    &format!("Microsoft Graph could not be reached: {e}"),
                )
            })?;
        let status = answer.status();
        if status.as_u16() == 429 || status.as_u16() == 503 {
            throttled += 1;
            if throttled > THROTTLED_MAX {
                return Err(failed(
                    SourceFailure::Throttled,
                    "Microsoft Graph kept asking to wait (throttled); try again later",
                ));
            }
            let asked =
                lockdesk_api::retry_after(answer.headers()).unwrap_or(Duration::from_secs(10));
            wait(asked.min(WAIT_MAX)).await;
            next = Some(url);
            continue;
        }
        if status.as_u16() == 401 || status.as_u16() == 403 {
            let (kind, permission) = match (src.as_administrator, src.group_id.is_some()) {
                (true, false) => ("the delegated permission", "User.Read.All"),
                (true, true) => ("the delegated permission", "GroupMember.Read.All"),
                (false, false) => ("the application permission", "User.Read.All"),
                (false, true) => ("the application permission", "GroupMember.Read.All"),
            };
            let also = if src.as_administrator {
                " (and the person who signed in a role that may read them)"
            } else {
                ""
            };
            return Err(Error::DirectorySourceFailed {
                why: SourceFailure::PermissionMissing,
                permission: Some(permission.to_owned()),
                reason: format!(
                    "Microsoft Graph refused to list the users (HTTP {}): give the app {kind} {permission} with an administrator's consent{also}",
                    status.as_u16()
                ),
            });
        }
        if !status.is_success() {
            return Err(failed(
                SourceFailure::Unexpected,
                &format!(
                    "Microsoft Graph answered HTTP {} to the users' list",
                    status.as_u16()
                ),
            ));
        }
        let page: Page = answer.json().await.map_err(|e| {
            failed(
                SourceFailure::Unexpected,
                &format!("Microsoft Graph's answer does not read: {e}"),
            )
        })?;
        people.extend(page.value.into_iter().filter_map(person));
        pages += 1;
        if pages >= PAGES_MAX {
            return Err(failed(
                SourceFailure::TooLarge,
                "Microsoft Graph gave more pages than Lockdesk reads",
            ));
        }
        next = page.next;
    }
    Ok((people, renewed))
}

fn person(u: GraphUser) -> Option<DirectoryPerson> {
    let clean = |s: Option<String>| {
        s.map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty() && !s.chars().any(char::is_control))
    };
    let mail = clean(u.mail).or(clean(u.user_principal_name).filter(|p| p.contains('@')));
    let name = clean(u.display_name).or(mail.clone())?;
    Some(DirectoryPerson {
        employee_id: clean(u.employee_id),
        name,
        mail,
        disabled: u.account_enabled == Some(false),
        joined: None,
        left: None,
    })
}
