//! One lock's part of a sync: its unfinished run, then a new one, page after page, each page
//! stored with its checkpoint in one transaction.

use std::sync::atomic::Ordering;

use chrono::{DateTime, Utc};
use lockdesk_api::v2::AccessQuery;
use lockdesk_api::ServiceCode;

use super::{stop_of, LockSync, Shared, Stop, SyncRequest};
use crate::accesses;
use crate::checkpoints::{self, Run, RunMode};
use crate::error::{Error, Result};
use crate::meta;
use crate::model::{from_ms, to_ms};

pub(super) async fn sync_lock(
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

pub(super) fn report_progress(shared: &Shared<'_>) {
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
