//! Which runs a sync makes, and which one's page comes next.
//!
//! A lock's new runs cover what neither the archive holds completely nor an unfinished run will
//! bring (see [`coverage::gaps`]). The next page is always of the run whose fetched part reaches
//! least far back, so every lock's history arrives newest to oldest, all locks abreast.

use rusqlite::Connection;

use super::SyncRequest;
use crate::accesses;
use crate::checkpoints::{self, Run, RunMode};
use crate::coverage::{self, Stretch};
use crate::error::Result;

/// The lock's unfinished runs and the new runs it needs, created in the archive.
pub(super) fn runs_of(
    conn: &Connection,
    lock_id: &str,
    req: &SyncRequest,
    til_ms: i64,
    now_ms: i64,
) -> Result<Vec<Run>> {
    let mut runs = checkpoints::open_runs(conn, lock_id)?;
    let wanted: Vec<Stretch> = match &req.backfill {
        Some(b) => vec![Stretch {
            from_ms: Some(b.from.timestamp_millis()),
            til_ms: b.til.timestamp_millis().min(til_ms),
        }],
        None => {
            let held = coverage::of_lock(conn, lock_id)?;
            let coming: Vec<Stretch> = runs
                .iter()
                .map(|r| Stretch {
                    from_ms: r.from_ms,
                    til_ms: r.til_ms,
                })
                .collect();
            let overlap = i64::from(req.overlap_seconds) * 1000;
            let newest = accesses::newest_ms(conn, lock_id)?;
            coverage::gaps(&held, &coming, til_ms)
                .into_iter()
                .map(|mut g| {
                    // Records can reach the service after their time (a lock's log uploaded
                    // late): the newest gap starts a little before the lock's newest record,
                    // or before where the last sync ended if that is earlier.
                    if g.til_ms == til_ms {
                        g.from_ms = g.from_ms.map(|f| newest.map_or(f, |n| n.min(f)) - overlap);
                    }
                    g
                })
                .collect()
        }
    };
    let mode = if req.backfill.is_some() {
        RunMode::Backfill
    } else {
        RunMode::Incremental
    };
    for w in wanted {
        if w.from_ms.is_some_and(|f| f >= w.til_ms) {
            continue;
        }
        runs.push(checkpoints::start(
            conn, lock_id, mode, w.from_ms, w.til_ms, now_ms,
        )?);
    }
    Ok(runs)
}

/// The run to fetch a page of next: the one whose fetched part reaches least far back (a run
/// not started reaches back to its end), ties by lock.
pub(super) fn most_recent(runs: &[Run]) -> Option<usize> {
    runs.iter()
        .enumerate()
        .max_by(|(_, a), (_, b)| {
            let reach = |r: &Run| r.reached_ms.unwrap_or(r.til_ms);
            reach(a)
                .cmp(&reach(b))
                .then_with(|| b.lock_id.cmp(&a.lock_id))
                .then(b.id.cmp(&a.id))
        })
        .map(|(i, _)| i)
}
