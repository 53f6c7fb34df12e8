//! Keeping the journal within its retention without holding up the programs that share it
//! (the app, a scheduled `lockctl`): old entries are deleted a small batch per transaction with
//! a pause between batches, so a program waiting to write gets the lock within its busy
//! timeout; at most one program prunes a day (the claim in `meta`). Also the journal's size.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration as StdDuration;

use chrono::{DateTime, Duration, Utc};
use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};

use crate::journal::store::DbResult;
use crate::journal::Journal;

/// How often the journal is pruned in the background, whichever program does it.
pub const PRUNE_EVERY: Duration = Duration::days(1);

/// Entries deleted per transaction: each holds the write lock for milliseconds.
const BATCH: i64 = 500;
/// Free pages given back to the file system per transaction (1 MiB of 4 KiB pages).
const VACUUM_PAGES: i64 = 256;
/// Between two transactions of a prune: SQLite's busy handler polls, and a program waiting to
/// write must find the lock free, not taken again at once.
const PAUSE: StdDuration = StdDuration::from_millis(20);

/// The `meta` key of the last background prune's time (milliseconds since 1970, UTC).
const PRUNED_AT: &str = "pruned_at_ms";

/// How big the journal is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JournalSize {
    pub entries: u64,
    pub oldest: Option<DateTime<Utc>>,
    /// The file with its write-ahead log and index, as on disk.
    pub bytes: u64,
}

impl Journal {
    /// How many entries, the oldest one's time and the bytes on disk.
    pub fn size(&self) -> DbResult<JournalSize> {
        // Measured after closing: the last connection to close folds the log into the file.
        let (entries, oldest): (i64, Option<i64>) = self.read(|conn| {
            Ok(
                conn.query_row("SELECT COUNT(*), MIN(at_ms) FROM entries", [], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })?,
            )
        })?;
        let bytes = ["", "-wal", "-shm"]
            .iter()
            .filter_map(|suffix| std::fs::metadata(self.sidecar(suffix)).ok())
            .map(|m| m.len())
            .sum();
        Ok(JournalSize {
            entries: entries as u64,
            oldest: oldest.and_then(DateTime::from_timestamp_millis),
            bytes,
        })
    }

    fn sidecar(&self, suffix: &str) -> PathBuf {
        let mut name = OsString::from(self.path().as_os_str());
        name.push(suffix);
        PathBuf::from(name)
    }

    /// Whether a background prune is due at `now`: none in the last [`PRUNE_EVERY`] (or one
    /// dated after `now`: the clock was set back). Reads only.
    pub fn prune_due(&self, now: DateTime<Utc>) -> DbResult<bool> {
        self.read(|conn| due(conn, now))
    }

    /// Takes the background prune due at `now` for the caller: `true` once per
    /// [`PRUNE_EVERY`] across every program sharing the file (checked again under the write
    /// lock), `false` when another took it.
    pub fn claim_prune(&self, now: DateTime<Utc>) -> DbResult<bool> {
        if !self.prune_due(now)? {
            return Ok(false);
        }
        self.write(|conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            if !due(&tx, now)? {
                return Ok(false);
            }
            tx.execute(
                "INSERT INTO meta (key, value) VALUES (?1, ?2)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                params![PRUNED_AT, now.timestamp_millis()],
            )?;
            tx.commit()?;
            Ok(true)
        })
    }

    /// Deletes the entries dated before `cutoff`, a batch per transaction, then gives the
    /// freed pages back. Returns how many were deleted. Entries written meanwhile by others
    /// are newer than `cutoff` and stay; two prunes at once delete each entry once.
    pub fn prune_before(&self, cutoff: DateTime<Utc>) -> DbResult<u64> {
        // Deleting frees space; it needs none but the log's (no reserve asked).
        self.read(|conn| {
            let mut removed = 0;
            loop {
                let n = conn.execute(
                    "DELETE FROM entries WHERE id IN
                        (SELECT id FROM entries WHERE at_ms < ?1 ORDER BY at_ms LIMIT ?2)",
                    params![cutoff.timestamp_millis(), BATCH],
                )?;
                removed += n as u64;
                if (n as i64) < BATCH {
                    break;
                }
                std::thread::sleep(PAUSE);
            }
            if removed > 0 {
                give_back_free_pages(conn)?;
            }
            Ok(removed)
        })
    }
}

fn due(conn: &Connection, now: DateTime<Utc>) -> DbResult<bool> {
    let last: Option<i64> = conn
        .query_row("SELECT value FROM meta WHERE key = ?1", [PRUNED_AT], |r| {
            r.get(0)
        })
        .optional()?;
    let now = now.timestamp_millis();
    Ok(match last {
        None => true,
        Some(last) => last > now || now - last >= PRUNE_EVERY.num_milliseconds(),
    })
}

/// Shrinks the file by the pages a prune freed, a step per transaction (journals created
/// before `auto_vacuum` was set keep them for new entries), then copies the log into the file
/// as far as nobody is in the way (`PASSIVE` neither waits for nor blocks anyone).
fn give_back_free_pages(conn: &Connection) -> DbResult<()> {
    let incremental: i64 = conn.pragma_query_value(None, "auto_vacuum", |r| r.get(0))?;
    if incremental == 2 {
        let free: i64 = conn.pragma_query_value(None, "freelist_count", |r| r.get(0))?;
        let mut step = conn.prepare(&format!("PRAGMA incremental_vacuum({VACUUM_PAGES})"))?;
        for _ in 0..(free + VACUUM_PAGES - 1) / VACUUM_PAGES {
            // One row per page freed: the pragma runs as far as it is stepped.
            let mut rows = step.query([])?;
            while rows.next()?.is_some() {}
            drop(rows);
            std::thread::sleep(PAUSE);
        }
    }
    conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))?;
    Ok(())
}
