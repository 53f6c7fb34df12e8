//! Sign-in and sign-out: the authorization-code flow with the state kept here (the UI never
//! sees it), the desktop's sign-in window or a pasted redirect address, and "Try the demo".

use chrono::{DateTime, Utc};
use lockdesk_api::ApiVersion;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::profiles::{view, ProfileNameRequest};
use super::{Api, AppContext, Done, NoArgs, ProfileView};
use crate::demo;
use crate::error::{Error, Result};
use crate::sessions;
use crate::ProfileStore;

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct SessionStatusResponse {
    /// The v3 profile in use (signed in or not).
    pub active: Option<ProfileView>,
    /// The v2 (history) profile in use.
    pub history: Option<ProfileView>,
    /// The built-in simulator is running.
    pub demo: bool,
    /// Address of the demo simulator, when running.
    pub demo_base_url: Option<String>,
}

pub(crate) fn status(ctx: &AppContext) -> Result<SessionStatusResponse> {
    // Fills `active`/`history` from the only signed-in profile when none is chosen yet.
    let _ = ctx.profile_for(ApiVersion::V3);
    let _ = ctx.profile_for(ApiVersion::V2);
    let (active, history, demo_url) = {
        let st = ctx.state();
        (
            st.active.clone(),
            st.history.clone(),
            st.demo.as_ref().map(|d| d.sim.base_url().to_owned()),
        )
    };
    let store = ProfileStore::new(ctx.core());
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
    })
}

pub async fn session_status(ctx: &AppContext, _req: NoArgs) -> Result<SessionStatusResponse> {
    status(ctx)
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct SessionBeginSignInResponse {
    pub profile: String,
    /// The service's authorization page: open it in the sign-in window.
    pub url: String,
    /// The address the service sends the browser to afterwards (never loaded: intercepted, or
    /// pasted by the user).
    pub redirect_uri: String,
}

/// Starts a sign-in; the `state` stays in the backend until the redirect comes back.
pub async fn session_begin_sign_in(
    ctx: &AppContext,
    req: ProfileNameRequest,
) -> Result<SessionBeginSignInResponse> {
    let profile = ProfileStore::new(ctx.core()).get(&req.profile)?;
    let pending = sessions::begin_sign_in(ctx.core(), &profile.name).await?;
    let url = pending.url.to_string();
    ctx.state().pending.insert(profile.name.clone(), pending);
    Ok(SessionBeginSignInResponse {
        profile: profile.name,
        url,
        redirect_uri: profile.redirect_uri,
    })
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct SessionCompleteSignInRequest {
    pub profile: String,
    /// The full address the service redirected to (intercepted or pasted).
    pub redirected_url: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct SignedInView {
    pub profile: String,
    pub api: Api,
    pub expires_at: DateTime<Utc>,
    pub renewable: bool,
}

/// Checks `state`, exchanges the code, stores the tokens, and makes the profile active.
pub async fn session_complete_sign_in(
    ctx: &AppContext,
    req: SessionCompleteSignInRequest,
) -> Result<SignedInView> {
    let pending = ctx
        .state()
        .pending
        .get(&req.profile)
        .cloned()
        .ok_or_else(|| Error::NoPendingSignIn(req.profile.clone()))?;
    let signed =
        sessions::complete_sign_in(ctx.core(), &req.profile, &pending, &req.redirected_url).await?;
    ctx.state().pending.remove(&req.profile);
    ctx.forget_clients(&req.profile);
    ctx.set_profile(signed.api, Some(signed.profile.clone()));
    Ok(SignedInView {
        profile: signed.profile,
        api: signed.api.into(),
        expires_at: signed.expires_at,
        renewable: signed.renewable,
    })
}

pub async fn session_cancel_sign_in(ctx: &AppContext, req: ProfileNameRequest) -> Result<Done> {
    ctx.state().pending.remove(&req.profile);
    Ok(Done::ok())
}

/// "Try the demo": starts the simulator in process and signs in the demo profiles through
/// the real OAuth flow. A second call restarts it with fresh data.
pub async fn session_start_demo(ctx: &AppContext, _req: NoArgs) -> Result<SessionStatusResponse> {
    let old = ctx.state().demo.take();
    if let Some(old) = old {
        old.sim.shutdown().await;
    }
    let demo = demo::start_demo(ctx.core(), ctx.demo_options()).await?;
    for p in [&demo.profile, &demo.history_profile] {
        ctx.forget_clients(p);
    }
    ctx.set_profile(ApiVersion::V3, Some(demo.profile.clone()));
    ctx.set_profile(ApiVersion::V2, Some(demo.history_profile.clone()));
    ctx.state().demo = Some(demo);
    status(ctx)
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, TS)]
pub struct SessionSignOutRequest {
    /// The active v3 profile when absent.
    #[serde(default)]
    #[ts(optional)]
    pub profile: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct SignedOutView {
    pub profile: String,
    /// The service revoked the token (false: there was none, or it was already invalid).
    pub revoked: bool,
    pub note: String,
}

/// Revokes the session at the service and deletes it from the keychain.
pub async fn session_sign_out(
    ctx: &AppContext,
    req: SessionSignOutRequest,
) -> Result<SignedOutView> {
    let profile = match req.profile {
        Some(p) => p,
        None => ctx.profile_for(ApiVersion::V3)?,
    };
    let out = sessions::sign_out(ctx.core(), &profile).await?;
    ctx.forget_clients(&profile);
    Ok(SignedOutView {
        profile: out.profile,
        revoked: out.revoked,
        note: out.note,
    })
}
