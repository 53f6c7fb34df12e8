//! What only lock groups have: delete and membership. The rest is in `groups.rs`.

use reqwest::Method;

use super::groups::{Groups, LockGroupKind};
use crate::error::{Error, Result};
use crate::ids::{LockGroupId, LockId};
use crate::models::LockGroup;
use crate::transport::{decode_object, ApiRequest};

fn lock_ids_form(ids: &[LockId]) -> Result<Vec<(String, String)>> {
    if ids.is_empty() {
        return Err(Error::validation("lock_ids", "choose at least one lock"));
    }
    Ok(ids
        .iter()
        .map(|id| ("lock_ids[]".to_owned(), id.to_string()))
        .collect())
}

impl Groups<'_, LockGroupKind> {
    pub async fn delete(&self, id: &LockGroupId) -> Result<()> {
        let req = ApiRequest::new(Method::DELETE, self.path(&format!("/{id}")));
        self.client.call(req).await?;
        Ok(())
    }

    /// Answers the group with its locks.
    pub async fn add_locks(&self, id: &LockGroupId, locks: &[LockId]) -> Result<LockGroup> {
        let req = ApiRequest::new(Method::POST, self.path(&format!("/{id}/locks")))
            .form(lock_ids_form(locks)?);
        decode_object(&self.client.call(req).await?, "lock_group")
    }

    pub async fn remove_locks(&self, id: &LockGroupId, locks: &[LockId]) -> Result<()> {
        let req = ApiRequest::new(Method::DELETE, self.path(&format!("/{id}/locks")))
            .form(lock_ids_form(locks)?);
        self.client.call(req).await?;
        Ok(())
    }
}
