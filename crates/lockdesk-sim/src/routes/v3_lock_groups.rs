//! `/v3/organizations/{org}/lock_groups`

use axum::extract::{Path, State as AxState};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::Router;

use super::params::Input;
use super::{json, list, with_org, HandlerResult};
use crate::backend::Sim;

const READ: &str = "organization:lock_group:read";
const WRITE: &str = "organization:lock_group:write";

pub fn router() -> Router<Sim> {
    Router::new()
        .route(
            "/v3/organizations/{org}/lock_groups",
            get(list_groups).post(create),
        )
        .route(
            "/v3/organizations/{org}/lock_groups/",
            get(list_groups).post(create),
        )
        .route(
            "/v3/organizations/{org}/lock_groups/{group}",
            get(detail).put(update).delete(delete),
        )
        .route(
            "/v3/organizations/{org}/lock_groups/{group}/locks",
            post(add_locks).delete(remove_locks),
        )
}

async fn list_groups(
    AxState(sim): AxState<Sim>,
    Path(org): Path<String>,
    input: Input,
) -> HandlerResult {
    with_org(&sim, input.bearer.as_deref(), READ, &org, |st, _, o, _| {
        Ok(list("lock_groups", st.list_lock_groups(o)))
    })
}

async fn detail(
    AxState(sim): AxState<Sim>,
    Path((org, g)): Path<(String, String)>,
    input: Input,
) -> HandlerResult {
    with_org(&sim, input.bearer.as_deref(), READ, &org, |st, _, o, _| {
        Ok(json(StatusCode::OK, st.lock_group_detail(o, &g)?))
    })
}

async fn create(
    AxState(sim): AxState<Sim>,
    Path(org): Path<String>,
    input: Input,
) -> HandlerResult {
    with_org(&sim, input.bearer.as_deref(), WRITE, &org, |st, _, o, _| {
        let p = &input.params;
        Ok(json(
            StatusCode::CREATED,
            st.create_lock_group(o, p.get("name"), p.get("memo"))?,
        ))
    })
}

async fn update(
    AxState(sim): AxState<Sim>,
    Path((org, g)): Path<(String, String)>,
    input: Input,
) -> HandlerResult {
    with_org(&sim, input.bearer.as_deref(), WRITE, &org, |st, _, o, _| {
        let p = &input.params;
        Ok(json(
            StatusCode::CREATED,
            st.update_lock_group(o, &g, p.get("name"), p.get("memo"))?,
        ))
    })
}

async fn delete(
    AxState(sim): AxState<Sim>,
    Path((org, g)): Path<(String, String)>,
    input: Input,
) -> HandlerResult {
    with_org(&sim, input.bearer.as_deref(), WRITE, &org, |st, _, o, _| {
        st.delete_lock_group(o, &g)?;
        Ok(StatusCode::NO_CONTENT.into_response())
    })
}

async fn add_locks(
    AxState(sim): AxState<Sim>,
    Path((org, g)): Path<(String, String)>,
    input: Input,
) -> HandlerResult {
    with_org(&sim, input.bearer.as_deref(), WRITE, &org, |st, _, o, _| {
        Ok(json(
            StatusCode::CREATED,
            st.add_group_locks(o, &g, &input.params.all("lock_ids"))?,
        ))
    })
}

async fn remove_locks(
    AxState(sim): AxState<Sim>,
    Path((org, g)): Path<(String, String)>,
    input: Input,
) -> HandlerResult {
    with_org(&sim, input.bearer.as_deref(), WRITE, &org, |st, _, o, _| {
        st.remove_group_locks(o, &g, &input.params.all("lock_ids"))?;
        Ok(StatusCode::NO_CONTENT.into_response())
    })
}
