//! Profiles: the service registrations the app knows (secrets go to the keychain).

use lockdesk_api::ApiVersion;
use serde::{Deserialize, Serialize};

use crate::app::args::NoArgs;
use crate::app::context::AppContext;
use crate::error::{ErrorPayload, Result};
use crate::profiles::store::ProfileStore;
use crate::profiles::view::{Api, ProfileView};
use crate::sessions::sign_in;
use crate::sessions::sign_in::AddProfile;
use crate::sessions::status::{status, view, ProfileNameRequest, SessionStatusResponse};

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ProfilesListResponse {
    pub profiles: Vec<ProfileView>,
    /// The v3 profile in use, if any.
    pub active: Option<String>,
    /// The v2 (history) profile in use, if any.
    pub history: Option<String>,
}

#[derive(Clone, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ProfilesAddRequest {
    pub name: String,
    pub base_url: String,
    pub client_id: String,
    /// The https redirect URI registered with the service.
    pub redirect_uri: String,
    pub api: Api,
    /// Stored only in the OS keychain.
    pub client_secret: String,
}

pub async fn profiles_list(ctx: &AppContext, _req: NoArgs) -> Result<ProfilesListResponse> {
    let profiles = ProfileStore::new(&ctx.core()).list()?;
    let views = profiles
        .iter()
        .map(|p| view(ctx, p))
        .collect::<Result<Vec<_>>>()?;
    let space = ctx.space();
    Ok(ProfilesListResponse {
        profiles: views,
        active: space.sessions.profile(ApiVersion::V3),
        history: space.sessions.profile(ApiVersion::V2),
    })
}

pub async fn profiles_add(ctx: &AppContext, req: ProfilesAddRequest) -> Result<ProfileView> {
    let p = sign_in::add_profile(
        &ctx.core(),
        AddProfile {
            name: req.name,
            base_url: req.base_url,
            client_id: req.client_id,
            redirect_uri: req.redirect_uri,
            api: req.api.into(),
            client_secret: req.client_secret,
        },
    )
    .await?;
    view(ctx, &p)
}

/// A removed connection, and whether its sign-in was revoked at the service first.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ProfileRemovedView {
    pub profile: String,
    /// The service revoked the tokens (false also when the connection was not signed in).
    pub revoked: bool,
    /// Why revoking failed (the service unreachable, …): the connection is removed from this
    /// computer all the same, and its sign-in may stay valid at the service until revoked
    /// there.
    pub revoke_error: Option<ErrorPayload>,
}

/// Revokes the connection's tokens at the service first (its refresh token never expires, so
/// a copy would stay valid for ever), then removes the connection and its keychain entries,
/// also when revoking failed, with what was kept for it: its offline answers, and its alert
/// destinations with their keychain entries and deliveries.
pub async fn profiles_remove(
    ctx: &AppContext,
    req: ProfileNameRequest,
) -> Result<ProfileRemovedView> {
    let core = ctx.core();
    let profile = ProfileStore::new(&core).get(&req.profile)?.name;
    let (revoked, revoke_error) = match sign_in::sign_out(&core, &profile).await {
        Ok(out) => (out.revoked, None),
        Err(e) => {
            tracing::warn!(%profile, "removing the connection; revoking failed: {e}");
            (false, Some(e.payload()))
        }
    };
    let organizations = crate::offline::organizations_of(ctx, &profile);
    sign_in::remove_profile(&core, &profile)?;
    ctx.forget_clients(&profile);
    crate::team_alerts::commands::forget_connection(ctx, &profile, &organizations);
    crate::offline::forget_connection(ctx, &profile);
    ctx.space().sessions.drop_profile(&profile);
    Ok(ProfileRemovedView {
        profile,
        revoked,
        revoke_error,
    })
}

/// Makes `profile` the one the app works with (v3) or reads history with (v2).
pub async fn profiles_use(
    ctx: &AppContext,
    req: ProfileNameRequest,
) -> Result<SessionStatusResponse> {
    let p = ProfileStore::new(&ctx.core()).get(&req.profile)?;
    ctx.set_profile(p.api, Some(p.name));
    status(ctx)
}
