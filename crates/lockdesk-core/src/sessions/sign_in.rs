//! Sign-in use-cases: add a profile with its client secret, the authorization-code flow,
//! opening v3 and v2 clients over the stored session, sign-out and token status.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use lockdesk_api::session::Session;
use lockdesk_api::{ApiVersion, ClientCredentials, OAuth, SignInRequest, TokenSet, V2Client};
use serde::{Deserialize, Serialize};
use url::Url;

use crate::core_context::Context;
use crate::error::{Error, ErrorCode, Result};
use crate::profiles::store::{Profile, ProfileStore};
use crate::secrets::client_secret_key;
use crate::sessions::secret_binding::{bind_client_secret, bound_client_secret};
use crate::sessions::token_store::{
    delete_tokens, load_tokens, renewal_lock_path, save_tokens, KeychainTokenSink,
};

/// A new profile. `client_secret` goes to the keychain, everything else to `profiles.json`.
#[derive(Clone, Deserialize)]
pub struct AddProfile {
    pub name: String,
    pub base_url: String,
    pub client_id: String,
    pub redirect_uri: String,
    pub api: ApiVersion,
    pub client_secret: String,
}

impl std::fmt::Debug for AddProfile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AddProfile")
            .field("name", &self.name)
            .field("base_url", &self.base_url)
            .field("client_id", &self.client_id)
            .field("redirect_uri", &self.redirect_uri)
            .field("api", &self.api)
            .field("client_secret", &"[redacted]")
            .finish()
    }
}

pub async fn add_profile(ctx: &Context, req: AddProfile) -> Result<Profile> {
    let profile = Profile {
        name: req.name,
        base_url: req.base_url,
        client_id: req.client_id,
        redirect_uri: req.redirect_uri,
        api: req.api,
    }
    .validated()?;
    if req.client_secret.trim().is_empty() {
        return Err(Error::invalid(
            "client_secret",
            "the client secret is empty",
        ));
    }
    let store = ProfileStore::new(ctx);
    // Refuse an existing name before touching its keychain entry.
    match store.get(&profile.name) {
        Ok(_) => return Err(Error::ProfileExists(profile.name)),
        Err(Error::ProfileNotFound(_)) => {}
        Err(e) => return Err(e),
    }
    let key = client_secret_key(&profile.name);
    ctx.secrets.set(
        &key,
        &bind_client_secret(&profile, req.client_secret.trim())?,
    )?;
    match store.add(profile) {
        Ok(p) => Ok(p),
        Err(e) => {
            let _ = ctx.secrets.delete(&key);
            Err(e)
        }
    }
}

pub fn list_profiles(ctx: &Context) -> Result<Vec<Profile>> {
    ProfileStore::new(ctx).list()
}

pub fn remove_profile(ctx: &Context, name: &str) -> Result<Profile> {
    ProfileStore::new(ctx).remove(name)
}

/// A started sign-in: open `url` in a browser; keep `state` and the PKCE verifier in memory
/// until the redirect comes back. Not serializable, and `Debug` hides both secrets: the
/// verifier never reaches a file, a log or the UI.
#[derive(Clone)]
pub struct PendingSignIn {
    pub url: Url,
    pub state: String,
    pkce_verifier: String,
}

impl PendingSignIn {
    /// The PKCE `code_verifier` whose S256 challenge is in `url`.
    pub fn pkce_verifier(&self) -> &str {
        &self.pkce_verifier
    }
}

impl std::fmt::Debug for PendingSignIn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PendingSignIn")
            .field("url", &self.url.as_str())
            .field("state", &"[redacted]")
            .field("pkce_verifier", &"[redacted]")
            .finish()
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SignedIn {
    pub profile: String,
    pub api: ApiVersion,
    pub expires_at: DateTime<Utc>,
    pub renewable: bool,
}

fn oauth_for(ctx: &Context, profile: &Profile) -> Result<OAuth> {
    let stored = ctx
        .secrets
        .get(&client_secret_key(&profile.name))?
        .ok_or_else(|| Error::SecretMissing(profile.name.clone()))?;
    let secret = bound_client_secret(profile, &stored)?;
    let credentials = ClientCredentials::new(&profile.client_id, &secret, &profile.redirect_uri)?;
    let transport = crate::proxy::logins::transport(ctx, profile.service_url()?)?;
    Ok(OAuth::new(transport, credentials, profile.api)?.with_clock(ctx.clock.clone()))
}

pub async fn begin_sign_in(ctx: &Context, profile: &str) -> Result<PendingSignIn> {
    let profile = ProfileStore::new(ctx).get(profile)?;
    let request = oauth_for(ctx, &profile)?.begin_sign_in();
    Ok(PendingSignIn {
        state: request.state().to_owned(),
        pkce_verifier: request.pkce_verifier().to_owned(),
        url: request.url,
    })
}

/// Checks the redirected address against the pending sign-in (state included), exchanges the
/// code and stores the tokens in the keychain.
pub async fn complete_sign_in(
    ctx: &Context,
    profile: &str,
    pending: &PendingSignIn,
    redirected_url: &str,
) -> Result<SignedIn> {
    let profile = ProfileStore::new(ctx).get(profile)?;
    let oauth = oauth_for(ctx, &profile)?;
    let request = SignInRequest::from_parts(
        pending.url.clone(),
        pending.state.clone(),
        pending.pkce_verifier.clone(),
    );
    let code = oauth.code_from_redirect(&request, redirected_url)?;
    let tokens = oauth.exchange_code(code).await?;
    save_tokens(ctx.secrets.as_ref(), &profile, &tokens)?;
    tracing::info!(profile = %profile.name, "signed in");
    Ok(SignedIn {
        profile: profile.name,
        api: profile.api,
        expires_at: tokens.expires_at,
        renewable: tokens.refresh_token.is_some(),
    })
}

fn stored_tokens(ctx: &Context, profile: &Profile) -> Result<TokenSet> {
    load_tokens(ctx.secrets.as_ref(), profile)?
        .ok_or_else(|| Error::NotSignedIn(profile.name.clone()))
}

fn api_name(api: ApiVersion) -> &'static str {
    match api {
        ApiVersion::V3 => "v3",
        ApiVersion::V2 => "v2",
    }
}

fn require_api(profile: &Profile, expected: ApiVersion) -> Result<()> {
    if profile.api != expected {
        return Err(Error::WrongApi {
            profile: profile.name.clone(),
            expected: api_name(expected),
            actual: api_name(profile.api),
        });
    }
    Ok(())
}

fn session_for(ctx: &Context, profile: &Profile) -> Result<Session> {
    let tokens = stored_tokens(ctx, profile)?;
    let oauth = oauth_for(ctx, profile)?;
    let lock = renewal_lock_path(&ctx.locks_dir(), &profile.name);
    let sink = KeychainTokenSink::new(ctx.secrets.clone(), profile)?.with_renewal_lock(lock);
    Ok(Session::new(oauth, tokens, Arc::new(sink)))
}

/// A v3 client over the stored session; renewed tokens are written to the keychain first, and
/// renewals are serialized with other programs by the profile's lock file.
pub async fn open_v3(ctx: &Context, profile: &str) -> Result<lockdesk_api::Client> {
    let profile = ProfileStore::new(ctx).get(profile)?;
    require_api(&profile, ApiVersion::V3)?;
    let session = session_for(ctx, &profile)?;
    Ok(lockdesk_api::Client::new(Arc::new(session)))
}

/// A v2 client sharing the profile's one rate limiter.
pub async fn open_v2(ctx: &Context, profile: &str) -> Result<V2Client> {
    let profile = ProfileStore::new(ctx).get(profile)?;
    require_api(&profile, ApiVersion::V2)?;
    let tokens = stored_tokens(ctx, &profile)?;
    let transport = crate::proxy::logins::transport(ctx, profile.service_url()?)?;
    Ok(
        V2Client::new(transport, tokens, ctx.v2_limiter(&profile.name))
            .with_clock(ctx.clock.clone()),
    )
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SignedOut {
    pub profile: String,
    /// False when there was no session, or the service no longer accepted it.
    pub revoked: bool,
    /// What happened, for the user.
    pub note: String,
}

/// The service refused the token as already invalid (not a transport problem).
fn already_invalid(e: &lockdesk_api::Error) -> bool {
    let code = ErrorCode::from_api(e);
    code.needs_sign_in()
        || matches!(code, ErrorCode::InvalidClient | ErrorCode::InvalidRequest)
        || e.status() == Some(401)
}

/// Revokes the session at the service, then deletes it from the keychain. A token the service
/// already refuses is still deleted locally, and the answer says so. Other failures (the
/// service unreachable) keep the session so sign-out can be tried again.
pub async fn sign_out(ctx: &Context, profile: &str) -> Result<SignedOut> {
    let profile = ProfileStore::new(ctx).get(profile)?;
    let name = profile.name.clone();
    if load_tokens(ctx.secrets.as_ref(), &profile)?.is_none() {
        return Ok(SignedOut {
            profile: name,
            revoked: false,
            note: "was not signed in".into(),
        });
    }
    let session = session_for(ctx, &profile)?;
    // An expired v3 access token is renewed first: revoke needs a valid bearer.
    let outcome = match session.bearer().await {
        Ok(_) => session.revoke().await,
        Err(e) => Err(e),
    };
    let result = match outcome {
        Ok(()) => SignedOut {
            profile: name.clone(),
            revoked: true,
            note: "signed out; the service revoked the session".into(),
        },
        Err(e) if already_invalid(&e) => SignedOut {
            profile: name.clone(),
            revoked: false,
            note: format!(
                "the service no longer accepted this session ({}); it was removed from this computer",
                e.code()
            ),
        },
        Err(e) => return Err(e.into()),
    };
    delete_tokens(ctx.secrets.as_ref(), &name)?;
    tracing::info!(profile = %name, revoked = result.revoked, "signed out");
    Ok(result)
}

/// What the service says about the session, without the tokens themselves.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TokenStatus {
    pub profile: String,
    pub api: ApiVersion,
    pub application_name: Option<String>,
    pub created_at: Option<DateTime<Utc>>,
    pub expires_at: Option<DateTime<Utc>>,
    pub renewable: bool,
}

pub async fn token_info(ctx: &Context, profile: &str) -> Result<TokenStatus> {
    let profile = ProfileStore::new(ctx).get(profile)?;
    let session = session_for(ctx, &profile)?;
    let info = session.token_info().await?;
    let tokens = session.tokens().await;
    Ok(TokenStatus {
        profile: profile.name,
        api: profile.api,
        application_name: info.application_name,
        created_at: info.created_at.or(Some(tokens.created_at)),
        expires_at: info.expires_at.or(Some(tokens.expires_at)),
        renewable: tokens.refresh_token.is_some(),
    })
}
