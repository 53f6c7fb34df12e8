//! `lock-groups` and `user-groups`: one implementation of what both kinds have (list, show,
//! create, update), over the app's group use-cases called by their command names, as the app
//! and the test host call them. `lock-groups` adds delete and membership.

use lockdesk_core::app::args::Done;
use lockdesk_core::app::dispatch::dispatch;
use lockdesk_core::groups::commands::{LockGroupsListResponse, UserGroupsListResponse};
use lockdesk_core::groups::view::{LockGroupView, UserGroupView};
use lockdesk_core::offline::CachedView;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};

use crate::cli::{GroupCmd, GroupFields, LockGroupsCmd};
use crate::env::Env;
use crate::error::{Error, Result};
use crate::output::{self, words};
use crate::term::Term;

/// One kind of group: its commands' prefix, its id member, its answers and their words.
pub(crate) trait Kind {
    /// `lock_groups` or `user_groups` (the command table's names).
    const COMMANDS: &'static str;
    /// The id member of its requests.
    const ID_KEY: &'static str;
    type View: Serialize + DeserializeOwned;
    type List: Serialize + DeserializeOwned;
    fn rows(list: &Self::List) -> Vec<Vec<String>>;
    fn cached(list: &Self::List) -> Option<&CachedView>;
    fn row(group: &Self::View) -> Vec<String>;
    /// The members' table: headers and rows, when the answer lists them.
    fn members(group: &Self::View) -> Option<(&'static [&'static str], Vec<Vec<String>>)>;
}

pub(crate) struct LockGroups;
pub(crate) struct UserGroups;

impl Kind for LockGroups {
    const COMMANDS: &'static str = "lock_groups";
    const ID_KEY: &'static str = "lock_group_id";
    type View = LockGroupView;
    type List = LockGroupsListResponse;
    fn rows(list: &Self::List) -> Vec<Vec<String>> {
        list.lock_groups.iter().map(words::lock_group_row).collect()
    }
    fn cached(list: &Self::List) -> Option<&CachedView> {
        list.cached.as_ref()
    }
    fn row(group: &Self::View) -> Vec<String> {
        words::lock_group_row(group)
    }
    fn members(group: &Self::View) -> Option<(&'static [&'static str], Vec<Vec<String>>)> {
        let locks = group.locks.as_ref()?;
        Some((
            &words::GROUP_LOCK_HEADERS,
            locks.iter().map(words::member_row).collect(),
        ))
    }
}

impl Kind for UserGroups {
    const COMMANDS: &'static str = "user_groups";
    const ID_KEY: &'static str = "user_group_id";
    type View = UserGroupView;
    type List = UserGroupsListResponse;
    fn rows(list: &Self::List) -> Vec<Vec<String>> {
        list.user_groups.iter().map(words::user_group_row).collect()
    }
    fn cached(list: &Self::List) -> Option<&CachedView> {
        list.cached.as_ref()
    }
    fn row(group: &Self::View) -> Vec<String> {
        words::user_group_row(group)
    }
    fn members(group: &Self::View) -> Option<(&'static [&'static str], Vec<Vec<String>>)> {
        let users = group.users.as_ref()?;
        Some((
            &words::GROUP_USER_HEADERS,
            users.iter().map(words::member_row).collect(),
        ))
    }
}

/// Runs `<kind>_<action>` through the app's command table and reads its typed answer.
async fn call<T: DeserializeOwned>(env: &Env<'_>, name: String, args: Value) -> Result<T> {
    let answer = dispatch(env.app()?, &name, args)
        .await
        .map_err(Error::Payload)?;
    Ok(serde_json::from_value(answer)?)
}

fn print_group<K: Kind>(term: &mut Term<'_>, group: &K::View) -> Result<()> {
    term.show(group, |term| {
        output::table(term.out, &words::GROUP_HEADERS, &[K::row(group)])?;
        if let Some((headers, rows)) = K::members(group) {
            writeln!(term.out)?;
            output::table(term.out, headers, &rows)?;
        }
        Ok(())
    })
}

/// The update as the app sends it: a name or memo not given is left out (kept as it is).
fn update_args(id_key: &str, id: String, fields: GroupFields) -> Value {
    let mut args = serde_json::Map::new();
    args.insert(id_key.into(), id.into());
    if let Some(name) = fields.name {
        args.insert("name".into(), name.into());
    }
    if let Some(memo) = fields.memo {
        args.insert("memo".into(), memo.into());
    }
    args.into()
}

/// What both kinds have.
pub(crate) async fn run<K: Kind>(env: &Env<'_>, term: &mut Term<'_>, cmd: GroupCmd) -> Result<()> {
    let name = |action: &str| format!("{}_{action}", K::COMMANDS);
    let group: K::View = match cmd {
        GroupCmd::List => {
            let list: K::List = call(env, name("list"), json!({})).await?;
            return term.show(&list, |term| {
                output::cached_note(term.err, K::cached(&list))?;
                output::table(term.out, &words::GROUP_HEADERS, &K::rows(&list))
            });
        }
        GroupCmd::Show { id } => call(env, name("get"), json!({ K::ID_KEY: id })).await?,
        GroupCmd::Create { name: n, memo } => {
            call(env, name("create"), json!({ "name": n, "memo": memo })).await?
        }
        GroupCmd::Update { id, fields } => {
            call(env, name("update"), update_args(K::ID_KEY, id, fields)).await?
        }
    };
    print_group::<K>(term, &group)
}

/// `lock-groups`: the common commands, then delete and membership.
pub(crate) async fn run_lock_groups(
    env: &Env<'_>,
    term: &mut Term<'_>,
    cmd: LockGroupsCmd,
) -> Result<()> {
    let group: LockGroupView = match cmd {
        LockGroupsCmd::Group(cmd) => return run::<LockGroups>(env, term, cmd).await,
        LockGroupsCmd::Delete { id } => {
            let done: Done = call(
                env,
                "lock_groups_delete".into(),
                json!({ "lock_group_id": id }),
            )
            .await?;
            return term.show(&done, |term| {
                writeln!(term.out, "{}", words::lock_group_deleted(&id))?;
                Ok(())
            });
        }
        LockGroupsCmd::AddLocks { id, locks } => {
            let args = json!({ "lock_group_id": id, "lock_ids": locks });
            call(env, "lock_groups_add_locks".into(), args).await?
        }
        LockGroupsCmd::RemoveLocks { id, locks } => {
            let args = json!({ "lock_group_id": id, "lock_ids": locks });
            call(env, "lock_groups_remove_locks".into(), args).await?
        }
    };
    print_group::<LockGroups>(term, &group)
}
