//! `lock-groups list | show | create | update | delete | add-locks | remove-locks`: the app's
//! lock group use-cases.

use lockdesk_core::app::{
    self, GroupInputRequest, LockGroupIdRequest, LockGroupLocksRequest, LockGroupView,
    LockGroupsUpdateRequest, NoArgs,
};

use crate::cli::{GroupFields, LockGroupsCmd};
use crate::error::Result;
use crate::output::{self, words};
use crate::{Env, Term};

fn print_group(term: &mut Term<'_>, g: &LockGroupView) -> Result<()> {
    if term.json {
        return output::json(term.out, g);
    }
    output::table(term.out, &words::GROUP_HEADERS, &[words::lock_group_row(g)])?;
    if let Some(locks) = &g.locks {
        writeln!(term.out)?;
        let rows: Vec<Vec<String>> = locks.iter().map(words::member_row).collect();
        output::table(term.out, &words::GROUP_LOCK_HEADERS, &rows)?;
    }
    Ok(())
}

/// The update as the app sends it: a name or memo not given is left out (kept as it is).
pub(crate) fn update_args(id_key: &str, id: String, fields: GroupFields) -> serde_json::Value {
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

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: LockGroupsCmd) -> Result<()> {
    let ctx = env.app()?;
    let id_req = |id: String| LockGroupIdRequest { lock_group_id: id };
    match cmd {
        LockGroupsCmd::List => {
            let list = app::lock_groups_list(ctx, NoArgs {}).await?;
            if term.json {
                return output::json(term.out, &list);
            }
            let rows: Vec<Vec<String>> =
                list.lock_groups.iter().map(words::lock_group_row).collect();
            output::table(term.out, &words::GROUP_HEADERS, &rows)
        }
        LockGroupsCmd::Show { id } => {
            let g = app::lock_groups_get(ctx, id_req(id)).await?;
            print_group(term, &g)
        }
        LockGroupsCmd::Create { name, memo } => {
            let g = app::lock_groups_create(ctx, GroupInputRequest { name, memo }).await?;
            print_group(term, &g)
        }
        LockGroupsCmd::Update { id, fields } => {
            let req: LockGroupsUpdateRequest = super::request(
                "lock_groups_update",
                update_args("lock_group_id", id, fields),
            )?;
            let g = app::lock_groups_update(ctx, req).await?;
            print_group(term, &g)
        }
        LockGroupsCmd::Delete { id } => {
            let done = app::lock_groups_delete(ctx, id_req(id.clone())).await?;
            if term.json {
                return output::json(term.out, &done);
            }
            writeln!(term.out, "{}", words::lock_group_deleted(&id))?;
            Ok(())
        }
        LockGroupsCmd::AddLocks { id, locks } => {
            let req = LockGroupLocksRequest {
                lock_group_id: id,
                lock_ids: locks,
            };
            let g = app::lock_groups_add_locks(ctx, req).await?;
            print_group(term, &g)
        }
        LockGroupsCmd::RemoveLocks { id, locks } => {
            let req = LockGroupLocksRequest {
                lock_group_id: id,
                lock_ids: locks,
            };
            let g = app::lock_groups_remove_locks(ctx, req).await?;
            print_group(term, &g)
        }
    }
}
