//! Lock groups: list, detail, create, update, delete, add and remove locks.

use lockdesk_api::ids::{LockGroupId, LockId};
use lockdesk_api::v3::GroupInput;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{AppContext, Done, LockGroupView, NoArgs};
use crate::error::Result;

const READ: &str = "organization:lock_group:read";
const WRITE: &str = "organization:lock_group:write";

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct LockGroupsListResponse {
    pub lock_groups: Vec<LockGroupView>,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct LockGroupIdRequest {
    pub lock_group_id: String,
}

/// Name and memo of a new lock or user group.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct GroupInputRequest {
    pub name: String,
    #[serde(default)]
    #[ts(optional)]
    pub memo: Option<String>,
}

impl GroupInputRequest {
    pub(crate) fn input(&self) -> GroupInput {
        GroupInput {
            name: self.name.trim().to_owned(),
            memo: self.memo.clone(),
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct LockGroupsUpdateRequest {
    pub lock_group_id: String,
    pub name: String,
    #[serde(default)]
    #[ts(optional)]
    pub memo: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct LockGroupLocksRequest {
    pub lock_group_id: String,
    pub lock_ids: Vec<String>,
}

fn gid(s: &str) -> Result<LockGroupId> {
    Ok(LockGroupId::parse(s.trim())?)
}

pub async fn lock_groups_list(ctx: &AppContext, _req: NoArgs) -> Result<LockGroupsListResponse> {
    let (client, org) = ctx.org().await?;
    let groups = client
        .org(&org)
        .lock_groups()
        .list()
        .await
        .map_err(ctx.scoped(READ))?;
    Ok(LockGroupsListResponse {
        lock_groups: groups.iter().map(Into::into).collect(),
    })
}

pub async fn lock_groups_get(ctx: &AppContext, req: LockGroupIdRequest) -> Result<LockGroupView> {
    let (client, org) = ctx.org().await?;
    let g = client
        .org(&org)
        .lock_groups()
        .get(&gid(&req.lock_group_id)?)
        .await
        .map_err(ctx.scoped(READ))?;
    Ok((&g).into())
}

pub async fn lock_groups_create(ctx: &AppContext, req: GroupInputRequest) -> Result<LockGroupView> {
    let (client, org) = ctx.org().await?;
    let g = client
        .org(&org)
        .lock_groups()
        .create(&req.input())
        .await
        .map_err(ctx.scoped(WRITE))?;
    Ok((&g).into())
}

pub async fn lock_groups_update(
    ctx: &AppContext,
    req: LockGroupsUpdateRequest,
) -> Result<LockGroupView> {
    let (client, org) = ctx.org().await?;
    let input = GroupInputRequest {
        name: req.name,
        memo: req.memo,
    }
    .input();
    let g = client
        .org(&org)
        .lock_groups()
        .update(&gid(&req.lock_group_id)?, &input)
        .await
        .map_err(ctx.scoped(WRITE))?;
    Ok((&g).into())
}

pub async fn lock_groups_delete(ctx: &AppContext, req: LockGroupIdRequest) -> Result<Done> {
    let (client, org) = ctx.org().await?;
    client
        .org(&org)
        .lock_groups()
        .delete(&gid(&req.lock_group_id)?)
        .await
        .map_err(ctx.scoped(WRITE))?;
    Ok(Done::ok())
}

fn lock_ids(ids: &[String]) -> Result<Vec<LockId>> {
    ids.iter().map(|i| Ok(LockId::parse(i.trim())?)).collect()
}

pub async fn lock_groups_add_locks(
    ctx: &AppContext,
    req: LockGroupLocksRequest,
) -> Result<LockGroupView> {
    let (client, org) = ctx.org().await?;
    let g = client
        .org(&org)
        .lock_groups()
        .add_locks(&gid(&req.lock_group_id)?, &lock_ids(&req.lock_ids)?)
        .await
        .map_err(ctx.scoped(WRITE))?;
    Ok((&g).into())
}

/// Removes the locks, then answers the group as it now is.
pub async fn lock_groups_remove_locks(
    ctx: &AppContext,
    req: LockGroupLocksRequest,
) -> Result<LockGroupView> {
    let (client, org) = ctx.org().await?;
    let id = gid(&req.lock_group_id)?;
    let groups = client.org(&org).lock_groups();
    groups
        .remove_locks(&id, &lock_ids(&req.lock_ids)?)
        .await
        .map_err(ctx.scoped(WRITE))?;
    let g = groups.get(&id).await.map_err(ctx.scoped(READ))?;
    Ok((&g).into())
}
