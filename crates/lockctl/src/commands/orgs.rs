//! `orgs [list | show ID | use ID]`: the app's organization use-cases.

use lockdesk_core::app::args::NoArgs;
use lockdesk_core::error::ErrorPayload;
use lockdesk_core::organizations::commands::{orgs_choose, orgs_list, OrgsChooseRequest};

use crate::cli::OrgsCmd;
use crate::env::Env;
use crate::error::Result;
use crate::output::{self, words};
use crate::term::Term;

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: Option<OrgsCmd>) -> Result<()> {
    let ctx = env.app()?;
    match cmd.unwrap_or(OrgsCmd::List) {
        OrgsCmd::List => {
            let list = orgs_list(ctx, NoArgs {}).await?;
            term.show(&list, |term| {
                let rows: Vec<Vec<String>> = list
                    .organizations
                    .iter()
                    .map(|o| words::org_row(o, list.chosen.as_deref()))
                    .collect();
                output::table(term.out, &words::ORG_HEADERS, &rows)
            })
        }
        OrgsCmd::Show { id } => {
            // The account's organizations, with names: the one asked for, if it is among them.
            let list = orgs_list(ctx, NoArgs {}).await?;
            let org = list
                .organizations
                .into_iter()
                .find(|o| o.id == id.trim())
                .ok_or_else(|| {
                    ErrorPayload::new(
                        lockdesk_core::error::ErrorCode::NotInOrganization,
                        format!("the account does not belong to organization {id}"),
                    )
                })?;
            term.show(&org, |term| {
                output::pairs(term.out, &words::org_pairs(&org))
            })
        }
        OrgsCmd::Use { id } => {
            let org = orgs_choose(
                ctx,
                OrgsChooseRequest {
                    organization_id: id,
                },
            )
            .await?;
            term.show(&org, |term| {
                writeln!(term.out, "{}", words::org_chosen(&env.profile()?, &org))?;
                Ok(())
            })
        }
    }
}
