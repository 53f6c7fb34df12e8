//! Organizations and the per-organization role check.

use serde_json::{json, Value};

use super::error::{Result, SimError};
use super::oauth::Caller;
use super::paging::{window, ListQuery};
use super::state::{Authority, State};

impl State {
    /// organization exists (404) → caller belongs (403) → caller is at least manager (403).
    pub fn org_ctx(&self, caller: &Caller, org_id: &str) -> Result<(usize, Authority)> {
        let idx = self.org_index(org_id).ok_or_else(|| {
            SimError::not_found(
                "organization_not_found",
                format!("Organization {org_id} does not exist"),
            )
        })?;
        let member = self.orgs[idx].member(&caller.user_id).ok_or_else(|| {
            SimError::new(
                axum::http::StatusCode::FORBIDDEN,
                "not_in_organization",
                "The token owner does not belong to the organization",
            )
        })?;
        if member.authority < Authority::Manager {
            return Err(SimError::insufficient_authority(
                "The token owner is not a manager of the organization",
            ));
        }
        Ok((idx, member.authority))
    }

    /// Organizations of the token owner, in join order.
    pub fn list_orgs(&self, caller: &Caller, q: &ListQuery) -> Result<Vec<Value>> {
        let mine: Vec<&str> = self
            .orgs
            .iter()
            .filter(|o| o.member(&caller.user_id).is_some())
            .map(|o| o.id.as_str())
            .collect();
        // The organization list has no not-found error: an unknown bound gives an empty list.
        let range = match window(mine.iter().copied(), q, || SimError::invalid_params("")) {
            Ok(r) => r,
            Err(_) => return Ok(Vec::new()),
        };
        Ok(mine[range]
            .iter()
            .take(q.limit)
            .map(|id| json!({ "id": id }))
            .collect())
    }

    pub fn org_detail(&self, idx: usize) -> Value {
        let o = &self.orgs[idx];
        json!({ "organization": { "id": o.id, "name": o.name } })
    }
}
