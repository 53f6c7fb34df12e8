//! Alerts sent once for the team (`lockdesk_team::alerts`): of the deliveries a watch round
//! would queue, those this computer claimed first. A computer that works alone sends them all;
//! one whose team database cannot be reached sends none yet (they wait for the next round, so
//! nothing the team sent is sent twice).

use std::collections::HashSet;

use lockdesk_team::alerts::{claim, Claimant, Delivery};

use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::team::commands::reach;
use crate::team::computer::this_computer;
use crate::team_alerts::AlertDestination;

/// A destination as the team knows it: its kind and name (each computer keeps its own id and
/// its own secret for it).
pub fn team_name(d: &AlertDestination) -> String {
    format!("{}:{}", d.kind.as_str(), d.name)
}

/// The claims of the alerts that are over (`ended` keys) freed, then `wanted` claimed: `None`
/// when this computer works alone, else the deliveries it is to send.
pub async fn claim_deliveries(
    ctx: &AppContext,
    organization_id: &str,
    ended: &[String],
    wanted: &[Delivery],
) -> Result<Option<HashSet<Delivery>>> {
    let Some((mut client, schema)) = reach(ctx).await? else {
        return Ok(None);
    };
    let me = this_computer(&ctx.core().data_folder()?)?;
    let by = Claimant {
        computer_id: &me.id,
        computer: &me.name,
    };
    claim(&mut client, schema, organization_id, ended, wanted, by)
        .await
        .map(Some)
        .map_err(Error::Team)
}
