//! Which organization the app works on; remembered per profile.

use futures::TryStreamExt;
use lockdesk_api::ids::OrganizationId;
use lockdesk_api::v3::PageParams;
use serde::{Deserialize, Serialize};

use crate::app::args::NoArgs;
use crate::app::context::AppContext;
use crate::error::Result;
use crate::profiles::store::ProfileStore;
use crate::profiles::view::OrganizationView;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OrgsListResponse {
    pub organizations: Vec<OrganizationView>,
    /// The organization remembered for the active profile, if any.
    pub chosen: Option<String>,
}

/// The account's organizations, with names (one detail request each).
pub async fn orgs_list(ctx: &AppContext, _req: NoArgs) -> Result<OrgsListResponse> {
    let (profile, client) = ctx.v3().await?;
    let orgs: Vec<_> = client
        .organizations()
        .stream(PageParams::default())
        .try_collect()
        .await
        .map_err(ctx.scoped("account:organization:read"))?;
    let mut views = Vec::with_capacity(orgs.len());
    for o in orgs {
        let name = match OrganizationId::parse(o.id.as_str()) {
            Ok(id) => client
                .organizations()
                .get(&id)
                .await
                .ok()
                .and_then(|d| d.name),
            Err(_) => None,
        };
        views.push(OrganizationView {
            id: o.id,
            name: name.or(o.name),
        });
    }
    let mut chosen = ProfileStore::new(&ctx.core())
        .settings(&profile)?
        .organization_id;
    if chosen.is_none() && views.len() == 1 {
        let id = OrganizationId::parse(views[0].id.as_str())?;
        ProfileStore::new(&ctx.core()).set_organization(&profile, Some(&id))?;
        ctx.chose_org(&profile, id);
        chosen = Some(views[0].id.clone());
    }
    Ok(OrgsListResponse {
        organizations: views,
        chosen,
    })
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OrgsChooseRequest {
    pub organization_id: String,
}

/// Checks the organization with the service, then remembers it for the active profile.
pub async fn orgs_choose(ctx: &AppContext, req: OrgsChooseRequest) -> Result<OrganizationView> {
    let (profile, client) = ctx.v3().await?;
    let id = OrganizationId::parse(req.organization_id.trim())?;
    let org = client
        .organizations()
        .get(&id)
        .await
        .map_err(ctx.scoped("organization:read"))?;
    ProfileStore::new(&ctx.core()).set_organization(&profile, Some(&id))?;
    ctx.chose_org(&profile, id);
    Ok(OrganizationView {
        id: org.id,
        name: org.name,
    })
}
