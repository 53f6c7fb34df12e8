//! `/v3/organizations/{org}/locks`

use axum::extract::{Path, State as AxState};
use axum::http::StatusCode;
use axum::routing::get;
use axum::Router;
use serde_json::json;

use super::params::Input;
use super::respond::{json, list, with_org, HandlerResult};
use crate::backend::locks::LockUpdate;
use crate::backend::Sim;

pub fn router() -> Router<Sim> {
    Router::new()
        .route("/v3/organizations/{org}/locks", get(list_locks))
        .route("/v3/organizations/{org}/locks/", get(list_locks))
        .route(
            "/v3/organizations/{org}/locks/{lock}",
            get(detail).put(update),
        )
}

async fn list_locks(
    AxState(sim): AxState<Sim>,
    Path(org): Path<String>,
    input: Input,
) -> HandlerResult {
    with_org(
        &sim,
        input.bearer.as_deref(),
        "organization:lock:read",
        &org,
        |st, _, o, _| {
            let q = input.params.list_query()?;
            let filter = input.params.all("lock_ids");
            Ok(list("locks", st.list_locks(o, &q, &filter)?))
        },
    )
}

async fn detail(
    AxState(sim): AxState<Sim>,
    Path((org, lock)): Path<(String, String)>,
    input: Input,
) -> HandlerResult {
    with_org(
        &sim,
        input.bearer.as_deref(),
        "organization:lock:read",
        &org,
        |st, _, o, _| {
            Ok(json(
                StatusCode::OK,
                json!({ "lock": st.org_lock(o, &lock)? }),
            ))
        },
    )
}

async fn update(
    AxState(sim): AxState<Sim>,
    Path((org, lock)): Path<(String, String)>,
    input: Input,
) -> HandlerResult {
    with_org(
        &sim,
        input.bearer.as_deref(),
        "organization:lock:write",
        &org,
        |st, _, o, _| {
            let u = LockUpdate {
                name: input.params.string("lock_name"),
                image: input.params.image("lock_image"),
            };
            Ok(json(StatusCode::OK, st.update_lock(o, &lock, &u)?))
        },
    )
}
