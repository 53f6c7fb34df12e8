use lockdesk_api::ids::{LockGroupId, LockId};
use lockdesk_api::models::LockGroup;
use lockdesk_api::v3::GroupInput;

use crate::cli::LockGroupsCmd;
use crate::error::Result;
use crate::output;
use crate::{Env, Term};

pub(crate) fn group_rows<'a>(
    groups: impl Iterator<Item = (&'a String, &'a Option<String>, &'a Option<String>)>,
) -> Vec<Vec<String>> {
    groups
        .map(|(id, name, memo)| vec![id.clone(), output::opt(name), output::opt(memo)])
        .collect()
}

fn print_group(term: &mut Term<'_>, group: &LockGroup) -> Result<()> {
    if term.json {
        return output::json(term.out, group);
    }
    writeln!(
        term.out,
        "{}  {}  {}",
        group.id,
        output::opt(&group.name),
        output::opt(&group.memo)
    )?;
    if let Some(locks) = &group.locks {
        writeln!(term.out)?;
        let rows: Vec<Vec<String>> = locks
            .iter()
            .map(|l| vec![l.id.clone(), output::opt(&l.name)])
            .collect();
        output::table(term.out, &["LOCK", "NAME"], &rows)?;
    }
    Ok(())
}

fn lock_ids(ids: Vec<String>) -> Result<Vec<LockId>> {
    Ok(ids
        .into_iter()
        .map(LockId::parse)
        .collect::<lockdesk_api::Result<_>>()?)
}

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: LockGroupsCmd) -> Result<()> {
    let (client, org) = env.v3_org().await?;
    let groups = client.org(&org).lock_groups();
    match cmd {
        LockGroupsCmd::List => {
            let list = groups.list().await?;
            if term.json {
                return output::json(term.out, &list);
            }
            let rows = group_rows(list.iter().map(|g| (&g.id, &g.name, &g.memo)));
            output::table(term.out, &["ID", "NAME", "MEMO"], &rows)
        }
        LockGroupsCmd::Show { id } => {
            let g = groups.get(&LockGroupId::parse(id)?).await?;
            print_group(term, &g)
        }
        LockGroupsCmd::Create { name, memo } => {
            let g = groups.create(&GroupInput { name, memo }).await?;
            print_group(term, &g)
        }
        LockGroupsCmd::Update { id, fields } => {
            let id = LockGroupId::parse(id)?;
            // The service takes name and memo together: keep what is not given.
            let current = if fields.name.is_none() || fields.memo.is_none() {
                Some(groups.get(&id).await?)
            } else {
                None
            };
            let name = fields
                .name
                .or_else(|| current.as_ref().and_then(|g| g.name.clone()))
                .unwrap_or_default();
            let memo = fields
                .memo
                .or_else(|| current.as_ref().and_then(|g| g.memo.clone()));
            let g = groups.update(&id, &GroupInput { name, memo }).await?;
            print_group(term, &g)
        }
        LockGroupsCmd::Delete { id } => {
            let id = LockGroupId::parse(id)?;
            groups.delete(&id).await?;
            if term.json {
                return output::json(term.out, &serde_json::json!({ "deleted": id }));
            }
            writeln!(term.out, "Deleted lock group {id}")?;
            Ok(())
        }
        LockGroupsCmd::AddLocks { id, locks } => {
            let g = groups
                .add_locks(&LockGroupId::parse(id)?, &lock_ids(locks)?)
                .await?;
            print_group(term, &g)
        }
        LockGroupsCmd::RemoveLocks { id, locks } => {
            let id = LockGroupId::parse(id)?;
            let locks = lock_ids(locks)?;
            groups.remove_locks(&id, &locks).await?;
            if term.json {
                return output::json(
                    term.out,
                    &serde_json::json!({ "lock_group": id, "removed": locks }),
                );
            }
            writeln!(term.out, "Removed {} lock(s) from {id}", locks.len())?;
            Ok(())
        }
    }
}
