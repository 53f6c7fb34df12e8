//! Lock groups of an organization.

use serde_json::{json, Value};

use super::error::{Result, SimError};
use super::ids;
use super::locks::{lock_brief, lock_not_found};
use super::state::{LockGroup, State};

fn group_not_found(id: &str) -> SimError {
    SimError::not_found(
        "lock_group_not_found",
        format!("Lock group {id} does not exist"),
    )
}

fn summary(g: &LockGroup) -> Value {
    json!({ "id": g.id, "name": g.name, "memo": g.memo })
}

impl State {
    fn lock_group_index(&self, org: usize, id: &str) -> Result<usize> {
        self.orgs[org]
            .lock_groups
            .iter()
            .position(|g| g.id == id)
            .ok_or_else(|| group_not_found(id))
    }

    fn lock_group_full(&self, g: &LockGroup) -> Value {
        let mut v = summary(g);
        v["locks"] = g
            .lock_ids
            .iter()
            .filter_map(|id| self.locks.get(id))
            .map(lock_brief)
            .collect();
        json!({ "lock_group": v })
    }

    pub fn list_lock_groups(&self, org: usize) -> Vec<Value> {
        self.orgs[org].lock_groups.iter().map(summary).collect()
    }

    pub fn lock_group_detail(&self, org: usize, id: &str) -> Result<Value> {
        let g = &self.orgs[org].lock_groups[self.lock_group_index(org, id)?];
        Ok(self.lock_group_full(g))
    }

    pub fn create_lock_group(
        &mut self,
        org: usize,
        name: Option<&str>,
        memo: Option<&str>,
    ) -> Result<Value> {
        let name = name
            .filter(|n| !n.trim().is_empty())
            .ok_or_else(|| SimError::invalid_params_404("name is required"))?;
        let g = LockGroup {
            id: ids::lock_group_id(&mut self.rng),
            name: name.to_string(),
            memo: memo.unwrap_or("").to_string(),
            lock_ids: Vec::new(),
        };
        let v = json!({ "lock_group": summary(&g) });
        self.orgs[org].lock_groups.push(g);
        Ok(v)
    }

    pub fn update_lock_group(
        &mut self,
        org: usize,
        id: &str,
        name: Option<&str>,
        memo: Option<&str>,
    ) -> Result<Value> {
        let i = self.lock_group_index(org, id)?;
        if name.is_some_and(|n| n.trim().is_empty()) {
            return Err(SimError::invalid_params_404("name must not be empty"));
        }
        let g = &mut self.orgs[org].lock_groups[i];
        if let Some(n) = name {
            g.name = n.to_string();
        }
        if let Some(m) = memo {
            g.memo = m.to_string();
        }
        Ok(json!({ "lock_group": summary(g) }))
    }

    pub fn delete_lock_group(&mut self, org: usize, id: &str) -> Result<()> {
        let i = self.lock_group_index(org, id)?;
        self.orgs[org].lock_groups.remove(i);
        Ok(())
    }

    pub fn add_group_locks(&mut self, org: usize, id: &str, lock_ids: &[String]) -> Result<Value> {
        let i = self.lock_group_index(org, id)?;
        if lock_ids.is_empty() {
            return Err(SimError::invalid_params_404("lock_ids is required"));
        }
        for l in lock_ids {
            self.org_lock(org, l)?;
        }
        let max = self.config.max_locks_per_group;
        let g = &mut self.orgs[org].lock_groups[i];
        let mut merged = g.lock_ids.clone();
        for l in lock_ids {
            if !merged.contains(l) {
                merged.push(l.clone());
            }
        }
        if merged.len() > max {
            return Err(SimError::not_allowed(format!(
                "A lock group can hold at most {max} locks"
            )));
        }
        g.lock_ids = merged;
        let g = g.clone();
        Ok(self.lock_group_full(&g))
    }

    pub fn remove_group_locks(&mut self, org: usize, id: &str, lock_ids: &[String]) -> Result<()> {
        let i = self.lock_group_index(org, id)?;
        if lock_ids.is_empty() {
            return Err(SimError::invalid_params_404("lock_ids is required"));
        }
        for l in lock_ids {
            if !self.orgs[org].lock_ids.contains(l) {
                return Err(lock_not_found(l));
            }
        }
        self.orgs[org].lock_groups[i]
            .lock_ids
            .retain(|l| !lock_ids.contains(l));
        Ok(())
    }
}
