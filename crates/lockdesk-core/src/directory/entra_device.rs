//! Reading Entra ID as the administrator who signs in, rather than as an app registration
//! (where IT grants no application permission): the device code sign-in (the person opens
//! Microsoft's page, types the code shown and signs in there, with their own MFA), Graph's
//! delegated permission, and the refresh token kept in the keychain and renewed at each read.
//! The app registration is a public client (no secret).

use std::time::Duration;

use oauth2::basic::BasicClient;
use oauth2::{
    AuthType, ClientId, DeviceAuthorizationUrl, RefreshToken, Scope,
    StandardDeviceAuthorizationResponse, TokenResponse, TokenUrl,
};
use serde::{Deserialize, Serialize};

use crate::directory::entra_source::EntraSource;
use crate::error::SourceFailure;
use crate::error::{Error, Result};

/// The longest wait for the person to sign in (Entra ID's codes last 15 minutes).
const SIGN_IN_WITHIN: Duration = Duration::from_secs(15 * 60);

fn failed(why: SourceFailure, what: String) -> Error {
    Error::DirectorySourceFailed {
        why,
        permission: None,
        reason: what,
    }
}

fn client(
    src: &EntraSource,
) -> Result<
    oauth2::basic::BasicClient<
        oauth2::EndpointNotSet,
        oauth2::EndpointSet,
        oauth2::EndpointNotSet,
        oauth2::EndpointNotSet,
        oauth2::EndpointSet,
    >,
> {
    let bad = |e: url::ParseError| failed(SourceFailure::Unexpected, e.to_string());
    Ok(
        BasicClient::new(ClientId::new(src.client_id.trim().to_owned()))
            .set_auth_type(AuthType::RequestBody)
            .set_token_uri(TokenUrl::new(src.token_url()?).map_err(bad)?)
            .set_device_authorization_url(
                DeviceAuthorizationUrl::new(src.device_url()?).map_err(bad)?,
            ),
    )
}

/// What the person is shown while Lockdesk waits for them to sign in.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DeviceSignIn {
    /// Names this sign-in to the call that waits for it.
    pub handle: String,
    /// The code to type at `verification_uri`.
    pub user_code: String,
    pub verification_uri: String,
    pub expires_in_seconds: u32,
}

/// Asks Entra ID for a device code for `src`'s app and its delegated permission.
pub async fn begin(
    http: &reqwest::Client,
    src: &EntraSource,
) -> Result<StandardDeviceAuthorizationResponse> {
    src.validate()?;
    let scopes = src.delegated_scopes()?.into_iter().map(Scope::new);
    client(src)?
        .exchange_device_code()
        .add_scopes(scopes)
        .request_async(http)
        .await
        .map_err(|e| match e {
            oauth2::RequestTokenError::ServerResponse(r) => failed(SourceFailure::SignInRefused, format!(
                "Entra ID refused to start the sign-in ({}): check the tenant and the application id, and that the app registration allows public client flows",
                r.error()
            )),
            oauth2::RequestTokenError::Request(e) => {
                failed(SourceFailure::Unreachable, format!("Entra ID's sign-in could not be reached: {e}"))
            }
            e => failed(SourceFailure::Unexpected, format!("Entra ID's sign-in answered something unexpected: {e}")),
        })
}

/// Waits until the person has signed in with the code (or it expired, or they declined), and
/// answers the refresh token to keep.
pub async fn finish(
    http: &reqwest::Client,
    src: &EntraSource,
    details: &StandardDeviceAuthorizationResponse,
) -> Result<String> {
    let answer = client(src)?
        .exchange_device_access_token(details)
        .request_async(http, tokio::time::sleep, Some(SIGN_IN_WITHIN))
        .await
        .map_err(|e| match e {
            oauth2::RequestTokenError::ServerResponse(r) => match r.error().as_ref() {
                "expired_token" => failed(
                    SourceFailure::SignInExpired,
                    "the code expired before the sign-in: start again".to_owned(),
                ),
                "access_denied" => failed(
                    SourceFailure::SignInDeclined,
                    "the sign-in was declined".to_owned(),
                ),
                other => failed(
                    SourceFailure::SignInRefused,
                    format!("Entra ID refused the sign-in ({other})"),
                ),
            },
            oauth2::RequestTokenError::Request(e) => failed(
                SourceFailure::Unreachable,
                format!("Entra ID's sign-in could not be reached: {e}"),
            ),
            e => failed(
                SourceFailure::Unexpected,
                format!("Entra ID's sign-in answered something unexpected: {e}"),
            ),
        })?;
    answer
        .refresh_token()
        .map(|t| t.secret().clone())
        .ok_or_else(|| Error::DirectorySourceFailed {
            why: SourceFailure::PermissionMissing,
            permission: Some("offline_access".to_owned()),
            reason: "Entra ID gave no refresh token (offline_access was not granted)".to_owned(),
        })
}

/// A Graph token from the kept refresh token, and the renewed refresh token when Entra ID
/// gave one (to keep instead).
pub async fn refresh(
    http: &reqwest::Client,
    src: &EntraSource,
    refresh_token: &str,
) -> Result<(String, Option<String>)> {
    let scopes = src.delegated_scopes()?.into_iter().map(Scope::new);
    let answer = client(src)?
        .exchange_refresh_token(&RefreshToken::new(refresh_token.to_owned()))
        .add_scopes(scopes)
        .request_async(http)
        .await
        .map_err(|e| match e {
            oauth2::RequestTokenError::ServerResponse(r) => failed(SourceFailure::SignInExpired, format!(
                "the administrator's sign-in to Entra ID is no longer valid ({}): remove the source and add it again, signing in",
                r.error()
            )),
            oauth2::RequestTokenError::Request(e) => {
                failed(SourceFailure::Unreachable, format!("Entra ID's sign-in could not be reached: {e}"))
            }
            e => failed(SourceFailure::Unexpected, format!("Entra ID's sign-in answered something unexpected: {e}")),
        })?;
    Ok((
        answer.access_token().secret().clone(),
        answer.refresh_token().map(|t| t.secret().clone()),
    ))
}
