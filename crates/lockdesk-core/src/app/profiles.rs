//! Profiles: the service registrations the app knows (secrets go to the keychain).

use lockdesk_api::ApiVersion;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::status::{status, view, ProfileNameRequest, SessionStatusResponse};
use super::{Api, AppContext, Done, NoArgs, ProfileView};
use crate::error::Result;
use crate::sessions::{self, AddProfile};
use crate::ProfileStore;

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct ProfilesListResponse {
    pub profiles: Vec<ProfileView>,
    /// The v3 profile in use, if any.
    pub active: Option<String>,
    /// The v2 (history) profile in use, if any.
    pub history: Option<String>,
}

#[derive(Clone, Deserialize, TS)]
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
    let p = sessions::add_profile(
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

pub async fn profiles_remove(ctx: &AppContext, req: ProfileNameRequest) -> Result<Done> {
    sessions::remove_profile(&ctx.core(), &req.profile)?;
    ctx.forget_clients(&req.profile);
    ctx.space().sessions.drop_profile(&req.profile);
    Ok(Done::ok())
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
