//! Lock groups and user groups of an organization, written once for both [`GroupKind`]s.
//! Membership changes exist for lock groups only (`lock_groups.rs`).

use rand::rngs::StdRng;
use serde_json::{json, Value};

use super::error::{Result, SimError};
use super::ids;
use super::locks::lock_brief;
use super::state::{Group, Org, State};

/// Which groups: what tells them apart is data here, the rules below are one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupKind {
    Lock,
    User,
}

impl GroupKind {
    /// Object key of one group, stem of its path, scopes and not-found code: `lock_group`.
    pub fn key(self) -> &'static str {
        match self {
            GroupKind::Lock => "lock_group",
            GroupKind::User => "user_group",
        }
    }

    /// Key of the member list in detail answers, and the membership path segment: `locks`.
    pub fn members(self) -> &'static str {
        match self {
            GroupKind::Lock => "locks",
            GroupKind::User => "users",
        }
    }

    /// Path segment and list key: `lock_groups`.
    pub fn plural(self) -> String {
        format!("{}s", self.key())
    }

    /// `organization:lock_group:read` or `…:write`. The spec does not show user-group
    /// update's scope: it takes the write scope, as lock-group update does.
    pub fn scope(self, access: &str) -> String {
        format!("organization:{}:{access}", self.key())
    }

    /// `DELETE .../{id}` and the membership endpoints are documented for lock groups only.
    pub fn has_delete_and_membership(self) -> bool {
        self == GroupKind::Lock
    }

    fn new_id(self, rng: &mut StdRng) -> String {
        match self {
            GroupKind::Lock => ids::lock_group_id(rng),
            GroupKind::User => ids::user_group_id(rng),
        }
    }

    pub(super) fn groups(self, org: &Org) -> &Vec<Group> {
        match self {
            GroupKind::Lock => &org.lock_groups,
            GroupKind::User => &org.user_groups,
        }
    }

    fn groups_mut(self, org: &mut Org) -> &mut Vec<Group> {
        match self {
            GroupKind::Lock => &mut org.lock_groups,
            GroupKind::User => &mut org.user_groups,
        }
    }

    /// `{id, name, image_url}` of a member, `None` when it is gone.
    fn member(self, state: &State, id: &str) -> Option<Value> {
        match self {
            GroupKind::Lock => state.locks.get(id).map(lock_brief),
            GroupKind::User => state
                .user(id)
                .map(|u| json!({ "id": u.id, "name": u.name, "image_url": u.image_url })),
        }
    }
}

fn not_found(kind: GroupKind, id: &str) -> SimError {
    SimError::not_found(
        &format!("{}_not_found", kind.key()),
        format!("{} {id} does not exist", noun(kind)),
    )
}

/// `Lock group`
fn noun(kind: GroupKind) -> String {
    let key = kind.key().replace('_', " ");
    key[..1].to_uppercase() + &key[1..]
}

fn summary(g: &Group) -> Value {
    json!({ "id": g.id, "name": g.name, "memo": g.memo })
}

/// `{KEY: {id, name, memo}}`
fn answer(kind: GroupKind, g: &Group) -> Value {
    json!({ kind.key(): summary(g) })
}

impl State {
    pub(super) fn group_index(&self, kind: GroupKind, org: usize, id: &str) -> Result<usize> {
        kind.groups(&self.orgs[org])
            .iter()
            .position(|g| g.id == id)
            .ok_or_else(|| not_found(kind, id))
    }

    /// `{KEY: {id, name, memo, MEMBERS: [{id, name, image_url}]}}`
    pub(super) fn group_full(&self, kind: GroupKind, g: &Group) -> Value {
        let mut v = summary(g);
        v[kind.members()] = g
            .member_ids
            .iter()
            .filter_map(|id| kind.member(self, id))
            .collect();
        json!({ kind.key(): v })
    }

    pub fn list_groups(&self, kind: GroupKind, org: usize) -> Vec<Value> {
        kind.groups(&self.orgs[org]).iter().map(summary).collect()
    }

    pub fn group_detail(&self, kind: GroupKind, org: usize, id: &str) -> Result<Value> {
        let g = &kind.groups(&self.orgs[org])[self.group_index(kind, org, id)?];
        Ok(self.group_full(kind, g))
    }

    pub fn create_group(
        &mut self,
        kind: GroupKind,
        org: usize,
        name: Option<&str>,
        memo: Option<&str>,
    ) -> Result<Value> {
        let name = name
            .filter(|n| !n.trim().is_empty())
            .ok_or_else(|| SimError::invalid_params_404("name is required"))?;
        let g = Group {
            id: kind.new_id(&mut self.rng),
            name: name.to_string(),
            memo: memo.unwrap_or("").to_string(),
            member_ids: Vec::new(),
        };
        let v = answer(kind, &g);
        kind.groups_mut(&mut self.orgs[org]).push(g);
        Ok(v)
    }

    /// An absent name or memo is kept; a blank name is refused.
    pub fn update_group(
        &mut self,
        kind: GroupKind,
        org: usize,
        id: &str,
        name: Option<&str>,
        memo: Option<&str>,
    ) -> Result<Value> {
        let i = self.group_index(kind, org, id)?;
        if name.is_some_and(|n| n.trim().is_empty()) {
            return Err(SimError::invalid_params_404("name must not be empty"));
        }
        let g = &mut kind.groups_mut(&mut self.orgs[org])[i];
        if let Some(n) = name {
            g.name = n.to_string();
        }
        if let Some(m) = memo {
            g.memo = m.to_string();
        }
        Ok(answer(kind, g))
    }

    pub fn delete_group(&mut self, kind: GroupKind, org: usize, id: &str) -> Result<()> {
        let i = self.group_index(kind, org, id)?;
        kind.groups_mut(&mut self.orgs[org]).remove(i);
        Ok(())
    }
}
