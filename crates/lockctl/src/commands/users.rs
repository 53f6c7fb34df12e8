use futures::TryStreamExt;
use lockdesk_api::ids::UserId;
use lockdesk_api::models::User;
use lockdesk_api::v3::{ExistingUserInvite, NewUser, PageParams, UserQuery, UserUpdate};

use super::authority;
use crate::cli::UsersCmd;
use crate::error::{Error, Result};
use crate::{image, output};
use crate::{Env, Term};

fn print_users(term: &mut Term<'_>, users: &[User], dates: bool) -> Result<()> {
    if term.json {
        return output::json(term.out, users);
    }
    let mut headers = vec!["ID", "NAME", "MAIL", "AUTHORITY", "CODE"];
    if dates {
        headers.extend(["CREATED", "UPDATED"]);
    }
    let rows: Vec<Vec<String>> = users
        .iter()
        .map(|u| {
            let mut row = vec![
                u.id.clone(),
                output::opt(&u.name),
                output::opt(&u.mail),
                output::opt(&u.authority),
                output::opt(&u.code),
            ];
            if dates {
                row.push(output::opt(&u.created_at.map(|t| t.to_rfc3339())));
                row.push(output::opt(&u.updated_at.map(|t| t.to_rfc3339())));
            }
            row
        })
        .collect();
    output::table(term.out, &headers, &rows)
}

fn print_user(term: &mut Term<'_>, user: &User) -> Result<()> {
    if term.json {
        output::json(term.out, user)
    } else {
        output::record(term.out, user)
    }
}

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: UsersCmd) -> Result<()> {
    let (client, org) = env.v3_org().await?;
    let users = client.org(&org).users();
    match cmd {
        UsersCmd::List {
            code,
            mail,
            limit,
            all,
            dates,
        } => {
            let query = UserQuery {
                page: PageParams {
                    limit,
                    ..Default::default()
                },
                user_code: code,
                user_mail: mail,
                include_datetime: dates,
            };
            let list: Vec<User> = if all {
                users.stream(query).try_collect().await?
            } else {
                users.list(&query).await?
            };
            print_users(term, &list, dates)
        }
        UsersCmd::Show { id } => {
            let u = users.get(&UserId::parse(id)?).await?;
            print_user(term, &u)
        }
        UsersCmd::Register {
            name,
            mail,
            authority: a,
            code,
            image: img,
        } => {
            let new = NewUser {
                name,
                mail,
                image: img.as_deref().map(image::load).transpose()?,
                authority: authority(a),
                code,
            };
            let u = users.register(&new).await?;
            print_user(term, &u)
        }
        UsersCmd::InviteExisting {
            user_id,
            authority: a,
            code,
            image: img,
        } => {
            let invite = ExistingUserInvite {
                user_id: UserId::parse(user_id)?,
                image: img.as_deref().map(image::load).transpose()?,
                authority: authority(a),
                code,
            };
            let u = users.invite_existing(&invite).await?;
            print_user(term, &u)
        }
        UsersCmd::Update {
            id,
            name,
            mail,
            authority: a,
            code,
            image: img,
        } => {
            let update = UserUpdate {
                name,
                mail,
                image: img.as_deref().map(image::load).transpose()?,
                authority: authority(a),
                code,
            };
            if update.name.is_none()
                && update.mail.is_none()
                && update.image.is_none()
                && update.authority.is_none()
                && update.code.is_none()
            {
                return Err(Error::Usage(
                    "nothing to change: give --name, --mail, --authority, --code or --image".into(),
                ));
            }
            let u = users.update(&UserId::parse(id)?, &update).await?;
            print_user(term, &u)
        }
        UsersCmd::Remove { id } => {
            let id = UserId::parse(id)?;
            users.remove(&id).await?;
            if term.json {
                return output::json(term.out, &serde_json::json!({ "removed": id }));
            }
            writeln!(term.out, "Removed user {id} from the organization")?;
            Ok(())
        }
    }
}
