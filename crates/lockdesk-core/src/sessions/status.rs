//! What the connection and session screens share: a profile as the UI sees it, the request
//! naming one, and the session status (which profiles are in use, whether the demo runs).
//! `profiles::commands` and `sessions::commands` both build on this, and not on each other.

use lockdesk_api::ApiVersion;
use serde::{Deserialize, Serialize};

use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::profiles::store::{Profile, ProfileStore};
use crate::profiles::view::ProfileView;
use crate::sessions::token_store::load_tokens;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ProfileNameRequest {
    pub profile: String,
}

pub(crate) fn view(ctx: &AppContext, p: &Profile) -> Result<ProfileView> {
    let settings = ProfileStore::new(&ctx.core()).settings(&p.name)?;
    Ok(ProfileView {
        name: p.name.clone(),
        base_url: p.base_url.clone(),
        client_id: p.client_id.clone(),
        redirect_uri: p.redirect_uri.clone(),
        api: p.api.into(),
        signed_in: ctx.signed_in(p),
        expires_at: load_tokens(ctx.core().secrets.as_ref(), p)
            .ok()
            .flatten()
            .map(|t| t.expires_at),
        organization_id: settings.organization_id,
    })
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SessionStatusResponse {
    /// The v3 profile in use (signed in or not).
    pub active: Option<ProfileView>,
    /// The v2 (history) profile in use.
    pub history: Option<ProfileView>,
    /// The built-in simulator is running.
    pub demo: bool,
    /// Address of the demo simulator, when running.
    pub demo_base_url: Option<String>,
    /// The demo simulator's control token (its `x-sim-token` header), when running: for the
    /// tests that craft data at its control API and `lockctl demo --serve`. The UI is the app
    /// itself, so it may hold it; the token keeps out other programs and web pages.
    pub demo_sim_token: Option<String>,
    /// Sign-ins renewed in this run that the keychain refused to store: used until Lockdesk
    /// closes (the service already replaced the stored pair), so the user must be told.
    pub unsaved_sign_ins: Vec<UnsavedSignIn>,
}

/// A connection whose renewed sign-in could not be stored in the keychain.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UnsavedSignIn {
    pub profile: String,
    /// The keychain's refusal, as it gave it (never a secret).
    pub reason: String,
}

pub(crate) fn status(ctx: &AppContext) -> Result<SessionStatusResponse> {
    // Fills `active`/`history` from the only signed-in profile when none is chosen yet.
    let _ = ctx.profile_for(ApiVersion::V3);
    let _ = ctx.profile_for(ApiVersion::V2);
    let space = ctx.space();
    let active = space.sessions.profile(ApiVersion::V3);
    let history = space.sessions.profile(ApiVersion::V2);
    let demo_url = ctx.demo_base_url();
    let store = ProfileStore::new(&space.core);
    let one = |name: Option<String>| -> Result<Option<ProfileView>> {
        match name {
            Some(n) => match store.get(&n) {
                Ok(p) => Ok(Some(view(ctx, &p)?)),
                Err(Error::ProfileNotFound(_)) => Ok(None),
                Err(e) => Err(e),
            },
            None => Ok(None),
        }
    };
    Ok(SessionStatusResponse {
        active: one(active)?,
        history: one(history)?,
        demo: demo_url.is_some(),
        demo_base_url: demo_url,
        demo_sim_token: ctx.demo_sim_token(),
        unsaved_sign_ins: ctx
            .unsaved_sign_ins()
            .into_iter()
            .map(|(profile, reason)| UnsavedSignIn { profile, reason })
            .collect(),
    })
}
