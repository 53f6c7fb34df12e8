use lockdesk_api::ids::UserGroupId;
use lockdesk_api::models::UserGroup;
use lockdesk_api::v3::GroupInput;

use super::lock_groups::group_rows;
use crate::cli::UserGroupsCmd;
use crate::error::Result;
use crate::output;
use crate::{Env, Term};

fn print_group(term: &mut Term<'_>, group: &UserGroup) -> Result<()> {
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
    if let Some(users) = &group.users {
        writeln!(term.out)?;
        let rows: Vec<Vec<String>> = users
            .iter()
            .map(|u| vec![u.id.clone(), output::opt(&u.name)])
            .collect();
        output::table(term.out, &["USER", "NAME"], &rows)?;
    }
    Ok(())
}

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: UserGroupsCmd) -> Result<()> {
    let (client, org) = env.v3_org().await?;
    let groups = client.org(&org).user_groups();
    match cmd {
        UserGroupsCmd::List => {
            let list = groups.list().await?;
            if term.json {
                return output::json(term.out, &list);
            }
            let rows = group_rows(list.iter().map(|g| (&g.id, &g.name, &g.memo)));
            output::table(term.out, &["ID", "NAME", "MEMO"], &rows)
        }
        UserGroupsCmd::Show { id } => {
            let g = groups.get(&UserGroupId::parse(id)?).await?;
            print_group(term, &g)
        }
        UserGroupsCmd::Create { name, memo } => {
            let g = groups.create(&GroupInput { name, memo }).await?;
            print_group(term, &g)
        }
        UserGroupsCmd::Update { id, fields } => {
            let id = UserGroupId::parse(id)?;
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
    }
}
