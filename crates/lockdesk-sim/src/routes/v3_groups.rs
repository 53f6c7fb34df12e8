//! `/v3/organizations/{org}/lock_groups` and `/user_groups`: one router, a [`GroupKind`] each.
//! Membership endpoints of lock groups are in `v3_lock_groups.rs`.

use std::collections::HashMap;

use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, MethodRouter};
use axum::{Extension, Router};

use super::params::Input;
use super::respond::{json, list, with_org, HandlerResult};
use crate::backend::groups::GroupKind;
use crate::backend::{Result, Sim, SimError, State};

pub fn router(kind: GroupKind) -> Router<Sim> {
    let base = format!("/v3/organizations/{{org}}/{}", kind.plural());
    let mut one: MethodRouter<Sim> = get(detail).put(update);
    if kind.has_delete_and_membership() {
        one = one.delete(delete);
    }
    Router::new()
        .route(&base, get(list_groups).post(create))
        .route(&format!("{base}/"), get(list_groups).post(create))
        .route(&format!("{base}/{{group}}"), one)
        .layer(Extension(kind))
}

/// A request to a group endpoint: which kind (from the router's layer), the path's ids and the
/// caller's token and parameters.
pub struct GroupCall {
    sim: Sim,
    pub kind: GroupKind,
    org: String,
    /// Empty on the collection paths.
    pub group: String,
    pub input: Input,
}

impl FromRequest<Sim> for GroupCall {
    type Rejection = SimError;

    async fn from_request(req: Request, sim: &Sim) -> Result<Self> {
        let (mut parts, body) = req.into_parts();
        let kind = *parts
            .extensions
            .get::<GroupKind>()
            .expect("group routes carry their kind");
        let Path(mut ids) = Path::<HashMap<String, String>>::from_request_parts(&mut parts, sim)
            .await
            .map_err(|e| SimError::invalid_params(e.to_string()))?;
        let input = Input::from_request(Request::from_parts(parts, body), sim).await?;
        Ok(GroupCall {
            sim: sim.clone(),
            kind,
            org: ids.remove("org").unwrap_or_default(),
            group: ids.remove("group").unwrap_or_default(),
            input,
        })
    }
}

impl GroupCall {
    /// `f` with the organization's index, under the kind's `read` or `write` scope.
    pub fn run(
        &self,
        access: &str,
        f: impl FnOnce(&mut State, usize) -> Result<Response>,
    ) -> HandlerResult {
        let scope = self.kind.scope(access);
        let bearer = self.input.bearer.as_deref();
        with_org(&self.sim, bearer, &scope, &self.org, |st, _, o, _| f(st, o))
    }

    fn param(&self, name: &str) -> Option<&str> {
        self.input.params.get(name)
    }
}

async fn list_groups(c: GroupCall) -> HandlerResult {
    c.run("read", |st, o| {
        Ok(list(&c.kind.plural(), st.list_groups(c.kind, o)))
    })
}

async fn detail(c: GroupCall) -> HandlerResult {
    c.run("read", |st, o| {
        Ok(json(StatusCode::OK, st.group_detail(c.kind, o, &c.group)?))
    })
}

async fn create(c: GroupCall) -> HandlerResult {
    c.run("write", |st, o| {
        let created = st.create_group(c.kind, o, c.param("name"), c.param("memo"))?;
        Ok(json(StatusCode::CREATED, created))
    })
}

/// 201, as documented for lock groups; not shown for user groups, answered alike.
async fn update(c: GroupCall) -> HandlerResult {
    c.run("write", |st, o| {
        let updated = st.update_group(c.kind, o, &c.group, c.param("name"), c.param("memo"))?;
        Ok(json(StatusCode::CREATED, updated))
    })
}

async fn delete(c: GroupCall) -> HandlerResult {
    c.run("write", |st, o| {
        st.delete_group(c.kind, o, &c.group)?;
        Ok(StatusCode::NO_CONTENT.into_response())
    })
}
