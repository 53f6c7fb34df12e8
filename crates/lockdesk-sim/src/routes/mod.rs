//! HTTP parsing only: every handler turns a request into a backend call.

pub mod control;
pub mod faults;
pub mod guard;
pub mod oauth;
pub mod params;
pub mod requests;
mod respond;
pub mod v2;
pub mod v3_groups;
pub mod v3_invitations;
pub mod v3_lock_groups;
pub mod v3_locks;
pub mod v3_orgs;
pub mod v3_users;

use axum::extract::DefaultBodyLimit;
use axum::Router;

use crate::backend::groups::GroupKind;
use crate::backend::Sim;
pub use respond::{json, list, with_org, HandlerResult};

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
