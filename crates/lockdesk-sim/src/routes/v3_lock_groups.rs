//! `/v3/organizations/{org}/lock_groups/{group}/locks`: membership, documented for lock groups
//! only. The other group endpoints are in `v3_groups.rs`.

use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::post;
use axum::{Extension, Router};

use super::respond::{json, HandlerResult};
use super::v3_groups::GroupCall;
use crate::backend::groups::GroupKind;
use crate::backend::Sim;

pub fn router() -> Router<Sim> {
    Router::new()
        .route(
            "/v3/organizations/{org}/lock_groups/{group}/locks",
            post(add_locks).delete(remove_locks),
        )
        .layer(Extension(GroupKind::Lock))
}

async fn add_locks(c: GroupCall) -> HandlerResult {
    let lock_ids = c.input.params.all("lock_ids");
    c.run("write", |st, o| {
        let group = st.add_group_locks(o, &c.group, &lock_ids)?;
        Ok(json(StatusCode::CREATED, group))
    })
}

async fn remove_locks(c: GroupCall) -> HandlerResult {
    let lock_ids = c.input.params.all("lock_ids");
    c.run("write", |st, o| {
        st.remove_group_locks(o, &c.group, &lock_ids)?;
        Ok(StatusCode::NO_CONTENT.into_response())
    })
}
