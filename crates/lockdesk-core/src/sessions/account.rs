//! The account screen: what the service says about the sessions (never the tokens) and which
//! scopes the application needs, with the ones the service refused during this run.

use chrono::{DateTime, Utc};
use lockdesk_api::ApiVersion;
use serde::{Deserialize, Serialize};

use crate::app::args::NoArgs;
use crate::app::context::AppContext;
use crate::error::{Error, ErrorPayload, Result};
use crate::profiles::view::Api;
use crate::sessions::sign_in;

/// Every scope the app uses, and what it is for.
pub const SCOPES: &[(&str, &str)] = &[
    ("account:organization:read", "list your organizations"),
    ("organization:read", "read an organization's name"),
    ("organization:lock:read", "see locks"),
    (
        "organization:lock:write",
        "rename locks and change their images",
    ),
    ("organization:user:read", "see users and invitations"),
    (
        "organization:user:write",
        "register, invite, change and remove users",
    ),
    ("organization:lock_group:read", "see lock groups"),
    ("organization:lock_group:write", "change lock groups"),
    ("organization:user_group:read", "see user groups"),
    ("organization:user_group:write", "change user groups"),
];

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TokenView {
    pub profile: String,
    pub api: Api,
    pub application_name: Option<String>,
    pub created_at: Option<DateTime<Utc>>,
    pub expires_at: Option<DateTime<Utc>>,
    /// A refresh token is kept (v3); v2 sessions end after two hours.
    pub renewable: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScopeView {
    pub scope: String,
    pub purpose: String,
    /// The service refused an action for lack of this scope during this run.
    pub missing: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AccountInfoResponse {
    /// The v3 session, or why it could not be read.
    pub session: Option<TokenView>,
    pub session_error: Option<ErrorPayload>,
    /// The v2 (history) session, when a history profile is in use.
    pub history_session: Option<TokenView>,
    pub history_error: Option<ErrorPayload>,
    pub scopes: Vec<ScopeView>,
    pub missing_scopes: Vec<String>,
    /// The v3 account's role as learned so far (the service does not tell it).
    pub account_role: Option<crate::users::view::AccountRole>,
}

async fn token(ctx: &AppContext, api: ApiVersion) -> Result<Option<TokenView>> {
    let profile = match ctx.profile_for(api) {
        Ok(p) => p,
        Err(Error::NoActiveProfile(_)) => return Ok(None),
        Err(e) => return Err(e),
    };
    let t = sign_in::token_info(&ctx.core(), &profile).await?;
    Ok(Some(TokenView {
        profile: t.profile,
        api: t.api.into(),
        application_name: t.application_name,
        created_at: t.created_at,
        expires_at: t.expires_at,
        renewable: t.renewable,
    }))
}

pub async fn account_info(ctx: &AppContext, _req: NoArgs) -> Result<AccountInfoResponse> {
    let (session, session_error) = match token(ctx, ApiVersion::V3).await {
        Ok(t) => (t, None),
        Err(e) => (None, Some(e.payload())),
    };
    let (history_session, history_error) = match token(ctx, ApiVersion::V2).await {
        Ok(t) => (t, None),
        Err(e) => (None, Some(e.payload())),
    };
    let missing = ctx.space().learned.missing_scopes();
    Ok(AccountInfoResponse {
        session,
        session_error,
        history_session,
        history_error,
        scopes: SCOPES
            .iter()
            .map(|(s, p)| ScopeView {
                scope: (*s).into(),
                purpose: (*p).into(),
                missing: missing.iter().any(|m| m == s),
            })
            .collect(),
        missing_scopes: missing,
        account_role: ctx.account_role(),
    })
}
