//! User groups: list, detail, create, update.

use lockdesk_api::ids::UserGroupId;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{AppContext, GroupInputRequest, NoArgs, UserGroupView};
use crate::error::Result;

const READ: &str = "organization:user_group:read";
const WRITE: &str = "organization:user_group:write";

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct UserGroupsListResponse {
    pub user_groups: Vec<UserGroupView>,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct UserGroupIdRequest {
    pub user_group_id: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct UserGroupsUpdateRequest {
    pub user_group_id: String,
    pub name: String,
    #[serde(default)]
    #[ts(optional)]
    pub memo: Option<String>,
}

fn gid(s: &str) -> Result<UserGroupId> {
    Ok(UserGroupId::parse(s.trim())?)
}

pub async fn user_groups_list(ctx: &AppContext, _req: NoArgs) -> Result<UserGroupsListResponse> {
    let (client, org) = ctx.org().await?;
    let groups = client
        .org(&org)
        .user_groups()
        .list()
        .await
        .map_err(ctx.scoped(READ))?;
    Ok(UserGroupsListResponse {
        user_groups: groups.iter().map(Into::into).collect(),
    })
}

pub async fn user_groups_get(ctx: &AppContext, req: UserGroupIdRequest) -> Result<UserGroupView> {
    let (client, org) = ctx.org().await?;
    let g = client
        .org(&org)
        .user_groups()
        .get(&gid(&req.user_group_id)?)
        .await
        .map_err(ctx.scoped(READ))?;
    Ok((&g).into())
}

pub async fn user_groups_create(ctx: &AppContext, req: GroupInputRequest) -> Result<UserGroupView> {
    let (client, org) = ctx.org().await?;
    let g = client
        .org(&org)
        .user_groups()
        .create(&req.input())
        .await
        .map_err(ctx.scoped(WRITE))?;
    Ok((&g).into())
}

pub async fn user_groups_update(
    ctx: &AppContext,
    req: UserGroupsUpdateRequest,
) -> Result<UserGroupView> {
    let (client, org) = ctx.org().await?;
    let input = GroupInputRequest {
        name: req.name,
        memo: req.memo,
    }
    .input();
    let g = client
        .org(&org)
        .user_groups()
        .update(&gid(&req.user_group_id)?, &input)
        .await
        .map_err(ctx.scoped(WRITE))?;
    Ok((&g).into())
}
