//! What the v3 route handlers share: their result type, JSON answers, lists, and the
//! token-to-organization checks (`with_org`). The handlers import this, never mod.rs, which
//! mounts their routers.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::Value;

use crate::backend::oauth::Caller;
use crate::backend::state::Authority;
use crate::backend::{Result, Sim, State};

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
