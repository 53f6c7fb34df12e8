//! `/v3/organizations`

use axum::extract::{Path, State as AxState};
use axum::http::StatusCode;
use axum::routing::get;
use axum::Router;

use super::params::Input;
use super::respond::{json, list, with_org, HandlerResult};
use crate::backend::Sim;

pub fn router() -> Router<Sim> {
    Router::new()
        .route("/v3/organizations", get(list_orgs))
        .route("/v3/organizations/", get(list_orgs))
        .route("/v3/organizations/{org}", get(detail))
}

async fn list_orgs(AxState(sim): AxState<Sim>, input: Input) -> HandlerResult {
    let st = sim.lock();
    let caller = st.auth_v3(input.bearer.as_deref(), "account:organization:read")?;
    let q = input.params.list_query()?;
    Ok(list("organizations", st.list_orgs(&caller, &q)?))
}

async fn detail(
    AxState(sim): AxState<Sim>,
    Path(org): Path<String>,
    input: Input,
) -> HandlerResult {
    with_org(
        &sim,
        input.bearer.as_deref(),
        "organization:read",
        &org,
        |st, _, o, _| Ok(json(StatusCode::OK, st.org_detail(o))),
    )
}
