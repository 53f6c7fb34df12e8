//! Users of the organization: list (optionally filtered), detail, register, update, remove.

use futures::TryStreamExt;
use lockdesk_api::ids::UserId;
use lockdesk_api::v3::{NewUser, PageParams, UserQuery, UserUpdate};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{AppContext, Done, Role, UserView};
use crate::error::Result;

const READ: &str = "organization:user:read";
const WRITE: &str = "organization:user:write";

#[derive(Clone, Debug, Default, Serialize, Deserialize, TS)]
pub struct UsersListRequest {
    /// Exact match on the user code.
    #[serde(default)]
    #[ts(optional)]
    pub code: Option<String>,
    /// Exact match on the e-mail address.
    #[serde(default)]
    #[ts(optional)]
    pub mail: Option<String>,
    /// Include `created_at` / `updated_at`.
    #[serde(default)]
    #[ts(optional)]
    pub with_dates: Option<bool>,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct UsersListResponse {
    pub users: Vec<UserView>,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct UserIdRequest {
    pub user_id: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct UsersRegisterRequest {
    pub name: String,
    /// Required for a manager.
    #[serde(default)]
    #[ts(optional)]
    pub mail: Option<String>,
    /// `member` when absent.
    #[serde(default)]
    #[ts(optional)]
    pub authority: Option<Role>,
    #[serde(default)]
    #[ts(optional)]
    pub code: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct UsersUpdateRequest {
    pub user_id: String,
    #[serde(default)]
    #[ts(optional)]
    pub name: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub mail: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub authority: Option<Role>,
    #[serde(default)]
    #[ts(optional)]
    pub code: Option<String>,
}

fn uid(s: &str) -> Result<UserId> {
    Ok(UserId::parse(s.trim())?)
}

fn non_empty(s: Option<String>) -> Option<String> {
    s.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty())
}

pub async fn users_list(ctx: &AppContext, req: UsersListRequest) -> Result<UsersListResponse> {
    let (client, org) = ctx.org().await?;
    let query = UserQuery {
        page: PageParams::limit(1000),
        user_code: non_empty(req.code),
        user_mail: non_empty(req.mail),
        include_datetime: req.with_dates.unwrap_or(false),
    };
    let users: Vec<_> = client
        .org(&org)
        .users()
        .stream(query)
        .try_collect()
        .await
        .map_err(ctx.scoped(READ))?;
    Ok(UsersListResponse {
        users: users.iter().map(Into::into).collect(),
    })
}

pub async fn users_get(ctx: &AppContext, req: UserIdRequest) -> Result<UserView> {
    let (client, org) = ctx.org().await?;
    let u = client
        .org(&org)
        .users()
        .get(&uid(&req.user_id)?)
        .await
        .map_err(ctx.scoped(READ))?;
    Ok((&u).into())
}

pub async fn users_register(ctx: &AppContext, req: UsersRegisterRequest) -> Result<UserView> {
    let (client, org) = ctx.org().await?;
    let new = NewUser {
        name: req.name.trim().to_owned(),
        mail: non_empty(req.mail),
        image: None,
        authority: req.authority.map(Into::into),
        code: non_empty(req.code),
    };
    let u = client
        .org(&org)
        .users()
        .register(&new)
        .await
        .map_err(ctx.scoped(WRITE))?;
    Ok((&u).into())
}

pub async fn users_update(ctx: &AppContext, req: UsersUpdateRequest) -> Result<UserView> {
    let (client, org) = ctx.org().await?;
    let update = UserUpdate {
        name: non_empty(req.name),
        mail: non_empty(req.mail),
        image: None,
        authority: req.authority.map(Into::into),
        code: req.code,
    };
    let u = client
        .org(&org)
        .users()
        .update(&uid(&req.user_id)?, &update)
        .await
        .map_err(ctx.scoped(WRITE))?;
    Ok((&u).into())
}

pub async fn users_remove(ctx: &AppContext, req: UserIdRequest) -> Result<Done> {
    let (client, org) = ctx.org().await?;
    client
        .org(&org)
        .users()
        .remove(&uid(&req.user_id)?)
        .await
        .map_err(ctx.scoped(WRITE))?;
    Ok(Done::ok())
}
