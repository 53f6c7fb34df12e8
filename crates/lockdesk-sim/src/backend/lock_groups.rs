//! Membership of lock groups (documented for lock groups only); the rest is in `groups.rs`.

use serde_json::Value;

use super::error::{Result, SimError};
use super::groups::GroupKind;
use super::locks::lock_not_found;
use super::state::State;

fn require_lock_ids(lock_ids: &[String]) -> Result<()> {
    if lock_ids.is_empty() {
        return Err(SimError::invalid_params_404("lock_ids is required"));
    }
    Ok(())
}

impl State {
    pub fn add_group_locks(&mut self, org: usize, id: &str, lock_ids: &[String]) -> Result<Value> {
        let i = self.group_index(GroupKind::Lock, org, id)?;
        require_lock_ids(lock_ids)?;
        for l in lock_ids {
            self.org_lock(org, l)?;
        }
        let max = self.config.max_locks_per_group;
        let g = &mut self.orgs[org].lock_groups[i];
        let mut merged = g.member_ids.clone();
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
        g.member_ids = merged;
        let g = g.clone();
        Ok(self.group_full(GroupKind::Lock, &g))
    }

    pub fn remove_group_locks(&mut self, org: usize, id: &str, lock_ids: &[String]) -> Result<()> {
        let i = self.group_index(GroupKind::Lock, org, id)?;
        require_lock_ids(lock_ids)?;
        for l in lock_ids {
            if !self.orgs[org].lock_ids.contains(l) {
                return Err(lock_not_found(l));
            }
        }
        self.orgs[org].lock_groups[i]
            .member_ids
            .retain(|l| !lock_ids.contains(l));
        Ok(())
    }
}
