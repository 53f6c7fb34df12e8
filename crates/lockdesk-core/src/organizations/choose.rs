//! Which organization a command works on: the one given (then remembered for the profile),
//! else the one remembered, else the only one the account belongs to.

use futures::TryStreamExt;
use lockdesk_api::ids::OrganizationId;
use lockdesk_api::v3::PageParams;
use lockdesk_api::Client;

use crate::core_context::Context;
use crate::error::{Error, Result};
use crate::profiles::store::ProfileStore;

pub async fn choose_organization(
    ctx: &Context,
    profile: &str,
    client: &Client,
    explicit: Option<&str>,
) -> Result<OrganizationId> {
    let store = ProfileStore::new(ctx);
    if let Some(id) = explicit {
        let id = OrganizationId::parse(id)?;
        store.set_organization(profile, Some(&id))?;
        return Ok(id);
    }
    if let Some(id) = store.settings(profile)?.organization_id {
        return Ok(OrganizationId::parse(id)?);
    }
    let orgs: Vec<_> = client
        .organizations()
        .stream(PageParams::default())
        .try_collect()
        .await?;
    match orgs.as_slice() {
        [] => Err(Error::NoOrganization),
        [only] => {
            let id = OrganizationId::parse(only.id.as_str())?;
            store.set_organization(profile, Some(&id))?;
            Ok(id)
        }
        many => Err(Error::OrganizationRequired {
            available: many.iter().map(|o| o.id.clone()).collect(),
        }),
    }
}
