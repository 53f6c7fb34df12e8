use futures::TryStreamExt;
use lockdesk_api::ids::OrganizationId;
use lockdesk_api::models::Organization;
use lockdesk_api::v3::PageParams;
use lockdesk_core::ProfileStore;

use crate::cli::OrgsCmd;
use crate::error::Result;
use crate::output;
use crate::{Env, Term};

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: Option<OrgsCmd>) -> Result<()> {
    let (profile, client) = env.v3().await?;
    match cmd.unwrap_or(OrgsCmd::List) {
        OrgsCmd::List => {
            let orgs: Vec<Organization> = client
                .organizations()
                .stream(PageParams::default())
                .try_collect()
                .await?;
            if term.json {
                return output::json(term.out, &orgs);
            }
            let chosen = ProfileStore::new(env.ctx)
                .settings(&profile)?
                .organization_id;
            let rows: Vec<Vec<String>> = orgs
                .iter()
                .map(|o| {
                    let mark = if chosen.as_deref() == Some(o.id.as_str()) {
                        "*"
                    } else {
                        ""
                    };
                    vec![o.id.clone(), output::opt(&o.name), mark.into()]
                })
                .collect();
            output::table(term.out, &["ID", "NAME", "CHOSEN"], &rows)
        }
        OrgsCmd::Show { id } => {
            let id = OrganizationId::parse(id)?;
            let org = client.organizations().get(&id).await?;
            if term.json {
                output::json(term.out, &org)
            } else {
                output::record(term.out, &org)
            }
        }
        OrgsCmd::Use { id } => {
            let id = OrganizationId::parse(id)?;
            let org = client.organizations().get(&id).await?;
            ProfileStore::new(env.ctx).set_organization(&profile, Some(&id))?;
            if term.json {
                output::json(term.out, &org)
            } else {
                writeln!(term.out, "Profile {profile} now works on organization {id}")?;
                Ok(())
            }
        }
    }
}
