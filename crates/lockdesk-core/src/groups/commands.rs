//! Lock groups and user groups: the use-cases both kinds have, written once over the client's
//! [`GroupKind`], and the commands of each kind over them (the table at the end). Delete and
//! membership are lock groups' only (`lock_groups.rs`).

use lockdesk_api::v3::{GroupInput, GroupKind, LockGroupKind, UserGroupKind};
use serde::{Deserialize, Serialize};

use crate::app::args::NoArgs;
use crate::app::context::AppContext;
use crate::error::Result;
use crate::groups::view::{LockGroupView, UserGroupView};
use crate::journal::lost_answer;
use crate::journal::notes::note_old;
use crate::offline;
use crate::offline::CachedView;

/// A group kind and the view the app answers its groups with.
pub(crate) trait AppGroupKind: GroupKind {
    type View: for<'g> From<&'g Self::Group>;
}

impl AppGroupKind for LockGroupKind {
    type View = LockGroupView;
}

impl AppGroupKind for UserGroupKind {
    type View = UserGroupView;
}

/// Name and memo of a new lock or user group.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GroupInputRequest {
    pub name: String,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
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

pub(crate) fn parse_id<K: GroupKind>(id: &str) -> Result<K::Id> {
    Ok(id.trim().parse()?)
}

async fn list<K: AppGroupKind>(ctx: &AppContext) -> Result<Vec<K::View>> {
    let (client, org) = ctx.org().await?;
    let groups = client
        .org(&org)
        .groups::<K>()
        .list()
        .await
        .map_err(ctx.scoped(K::READ_SCOPE))?;
    Ok(groups.iter().map(Into::into).collect())
}

async fn get<K: AppGroupKind>(ctx: &AppContext, id: &str) -> Result<K::View> {
    let (client, org) = ctx.org().await?;
    let g = client
        .org(&org)
        .groups::<K>()
        .get(&parse_id::<K>(id)?)
        .await
        .map_err(ctx.scoped(K::READ_SCOPE))?;
    Ok((&g).into())
}

/// The groups of the same name are listed first (best effort), so that after a lost answer the
/// new one can be told apart.
async fn create<K: AppGroupKind>(ctx: &AppContext, req: GroupInputRequest) -> Result<K::View> {
    let (client, org) = ctx.org().await?;
    let groups = client.org(&org).groups::<K>();
    let input = req.input();
    let before = lost_answer::group_ids_named(&groups, &input.name)
        .await
        .ok();
    let sent = groups.create(&input).await;
    let check = before
        .as_deref()
        .map(|before| lost_answer::group_created(&groups, &input.name, before));
    let g = lost_answer::settle(sent, K::KEY, check)
        .await
        .map_err(ctx.scoped(K::WRITE_SCOPE))?;
    Ok((&g).into())
}

/// The service takes name and memo together: what is absent is kept as the group has it (read
/// with one GET when either is absent).
async fn update<K: AppGroupKind>(
    ctx: &AppContext,
    id: &str,
    name: Option<String>,
    memo: Option<String>,
) -> Result<K::View> {
    let (client, org) = ctx.org().await?;
    let id = parse_id::<K>(id)?;
    let groups = client.org(&org).groups::<K>();
    // The current group: needed when name or memo is absent; else read for the journal's old
    // values only (best effort: a failed read does not stop the update).
    let current = match (&name, &memo) {
        (Some(_), Some(_)) => groups.get(&id).await.ok(),
        _ => Some(groups.get(&id).await.map_err(ctx.scoped(K::READ_SCOPE))?),
    };
    let (current_name, current_memo) = current
        .as_ref()
        .map(K::name_and_memo)
        .unwrap_or((None, None));
    if let (Some(_), Some(old)) = (&name, current_name) {
        note_old("name", old);
    }
    if let (Some(_), Some(old)) = (&memo, current_memo) {
        note_old("memo", old);
    }
    let input = GroupInputRequest {
        name: name.unwrap_or_else(|| current_name.unwrap_or_default().to_owned()),
        memo: memo.or_else(|| current_memo.map(str::to_owned)),
    };
    let g = groups
        .update(&id, &input.input())
        .await
        .map_err(ctx.scoped(K::WRITE_SCOPE))?;
    Ok((&g).into())
}

/// Declares each group kind's commands over the use-cases above: the list answer, the id
/// request, the update request (name and memo optional) and the list, get, create and update
/// commands, under the names the command table (`lockdesk_commands!`) gives them.
macro_rules! group_commands {
    ($(
        $kind:ty => $view:ty {
            list: $list:ident -> $list_response:ident { $list_key:ident },
            get: $get:ident($id_request:ident { $id_key:ident }),
            create: $create:ident,
            update: $update:ident($update_request:ident),
        }
    )*) => {$(
        #[derive(Clone, Debug, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        pub struct $list_response {
            pub $list_key: Vec<$view>,
            /// Present when the answer comes from the offline cache.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[cfg_attr(feature = "ts", ts(optional))]
            pub cached: Option<CachedView>,
        }

        #[derive(Clone, Debug, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        pub struct $id_request {
            pub $id_key: String,
        }

        /// An absent name or memo is kept as the group has it.
        #[derive(Clone, Debug, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        pub struct $update_request {
            pub $id_key: String,
            #[serde(default)]
            #[cfg_attr(feature = "ts", ts(optional))]
            pub name: Option<String>,
            #[serde(default)]
            #[cfg_attr(feature = "ts", ts(optional))]
            pub memo: Option<String>,
        }

        pub async fn $list(ctx: &AppContext, req: NoArgs) -> Result<$list_response> {
            let online = async {
                let $list_key = list::<$kind>(ctx).await?;
                Ok::<_, crate::error::Error>($list_response { $list_key, cached: None })
            };
            let (mut answer, cached) =
                offline::read(ctx, stringify!($list), &req, None, online).await?;
            answer.cached = cached;
            Ok(answer)
        }

        pub async fn $get(ctx: &AppContext, req: $id_request) -> Result<$view> {
            let list = (stringify!($list), stringify!($list_key), req.$id_key.as_str());
            let online = get::<$kind>(ctx, &req.$id_key);
            offline::read_one(ctx, stringify!($get), &req, list, online).await
        }

        pub async fn $create(ctx: &AppContext, req: GroupInputRequest) -> Result<$view> {
            create::<$kind>(ctx, req).await
        }

        pub async fn $update(ctx: &AppContext, req: $update_request) -> Result<$view> {
            update::<$kind>(ctx, &req.$id_key, req.name, req.memo).await
        }
    )*};
}

group_commands! {
    LockGroupKind => LockGroupView {
        list: lock_groups_list -> LockGroupsListResponse { lock_groups },
        get: lock_groups_get(LockGroupIdRequest { lock_group_id }),
        create: lock_groups_create,
        update: lock_groups_update(LockGroupsUpdateRequest),
    }
    UserGroupKind => UserGroupView {
        list: user_groups_list -> UserGroupsListResponse { user_groups },
        get: user_groups_get(UserGroupIdRequest { user_group_id }),
        create: user_groups_create,
        update: user_groups_update(UserGroupsUpdateRequest),
    }
}
