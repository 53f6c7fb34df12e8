//! `/v3/organizations/{org}/user_invitations`

use axum::extract::{Path, State as AxState};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

use super::params::Input;
use super::respond::{list, with_org, HandlerResult};
use crate::backend::clock::parse_iso;
use crate::backend::invitations::InvitationFilter;
use crate::backend::{Sim, SimError};

pub fn router() -> Router<Sim> {
    Router::new()
        .route(
            "/v3/organizations/{org}/user_invitations",
            get(list_invitations).post(create),
        )
        .route(
            "/v3/organizations/{org}/user_invitations/",
            get(list_invitations).post(create),
        )
}

async fn list_invitations(
    AxState(sim): AxState<Sim>,
    Path(org): Path<String>,
    input: Input,
) -> HandlerResult {
    with_org(
        &sim,
        input.bearer.as_deref(),
        "organization:user:read",
        &org,
        |st, _, o, _| {
            let p = &input.params;
            let q = p.list_query()?;
            let time = |name: &str| -> Result<_, SimError> {
                match p.get(name) {
                    None => Ok(None),
                    Some(s) => parse_iso(s).map(Some).ok_or_else(|| {
                        SimError::invalid_params(format!("{name} must be an ISO 8601 timestamp"))
                    }),
                }
            };
            let status = p.string("invitation_status").filter(|s| !s.is_empty());
            if status
                .as_deref()
                .is_some_and(|s| s != "active" && s != "expired")
            {
                return Err(SimError::invalid_params(
                    "invitation_status must be active or expired",
                ));
            }
            let f = InvitationFilter {
                status,
                limit: q.limit,
                issued_after: time("issued_after")?,
                issued_before: time("issued_before")?,
            };
            Ok(list("user_invitations", st.list_invitations(o, &f)))
        },
    )
}

/// Invitation creation has no `not_in_organization`: a non-member gets `insufficient_authority`.
async fn create(
    AxState(sim): AxState<Sim>,
    Path(org): Path<String>,
    input: Input,
) -> HandlerResult {
    let result = with_org(
        &sim,
        input.bearer.as_deref(),
        "organization:user:write",
        &org,
        |st, _, o, _| {
            let p = &input.params;
            st.create_invitation(
                o,
                p.get("user_mail"),
                p.get("user_authority"),
                p.get("user_code"),
            )?;
            Ok(StatusCode::NO_CONTENT.into_response())
        },
    );
    result.map_err(|e| {
        if e.code == "not_in_organization" {
            SimError::insufficient_authority("The token owner is not a manager of the organization")
        } else {
            e
        }
    })
}
