//! User groups of an organization.

use serde_json::{json, Value};

use super::error::{Result, SimError};
use super::ids;
use super::state::{State, UserGroup};

fn group_not_found(id: &str) -> SimError {
    SimError::not_found(
        "user_group_not_found",
        format!("User group {id} does not exist"),
    )
}

fn summary(g: &UserGroup) -> Value {
    json!({ "id": g.id, "name": g.name, "memo": g.memo })
}

impl State {
    fn user_group_index(&self, org: usize, id: &str) -> Result<usize> {
        self.orgs[org]
            .user_groups
            .iter()
            .position(|g| g.id == id)
            .ok_or_else(|| group_not_found(id))
    }

    pub fn list_user_groups(&self, org: usize) -> Vec<Value> {
        self.orgs[org].user_groups.iter().map(summary).collect()
    }

    pub fn user_group_detail(&self, org: usize, id: &str) -> Result<Value> {
        let g = &self.orgs[org].user_groups[self.user_group_index(org, id)?];
        let mut v = summary(g);
        v["users"] = g
            .user_ids
            .iter()
            .filter_map(|u| self.user(u))
            .map(|u| json!({ "id": u.id, "name": u.name, "image_url": u.image_url }))
            .collect();
        Ok(json!({ "user_group": v }))
    }

    pub fn create_user_group(
        &mut self,
        org: usize,
        name: Option<&str>,
        memo: Option<&str>,
    ) -> Result<Value> {
        let name = name
            .filter(|n| !n.trim().is_empty())
            .ok_or_else(|| SimError::invalid_params_404("name is required"))?;
        let g = UserGroup {
            id: ids::user_group_id(&mut self.rng),
            name: name.to_string(),
            memo: memo.unwrap_or("").to_string(),
            user_ids: Vec::new(),
        };
        let v = json!({ "user_group": summary(&g) });
        self.orgs[org].user_groups.push(g);
        Ok(v)
    }

    pub fn update_user_group(
        &mut self,
        org: usize,
        id: &str,
        name: Option<&str>,
        memo: Option<&str>,
    ) -> Result<Value> {
        let i = self.user_group_index(org, id)?;
        if name.is_some_and(|n| n.trim().is_empty()) {
            return Err(SimError::invalid_params_404("name must not be empty"));
        }
        let g = &mut self.orgs[org].user_groups[i];
        if let Some(n) = name {
            g.name = n.to_string();
        }
        if let Some(m) = memo {
            g.memo = m.to_string();
        }
        Ok(json!({ "user_group": summary(g) }))
    }
}
