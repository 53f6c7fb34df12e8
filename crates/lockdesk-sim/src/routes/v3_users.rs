//! `/v3/organizations/{org}/users`

use axum::extract::{Path, State as AxState};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

use super::params::{Input, Params};
use super::respond::{json, list, with_org, HandlerResult};
use crate::backend::users::{UserFilter, UserInput};
use crate::backend::{Sim, SimError};

const READ: &str = "organization:user:read";
const WRITE: &str = "organization:user:write";

pub fn router() -> Router<Sim> {
    Router::new()
        .route(
            "/v3/organizations/{org}/users",
            get(list_users).post(register),
        )
        .route(
            "/v3/organizations/{org}/users/",
            get(list_users).post(register),
        )
        .route(
            "/v3/organizations/{org}/users/{user}",
            get(detail).put(update).delete(remove),
        )
}

fn user_input(p: &Params) -> UserInput {
    UserInput {
        user_id: p.string("user_id").filter(|s| !s.is_empty()),
        name: p.string("user_name"),
        mail: p.string("user_mail"),
        image: p.image("user_image"),
        authority: p.string("user_authority"),
        code: p.string("user_code"),
    }
}

async fn list_users(
    AxState(sim): AxState<Sim>,
    Path(org): Path<String>,
    input: Input,
) -> HandlerResult {
    with_org(&sim, input.bearer.as_deref(), READ, &org, |st, _, o, _| {
        let p = &input.params;
        let q = p.list_query()?;
        let include_datetime = match p.get("include_datetime") {
            None | Some("false") => false,
            Some("true") => true,
            Some(_) => {
                return Err(SimError::invalid_params(
                    "include_datetime must be true or false",
                ))
            }
        };
        let f = UserFilter {
            code: p.string("user_code").filter(|s| !s.is_empty()),
            mail: p.string("user_mail").filter(|s| !s.is_empty()),
            include_datetime,
        };
        Ok(list("users", st.list_users(o, &q, &f)?))
    })
}

async fn detail(
    AxState(sim): AxState<Sim>,
    Path((org, u)): Path<(String, String)>,
    input: Input,
) -> HandlerResult {
    with_org(&sim, input.bearer.as_deref(), READ, &org, |st, _, o, _| {
        Ok(json(StatusCode::OK, st.user_detail(o, &u)?))
    })
}

async fn register(
    AxState(sim): AxState<Sim>,
    Path(org): Path<String>,
    input: Input,
) -> HandlerResult {
    with_org(&sim, input.bearer.as_deref(), WRITE, &org, |st, _, o, _| {
        Ok(json(
            StatusCode::CREATED,
            st.register_user(o, &user_input(&input.params))?,
        ))
    })
}

async fn update(
    AxState(sim): AxState<Sim>,
    Path((org, u)): Path<(String, String)>,
    input: Input,
) -> HandlerResult {
    with_org(
        &sim,
        input.bearer.as_deref(),
        WRITE,
        &org,
        |st, caller, o, role| {
            Ok(json(
                StatusCode::CREATED,
                st.update_user(o, caller, role, &u, &user_input(&input.params))?,
            ))
        },
    )
}

async fn remove(
    AxState(sim): AxState<Sim>,
    Path((org, u)): Path<(String, String)>,
    input: Input,
) -> HandlerResult {
    with_org(
        &sim,
        input.bearer.as_deref(),
        WRITE,
        &org,
        |st, caller, o, _| {
            st.remove_user(o, caller, &u)?;
            Ok(StatusCode::NO_CONTENT.into_response())
        },
    )
}
