//! Syncing the local archive with the service as a background job (`jobs_get` polls it,
//! `jobs_cancel` stops it between requests), and where each lock's archive stands.
//!
//! An expired history sign-in (`v2_session_expired`) stops the job with every checkpoint intact
//! (`state: stopped`, `error.code = "v2_session_expired"`): sign in to the history profile again
//! and sync to resume.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use lockdesk_archive::{
    Archive, Backfill, CancellationToken, Completeness, SyncOutcome, SyncProgress, SyncReport,
    SyncRequest,
};
use serde::{Deserialize, Serialize};

use crate::app::args::NoArgs;
use crate::app::context::{AppContext, Space};
use crate::app::job_kind::JobKind;
use crate::app::job_registry::JobState;
use crate::app::job_results::JobStarted;
use crate::error::{Error, ErrorPayload, Result};
use crate::history::state::HistorySyncRunView;
use crate::history::store::{archive_failed, archive_unless_updating, open_archive, UPDATE_WAIT};
use crate::team::archive::{before_sync, TeamArchiveView, TeamSync};

pub const SESSION_EXPIRED_MESSAGE: &str =
    "The history sign-in expired: sign in again to history to resume the sync.";

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistorySyncStartRequest {
    /// Locks to sync; absent or empty: every lock with history permission.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub lock_ids: Option<Vec<String>>,
    /// Fetch this range again (a backfill) instead of bringing the archive up to date; with
    /// `til`, and before it.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub from: Option<DateTime<Utc>>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub til: Option<DateTime<Utc>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum LockSyncState {
    Idle,
    Running,
    /// The last sync paused (expired history sign-in) before this lock was done.
    Paused,
    /// Its history is not archived back to the first record yet (never synced, or a sync
    /// cancelled part way): see `complete` for how far back it is.
    Incomplete,
}

/// The state shown for one lock, from the running sync, the last sync's report and how far
/// back the archive holds the lock's history.
fn lock_state(
    running: Option<&HistorySyncRunView>,
    last: Option<&SyncReport>,
    lock_id: &str,
    complete: &Completeness,
) -> LockSyncState {
    if running.is_some_and(|r| r.lock_ids.is_empty() || r.lock_ids.iter().any(|l| l == lock_id)) {
        LockSyncState::Running
    } else if last.is_some_and(|r| {
        matches!(r.outcome, SyncOutcome::Paused { .. })
            && !r.locks.iter().any(|s| s.lock_id == lock_id && s.done)
    }) {
        LockSyncState::Paused
    } else if !matches!(complete, Completeness::Whole { .. }) {
        LockSyncState::Incomplete
    } else {
        LockSyncState::Idle
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistoryLockSyncView {
    pub lock_id: String,
    pub name: Option<String>,
    /// Records of this lock in the archive.
    pub records: u64,
    /// Time of the newest archived record.
    pub last_record_at: Option<DateTime<Utc>>,
    /// Where the archive's complete stretch of this lock ends.
    pub synced_until: Option<DateTime<Utc>>,
    /// How far back the archive holds this lock's history.
    pub complete: Completeness,
    pub state: LockSyncState,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistorySyncStatusResponse {
    pub records: u64,
    pub oldest: Option<DateTime<Utc>>,
    pub newest: Option<DateTime<Utc>>,
    pub locks: Vec<HistoryLockSyncView>,
    /// How far back the archive holds the history of every lock: while a first sync brings
    /// older records, screens say from when on they are complete.
    pub complete: Completeness,
    /// The sync in progress, if any.
    pub running: Option<HistorySyncRunView>,
    /// How the last sync of this run of the app ended.
    pub last: Option<SyncReport>,
    /// What the last sync did with the team's archive, when this computer has a team.
    pub team: Option<TeamArchiveView>,
    /// The archive is being rewritten for this version of Lockdesk (once, when first opened
    /// after an update): nothing else is known yet; ask again.
    pub updating: bool,
}

/// Starts syncing the archive (or answers the sync already running). With a team, even when
/// its archive was synced a moment ago (a person asked).
pub async fn history_sync_start(
    ctx: &AppContext,
    req: HistorySyncStartRequest,
) -> Result<JobStarted> {
    start_sync(ctx, req, Duration::ZERO).await
}

/// Starts a sync that, with a team, leaves the service alone when the team's archive was
/// synced within `fresh_within` by any computer (taking in what it holds).
pub(crate) async fn start_sync(
    ctx: &AppContext,
    req: HistorySyncStartRequest,
    fresh_within: Duration,
) -> Result<JobStarted> {
    let space = ctx.space();
    if let Some(r) = space.history.sync_state().running.clone() {
        return Ok(JobStarted {
            job: ctx.jobs().get(&r.job_id)?,
            job_id: r.job_id,
        });
    }
    let backfill = match (req.from, req.til) {
        (None, None) => None,
        (Some(from), Some(til)) if from < til => Some(Backfill { from, til }),
        (Some(_), Some(_)) => return Err(Error::invalid("from", "from must be before til")),
        _ => {
            return Err(Error::invalid(
                "til",
                "give both from and til for a backfill",
            ))
        }
    };
    let client = ctx.v2().await?;
    let archive = open_archive(ctx).await?;
    let lock_ids: Vec<String> = req
        .lock_ids
        .unwrap_or_default()
        .into_iter()
        .map(|l| l.trim().to_owned())
        .filter(|l| !l.is_empty())
        .collect();
    let job_id = {
        let mut st = space.history.sync_state();
        if let Some(r) = st.running.clone() {
            drop(st);
            return Ok(JobStarted {
                job: ctx.jobs().get(&r.job_id)?,
                job_id: r.job_id,
            });
        }
        let (job_id, cancel) = ctx
            .jobs()
            .start(JobKind::HistorySync, lock_ids.len() as u32);
        st.running = Some(HistorySyncRunView {
            job_id: job_id.clone(),
            lock_ids: lock_ids.clone(),
            progress: SyncProgress::default(),
        });
        let ctx2 = ctx.clone();
        let space2 = space.clone();
        let id = job_id.clone();
        // The sync engine's future is not `Send` (its per-lock stream closures), so it runs on
        // a thread of its own with a small runtime.
        let spawned = std::thread::Builder::new()
            .name("history-sync".into())
            .spawn(move || {
                match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(rt) => rt.block_on(run(
                        &ctx2,
                        &space2,
                        &id,
                        archive,
                        client,
                        (lock_ids, backfill, fresh_within),
                        cancel,
                    )),
                    Err(e) => fail(&ctx2, &id, Error::Demo(e.to_string())),
                }
            });
        if let Err(e) = spawned {
            st.running = None;
            drop(st);
            fail(ctx, &job_id, Error::Demo(e.to_string()));
        }
        job_id
    };
    Ok(JobStarted {
        job: ctx.jobs().get(&job_id)?,
        job_id,
    })
}

/// Runs in the space it was started in, even if the demo is left meanwhile (then it is
/// cancelled).
async fn run(
    ctx: &AppContext,
    space: &Space,
    id: &str,
    archive: Arc<Archive>,
    client: Arc<lockdesk_api::V2Client>,
    (lock_ids, backfill, fresh_within): (Vec<String>, Option<Backfill>, Duration),
    cancel: Arc<AtomicBool>,
) {
    // A sync of some locks or a backfill is this computer's own; the team's is of every lock.
    // Taking in a team's archive (a new computer: millions of records) shows as records
    // coming in, and stops between batches when cancelled.
    let taking_in = |taken: u64| {
        if let Some(r) = space.history.sync_state().running.as_mut() {
            r.progress.records = taken;
        }
        !cancel.load(Ordering::Relaxed)
    };
    let team = if lock_ids.is_empty() && backfill.is_none() {
        before_sync(ctx, &archive, fresh_within, &taking_in).await
    } else {
        TeamSync::Alone
    };
    let holder = match team {
        TeamSync::Alone => None,
        TeamSync::Holder(h) => Some(h),
        TeamSync::TakenIn(_) | TeamSync::Cancelled => {
            let (outcome, view) = match team {
                TeamSync::TakenIn(view) => (SyncOutcome::Completed, Some(view)),
                _ => (SyncOutcome::Cancelled, None),
            };
            let now = ctx.core().clock.now();
            let report = SyncReport {
                outcome,
                progress: SyncProgress::default(),
                locks: Vec::new(),
                started_at: now,
                finished_at: now,
            };
            finish(ctx, space, id, report, view);
            return;
        }
    };
    let token = CancellationToken::new();
    let finished = CancellationToken::new();
    // `jobs_cancel` sets a flag; the sync engine listens to a token.
    let watcher = {
        let (token, finished) = (token.clone(), finished.clone());
        tokio::spawn(async move {
            loop {
                if cancel.load(Ordering::Relaxed) {
                    token.cancel();
                    break;
                }
                tokio::select! {
                    _ = finished.cancelled() => break,
                    _ = tokio::time::sleep(Duration::from_millis(100)) => {}
                }
            }
        })
    };
    let on_progress = |p: &SyncProgress| {
        if let Some(r) = space.history.sync_state().running.as_mut() {
            r.progress = p.clone();
        }
        ctx.jobs().update(id, |j| {
            j.total = p.locks_total;
            j.done = p.locks_done;
        });
    };
    let req = SyncRequest {
        lock_ids,
        backfill,
        until: Some(ctx.core().clock.now()),
        ..Default::default()
    };
    let result = lockdesk_archive::sync(&archive, &client, &req, &on_progress, &token).await;
    finished.cancel();
    let _ = watcher.await;

    let finished = matches!(&result, Ok(r) if r.outcome == SyncOutcome::Completed);
    let team = match holder {
        Some(h) => Some(h.after_sync(&archive, finished).await),
        None => None,
    };
    let report = match result {
        Ok(r) => r,
        // A full disk names its folder (the checkpoints are intact: the next sync goes on from
        // there); a damaged archive is set aside (the next sync fills a new one).
        Err(e) => {
            let e = archive_failed(ctx, archive, Error::from(e));
            space.history.sync_state().running = None;
            fail(ctx, id, e);
            return;
        }
    };
    finish(ctx, space, id, report, team);
}

/// Ends the job with `report`: the status first, then the job (whoever sees the job end
/// reads its report).
fn finish(
    ctx: &AppContext,
    space: &Space,
    id: &str,
    report: SyncReport,
    team: Option<TeamArchiveView>,
) {
    {
        let mut st = space.history.sync_state();
        st.running = None;
        st.last = Some(report.clone());
        st.team = team;
    }
    ctx.jobs().update(id, |j| {
        j.total = report.progress.locks_total;
        j.done = report.progress.locks_done;
        match &report.outcome {
            SyncOutcome::Completed => {
                j.state = JobState::Finished;
                j.done = j.total;
            }
            SyncOutcome::Paused { reason, message } => {
                j.state = JobState::Stopped;
                j.error = Some(ErrorPayload::from_code_text(reason, message.clone()));
            }
            SyncOutcome::Cancelled => {
                j.state = JobState::Cancelled;
            }
            SyncOutcome::Failed { code, message } => {
                j.state = JobState::Failed;
                j.error = Some(ErrorPayload::from_code_text(code, message.clone()));
            }
        }
    });
}

fn fail(ctx: &AppContext, id: &str, e: Error) {
    ctx.jobs().update(id, |j| {
        j.state = JobState::Failed;
        j.error = Some(e.payload());
    });
}

/// What the archive holds per lock and whether a sync runs (no network).
pub async fn history_sync_status(
    ctx: &AppContext,
    _req: NoArgs,
) -> Result<HistorySyncStatusResponse> {
    status_within(ctx, UPDATE_WAIT).await
}

pub(crate) async fn status_within(
    ctx: &AppContext,
    wait: Duration,
) -> Result<HistorySyncStatusResponse> {
    let Some(archive) = archive_unless_updating(ctx, wait).await? else {
        return Ok(HistorySyncStatusResponse {
            records: 0,
            oldest: None,
            newest: None,
            locks: Vec::new(),
            complete: Completeness::Nothing,
            running: None,
            last: None,
            team: None,
            updating: true,
        });
    };
    let (running, last, team) = {
        let space = ctx.space();
        let st = space.history.sync_state();
        (st.running.clone(), st.last.clone(), st.team.clone())
    };
    let (running2, last2) = (running.clone(), last.clone());
    let (stats, locks) = tokio::task::spawn_blocking(move || {
        let stats = archive.stats()?;
        let counted = archive.lock_records()?;
        let mut locks = Vec::new();
        for l in &stats.locks {
            let held = counted.get(&l.lock_id);
            let state = lock_state(running2.as_ref(), last2.as_ref(), &l.lock_id, &l.complete);
            locks.push(HistoryLockSyncView {
                lock_id: l.lock_id.clone(),
                name: l.name.clone(),
                records: held.map_or(0, |h| h.records),
                last_record_at: held.and_then(|h| h.newest),
                synced_until: l.synced_until,
                complete: l.complete.clone(),
                state,
            });
        }
        Ok::<_, lockdesk_archive::Error>((stats, locks))
    })
    .await
    .map_err(|e| lockdesk_archive::Error::Export(e.to_string()))??;
    Ok(HistorySyncStatusResponse {
        complete: Completeness::all_synced(stats.locks.iter().map(|l| &l.complete)),
        records: stats.records,
        oldest: stats.oldest,
        newest: stats.newest,
        locks,
        running,
        last,
        team,
        updating: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use lockdesk_archive::LockSync;

    fn report(outcome: SyncOutcome, done: &[&str]) -> SyncReport {
        let now = Utc::now();
        SyncReport {
            outcome,
            progress: SyncProgress::default(),
            locks: done
                .iter()
                .map(|id| LockSync {
                    lock_id: id.to_string(),
                    records: 1,
                    new_records: 1,
                    pages: 1,
                    done: true,
                })
                .collect(),
            started_at: now,
            finished_at: now,
        }
    }

    #[test]
    fn a_lock_is_up_to_date_only_after_a_finished_sync() {
        let synced = &Completeness::Whole { until: Utc::now() };
        let day = &Completeness::Since {
            since: Utc::now() - chrono::Duration::days(1),
            until: Utc::now(),
        };
        // Its last day is archived, older records are still to come.
        assert_eq!(lock_state(None, None, "a", day), LockSyncState::Incomplete);
        let run = HistorySyncRunView {
            job_id: "j".into(),
            lock_ids: vec!["a".into()],
            progress: SyncProgress::default(),
        };
        assert_eq!(
            lock_state(Some(&run), None, "a", synced),
            LockSyncState::Running
        );
        assert_eq!(
            lock_state(Some(&run), None, "b", synced),
            LockSyncState::Idle
        );
        // Cancelled part way: locks without a finished sync are not "up to date".
        let cancelled = report(SyncOutcome::Cancelled, &["a"]);
        assert_eq!(
            lock_state(None, Some(&cancelled), "b", &Completeness::Nothing),
            LockSyncState::Incomplete
        );
        assert_eq!(
            lock_state(None, Some(&cancelled), "a", synced),
            LockSyncState::Idle
        );
        // Paused by an expired sign-in: every lock not done says so, even one synced before.
        let paused = report(
            SyncOutcome::Paused {
                reason: "v2_session_expired".into(),
                message: String::new(),
            },
            &["a"],
        );
        assert_eq!(
            lock_state(None, Some(&paused), "b", synced),
            LockSyncState::Paused
        );
        assert_eq!(
            lock_state(None, Some(&paused), "a", synced),
            LockSyncState::Idle
        );
        assert_eq!(
            lock_state(None, None, "c", &Completeness::Nothing),
            LockSyncState::Incomplete
        );
    }
}
