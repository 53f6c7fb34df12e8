//! `users list | show | register | invite-existing | update | remove`: the app's user
//! use-cases. An image file goes through the app's image pipeline.

use lockdesk_archive::Language;
use lockdesk_core::journal::journaled::{users_invite, users_register, users_remove, users_update};
use lockdesk_core::users::commands::{users_get, users_list};
use lockdesk_core::users::commands::{
    UserIdRequest, UsersInviteRequest, UsersListRequest, UsersRegisterRequest, UsersUpdateRequest,
};
use lockdesk_core::users::export::{users_export_csv, UsersExportRequest};
use lockdesk_core::users::view::UserView;

use super::{image_source, role};
use crate::cli::{LangArg, UsersCmd};
use crate::env::Env;
use crate::error::{Error, Result};
use crate::output::{self, words};
use crate::term::Term;

/// Page size of `list` without `--all`.
pub const PAGE: u32 = 100;

fn print_user(term: &mut Term<'_>, user: &UserView) -> Result<()> {
    term.show(user, |term| {
        output::pairs(term.out, &words::user_pairs(user))
    })
}

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: UsersCmd) -> Result<()> {
    let ctx = env.app()?;
    match cmd {
        UsersCmd::List {
            code,
            mail,
            limit,
            all,
            dates,
        } => {
            let list = users_list(
                ctx,
                UsersListRequest {
                    code,
                    mail,
                    with_dates: Some(dates),
                    limit: if all {
                        None
                    } else {
                        Some(limit.unwrap_or(PAGE))
                    },
                    id_after: None,
                },
            )
            .await?;
            term.show(&list, |term| {
                output::cached_note(term.err, list.cached.as_ref())?;
                let rows: Vec<Vec<String>> = list
                    .users
                    .iter()
                    .map(|u| words::user_row(u, dates))
                    .collect();
                output::table(term.out, &words::user_headers(dates), &rows)?;
                if let Some(next) = &list.next_id_after {
                    writeln!(term.err, "{}", words::more_users(next))?;
                }
                Ok(())
            })
        }
        UsersCmd::Export { lang } => {
            let req = UsersExportRequest {
                user_ids: None,
                language: Some(match lang {
                    LangArg::En => Language::En,
                    LangArg::Ja => Language::Ja,
                }),
            };
            let csv = users_export_csv(ctx, req).await?;
            term.out.write_all(csv.content.as_bytes())?;
            writeln!(term.err, "{}", words::users_exported(csv.users))?;
            Ok(())
        }
        UsersCmd::Show { id } => {
            let u = users_get(ctx, UserIdRequest { user_id: id }).await?;
            print_user(term, &u)
        }
        UsersCmd::Register {
            name,
            mail,
            authority,
            code,
            image,
        } => {
            let image = image.map(|p| image_source(ctx, Some(p))).transpose()?;
            let req = UsersRegisterRequest {
                name,
                mail,
                authority: role(authority),
                code,
                image,
            };
            let u = users_register(ctx, req).await?;
            print_user(term, &u)
        }
        UsersCmd::InviteExisting {
            user_id,
            authority,
            code,
            image,
        } => {
            let image = image.map(|p| image_source(ctx, Some(p))).transpose()?;
            let req = UsersInviteRequest {
                user_id,
                authority: role(authority),
                code,
                image,
            };
            let u = users_invite(ctx, req).await?;
            print_user(term, &u)
        }
        UsersCmd::Update {
            id,
            name,
            mail,
            authority,
            code,
            image,
        } => {
            if name.is_none()
                && mail.is_none()
                && image.is_none()
                && authority.is_none()
                && code.is_none()
            {
                return Err(Error::Usage(
                    "nothing to change: give --name, --mail, --authority, --code or --image".into(),
                ));
            }
            let image = image.map(|p| image_source(ctx, Some(p))).transpose()?;
            let req = UsersUpdateRequest {
                user_id: id,
                name,
                mail,
                authority: role(authority),
                code,
                image,
            };
            let u = users_update(ctx, req).await?;
            print_user(term, &u)
        }
        UsersCmd::Remove { id } => {
            let done = users_remove(
                ctx,
                UserIdRequest {
                    user_id: id.clone(),
                },
            )
            .await?;
            term.show(&done, |term| {
                writeln!(term.out, "{}", words::user_removed(&id))?;
                Ok(())
            })
        }
    }
}
