//! The v3 `Client` (its session and transport, and the call that renews the token once) and
//! `org_path`, which every resource handler uses; mod.rs, which hands out the handlers, uses
//! the handlers.

use std::sync::Arc;

use crate::error::Result;
use crate::ids::OrganizationId;
use crate::session::Session;
use crate::transport::{ApiRequest, ApiResponse, Transport};

/// The v3 client. Cheap to clone; all clones share one session.
#[derive(Clone, Debug)]
pub struct Client {
    transport: Transport,
    session: Arc<Session>,
}

impl Client {
    pub fn new(session: Arc<Session>) -> Client {
        Client {
            transport: session.oauth().transport().clone(),
            session,
        }
    }

    pub fn session(&self) -> &Arc<Session> {
        &self.session
    }

    pub(crate) async fn call(&self, req: ApiRequest) -> Result<ApiResponse> {
        let req = &req;
        self.session
            .with_token(
                |token| async move { self.transport.execute(req, Some(&token), None).await },
            )
            .await
    }
}

pub(crate) fn org_path(org: &OrganizationId, rest: &str) -> String {
    format!("/v3/organizations/{}{rest}", org.as_str())
}
