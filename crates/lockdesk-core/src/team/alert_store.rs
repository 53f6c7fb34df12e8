//! The team's alert store (`lockdesk_team::alert_store`) and this computer's
//! (`watch::AlertStore`) kept in line: after each round (and before the alerts are listed) this
//! computer's open alerts the team lacks are raised for the team, the alerts another computer
//! raised are taken in, and an acknowledgement made on either side is made on the other. A
//! round's new alert the team had raised already (another computer found it first) is not
//! announced here again. Working alone, with a read-only schema, or while the database does not
//! answer, the store is this computer's own (what it raised meanwhile is shared afterwards).

use std::collections::HashSet;
use std::time::Duration;

use chrono::{DateTime, Utc};
use lockdesk_team::alert_store::{acknowledge, end, open, raise, Raised};

use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::team::reach::{reach, Reached};
use crate::watch::alerts::TakenIn;
use crate::watch::{AlertStore, AlertView};

/// How long a round or a screen waits for the team's alert store.
const WITHIN: Duration = Duration::from_secs(5);

/// After a round that raised `new` and ended the alerts of `ended` keys here: both in the
/// team's store too, and the two stores in line. The alerts of `new` to announce: those the
/// team had not raised before (all of them when working alone or unreachable).
pub(crate) async fn share_round(
    ctx: &AppContext,
    store: &AlertStore,
    organization_id: &str,
    new: Vec<AlertView>,
    ended: &[String],
) -> Vec<AlertView> {
    let now = ctx.core().clock.now();
    let shared = async {
        let Some(mut team) = writable(ctx).await? else {
            return Ok(None);
        };
        end(&team.client, team.schema, organization_id, ended, now)
            .await
            .map_err(Error::Team)?;
        in_line(&mut team, store, organization_id, now)
            .await
            .map(Some)
    };
    match tokio::time::timeout(WITHIN, shared).await {
        Ok(Ok(Some(written))) => new
            .into_iter()
            .filter(|a| written.contains(&a.finding.key))
            .collect(),
        Ok(Ok(None)) => new,
        Ok(Err(e)) => {
            tracing::warn!(code = %e.code(), "alerts not shared with the team now: {e}");
            new
        }
        Err(_) => {
            tracing::warn!("alerts not shared with the team now: no answer in time");
            new
        }
    }
}

/// The two stores in line before the alerts are listed or acknowledged; a failure is logged
/// (this computer's store is read as it is).
pub(crate) async fn bring_in_line(ctx: &AppContext, store: &AlertStore, organization_id: &str) {
    let now = ctx.core().clock.now();
    let done = async {
        let Some(mut team) = writable(ctx).await? else {
            return Ok(());
        };
        in_line(&mut team, store, organization_id, now)
            .await
            .map(|_| ())
    };
    match tokio::time::timeout(WITHIN, done).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => {
            tracing::warn!(code = %e.code(), "the team's alerts not read; this computer's are shown: {e}")
        }
        Err(_) => tracing::warn!("the team's alerts not read in time; this computer's are shown"),
    }
}

/// The team's database when this computer may write to it.
async fn writable(ctx: &AppContext) -> Result<Option<Reached>> {
    Ok(reach(ctx).await?.filter(|team| !team.schema.read_only))
}

/// The two stores in line; the keys this computer raised for the team.
async fn in_line(
    team: &mut Reached,
    store: &AlertStore,
    organization_id: &str,
    now: DateTime<Utc>,
) -> Result<Vec<String>> {
    let here = store.open(organization_id).map_err(Error::from)?;
    let there = open(&team.client, organization_id)
        .await
        .map_err(Error::Team)?;
    let there_keys: HashSet<&str> = there.iter().map(|t| t.key.as_str()).collect();
    let mine: Vec<Raised> = here
        .iter()
        .filter(|a| !a.muted && !there_keys.contains(a.finding.key.as_str()))
        .map(|a| Raised {
            key: a.finding.key.clone(),
            finding: serde_json::to_value(&a.finding).unwrap_or_default(),
            raised_at: a.raised_at,
        })
        .collect();
    let written = raise(
        &mut team.client,
        team.schema,
        organization_id,
        &mine,
        &team.me,
    )
    .await
    .map_err(Error::Team)?;
    let acked_here: Vec<String> = here
        .iter()
        .filter(|a| a.acknowledged_at.is_some())
        .filter(|a| {
            // Raised for the team just now, or there and not acknowledged yet.
            written.contains(&a.finding.key)
                || there
                    .iter()
                    .any(|t| t.key == a.finding.key && t.acknowledged_at.is_none())
        })
        .map(|a| a.finding.key.clone())
        .collect();
    acknowledge(
        &team.client,
        team.schema,
        organization_id,
        &acked_here,
        now,
        &team.me,
    )
    .await
    .map_err(Error::Team)?;
    let here_keys: HashSet<&str> = here.iter().map(|a| a.finding.key.as_str()).collect();
    let taken: Vec<TakenIn> = there
        .iter()
        .filter(|t| !here_keys.contains(t.key.as_str()))
        .filter_map(|t| {
            Some(TakenIn {
                finding: serde_json::from_value(t.finding.clone()).ok()?,
                raised_at: t.raised_at,
                acknowledged_at: t.acknowledged_at,
            })
        })
        .collect();
    store
        .take_in(organization_id, &taken)
        .map_err(Error::from)?;
    for t in &there {
        let Some(at) = t.acknowledged_at else {
            continue;
        };
        let open_here = here
            .iter()
            .any(|a| a.finding.key == t.key && a.acknowledged_at.is_none());
        if open_here {
            store
                .acknowledge_keys(organization_id, std::slice::from_ref(&t.key), at)
                .map_err(Error::from)?;
        }
    }
    Ok(written)
}

/// The alerts of these keys acknowledged here: acknowledged for the team now (when the
/// database does not answer, the next time the stores are brought in line).
pub(crate) async fn acknowledged(ctx: &AppContext, organization_id: &str, keys: &[String]) {
    let now = ctx.core().clock.now();
    let done = async {
        let Some(team) = writable(ctx).await? else {
            return Ok(());
        };
        acknowledge(
            &team.client,
            team.schema,
            organization_id,
            keys,
            now,
            &team.me,
        )
        .await
        .map(|_| ())
        .map_err(Error::Team)
    };
    match tokio::time::timeout(WITHIN, done).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => {
            tracing::warn!(code = %e.code(), "acknowledged here; shared with the team later: {e}")
        }
        Err(_) => {
            tracing::warn!("acknowledged here; shared with the team later (no answer in time)")
        }
    }
}
