//! Lock groups and user groups, and their members.

use lockdesk_api::models::{LockGroup, LockSummary, UserGroup, UserSummary};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MemberView {
    pub id: String,
    pub name: Option<String>,
    pub image_url: Option<String>,
}

impl From<&LockSummary> for MemberView {
    fn from(s: &LockSummary) -> Self {
        MemberView {
            id: s.id.clone(),
            name: s.name.clone(),
            image_url: s.image_url.clone(),
        }
    }
}

impl From<&UserSummary> for MemberView {
    fn from(s: &UserSummary) -> Self {
        MemberView {
            id: s.id.clone(),
            name: s.name.clone(),
            image_url: s.image_url.clone(),
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LockGroupView {
    pub id: String,
    pub name: String,
    pub memo: String,
    /// Only in detail answers.
    pub locks: Option<Vec<MemberView>>,
}

impl From<&LockGroup> for LockGroupView {
    fn from(g: &LockGroup) -> Self {
        LockGroupView {
            id: g.id.clone(),
            name: g.name.clone().unwrap_or_default(),
            memo: g.memo.clone().unwrap_or_default(),
            locks: g.locks.as_ref().map(|l| l.iter().map(Into::into).collect()),
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UserGroupView {
    pub id: String,
    pub name: String,
    pub memo: String,
    /// Only in detail answers.
    pub users: Option<Vec<MemberView>>,
}

impl From<&UserGroup> for UserGroupView {
    fn from(g: &UserGroup) -> Self {
        UserGroupView {
            id: g.id.clone(),
            name: g.name.clone().unwrap_or_default(),
            memo: g.memo.clone().unwrap_or_default(),
            users: g.users.as_ref().map(|l| l.iter().map(Into::into).collect()),
        }
    }
}
