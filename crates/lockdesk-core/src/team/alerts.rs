//! Alerts sent once for the team (`lockdesk_team::alerts`): of the deliveries a watch round
//! would queue, those this computer claimed first. A computer that works alone sends them all;
//! one whose team database cannot be reached sends none yet (they wait for the next round, so
//! nothing the team sent is sent twice).

use std::collections::HashSet;
use std::time::Duration;

use lockdesk_team::alerts::{claim, holders, Delivery};

use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::team::reach::{reach, Reached};
use crate::team_alerts::AlertDestination;

/// A destination as the team knows it: its kind and name (each computer keeps its own id and
/// its own secret for it).
pub fn team_name(d: &AlertDestination) -> String {
    format!("{}:{}", d.kind.as_str(), d.name)
}

/// This computer's destinations of the organization noted (`held`, by [`team_name`]), the
/// claims of the alerts that are over (`ended` keys) freed, then `wanted` claimed: `None` when
/// this computer works alone, else the deliveries it is to send.
pub async fn claim_deliveries(
    ctx: &AppContext,
    organization_id: &str,
    held: &[String],
    ended: &[String],
    wanted: &[Delivery],
) -> Result<Option<HashSet<Delivery>>> {
    let Some(mut team) = reach(ctx).await? else {
        return Ok(None);
    };
    let by = &team.me;
    claim(
        &mut team.client,
        team.schema,
        organization_id,
        held,
        ended,
        wanted,
        by,
    )
    .await
    .map(Some)
    .map_err(Error::Team)
}

/// How long a computer counts as able to send after it last said so (a laptop away for a
/// holiday still counts; one gone for good drops off).
const HOLDER_SEEN_WITHIN: Duration = Duration::from_secs(14 * 86_400);

/// For each of `destinations` (this computer's), the other computers of the team that can
/// send to it too; empty when working alone or when the database does not answer.
pub async fn other_holders(
    ctx: &AppContext,
    destinations: &[AlertDestination],
) -> Vec<(String, Vec<String>)> {
    let found = async {
        let Some(Reached { client, me, .. }) = reach(ctx).await? else {
            return Ok(Vec::new());
        };
        let mut orgs: Vec<&str> = destinations
            .iter()
            .map(|d| d.organization_id.as_str())
            .collect();
        orgs.sort_unstable();
        orgs.dedup();
        let mut all = Vec::new();
        for org in orgs {
            let seen = holders(&client, org, HOLDER_SEEN_WITHIN)
                .await
                .map_err(Error::Team)?;
            all.extend(seen.into_iter().map(|h| (org.to_owned(), h)));
        }
        Ok::<_, Error>(
            destinations
                .iter()
                .map(|d| {
                    let name = team_name(d);
                    let others = all
                        .iter()
                        .filter(|(org, h)| {
                            *org == d.organization_id
                                && h.destination == name
                                && h.computer_id != me.id
                        })
                        .map(|(_, h)| h.computer.clone())
                        .collect();
                    (d.id.clone(), others)
                })
                .collect(),
        )
    };
    found.await.unwrap_or_else(|e| {
        tracing::warn!(code = %e.code(), "the team's destinations not read: {e}");
        Vec::new()
    })
}
