//! The sync engine: brings the archive up to date with the service's v2 history.
//!
//! Per lock, a *run* fetches one pinned range `[from, til)` newest first, page after page by
//! offset. `til` is fixed when the run starts, so events that happen meanwhile cannot shift the
//! offsets under it. Each page is stored together with the run's checkpoint (next offset, counts)
//! and the stretch the archive now holds completely ([`crate::coverage`]) in one transaction: a
//! process killed at any moment restarts at the first page not committed, and a page fetched
//! twice is stored once (see `accesses.rs` for what identifies a record).
//!
//! * incremental: the unfinished runs, then new runs over what the archive does not hold yet
//!   (from where it ends, minus a small overlap, up to now; everything for a new lock);
//! * backfill: a run over a given range (also after any unfinished run).
//!
//! Pages are fetched a few at a time through the one v2 rate limiter of the client, so the rate
//! is the service's bound whatever the number of locks, and always of the run whose fetched
//! part reaches least far back (`plan.rs`): a first sync brings the newest page of every lock,
//! then every lock's history newest to oldest, abreast, so the last day of every lock arrives
//! first, with no request more than fetching the locks one after another. Pages are as large as the service
//! accepts: the configured maximum first; an `invalid_params` answer halves it, and a search
//! between the last accepted and the first refused size settles the largest, which is
//! remembered in the archive.
//!
//! An expired v2 sign-in (`v2_session_expired`) ends the sync as [`SyncOutcome::Paused`] with
//! every checkpoint intact; the next sync, with a fresh sign-in, resumes the unfinished runs.
//! A lock's history is read whole however long it is (a big office's main entrance passes
//! 100,000 records a year): a service that never ends its pages is told apart by what it sends,
//! records the archive already holds, and stops (`too_many_pages`) once a lock's pages have
//! brought the listing cap of them (`MAX_LISTING_ITEMS`) or, new or not, a hundred times that
//! in one sync; what was read is kept with its checkpoint and goes on at the next sync.

mod model;
mod page_size;
mod plan;
mod runs;
mod shared;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use chrono::Utc;
use futures::stream::{FuturesUnordered, StreamExt};
use lockdesk_api::v3::MAX_LISTING_ITEMS;
use lockdesk_api::V2Client;
use tokio_util::sync::CancellationToken;

use crate::archive::Archive;
use crate::error::{Error, Result};
use crate::model::to_ms;
use crate::{checkpoints, meta};
pub use model::{Backfill, LockSync, SyncOutcome, SyncProgress, SyncReport, SyncRequest};
use page_size::PageSize;
pub use runs::ARCHIVE_RESERVE;
use runs::{next_page, report_progress};
use shared::{stop_of, Shared, Stop};

/// The most records of one lock a sync reads, new or not (10 million: at the service's 50
/// requests a minute, a day and a half of that lock alone).
const LOCK_RECORDS_PER_SYNC: u64 = 100 * MAX_LISTING_ITEMS as u64;

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
        lock_ids: Mutex::new(Vec::new()),
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
    let til = req.until.unwrap_or_else(Utc::now);
    let mut runs = Vec::new();
    {
        let mut conn = archive.conn();
        let tx = conn.transaction()?;
        for lock_id in &lock_ids {
            runs.extend(plan::runs_of(
                &tx,
                lock_id,
                req,
                to_ms(&til),
                to_ms(&Utc::now()),
            )?);
        }
        tx.commit()?;
    }
    {
        let mut p = shared.progress.lock().unwrap();
        p.locks_total = lock_ids.len() as u32;
    }
    let mut runs_left: HashMap<String, usize> = lock_ids.iter().map(|l| (l.clone(), 0)).collect();
    {
        let mut rem = shared.remaining.lock().unwrap();
        for r in &runs {
            rem.insert(r.id, Some(1));
            *runs_left.entry(r.lock_id.clone()).or_default() += 1;
        }
    }
    *shared.lock_ids.lock().unwrap() = lock_ids.clone();
    // A lock with nothing to fetch is done at once.
    shared.progress.lock().unwrap().locks_done =
        runs_left.values().filter(|n| **n == 0).count() as u32;

    // Page by page, always the run whose fetched part reaches least far back: the newest page
    // of every lock first, then each lock's history newest to oldest, all locks abreast.
    let mut waiting = runs;
    let mut in_flight = FuturesUnordered::new();
    let mut summaries: HashMap<String, LockSync> = HashMap::new();
    let mut stops: Vec<(String, Stop)> = Vec::new();
    loop {
        while in_flight.len() < req.concurrency.max(1) && !shared.stop.is_cancelled() {
            let Some(next) = plan::most_recent(&waiting) else {
                break;
            };
            let run = waiting.swap_remove(next);
            let lock_id = run.lock_id.clone();
            let shared = &shared;
            in_flight.push(async move { (lock_id, next_page(shared, run).await) });
        }
        let Some((lock_id, result)) = in_flight.next().await else {
            break;
        };
        let summary = summaries
            .entry(lock_id.clone())
            .or_insert_with(|| LockSync {
                lock_id: lock_id.clone(),
                ..Default::default()
            });
        match result {
            Ok(page) => {
                summary.records += page.records;
                summary.new_records += page.new_records;
                summary.pages += 1;
                if page.run.done {
                    shared.remaining.lock().unwrap().remove(&page.run.id);
                    let left = runs_left.get_mut(&lock_id).expect("planned");
                    *left -= 1;
                    if *left == 0 {
                        shared.progress.lock().unwrap().locks_done += 1;
                    }
                } else if summary.records - summary.new_records >= u64::from(MAX_LISTING_ITEMS)
                    || summary.records >= LOCK_RECORDS_PER_SYNC
                {
                    // Pages that keep bringing what is already held: a listing that never
                    // ends. Its pages are kept with their checkpoint, so a history that is
                    // only very long goes on from here at the next sync.
                    let pages = u32::try_from(summary.pages).unwrap_or(u32::MAX);
                    let cap = lockdesk_api::Error::TooManyPages { pages };
                    stops.push((lock_id, Stop::Failed(Error::Api(cap))));
                } else {
                    waiting.push(page.run);
                }
                report_progress(&shared);
            }
            Err(stop) => stops.push((lock_id, stop)),
        }
    }
    if !waiting.is_empty() {
        // Stopped between pages: every run not finished is still to do.
        stops.push((String::new(), Stop::Cancelled));
    }

    let mut locks: HashMap<String, LockSync> = lock_ids
        .iter()
        .map(|l| {
            (
                l.clone(),
                LockSync {
                    lock_id: l.clone(),
                    done: true,
                    ..Default::default()
                },
            )
        })
        .collect();
    for (lock_id, summary) in summaries {
        let lock = locks.entry(lock_id).or_default();
        lock.records = summary.records;
        lock.new_records = summary.new_records;
        lock.pages = summary.pages;
    }
    for (lock_id, left) in &runs_left {
        if *left > 0 {
            if let Some(lock) = locks.get_mut(lock_id) {
                lock.done = false;
            }
        }
    }
    let mut outcome = SyncOutcome::Completed;
    for (_, stop) in stops {
        match stop {
            Stop::Failed(e @ (Error::Db(_) | Error::DiskFull { .. })) => return Err(e),
            Stop::Failed(e) => {
                if !matches!(outcome, SyncOutcome::Paused { .. }) {
                    outcome = failed(&e);
                }
            }
            Stop::Paused => outcome = paused(),
            Stop::Cancelled => {
                if outcome == SyncOutcome::Completed {
                    outcome = SyncOutcome::Cancelled;
                }
            }
        }
    }
    let mut locks: Vec<LockSync> = locks.into_values().collect();
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
