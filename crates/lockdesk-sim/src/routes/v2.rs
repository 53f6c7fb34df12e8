//! Legacy `/v2/external/...` endpoints, with the v2 error shape and rate limit.

use axum::extract::State as AxState;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;

use super::params::{Input, Params};
use crate::backend::clock::parse_iso;
use crate::backend::history::AccessQuery;
use crate::backend::oauth::Caller;
use crate::backend::{Sim, SimError, State};

pub fn router() -> Router<Sim> {
    Router::new()
        .route("/v2/external/locks", get(locks))
        .route("/v2/external/accesses", get(accesses))
}

/// A v2 error: `{"success":false,"code","message"}`.
fn v2_error(e: SimError) -> Response {
    (
        e.status,
        Json(json!({ "success": false, "code": e.code, "message": e.message })),
    )
        .into_response()
}

fn token_of(input: &Input) -> Option<String> {
    input
        .params
        .string("access_token")
        .filter(|t| !t.is_empty())
        .or_else(|| input.bearer.clone())
}

/// Token check then rate limit.
fn enter(st: &mut State, input: &Input) -> Result<Caller, Box<Response>> {
    let token = token_of(input);
    let caller = st
        .auth_v2(token.as_deref())
        .ok_or_else(|| Box::new(v2_error(SimError::invalid_token())))?;
    if let Err(secs) = st.v2_rate(token.as_deref().unwrap_or("")) {
        let mut r = v2_error(SimError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limit_exceeded",
            format!("Rate limit exceeded; retry after {secs} seconds"),
        ));
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        return Err(Box::new(r));
    }
    Ok(caller)
}

async fn locks(AxState(sim): AxState<Sim>, input: Input) -> Response {
    let mut st = sim.lock();
    let caller = match enter(&mut st, &input) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    Json(json!({ "success": true, "locks": st.v2_locks(&caller.user_id) })).into_response()
}

fn access_query(p: &Params, max_limit: u32) -> Result<AccessQuery, SimError> {
    let lock_id = p
        .string("lock_id")
        .filter(|s| !s.is_empty())
        .ok_or_else(|| SimError::invalid_params("lock_id is required"))?;
    let int = |name: &str, default: usize| -> Result<usize, SimError> {
        match p.get(name) {
            None => Ok(default),
            Some(s) => s.trim().parse::<usize>().map_err(|_| {
                SimError::invalid_params(format!("{name} must be a non-negative integer"))
            }),
        }
    };
    let offset = int("offset", 0)?;
    let limit = int("limit", 20)?;
    if limit == 0 || limit > max_limit as usize {
        return Err(SimError::invalid_params(format!(
            "limit must be 1 to {max_limit}"
        )));
    }
    let time = |name: &str| -> Result<_, SimError> {
        match p.get(name).filter(|s| !s.is_empty()) {
            None => Ok(None),
            Some(s) => parse_iso(s).map(Some).ok_or_else(|| {
                SimError::invalid_params(format!("{name} must be an ISO 8601 datetime"))
            }),
        }
    };
    Ok(AccessQuery {
        lock_id,
        offset,
        limit,
        from: time("from")?,
        til: time("til")?,
    })
}

async fn accesses(AxState(sim): AxState<Sim>, input: Input) -> Response {
    let mut st = sim.lock();
    let caller = match enter(&mut st, &input) {
        Ok(c) => c,
        Err(r) => return *r,
    };
    let result = access_query(&input.params, st.config.v2_max_limit)
        .and_then(|q| st.v2_accesses(&caller.user_id, &q));
    match result {
        Ok(list) => Json(json!({ "success": true, "accesses": list })).into_response(),
        Err(e) => v2_error(e),
    }
}
