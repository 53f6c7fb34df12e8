//! Sign-in and sign-out: the authorization-code flow with the state kept here (the UI never
//! sees it), the desktop's sign-in window or a pasted redirect address, and "Try the demo".

use chrono::{DateTime, Utc};
use lockdesk_api::ApiVersion;
use serde::{Deserialize, Serialize};

use crate::app::args::{Done, NoArgs};
use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::profiles::store::ProfileStore;
use crate::profiles::view::Api;
use crate::sessions::sign_in;
use crate::sessions::status::{status, ProfileNameRequest, SessionStatusResponse};

pub async fn session_status(ctx: &AppContext, _req: NoArgs) -> Result<SessionStatusResponse> {
    status(ctx)
}

/// "Save again": stores the sign-ins the keychain refused (`unsaved_sign_ins`), e.g. after the
/// user unlocked it; the status says which are still unsaved.
pub async fn session_save_sign_ins(
    ctx: &AppContext,
    _req: NoArgs,
) -> Result<SessionStatusResponse> {
    ctx.save_sign_ins_again().await;
    status(ctx)
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    let core = ctx.core();
    let profile = ProfileStore::new(&core).get(&req.profile)?;
    let pending = sign_in::begin_sign_in(&core, &profile.name).await?;
    let url = pending.url.to_string();
    ctx.space().sessions.add_pending(&profile.name, pending);
    Ok(SessionBeginSignInResponse {
        profile: profile.name,
        url,
        redirect_uri: profile.redirect_uri,
    })
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SessionCompleteSignInRequest {
    pub profile: String,
    /// The full address the service redirected to (intercepted or pasted).
    pub redirected_url: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SignedInView {
    pub profile: String,
    pub api: Api,
    pub expires_at: DateTime<Utc>,
    pub renewable: bool,
}

/// Checks `state`, exchanges the code, stores the tokens, and makes the profile active.
pub(crate) async fn session_complete_sign_in(
    ctx: &AppContext,
    req: SessionCompleteSignInRequest,
) -> Result<SignedInView> {
    let space = ctx.space();
    let pending = space
        .sessions
        .pending(&req.profile)
        .ok_or_else(|| Error::NoPendingSignIn(req.profile.clone()))?;
    let signed =
        sign_in::complete_sign_in(&space.core, &req.profile, &pending, &req.redirected_url).await?;
    space.sessions.remove_pending(&req.profile);
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
    ctx.space().sessions.remove_pending(&req.profile);
    Ok(Done::ok())
}

/// "Try the demo": a sandbox of its own (in-memory keychain, temporary folders), the
/// simulator in process, and the demo profiles signed in through the real OAuth flow. The
/// user's connections are untouched. A second call restarts it with fresh data.
/// Refused with `jobs_running` while a job runs, unless `cancel_jobs` (the user agreed).
pub async fn session_start_demo(
    ctx: &AppContext,
    req: DemoSwitchRequest,
) -> Result<SessionStatusResponse> {
    ctx.switch_allowed(req.cancel_jobs.unwrap_or(false))?;
    ctx.start_demo().await?;
    status(ctx)
}

/// Leaves the demo: its simulator stops, its sandbox is deleted, and the app is back on the
/// user's own connections (a no-op when the demo does not run). Refused with `jobs_running`
/// while a job runs, unless `cancel_jobs`.
pub async fn session_leave_demo(
    ctx: &AppContext,
    req: DemoSwitchRequest,
) -> Result<SessionStatusResponse> {
    if ctx.demo_running() {
        ctx.switch_allowed(req.cancel_jobs.unwrap_or(false))?;
    }
    ctx.leave_demo().await;
    status(ctx)
}

/// Starting or leaving the demo.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DemoSwitchRequest {
    /// Cancel the running jobs (a bulk invitation, a history sync) and switch: the user was
    /// asked. Without it a running job refuses the switch (`jobs_running`).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub cancel_jobs: Option<bool>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SessionSignOutRequest {
    /// The active v3 profile when absent.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub profile: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SignedOutView {
    pub profile: String,
    /// The service revoked the token (false: there was none, or it was already invalid).
    pub revoked: bool,
    pub note: String,
}

/// Revokes the session at the service and deletes it from the keychain.
pub(crate) async fn session_sign_out(
    ctx: &AppContext,
    req: SessionSignOutRequest,
) -> Result<SignedOutView> {
    let profile = match req.profile {
        Some(p) => p,
        None => ctx.profile_for(ApiVersion::V3)?,
    };
    let out = sign_in::sign_out(&ctx.core(), &profile).await?;
    ctx.forget_clients(&profile);
    crate::offline::forget_connection(ctx, &profile);
    Ok(SignedOutView {
        profile: out.profile,
        revoked: out.revoked,
        note: out.note,
    })
}

/// Desktop only: emitted to the main window when the sign-in window finished (the redirect was
/// intercepted and the code exchanged, or it failed). Event name `SIGN_IN_FINISHED_EVENT`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SignInFinishedEvent {
    pub profile: String,
    pub signed_in: Option<SignedInView>,
    pub error: Option<crate::error::ErrorPayload>,
}
