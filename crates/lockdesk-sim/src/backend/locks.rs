//! Locks of an organization.

use serde_json::{json, Value};

use super::error::{Result, SimError};
use super::images::ImageInput;
use super::paging::{window, ListQuery};
use super::state::{Lock, State};

pub fn lock_not_found(id: &str) -> SimError {
    SimError::not_found(
        "lock_not_found",
        format!("Lock {id} is not in the organization"),
    )
}

/// `{id, name, image_url}` used in groups and v2.
pub fn lock_brief(l: &Lock) -> Value {
    json!({ "id": l.id, "name": l.name, "image_url": l.image_url })
}

#[derive(Debug, Default)]
pub struct LockUpdate {
    pub name: Option<String>,
    pub image: Option<ImageInput>,
}

impl State {
    pub fn org_lock(&self, org: usize, lock_id: &str) -> Result<&Lock> {
        if !self.orgs[org].lock_ids.iter().any(|l| l == lock_id) {
            return Err(lock_not_found(lock_id));
        }
        self.locks
            .get(lock_id)
            .ok_or_else(|| lock_not_found(lock_id))
    }

    pub fn list_locks(&self, org: usize, q: &ListQuery, filter: &[String]) -> Result<Vec<Value>> {
        let ids = &self.orgs[org].lock_ids;
        let range = window(ids.iter().map(String::as_str), q, || {
            lock_not_found(
                q.id_after
                    .as_deref()
                    .or(q.id_before.as_deref())
                    .unwrap_or(""),
            )
        })?;
        Ok(ids[range]
            .iter()
            .filter(|id| filter.is_empty() || filter.contains(id))
            .filter_map(|id| self.locks.get(id))
            .take(q.limit)
            .map(|l| serde_json::to_value(l).unwrap_or(Value::Null))
            .collect())
    }

    pub fn update_lock(&mut self, org: usize, lock_id: &str, u: &LockUpdate) -> Result<Value> {
        self.org_lock(org, lock_id)?;
        if let Some(name) = &u.name {
            let n = name.chars().count();
            if n == 0 || n > 50 {
                return Err(SimError::invalid_params(
                    "lock_name must be 1 to 50 characters",
                ));
            }
        }
        let image_url = match &u.image {
            Some(i) => Some(self.store_image("lock_image", i)?),
            None => None,
        };
        let lock = self
            .locks
            .get_mut(lock_id)
            .ok_or_else(|| lock_not_found(lock_id))?;
        if let Some(name) = &u.name {
            lock.name = name.clone();
        }
        if let Some(url) = image_url {
            lock.image_url = url;
        }
        Ok(json!({ "lock": lock }))
    }
}
