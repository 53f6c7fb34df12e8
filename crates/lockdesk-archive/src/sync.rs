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

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use chrono::{DateTime, Utc};
use futures::stream::{self, StreamExt};
use lockdesk_api::v2::AccessQuery;
use lockdesk_api::{ServiceCode, V2Client};
use serde::{Deserialize, Serialize};
use tokio_util::sync::CancellationToken;

use crate::accesses;
use crate::archive::Archive;
use crate::checkpoints::{self, Run, RunMode};
use crate::error::{Error, Result};
use crate::meta;
use crate::model::{from_ms, to_ms};

/// What to sync.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct SyncRequest {
    /// Locks to sync; empty: every lock the account may read the history of (and every
    /// unfinished run).
    pub lock_ids: Vec<String>,
    /// A range to fetch instead of the incremental sync.
    pub backfill: Option<Backfill>,
    /// Largest page asked for (the service's documented default is 20; it accepts more).
    pub max_page_size: u32,
    /// How far before the newest archived record an incremental sync starts, in seconds.
    pub overlap_seconds: u32,
    /// Locks fetched at once (they share the one rate limiter).
    pub concurrency: usize,
    /// The end of this run, pinned at its start so new events cannot shift offsets under it.
    /// `None`: now by this computer's clock (callers with a clock of their own pass it).
    pub until: Option<DateTime<Utc>>,
}

impl Default for SyncRequest {
    fn default() -> Self {
        SyncRequest {
            lock_ids: Vec::new(),
            backfill: None,
            max_page_size: 100,
            overlap_seconds: 300,
            concurrency: 4,
            until: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Backfill {
    /// Inclusive.
    pub from: DateTime<Utc>,
    /// Exclusive; capped at now.
    pub til: DateTime<Utc>,
}

/// Where a sync is, after every committed page.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SyncProgress {
    pub locks_total: u32,
    pub locks_done: u32,
    /// Records received (including ones already archived).
    pub records: u64,
    /// Records that were new to the archive.
    pub new_records: u64,
    pub pages: u64,
    /// Requests sent (pages, refused page sizes and the lock list).
    pub requests: u64,
    pub page_size: u32,
    /// From the pages still expected and the rate limit; `None` while unknown (a lock's first
    /// sync has no known start).
    pub estimated_seconds_left: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum SyncOutcome {
    Completed,
    /// Stopped with every checkpoint intact; sign in again and sync to resume.
    Paused {
        reason: String,
        message: String,
    },
    Cancelled,
    /// Stopped by an error; checkpoints are intact and the next sync resumes.
    Failed {
        code: String,
        message: String,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LockSync {
    pub lock_id: String,
    pub records: u64,
    pub new_records: u64,
    pub pages: u64,
    pub done: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SyncReport {
    #[serde(flatten)]
    pub outcome: SyncOutcome,
    pub progress: SyncProgress,
    pub locks: Vec<LockSync>,
    pub started_at: DateTime<Utc>,
    pub finished_at: DateTime<Utc>,
}

/// Page-size discovery shared by every lock of a sync.
#[derive(Debug)]
struct PageSize {
    current: u32,
    /// Largest size accepted so far.
    good: u32,
    /// Smallest size refused so far.
    bad: Option<u32>,
}

impl PageSize {
    fn accepted(&mut self, size: u32) -> bool {
        self.good = self.good.max(size);
        match self.bad {
            Some(bad) if bad > self.good + 1 => {
                self.current = (self.good + bad) / 2;
                false
            }
            Some(_) => {
                self.current = self.good;
                true
            }
            None => false,
        }
    }

    fn refused(&mut self, size: u32) -> bool {
        self.bad = Some(self.bad.map_or(size, |b| b.min(size)));
        if size <= 1 {
            return false;
        }
        self.current = if self.good > 0 {
            (self.good + size) / 2
        } else {
            size / 2
        }
        .max(1);
        if self.current <= self.good {
            self.current = self.good;
        }
        true
    }
}

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

async fn sync_lock(
    shared: &Shared<'_>,
    lock_id: &str,
    req: &SyncRequest,
    til: DateTime<Utc>,
) -> (LockSync, Result<(), Stop>) {
    let mut summary = LockSync {
        lock_id: lock_id.to_owned(),
        records: 0,
        new_records: 0,
        pages: 0,
        done: false,
    };
    let result = sync_lock_runs(shared, lock_id, req, til, &mut summary).await;
    summary.done = result.is_ok();
    shared.remaining.lock().unwrap().remove(lock_id);
    if result.is_ok() {
        shared.progress.lock().unwrap().locks_done += 1;
        report_progress(shared);
    }
    (summary, result)
}

async fn sync_lock_runs(
    shared: &Shared<'_>,
    lock_id: &str,
    req: &SyncRequest,
    til: DateTime<Utc>,
    summary: &mut LockSync,
) -> Result<(), Stop> {
    let open = checkpoints::open_runs(&shared.archive.conn(), lock_id).map_err(Stop::Failed)?;
    for run in open {
        run_pages(shared, run, summary).await?;
    }
    let now_ms = to_ms(&Utc::now());
    let run = {
        let conn = shared.archive.conn();
        let (mode, from_ms, til_ms) = match &req.backfill {
            Some(b) => (
                RunMode::Backfill,
                Some(to_ms(&b.from)),
                to_ms(&b.til.min(til)),
            ),
            None => {
                let newest = accesses::newest_ms(&conn, lock_id).map_err(Stop::Failed)?;
                let overlap = i64::from(req.overlap_seconds) * 1000;
                (
                    RunMode::Incremental,
                    newest.map(|n| n - overlap),
                    to_ms(&til),
                )
            }
        };
        if from_ms.is_some_and(|f| f >= til_ms) {
            return Ok(());
        }
        checkpoints::start(&conn, lock_id, mode, from_ms, til_ms, now_ms).map_err(Stop::Failed)?
    };
    run_pages(shared, run, summary).await
}

/// Fetches a run's pages until a short page, committing each with the checkpoint.
async fn run_pages(shared: &Shared<'_>, mut run: Run, summary: &mut LockSync) -> Result<(), Stop> {
    let mut oldest_ms: Option<i64> = None;
    let pages_before = run.pages;
    while !run.done {
        if shared.stop.is_cancelled() {
            return Err(if shared.paused.load(Ordering::SeqCst) {
                Stop::Paused
            } else {
                Stop::Cancelled
            });
        }
        let limit = shared.page.lock().unwrap().current;
        let query = AccessQuery {
            lock_id: run.lock_id.clone(),
            offset: u32::try_from(run.next_offset).unwrap_or(u32::MAX),
            limit,
            from: run.from_ms.map(from_ms),
            til: Some(from_ms(run.til_ms)),
        };
        let answer = tokio::select! {
            _ = shared.stop.cancelled() => continue,
            answer = shared.client.accesses(&query) => answer,
        };
        shared.progress.lock().unwrap().requests += 1;
        let page = match answer {
            Ok(page) => page,
            Err(e) if e.is(&ServiceCode::InvalidParams) && e.status() == Some(400) => {
                let again = shared.page.lock().unwrap().refused(limit);
                if again {
                    tracing::info!(limit, "the service refused the page size; trying smaller");
                    continue;
                }
                return Err(Stop::Failed(Error::Api(e)));
            }
            Err(e) => {
                let stop = stop_of(e);
                if matches!(stop, Stop::Paused) {
                    shared.paused.store(true, Ordering::SeqCst);
                }
                shared.stop.cancel();
                return Err(stop);
            }
        };
        let settled = {
            let mut size = shared.page.lock().unwrap();
            let settled = size.accepted(limit);
            shared.progress.lock().unwrap().page_size = size.current;
            settled
        };
        let done = (page.len() as u32) < limit;
        let new = {
            let mut conn = shared.archive.conn();
            let commit = (|| -> Result<(usize, Run)> {
                let tx = conn.transaction()?;
                let new = accesses::insert_page(&tx, &run.lock_id, &page)?;
                let next = checkpoints::advance(
                    &tx,
                    &run,
                    page.len() as u64,
                    new as u64,
                    done,
                    to_ms(&Utc::now()),
                )?;
                if settled {
                    // The search between accepted and refused sizes is over: remember it.
                    meta::set(&tx, meta::PAGE_SIZE, &limit.to_string())?;
                }
                tx.commit()?;
                Ok((new, next))
            })();
            match commit {
                Ok((new, next)) => {
                    run = next;
                    new
                }
                Err(e) => return Err(Stop::Failed(e)),
            }
        };
        if let Some(last) = page.last() {
            oldest_ms = Some(oldest_ms.map_or(to_ms(&last.created_at), |o: i64| {
                o.min(to_ms(&last.created_at))
            }));
        }
        summary.records += page.len() as u64;
        summary.new_records += new as u64;
        summary.pages += 1;
        {
            let mut p = shared.progress.lock().unwrap();
            p.records += page.len() as u64;
            p.new_records += new as u64;
            p.pages += 1;
        }
        let remaining = if run.done {
            Some(0)
        } else {
            estimate_remaining(&run, oldest_ms, run.pages - pages_before)
        };
        shared
            .remaining
            .lock()
            .unwrap()
            .insert(run.lock_id.clone(), remaining);
        report_progress(shared);
    }
    Ok(())
}

/// Pages still expected for a run: the covered share of its time range tells the density.
fn estimate_remaining(run: &Run, oldest_ms: Option<i64>, pages_now: u64) -> Option<u64> {
    let from = run.from_ms?;
    let oldest = oldest_ms?;
    let span = (run.til_ms - from).max(1) as f64;
    let covered = (run.til_ms - oldest).clamp(1, run.til_ms - from) as f64;
    let total = pages_now as f64 * span / covered;
    Some((total - pages_now as f64).ceil().max(1.0) as u64)
}

fn report_progress(shared: &Shared<'_>) {
    let remaining: Option<u64> = shared
        .remaining
        .lock()
        .unwrap()
        .values()
        .try_fold(0u64, |acc, r| r.map(|r| acc + r));
    let limiter = shared.client.limiter();
    let rate = f64::from(limiter.limit()) / limiter.window().as_secs_f64().max(0.001);
    let snapshot = {
        let mut p = shared.progress.lock().unwrap();
        p.estimated_seconds_left = remaining.map(|r| r as f64 / rate);
        p.clone()
    };
    (shared.on_progress)(&snapshot);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_size_search_settles_on_the_largest_accepted() {
        for max_accepted in [1u32, 7, 20, 30, 50, 64, 99] {
            let mut s = PageSize {
                current: 100,
                good: 0,
                bad: None,
            };
            let mut steps = 0;
            loop {
                steps += 1;
                assert!(steps < 30, "no convergence for {max_accepted}");
                let size = s.current;
                if size <= max_accepted {
                    if s.accepted(size) {
                        break;
                    }
                    if s.bad.is_none() {
                        break;
                    }
                } else {
                    assert!(s.refused(size));
                }
            }
            assert_eq!(s.current, max_accepted, "for {max_accepted}");
        }
    }
}
