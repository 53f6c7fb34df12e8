//! HTTP parsing only: every handler turns a request into a backend call.

pub mod control;
pub mod faults;
pub mod guard;
pub mod oauth;
pub mod params;
pub mod requests;
pub mod v2;
pub mod v3_groups;
pub mod v3_invitations;
pub mod v3_lock_groups;
pub mod v3_locks;
pub mod v3_orgs;
pub mod v3_users;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use serde_json::Value;

use crate::backend::groups::GroupKind;
use crate::backend::oauth::Caller;
use crate::backend::state::Authority;
use crate::backend::{Result, Sim, State};

/// The whole application: service API, control API, fault layer, request log, and the guard
/// in front of everything when the simulator has a control token.
pub fn app(sim: Sim, guard: Option<guard::Guard>) -> Router {
    let log = requests::RequestLog::default();
    let app = Router::new()
        .merge(oauth::router())
        .merge(v3_orgs::router())
        .merge(v3_locks::router())
        .merge(v3_groups::router(GroupKind::Lock))
        .merge(v3_lock_groups::router())
        .merge(v3_users::router())
        .merge(v3_invitations::router())
        .merge(v3_groups::router(GroupKind::User))
        .merge(v2::router())
        .merge(control::router())
        .merge(requests::router(log.clone()))
        .layer(axum::middleware::from_fn_with_state(
            sim.clone(),
            faults::layer,
        ))
        .layer(axum::middleware::from_fn_with_state(log, requests::layer))
        .layer(DefaultBodyLimit::max(32 * 1024 * 1024))
        .with_state(sim);
    match guard {
        Some(g) => app.layer(axum::middleware::from_fn_with_state(
            std::sync::Arc::new(g),
            guard::layer,
        )),
        None => app,
    }
}

pub type HandlerResult = Result<Response>;

pub fn json(status: StatusCode, v: Value) -> Response {
    (status, Json(v)).into_response()
}

/// `{key: items}`, or 200 with no body when nothing matched.
pub fn list(key: &str, items: Vec<Value>) -> Response {
    if items.is_empty() {
        StatusCode::OK.into_response()
    } else {
        json(StatusCode::OK, serde_json::json!({ key: items }))
    }
}

/// Token → scope → organization → membership → role, then `f` under the state lock.
pub fn with_org<T>(
    sim: &Sim,
    bearer: Option<&str>,
    scope: &str,
    org_id: &str,
    f: impl FnOnce(&mut State, &Caller, usize, Authority) -> Result<T>,
) -> Result<T> {
    let mut st = sim.lock();
    let caller = st.auth_v3(bearer, scope)?;
    let (org, role) = st.org_ctx(&caller, org_id)?;
    f(&mut st, &caller, org, role)
}
