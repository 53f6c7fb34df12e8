//! One run of a sync, page after page, each page stored with its checkpoint (and the stretch the
//! run now holds completely) in one transaction.

use std::sync::atomic::Ordering;

use chrono::Utc;
use lockdesk_api::models::Access;
use lockdesk_api::v2::AccessQuery;
use lockdesk_api::ServiceCode;

use super::shared::{stop_of, Shared, Stop};
use crate::accesses;
use crate::checkpoints::{self, Page, Run};
use crate::error::{Error, Result};
use crate::meta;
use crate::model::{from_ms, to_ms};

/// The free space a sync asks for before it stores a page: a page of the largest size with its
/// indexes, rollups and write-ahead log fits with room to spare.
pub const ARCHIVE_RESERVE: u64 = 16 * 1024 * 1024;

/// What one committed page brought.
pub(super) struct PageDone {
    pub run: Run,
    pub records: u64,
    pub new_records: u64,
}

/// Fetches the run's next page and commits it with the checkpoint (a refused page size is
/// tried smaller first).
pub(super) async fn next_page(shared: &Shared<'_>, run: Run) -> Result<PageDone, Stop> {
    loop {
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
        // Stopped before the page when the disk is nearly full: the checkpoint stays where it
        // was, and the next sync fetches this page again.
        let folder = shared
            .archive
            .path()
            .parent()
            .unwrap_or(std::path::Path::new("."));
        if !crate::disk::has_room(folder, ARCHIVE_RESERVE) {
            shared.stop.cancel();
            return Err(Stop::Failed(Error::DiskFull {
                folder: folder.to_owned(),
                needed_bytes: ARCHIVE_RESERVE,
            }));
        }
        let commit = (|| -> Result<(usize, Run)> {
            let mut conn = shared.archive.conn();
            let tx = conn.transaction()?;
            let new = accesses::insert_page(&tx, &run.lock_id, &page)?;
            let next = checkpoints::advance(
                &tx,
                &run,
                &Page {
                    fetched: page.len() as u64,
                    new: new as u64,
                    oldest_ms: newest_first(&page, run.reached_ms)
                        .then(|| page.iter().map(|a| to_ms(&a.created_at)).min())
                        .flatten(),
                    done,
                },
                to_ms(&Utc::now()),
            )?;
            if settled {
                // The search between accepted and refused sizes is over: remember it.
                meta::set(&tx, meta::PAGE_SIZE, &limit.to_string())?;
            }
            tx.commit()?;
            Ok((new, next))
        })();
        let (new, run) = commit.map_err(|e| {
            // Nothing more can be stored: the other runs stop too.
            shared.stop.cancel();
            Stop::Failed(shared.archive.classify(e))
        })?;
        {
            let mut p = shared.progress.lock().unwrap();
            p.records += page.len() as u64;
            p.new_records += new as u64;
            p.pages += 1;
        }
        let remaining = if run.done {
            Some(0)
        } else {
            estimate_remaining(&run)
        };
        shared.remaining.lock().unwrap().insert(run.id, remaining);
        return Ok(PageDone {
            run,
            records: page.len() as u64,
            new_records: new as u64,
        });
    }
}

/// Whether the page continues the run newest first. The spec does not say in which order the
/// service lists history; only when it is newest first does a page prove that everything from
/// its oldest record up to the run's end is held (else the run's stretch counts once it is done).
fn newest_first(page: &[Access], reached_ms: Option<i64>) -> bool {
    let descending = page.windows(2).all(|w| w[0].created_at >= w[1].created_at);
    let continues = match (reached_ms, page.first()) {
        (Some(reached), Some(first)) => to_ms(&first.created_at) <= reached,
        _ => true,
    };
    descending && continues
}

/// Pages still expected for a run: the share of its time range it has covered tells the
/// density.
fn estimate_remaining(run: &Run) -> Option<u64> {
    let from = run.from_ms?;
    let oldest = run.reached_ms?;
    let span = (run.til_ms - from).max(1) as f64;
    let covered = (run.til_ms - oldest).clamp(1, run.til_ms - from) as f64;
    let pages = run.pages as f64;
    let total = pages * span / covered;
    Some((total - pages).ceil().max(1.0) as u64)
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
    let lock_ids = shared.lock_ids.lock().unwrap().clone();
    // Read outside the progress lock: it waits for the archive's connection.
    let complete = shared.archive.completeness(&lock_ids).map(|(_, all)| all);
    let snapshot = {
        let mut p = shared.progress.lock().unwrap();
        p.estimated_seconds_left = remaining.map(|r| r as f64 / rate);
        if let Ok(complete) = complete {
            p.complete = complete;
        }
        p.clone()
    };
    (shared.on_progress)(&snapshot);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(times: &[i64]) -> Vec<Access> {
        times
            .iter()
            .map(|t| Access {
                is_locked: true,
                client_type: lockdesk_api::models::ClientType::parse("autolock"),
                created_at: from_ms(*t),
                user: None,
                lock: None,
            })
            .collect()
    }

    #[test]
    fn only_a_page_that_goes_on_newest_first_proves_a_stretch() {
        assert!(newest_first(&page(&[30, 20, 20, 10]), None));
        assert!(newest_first(&page(&[9, 5]), Some(10)));
        // Oldest first within the page, or newer than what the run reached: no proof.
        assert!(!newest_first(&page(&[10, 20, 30]), None));
        assert!(!newest_first(&page(&[15, 5]), Some(10)));
        assert!(newest_first(&page(&[]), Some(10)));
    }
}
