//! `/v3/organizations/{org}/user_groups`

use axum::extract::{Path, State as AxState};
use axum::http::StatusCode;
use axum::routing::get;
use axum::Router;

use super::params::Input;
use super::{json, list, with_org, HandlerResult};
use crate::backend::Sim;

const READ: &str = "organization:user_group:read";
const WRITE: &str = "organization:user_group:write";

pub fn router() -> Router<Sim> {
    Router::new()
        .route(
            "/v3/organizations/{org}/user_groups",
            get(list_groups).post(create),
        )
        .route(
            "/v3/organizations/{org}/user_groups/",
            get(list_groups).post(create),
        )
        .route(
            "/v3/organizations/{org}/user_groups/{group}",
            get(detail).put(update),
        )
}

async fn list_groups(
    AxState(sim): AxState<Sim>,
    Path(org): Path<String>,
    input: Input,
) -> HandlerResult {
    with_org(&sim, input.bearer.as_deref(), READ, &org, |st, _, o, _| {
        Ok(list("user_groups", st.list_user_groups(o)))
    })
}

async fn detail(
    AxState(sim): AxState<Sim>,
    Path((org, g)): Path<(String, String)>,
    input: Input,
) -> HandlerResult {
    with_org(&sim, input.bearer.as_deref(), READ, &org, |st, _, o, _| {
        Ok(json(StatusCode::OK, st.user_group_detail(o, &g)?))
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
            st.create_user_group(o, p.get("name"), p.get("memo"))?,
        ))
    })
}

/// Scope and status are not shown in the spec: `organization:user_group:write`, 201.
async fn update(
    AxState(sim): AxState<Sim>,
    Path((org, g)): Path<(String, String)>,
    input: Input,
) -> HandlerResult {
    with_org(&sim, input.bearer.as_deref(), WRITE, &org, |st, _, o, _| {
        let p = &input.params;
        Ok(json(
            StatusCode::CREATED,
            st.update_user_group(o, &g, p.get("name"), p.get("memo"))?,
        ))
    })
}
