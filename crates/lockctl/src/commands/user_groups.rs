//! `user-groups list | show | create | update`: the app's user group use-cases.

use lockdesk_core::app::{
    self, GroupInputRequest, NoArgs, UserGroupIdRequest, UserGroupView, UserGroupsUpdateRequest,
};

use super::lock_groups::update_args;
use crate::cli::UserGroupsCmd;
use crate::error::Result;
use crate::output::{self, words};
use crate::{Env, Term};

fn print_group(term: &mut Term<'_>, g: &UserGroupView) -> Result<()> {
    if term.json {
        return output::json(term.out, g);
    }
    output::table(term.out, &words::GROUP_HEADERS, &[words::user_group_row(g)])?;
    if let Some(users) = &g.users {
        writeln!(term.out)?;
        let rows: Vec<Vec<String>> = users.iter().map(words::member_row).collect();
        output::table(term.out, &words::GROUP_USER_HEADERS, &rows)?;
    }
    Ok(())
}

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: UserGroupsCmd) -> Result<()> {
    let ctx = env.app()?;
    match cmd {
        UserGroupsCmd::List => {
            let list = app::user_groups_list(ctx, NoArgs {}).await?;
            if term.json {
                return output::json(term.out, &list);
            }
            let rows: Vec<Vec<String>> =
                list.user_groups.iter().map(words::user_group_row).collect();
            output::table(term.out, &words::GROUP_HEADERS, &rows)
        }
        UserGroupsCmd::Show { id } => {
            let g = app::user_groups_get(ctx, UserGroupIdRequest { user_group_id: id }).await?;
            print_group(term, &g)
        }
        UserGroupsCmd::Create { name, memo } => {
            let g = app::user_groups_create(ctx, GroupInputRequest { name, memo }).await?;
            print_group(term, &g)
        }
        UserGroupsCmd::Update { id, fields } => {
            let req: UserGroupsUpdateRequest = super::request(
                "user_groups_update",
                update_args("user_group_id", id, fields),
            )?;
            let g = app::user_groups_update(ctx, req).await?;
            print_group(term, &g)
        }
    }
}
