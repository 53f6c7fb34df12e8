//! The sync engine: brings the archive up to date with the service's v2 history.
//!
//! Per lock, a *run* fetches one pinned range `[from, til)` newest first, page after page by
//! offset. `til` is fixed when the run starts, so events that happen meanwhile cannot shift the
//! offsets under it. Each page is stored together with the run's checkpoint (next offset, counts)
//! in one transaction: a process killed at any moment restarts at the first page not committed,
//! and a page fetched twice is stored once (see `accesses.rs` for what identifies a record).
//!
//! * incremental: first any unfinished run of the lock, then a new run from the newest archived
//!   record minus a small overlap (everything when the lock has no records) up to now;
//! * backfill: a run over a given range (also after any unfinished run).
//!
//! Every lock is synced concurrently through the one v2 rate limiter of the client, so the rate
//! is the service's bound whatever the number of locks. Pages are as large as the service
//! accepts: the configured maximum first; an `invalid_params` answer halves it, and a search
//! between the last accepted and the first refused size settles the largest, which is
//! remembered in the archive.
//!
//! An expired v2 sign-in (`v2_session_expired`) ends the sync as [`SyncOutcome::Paused`] with
//! every checkpoint intact; the next sync, with a fresh sign-in, resumes the unfinished runs.

mod model;
mod page_size;
mod runs;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use chrono::Utc;
use futures::stream::{self, StreamExt};
use lockdesk_api::V2Client;
use tokio_util::sync::CancellationToken;

use crate::archive::Archive;
use crate::error::{Error, Result};
use crate::model::to_ms;
use crate::{checkpoints, meta};
pub use model::{Backfill, LockSync, SyncOutcome, SyncProgress, SyncReport, SyncRequest};
use page_size::PageSize;
use runs::sync_lock;

struct Shared<'a> {
    archive: &'a Archive,
    client: &'a V2Client,
    progress: Mutex<SyncProgress>,
    on_progress: &'a (dyn Fn(&SyncProgress) + Send + Sync),
    page: Mutex<PageSize>,
    /// Pages still expected per active lock (`None`: unknown).
    remaining: Mutex<std::collections::HashMap<String, Option<u64>>>,
    stop: CancellationToken,
    paused: AtomicBool,
}

enum Stop {
    Paused,
    Cancelled,
    Failed(Error),
}

/// Runs a sync. `on_progress` is called after every committed page; `cancel` stops it between
/// (or during) requests, leaving checkpoints intact. Errors of the database, and another sync
/// of the same archive already running (`SyncRunning`), are returned as `Err`; everything that
/// depends on the service ends in the report's outcome.
pub async fn sync(
    archive: &Archive,
    client: &V2Client,
    req: &SyncRequest,
    on_progress: &(dyn Fn(&SyncProgress) + Send + Sync),
    cancel: &CancellationToken,
) -> Result<SyncReport> {
    let _lock = archive.lock_for_sync()?;
    let started_at = Utc::now();
    let max = req.max_page_size.clamp(1, 10_000);
    let remembered = meta::get(&archive.conn(), meta::PAGE_SIZE)?
        .and_then(|v| v.parse::<u32>().ok())
        .filter(|v| *v >= 1);
    let start_size = remembered.map_or(max, |r| r.min(max));
    let shared = Shared {
        archive,
        client,
        progress: Mutex::new(SyncProgress {
            page_size: start_size,
            ..Default::default()
        }),
        on_progress,
        page: Mutex::new(PageSize {
            current: start_size,
            good: 0,
            bad: remembered.filter(|r| *r < max).map(|r| r + 1),
        }),
        remaining: Mutex::new(Default::default()),
        stop: cancel.child_token(),
        paused: AtomicBool::new(false),
    };

    let report = |outcome: SyncOutcome, locks: Vec<LockSync>, shared: &Shared<'_>| SyncReport {
        outcome,
        progress: shared.progress.lock().unwrap().clone(),
        locks,
        started_at,
        finished_at: Utc::now(),
    };

    // Which locks.
    let mut lock_ids: Vec<String> = req.lock_ids.iter().map(|l| l.trim().to_owned()).collect();
    if lock_ids.is_empty() {
        shared.progress.lock().unwrap().requests += 1;
        match client.locks().await {
            Ok(locks) => {
                let now = to_ms(&Utc::now());
                let conn = archive.conn();
                for l in &locks {
                    crate::locks::upsert(
                        &conn,
                        &l.id,
                        l.name.as_deref(),
                        l.image_url.as_deref(),
                        now,
                    )?;
                }
                lock_ids = locks.into_iter().map(|l| l.id).collect();
                for run in checkpoints::all_open(&conn)? {
                    if !lock_ids.contains(&run.lock_id) {
                        lock_ids.push(run.lock_id);
                    }
                }
            }
            Err(e) => {
                let outcome = match stop_of(e) {
                    Stop::Paused => paused(),
                    Stop::Cancelled => SyncOutcome::Cancelled,
                    Stop::Failed(e) => failed(&e),
                };
                return Ok(report(outcome, Vec::new(), &shared));
            }
        }
    }
    lock_ids.dedup();
    {
        let mut p = shared.progress.lock().unwrap();
        p.locks_total = lock_ids.len() as u32;
    }
    {
        let mut rem = shared.remaining.lock().unwrap();
        for l in &lock_ids {
            rem.insert(l.clone(), Some(1));
        }
    }
    let til = req.until.unwrap_or_else(Utc::now);
    let results: Vec<(LockSync, Result<(), Stop>)> = stream::iter(lock_ids.iter())
        .map(|lock_id| sync_lock(&shared, lock_id, req, til))
        .buffer_unordered(req.concurrency.max(1))
        .collect()
        .await;

    let mut locks = Vec::new();
    let mut outcome = SyncOutcome::Completed;
    for (lock, result) in results {
        locks.push(lock);
        match result {
            Ok(()) => {}
            Err(Stop::Failed(Error::Db(e))) => return Err(Error::Db(e)),
            Err(Stop::Failed(e)) => {
                if !matches!(outcome, SyncOutcome::Paused { .. }) {
                    outcome = failed(&e);
                }
            }
            Err(Stop::Paused) => outcome = paused(),
            Err(Stop::Cancelled) => {
                if outcome == SyncOutcome::Completed {
                    outcome = SyncOutcome::Cancelled;
                }
            }
        }
    }
    if shared.paused.load(Ordering::SeqCst) {
        outcome = paused();
    }
    locks.sort_by(|a, b| a.lock_id.cmp(&b.lock_id));
    Ok(report(outcome, locks, &shared))
}

fn paused() -> SyncOutcome {
    SyncOutcome::Paused {
        reason: "v2_session_expired".into(),
        message: "The history (v2) sign-in has expired. Sign in again; the sync resumes where it stopped.".into(),
    }
}

fn failed(e: &Error) -> SyncOutcome {
    SyncOutcome::Failed {
        code: e.code().to_owned(),
        message: e.to_string(),
    }
}

fn stop_of(e: lockdesk_api::Error) -> Stop {
    match e {
        lockdesk_api::Error::V2SessionExpired => Stop::Paused,
        lockdesk_api::Error::Cancelled => Stop::Cancelled,
        e => Stop::Failed(Error::Api(e)),
    }
}
