//! Lock groups and user groups: one handler, [`Groups`], for both [`GroupKind`]s. What only lock
//! groups have (delete, membership) is in `lock_groups.rs`.

use std::fmt::Display;
use std::marker::PhantomData;
use std::str::FromStr;

use reqwest::Method;
use serde::de::DeserializeOwned;

use super::client::{org_path, Client};
use crate::error::{Error, Result};
use crate::ids::{LockGroupId, OrganizationId, UserGroupId};
use crate::models::{LockGroup, UserGroup};
use crate::transport::{decode_list, decode_object, ApiRequest};
use crate::validate;

/// What tells lock groups and user groups apart in the interface.
pub trait GroupKind {
    /// Typed id of one group.
    type Id: Display + FromStr<Err = Error>;
    /// One group as the service answers it.
    type Group: DeserializeOwned;
    /// Key of one group in answers: `lock_group`.
    const KEY: &'static str;
    /// Path segment and list key: `lock_groups`.
    const PLURAL: &'static str;
    const READ_SCOPE: &'static str;
    const WRITE_SCOPE: &'static str;

    /// The group's name and memo.
    fn name_and_memo(group: &Self::Group) -> (Option<&str>, Option<&str>);
    /// The group's id as the service wrote it.
    fn id_of(group: &Self::Group) -> &str;
}

macro_rules! group_kind {
    ($(#[$doc:meta])* $kind:ident, $id:ty, $group:ty, $key:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $kind;

        impl GroupKind for $kind {
            type Id = $id;
            type Group = $group;
            const KEY: &'static str = $key;
            const PLURAL: &'static str = concat!($key, "s");
            const READ_SCOPE: &'static str = concat!("organization:", $key, ":read");
            const WRITE_SCOPE: &'static str = concat!("organization:", $key, ":write");

            fn name_and_memo(group: &$group) -> (Option<&str>, Option<&str>) {
                (group.name.as_deref(), group.memo.as_deref())
            }

            fn id_of(group: &$group) -> &str {
                &group.id
            }
        }
    };
}

group_kind!(
    /// `/lock_groups`: also delete and membership ([`Groups::add_locks`]).
    LockGroupKind, LockGroupId, LockGroup, "lock_group"
);
group_kind!(
    /// `/user_groups`: list, detail, create, update.
    UserGroupKind, UserGroupId, UserGroup, "user_group"
);

pub type LockGroups<'a> = Groups<'a, LockGroupKind>;
pub type UserGroups<'a> = Groups<'a, UserGroupKind>;

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

/// The groups of one kind in one organization.
pub struct Groups<'a, K> {
    pub(super) client: &'a Client,
    org: &'a OrganizationId,
    kind: PhantomData<K>,
}

impl<'a, K: GroupKind> Groups<'a, K> {
    pub(crate) fn new(client: &'a Client, org: &'a OrganizationId) -> Self {
        Groups {
            client,
            org,
            kind: PhantomData,
        }
    }

    pub(super) fn path(&self, rest: &str) -> String {
        org_path(self.org, &format!("/{}{rest}", K::PLURAL))
    }

    pub async fn list(&self) -> Result<Vec<K::Group>> {
        let req = ApiRequest::new(Method::GET, self.path("/"));
        decode_list(&self.client.call(req).await?, K::PLURAL)
    }

    pub async fn get(&self, id: &K::Id) -> Result<K::Group> {
        let req = ApiRequest::new(Method::GET, self.path(&format!("/{id}")));
        decode_object(&self.client.call(req).await?, K::KEY)
    }

    pub async fn create(&self, input: &GroupInput) -> Result<K::Group> {
        let req = ApiRequest::new(Method::POST, self.path("")).form(input.form()?);
        decode_object(&self.client.call(req).await?, K::KEY)
    }

    /// The service takes name and memo together. User-group update's success status is not
    /// documented: any 2xx is taken, and the group is read back when the answer has no body.
    pub async fn update(&self, id: &K::Id, input: &GroupInput) -> Result<K::Group> {
        let req = ApiRequest::new(Method::PUT, self.path(&format!("/{id}"))).form(input.form()?);
        let resp = self.client.call(req).await?;
        if resp.body.iter().all(u8::is_ascii_whitespace) {
            return self.get(id).await;
        }
        decode_object(&resp, K::KEY)
    }
}
