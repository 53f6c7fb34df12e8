//! The history archive through the team: before a sync this computer takes in what the team's
//! archive holds beyond its own, then asks for the lease. Holding it, it syncs from the
//! service (renewing the lease meanwhile) and gives the team what its archive took in; else
//! another computer syncs now, or the team's archive is fresh, and this sync ends there. Each
//! computer's own archive stays its copy for every screen and for when the database is down.

use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use lockdesk_api::ApiVersion;
use lockdesk_archive::coverage::Stretch;
use lockdesk_archive::{Archive, SharedRecord, TeamMarks};
use lockdesk_team::history::{
    lease_state, let_go, records_after, renew_lease, snapshot, stretches, take_lease, upload,
    upload_stretches, Lease, TeamRecord, TeamStretch, TeamUser,
};

use lockdesk_team::schema::SchemaState;
use tokio_postgres::Client;

use crate::app::context::AppContext;
use crate::error::{Error, Result};
pub use crate::history::state::TeamArchiveView;
use crate::profiles::store::ProfileStore;
use crate::team::reach::{reach, team_settings, within_time, Reached};

/// How long the lease holds without being renewed: a holder switched off or asleep loses it
/// this long after its last renewal, and the next computer to sync takes it.
pub const LEASE_HOLD: Duration = Duration::from_secs(30);
/// How often a holder renews it while it syncs.
const RENEW_EVERY: Duration = Duration::from_secs(10);
/// Records per batch each way.
const BATCH: u32 = 5_000;
/// How often a computer looks whether the holder finished.
const WAIT_POLL: Duration = Duration::from_millis(500);
/// How long a sync waits for the team's database before it syncs as if alone.
const REACH_WITHIN: Duration = Duration::from_secs(5);

/// What a sync is to do.
pub(crate) enum TeamSync {
    /// No team for this archive (none connected, an archive file of its own, the database down):
    /// sync as alone.
    Alone,
    /// Taken in from the team; nothing to sync from the service now.
    TakenIn(TeamArchiveView),
    /// This computer syncs for the team.
    Holder(Box<Holder>),
    /// Stopped while taking in (the job was cancelled); what was taken in stays.
    Cancelled,
}

/// Told how many of the team's records were taken in so far; answers whether to go on.
pub type TakingIn<'a> = &'a (dyn Fn(u64) -> bool + Sync);

/// This computer holding the lease of `service`.
pub(crate) struct Holder {
    team: Reached,
    service: String,
    marks: TeamMarks,
    taken_in: u64,
    renewing: tokio::task::JoinHandle<()>,
}

/// The service the archive's history comes from (lock ids are its own), unless the archive is
/// a file of its own (`--archive`) or this computer has no team.
fn service_of(ctx: &AppContext) -> Result<Option<String>> {
    if ctx.archive_override().is_some() || team_settings(ctx)?.source()?.is_none() {
        return Ok(None);
    }
    let profile = ctx.profile_for(ApiVersion::V2)?;
    Ok(Some(ProfileStore::new(&ctx.core()).get(&profile)?.base_url))
}

/// Takes in the team's records and asks for the lease (`fresh_within`: a sync finished that
/// recently by any computer is enough). Any failure with the team is logged and the sync goes
/// on as alone: the service stays the source of every record.
pub(crate) async fn before_sync(
    ctx: &AppContext,
    archive: &Arc<Archive>,
    fresh_within: Duration,
    taking_in: TakingIn<'_>,
) -> TeamSync {
    match try_before_sync(ctx, archive, fresh_within, taking_in).await {
        Ok(sync) => sync,
        Err(e) => {
            tracing::warn!(code = %e.code(), "history synced without the team: {e}");
            TeamSync::Alone
        }
    }
}

async fn try_before_sync(
    ctx: &AppContext,
    archive: &Arc<Archive>,
    fresh_within: Duration,
    taking_in: TakingIn<'_>,
) -> Result<TeamSync> {
    let Some(service) = service_of(ctx)? else {
        return Ok(TeamSync::Alone);
    };
    let source = team_settings(ctx)?
        .source()?
        .ok_or(Error::TeamPasswordMissing)?;
    let Some(mut team) = within_time(ctx, &source, REACH_WITHIN, reach(ctx)).await? else {
        return Ok(TeamSync::Alone);
    };
    if team.schema.read_only {
        return Ok(TeamSync::Alone);
    }
    let marks = TeamMarks::new(&source.address());
    let taken_in = take_in(&mut team.client, archive, &service, &marks, taking_in).await?;
    if !taking_in(taken_in) {
        return Ok(TeamSync::Cancelled);
    }
    let lease = take_lease(
        &mut team.client,
        team.schema,
        &service,
        &team.me,
        LEASE_HOLD,
        fresh_within,
    )
    .await
    .map_err(Error::Team)?;
    Ok(match lease {
        Lease::Mine => TeamSync::Holder(Box::new(Holder {
            renewing: renew(ctx, service.clone()),
            team,
            service,
            marks,
            taken_in,
        })),
        Lease::Held { computer, .. } => TeamSync::TakenIn(
            after_holder(
                &mut team,
                archive,
                (&service, &marks),
                computer,
                taken_in,
                taking_in,
            )
            .await?,
        ),
        Lease::Fresh {
            computer,
            synced_at,
        } => TeamSync::TakenIn(TeamArchiveView {
            synced_by: Some(computer),
            synced_at: Some(synced_at),
            taken_in,
            ..TeamArchiveView::default()
        }),
    })
}

/// Another computer syncs now: waits a while for it to finish (a watcher's rules then see
/// what it fetched) and takes in what it gave; still syncing, says so.
async fn after_holder(
    team: &mut Reached,
    archive: &Arc<Archive>,
    (service, marks): (&str, &TeamMarks),
    holder: String,
    taken_in: u64,
    taking_in: TakingIn<'_>,
) -> Result<TeamArchiveView> {
    let waiting_since = tokio::time::Instant::now();
    loop {
        tokio::time::sleep(WAIT_POLL).await;
        if !taking_in(taken_in) {
            return Ok(TeamArchiveView {
                syncing: Some(holder),
                taken_in,
                ..TeamArchiveView::default()
            });
        }
        let state = lease_state(&team.client, service)
            .await
            .map_err(Error::Team)?;
        if state.syncing.is_none() {
            let more = take_in(&mut team.client, archive, service, marks, taking_in).await?;
            return Ok(TeamArchiveView {
                synced_by: state.synced_by,
                synced_at: state.synced_at,
                taken_in: taken_in + more,
                ..TeamArchiveView::default()
            });
        }
        if waiting_since.elapsed() >= LEASE_HOLD {
            return Ok(TeamArchiveView {
                syncing: state.syncing.or(Some(holder)),
                taken_in,
                ..TeamArchiveView::default()
            });
        }
    }
}

/// Renews the lease on a connection of its own until stopped; a renewal that fails is
/// logged (the lease then runs out and another computer may sync beside this one: records
/// are stored once however often they are fetched).
fn renew(ctx: &AppContext, service: String) -> tokio::task::JoinHandle<()> {
    let ctx = ctx.clone();
    tokio::spawn(async move {
        let mut team: Option<Reached> = None;
        loop {
            tokio::time::sleep(RENEW_EVERY).await;
            if team.is_none() {
                team = reach(&ctx).await.ok().flatten();
            }
            let Some(t) = &team else { continue };
            match renew_lease(&t.client, &service, &t.me, LEASE_HOLD).await {
                Ok(true) => {}
                Ok(false) => tracing::warn!("the history lease ran out; another computer syncs"),
                Err(e) => {
                    tracing::warn!("the history lease not renewed: {e}");
                    team = None;
                }
            }
        }
    })
}

impl Holder {
    /// Gives the team what this archive took in that the team lacks, with the archive's
    /// stretches, and lets the lease go (noting a finished sync when `finished`).
    pub(crate) async fn after_sync(
        mut self,
        archive: &Arc<Archive>,
        finished: bool,
    ) -> TeamArchiveView {
        self.renewing.abort();
        let t = &mut self.team;
        let given = give(&mut t.client, t.schema, archive, &self.service, &self.marks).await;
        let noted = let_go(&self.team.client, &self.service, &self.team.me, finished).await;
        if let Err(e) = noted {
            tracing::warn!("the history lease not let go (it runs out): {e}");
        }
        TeamArchiveView {
            synced_here: true,
            synced_by: finished.then(|| self.team.me.name.clone()),
            synced_at: finished.then(Utc::now),
            taken_in: self.taken_in,
            given: given.unwrap_or_else(|e| {
                tracing::warn!(code = %e.code(), "history not given to the team: {e}");
                0
            }),
            ..TeamArchiveView::default()
        }
    }
}

/// Gives the team what `archive` took in that the team lacks (after its mark), then its
/// stretches; how many records were new to the team.
pub async fn give(
    client: &mut Client,
    schema: SchemaState,
    archive: &Archive,
    service: &str,
    marks: &TeamMarks,
) -> Result<u64> {
    let (_, mut after) = archive.team_marks(marks)?;
    let mut given = 0;
    loop {
        let batch = archive.records_after(after, BATCH)?;
        let Some((last, _)) = batch.last() else { break };
        let last = *last;
        let records: Vec<TeamRecord> = batch.into_iter().map(|(_, r)| to_team(r)).collect();
        given += upload(client, schema, service, &records)
            .await
            .map_err(Error::Team)?;
        archive.set_team_given(marks, last)?;
        after = last;
    }
    let held: Vec<TeamStretch> = archive
        .stretches()?
        .into_iter()
        .map(|(lock_id, s)| TeamStretch {
            lock_id,
            from_ms: s.from_ms,
            til_ms: s.til_ms,
        })
        .collect();
    upload_stretches(client, schema, service, &held)
        .await
        .map_err(Error::Team)?;
    Ok(given)
}

/// Takes in every record the team uploaded after this archive's mark, then the team's
/// stretches (read in the same snapshot: never ahead of the records); how many were new.
/// `taking_in` hears of each batch and may stop it (the mark keeps where it got to).
pub async fn take_in(
    client: &mut Client,
    archive: &Archive,
    service: &str,
    marks: &TeamMarks,
    taking_in: TakingIn<'_>,
) -> Result<u64> {
    let (mut after, _) = archive.team_marks(marks)?;
    let tx = snapshot(client).await.map_err(Error::Team)?;
    let held: Vec<(String, Stretch)> = stretches(&tx, service)
        .await
        .map_err(Error::Team)?
        .into_iter()
        .map(|s| {
            let stretch = Stretch {
                from_ms: s.from_ms,
                til_ms: s.til_ms,
            };
            (s.lock_id, stretch)
        })
        .collect();
    let (mut new, mut read) = (0, 0);
    loop {
        if !taking_in(read) {
            return Ok(new);
        }
        let batch = records_after(&tx, service, after, i64::from(BATCH))
            .await
            .map_err(Error::Team)?;
        let last_batch = batch.len() < BATCH as usize;
        if let Some((last, _)) = batch.last() {
            after = *last;
        }
        read += batch.len() as u64;
        let records: Vec<SharedRecord> = batch.into_iter().map(|(_, r)| from_team(r)).collect();
        let with = if last_batch { held.as_slice() } else { &[] };
        new += archive.take_from_team(marks, &records, with, after)? as u64;
        if last_batch {
            return Ok(new);
        }
    }
}

fn to_team(r: SharedRecord) -> TeamRecord {
    let SharedRecord {
        lock_id,
        record,
        occurrence,
    } = r;
    TeamRecord {
        lock_id,
        lock_name: record.lock.and_then(|l| l.name),
        created_at: record.created_at,
        user: record.user.and_then(|u| {
            Some(TeamUser {
                id: u.id?,
                name: u.full_name,
                mail: u.mail,
            })
        }),
        kind: record.client_type.as_str().to_owned(),
        is_locked: record.is_locked,
        occurrence: i32::try_from(occurrence).unwrap_or(i32::MAX),
    }
}

fn from_team(r: TeamRecord) -> SharedRecord {
    SharedRecord::new(
        r.lock_id,
        r.lock_name,
        r.created_at.timestamp_millis(),
        r.user.map(|u| (u.id, u.name, u.mail)),
        &r.kind,
        r.is_locked,
        i64::from(r.occurrence),
    )
}
