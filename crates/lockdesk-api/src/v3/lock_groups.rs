use reqwest::Method;

use super::{org_path, Client};
use crate::error::{Error, Result};
use crate::ids::{LockGroupId, LockId, OrganizationId};
use crate::models::LockGroup;
use crate::transport::{decode_list, decode_object, ApiRequest};
use crate::validate;

/// Name and memo of a lock or user group.
#[derive(Clone, Debug, Default)]
pub struct GroupInput {
    pub name: String,
    /// Empty when absent.
    pub memo: Option<String>,
}

impl GroupInput {
    pub(crate) fn form(&self) -> Result<Vec<(String, String)>> {
        validate::non_empty("name", &self.name)?;
        let mut fields = vec![("name".to_owned(), self.name.clone())];
        if let Some(memo) = &self.memo {
            fields.push(("memo".to_owned(), memo.clone()));
        }
        Ok(fields)
    }
}

pub struct LockGroups<'a> {
    client: &'a Client,
    org: &'a OrganizationId,
}

fn lock_ids_form(ids: &[LockId]) -> Result<Vec<(String, String)>> {
    if ids.is_empty() {
        return Err(Error::validation("lock_ids", "choose at least one lock"));
    }
    Ok(ids
        .iter()
        .map(|id| ("lock_ids[]".to_owned(), id.to_string()))
        .collect())
}

impl<'a> LockGroups<'a> {
    pub(crate) fn new(client: &'a Client, org: &'a OrganizationId) -> Self {
        LockGroups { client, org }
    }

    fn path(&self, rest: &str) -> String {
        org_path(self.org, &format!("/lock_groups{rest}"))
    }

    pub async fn list(&self) -> Result<Vec<LockGroup>> {
        let req = ApiRequest::new(Method::GET, self.path("/"));
        decode_list(&self.client.call(req).await?, "lock_groups")
    }

    pub async fn get(&self, id: &LockGroupId) -> Result<LockGroup> {
        let req = ApiRequest::new(Method::GET, self.path(&format!("/{id}")));
        decode_object(&self.client.call(req).await?, "lock_group")
    }

    pub async fn create(&self, input: &GroupInput) -> Result<LockGroup> {
        let req = ApiRequest::new(Method::POST, self.path("")).form(input.form()?);
        decode_object(&self.client.call(req).await?, "lock_group")
    }

    pub async fn update(&self, id: &LockGroupId, input: &GroupInput) -> Result<LockGroup> {
        let req = ApiRequest::new(Method::PUT, self.path(&format!("/{id}"))).form(input.form()?);
        decode_object(&self.client.call(req).await?, "lock_group")
    }

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
