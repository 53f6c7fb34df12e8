//! Users of the organization: list (one page at a time, optionally filtered), detail,
//! register, invite an existing user by id, update, remove.

use futures::TryStreamExt;
use lockdesk_api::ids::UserId;
use lockdesk_api::v3::{
    ExistingUserInvite, ImageUpload, NewUser, PageParams, UserQuery, UserUpdate,
};
use lockdesk_api::ApiVersion;
use serde::{Deserialize, Serialize};

use crate::app::args::Done;
use crate::app::context::AppContext;
use crate::error::{ErrorCode, Result};
use crate::images::upload::{prepare_source, ImageSource};
use crate::journal::lost_answer;
use crate::journal::notes::note_old;
use crate::offline;
use crate::offline::CachedView;
use crate::users::view::{AccountRole, Role, UserRole, UserView};

const READ: &str = "organization:user:read";
const WRITE: &str = "organization:user:write";

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UsersListRequest {
    /// Exact match on the user code.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub code: Option<String>,
    /// Exact match on the e-mail address.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mail: Option<String>,
    /// Include `created_at` / `updated_at`.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub with_dates: Option<bool>,
    /// Page size, 1 to 1,000. When absent, every user is returned (no paging).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub limit: Option<u32>,
    /// The page after this user id (`next_id_after` of the previous page).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub id_after: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UsersListResponse {
    pub users: Vec<UserView>,
    /// Cursor of the next page (pass as `id_after`); `null` on the last page or without
    /// `limit`.
    pub next_id_after: Option<String>,
    /// The signed-in account's role as learned so far; `null` until a user update tells.
    pub account_role: Option<AccountRole>,
    /// Present when the answer comes from the offline cache.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub cached: Option<CachedView>,
}

/// Adds a user who already exists in the service to the organization, by id.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UsersInviteRequest {
    pub user_id: String,
    /// `member` when absent.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub authority: Option<Role>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub code: Option<String>,
    /// The user's image (checked and downscaled as lock images are).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub image: Option<ImageSource>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UserIdRequest {
    pub user_id: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UsersRegisterRequest {
    pub name: String,
    /// Required for a manager.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mail: Option<String>,
    /// `member` when absent.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub authority: Option<Role>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub code: Option<String>,
    /// The user's image (checked and downscaled as lock images are).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub image: Option<ImageSource>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UsersUpdateRequest {
    pub user_id: String,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub name: Option<String>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mail: Option<String>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub authority: Option<Role>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub code: Option<String>,
    /// The user's image (checked and downscaled as lock images are).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub image: Option<ImageSource>,
}

fn uid(s: &str) -> Result<UserId> {
    Ok(UserId::parse(s.trim())?)
}

async fn image(ctx: &AppContext, source: Option<ImageSource>) -> Result<Option<ImageUpload>> {
    match source {
        Some(source) => Ok(Some(prepare_source(ctx, source).await?.0)),
        None => Ok(None),
    }
}

fn non_empty(s: Option<String>) -> Option<String> {
    s.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty())
}

pub async fn users_list(ctx: &AppContext, req: UsersListRequest) -> Result<UsersListResponse> {
    // Kept under the request as asked (blank filters dropped); a request whose own answer is
    // not kept is answered offline from the kept complete list: filtered and paged here.
    let key = UsersListRequest {
        code: non_empty(req.code.clone()),
        mail: non_empty(req.mail.clone()),
        with_dates: req.with_dates.filter(|d| *d),
        limit: req.limit,
        id_after: non_empty(req.id_after.clone()),
    };
    let complete = UsersListRequest {
        with_dates: key.with_dates,
        ..UsersListRequest::default()
    };
    let page = key.clone();
    let narrow = offline::Narrow {
        complete,
        narrow: Box::new(move |all: UsersListResponse| page_of(all, &page)),
    };
    let online = list_online(ctx, req);
    let (mut answer, cached) = offline::read(ctx, "users_list", &key, Some(narrow), online).await?;
    answer.cached = cached;
    // The role is what is learned now, not what was when the answer was kept.
    answer.account_role = ctx.account_role();
    Ok(answer)
}

/// The page `req` asks for, out of the complete list (offline).
fn page_of(all: UsersListResponse, req: &UsersListRequest) -> UsersListResponse {
    let mut users: Vec<UserView> = all
        .users
        .into_iter()
        .filter(|u| req.code.is_none() || u.code == req.code)
        .filter(|u| req.mail.is_none() || u.mail == req.mail)
        .collect();
    if let Some(after) = &req.id_after {
        let start = users
            .iter()
            .position(|u| &u.id == after)
            .map_or(0, |i| i + 1);
        users.drain(..start);
    }
    let mut next_id_after = None;
    if let Some(limit) = req.limit {
        if users.len() > limit as usize {
            users.truncate(limit as usize);
            next_id_after = users.last().map(|u| u.id.clone());
        }
    }
    UsersListResponse {
        users,
        next_id_after,
        account_role: None,
        cached: None,
    }
}

async fn list_online(ctx: &AppContext, req: UsersListRequest) -> Result<UsersListResponse> {
    let (client, org) = ctx.org().await?;
    if let Some(limit) = req.limit {
        lockdesk_api::validate::limit(limit)?;
    }
    let id_after = non_empty(req.id_after).map(|id| uid(&id)).transpose()?;
    let mut query = UserQuery {
        page: PageParams::limit(1000),
        user_code: non_empty(req.code),
        user_mail: non_empty(req.mail),
        include_datetime: req.with_dates.unwrap_or(false),
    };
    let users = client.org(&org).users();
    let Some(limit) = req.limit else {
        let all: Vec<_> = users
            .stream(query)
            .try_collect()
            .await
            .map_err(ctx.scoped(READ))?;
        return Ok(UsersListResponse {
            users: all.iter().map(Into::into).collect(),
            next_id_after: None,
            account_role: ctx.account_role(),
            cached: None,
        });
    };
    // One more than asked, when allowed, tells whether a next page exists.
    query.page = PageParams {
        limit: Some((limit + 1).min(1000)),
        id_after: id_after.map(|id| id.as_str().to_owned()),
        id_before: None,
    };
    let mut page = users.list(&query).await.map_err(ctx.scoped(READ))?;
    let more = page.len() > limit as usize || (limit == 1000 && page.len() == 1000);
    page.truncate(limit as usize);
    Ok(UsersListResponse {
        next_id_after: if more {
            page.last().map(|u| u.id.to_string())
        } else {
            None
        },
        users: page.iter().map(Into::into).collect(),
        account_role: ctx.account_role(),
        cached: None,
    })
}

pub async fn users_get(ctx: &AppContext, req: UserIdRequest) -> Result<UserView> {
    let list = ("users_list", "users", req.user_id.as_str());
    offline::read_one(ctx, "users_get", &req, list, get_online(ctx, &req)).await
}

async fn get_online(ctx: &AppContext, req: &UserIdRequest) -> Result<UserView> {
    let (client, org) = ctx.org().await?;
    let u = client
        .org(&org)
        .users()
        .get(&uid(&req.user_id)?)
        .await
        .map_err(ctx.scoped(READ))?;
    Ok((&u).into())
}

pub(crate) async fn users_register(
    ctx: &AppContext,
    req: UsersRegisterRequest,
) -> Result<UserView> {
    let (client, org) = ctx.org().await?;
    let new = NewUser {
        name: req.name.trim().to_owned(),
        mail: non_empty(req.mail),
        image: image(ctx, req.image).await?,
        authority: req.authority.map(Into::into),
        code: non_empty(req.code),
    };
    let users = client.org(&org).users();
    let sent = users.register(&new).await;
    // Without a code or an e-mail address the service cannot say whether this user was made.
    let check = (new.code.is_some() || new.mail.is_some()).then(|| {
        lost_answer::registered_user(&users, &new.name, new.code.as_deref(), new.mail.as_deref())
    });
    let u = lost_answer::settle(sent, "user registration", check)
        .await
        .map_err(ctx.scoped(WRITE))?;
    Ok((&u).into())
}

/// Adds an existing user of the service (by id) to the organization. The service answers
/// `user_not_found` for an unknown id and `not_allowed` when the user is already a member.
pub(crate) async fn users_invite(ctx: &AppContext, req: UsersInviteRequest) -> Result<UserView> {
    let (client, org) = ctx.org().await?;
    let invite = ExistingUserInvite {
        user_id: uid(&req.user_id)?,
        image: image(ctx, req.image).await?,
        authority: req.authority.map(Into::into),
        code: non_empty(req.code),
    };
    let users = client.org(&org).users();
    let sent = users.invite_existing(&invite).await;
    let check = lost_answer::member_now(&users, &invite.user_id);
    let u = lost_answer::settle(sent, "adding a user", Some(check))
        .await
        .map_err(ctx.scoped(WRITE))?;
    Ok((&u).into())
}

pub(crate) async fn users_update(ctx: &AppContext, req: UsersUpdateRequest) -> Result<UserView> {
    let (client, org) = ctx.org().await?;
    note_old_user(ctx, &req).await;
    let update = UserUpdate {
        name: non_empty(req.name),
        mail: non_empty(req.mail),
        image: image(ctx, req.image).await?,
        authority: req.authority.map(Into::into),
        code: req.code,
    };
    let result = client
        .org(&org)
        .users()
        .update(&uid(&req.user_id)?, &update)
        .await
        .map_err(ctx.scoped(WRITE));
    learn_role(ctx, update.authority.is_some(), &result);
    Ok((&result?).into())
}

/// The values a user update replaces, for the journal; best effort (one read, whose failure
/// does not stop the update).
async fn note_old_user(ctx: &AppContext, req: &UsersUpdateRequest) {
    let current = UserIdRequest {
        user_id: req.user_id.clone(),
    };
    let Ok(old) = users_get(ctx, current).await else {
        return;
    };
    if req.name.is_some() {
        note_old("name", old.name);
    }
    if let (Some(_), Some(mail)) = (&req.mail, old.mail) {
        note_old("mail", mail);
    }
    if let (Some(_), Some(role)) = (&req.authority, old.authority) {
        note_old("authority", role_name(&role));
    }
    if let (Some(_), Some(code)) = (&req.code, old.code) {
        note_old("user_code", code);
    }
}

fn role_name(role: &UserRole) -> String {
    match role {
        UserRole::SuperManager => "super_manager".into(),
        UserRole::Manager => "manager".into(),
        UserRole::Member => "member".into(),
        UserRole::Other(s) => s.clone(),
    }
}

/// Learns the account's role from a user update (see [`AccountRole`]).
fn learn_role<T>(ctx: &AppContext, changed_role: bool, result: &Result<T>) {
    let learned = match result {
        Ok(_) if changed_role => AccountRole::SuperManager,
        Err(e) if e.code() == ErrorCode::InsufficientAuthority => AccountRole::Manager,
        _ => return,
    };
    if let Ok(profile) = ctx.profile_for(ApiVersion::V3) {
        ctx.space().learned.note_role(&profile, learned);
    }
}

pub(crate) async fn users_remove(ctx: &AppContext, req: UserIdRequest) -> Result<Done> {
    let (client, org) = ctx.org().await?;
    client
        .org(&org)
        .users()
        .remove(&uid(&req.user_id)?)
        .await
        .map_err(ctx.scoped(WRITE))?;
    Ok(Done::ok())
}
