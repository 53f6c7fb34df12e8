use lockdesk_api::models::{Invitation, InvitationStatus};
use lockdesk_api::v3::{InvitationQuery, NewInvitation};

use super::authority;
use crate::cli::{InvitationsCmd, StatusArg};
use crate::error::Result;
use crate::output;
use crate::{Env, Term};

fn print_invitations(term: &mut Term<'_>, list: &[Invitation]) -> Result<()> {
    if term.json {
        return output::json(term.out, list);
    }
    let rows: Vec<Vec<String>> = list
        .iter()
        .map(|i| {
            let user = i.user.as_ref();
            vec![
                i.id.clone(),
                output::opt(&user.and_then(|u| u.mail.clone())),
                output::opt(&user.and_then(|u| u.authority.clone())),
                output::opt(&user.and_then(|u| u.code.clone())),
                i.invitation_status
                    .as_ref()
                    .map(|s| s.as_str().to_owned())
                    .unwrap_or_default(),
                output::opt(&i.issued_at.map(|t| t.to_rfc3339())),
                output::opt(&i.expires_at.map(|t| t.to_rfc3339())),
            ]
        })
        .collect();
    output::table(
        term.out,
        &[
            "ID",
            "MAIL",
            "AUTHORITY",
            "CODE",
            "STATUS",
            "ISSUED",
            "EXPIRES",
        ],
        &rows,
    )
}

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: InvitationsCmd) -> Result<()> {
    let (client, org) = env.v3_org().await?;
    let invitations = client.org(&org).invitations();
    match cmd {
        InvitationsCmd::Create {
            mail,
            authority: a,
            code,
        } => {
            let new = NewInvitation {
                mail: mail.clone(),
                authority: authority(a),
                code,
            };
            invitations.create(&new).await?;
            if term.json {
                return output::json(term.out, &serde_json::json!({ "invited": mail.trim() }));
            }
            writeln!(
                term.out,
                "Invitation sent to {}; it stays active until accepted",
                mail.trim()
            )?;
            Ok(())
        }
        InvitationsCmd::List {
            status,
            issued_after,
            issued_before,
            limit,
            all,
        } => {
            let query = InvitationQuery {
                status: status.map(|s| match s {
                    StatusArg::Active => InvitationStatus::Active,
                    StatusArg::Expired => InvitationStatus::Expired,
                }),
                limit,
                issued_after,
                issued_before,
            };
            let list = if all {
                invitations.list_all(&query).await?
            } else {
                invitations.list(&query).await?
            };
            print_invitations(term, &list)
        }
    }
}
