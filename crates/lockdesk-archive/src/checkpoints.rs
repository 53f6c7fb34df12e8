//! The `sync_runs` table: one checkpoint per (lock, run). A run's range is pinned when it
//! starts; `next_offset` moves in the same transaction as the page it counts.

use rusqlite::{params, Connection, OptionalExtension, Row};
use serde::{Deserialize, Serialize};

use crate::coverage;
use crate::error::Result;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunMode {
    Incremental,
    Backfill,
}

impl RunMode {
    fn as_str(self) -> &'static str {
        match self {
            RunMode::Incremental => "incremental",
            RunMode::Backfill => "backfill",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    pub id: i64,
    pub lock_id: String,
    pub mode: RunMode,
    pub from_ms: Option<i64>,
    pub til_ms: i64,
    pub next_offset: u64,
    pub records: u64,
    pub new_records: u64,
    pub pages: u64,
    pub done: bool,
    /// Time of the oldest record committed so far (the run holds everything from it to `til`).
    pub reached_ms: Option<i64>,
}

const COLUMNS: &str = "id, lock_id, mode, from_ms, til_ms, next_offset, records, new_records, \
     pages, status, reached_ms";

fn run_of(r: &Row<'_>) -> rusqlite::Result<Run> {
    let mode: String = r.get(2)?;
    let status: String = r.get(9)?;
    Ok(Run {
        id: r.get(0)?,
        lock_id: r.get(1)?,
        mode: if mode == "backfill" {
            RunMode::Backfill
        } else {
            RunMode::Incremental
        },
        from_ms: r.get(3)?,
        til_ms: r.get(4)?,
        next_offset: r.get::<_, i64>(5)? as u64,
        records: r.get::<_, i64>(6)? as u64,
        new_records: r.get::<_, i64>(7)? as u64,
        pages: r.get::<_, i64>(8)? as u64,
        done: status == "done",
        reached_ms: r.get(10)?,
    })
}

pub fn start(
    conn: &Connection,
    lock_id: &str,
    mode: RunMode,
    from_ms: Option<i64>,
    til_ms: i64,
    now_ms: i64,
) -> Result<Run> {
    conn.prepare_cached(
        "INSERT INTO sync_runs (lock_id, mode, from_ms, til_ms, started_ms, updated_ms)
         VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
    )?
    .execute(params![lock_id, mode.as_str(), from_ms, til_ms, now_ms])?;
    get(conn, conn.last_insert_rowid()).map(|r| r.expect("just inserted"))
}

pub fn get(conn: &Connection, id: i64) -> Result<Option<Run>> {
    Ok(conn
        .prepare_cached(&format!("SELECT {COLUMNS} FROM sync_runs WHERE id = ?1"))?
        .query_row([id], run_of)
        .optional()?)
}

/// Unfinished runs of a lock, oldest first.
pub fn open_runs(conn: &Connection, lock_id: &str) -> Result<Vec<Run>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM sync_runs WHERE status = 'running' AND lock_id = ?1 ORDER BY id"
    ))?;
    let rows = stmt.query_map([lock_id], run_of)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Every unfinished run.
pub fn all_open(conn: &Connection) -> Result<Vec<Run>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM sync_runs WHERE status = 'running' ORDER BY id"
    ))?;
    let rows = stmt.query_map([], run_of)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// What a committed page adds to a run.
pub struct Page {
    pub fetched: u64,
    pub new: u64,
    /// Time of the page's oldest record (pages come newest first).
    pub oldest_ms: Option<i64>,
    /// A short page: the run is complete.
    pub done: bool,
}

/// Records a committed page and the stretch the run now holds completely (see
/// [`crate::coverage`]). Call in the page's transaction.
pub fn advance(conn: &Connection, run: &Run, page: &Page, now_ms: i64) -> Result<Run> {
    let reached_ms = match (run.reached_ms, page.oldest_ms) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    conn.prepare_cached(
        "UPDATE sync_runs SET next_offset = next_offset + ?2, records = records + ?2,
             new_records = new_records + ?3, pages = pages + 1,
             status = CASE WHEN ?4 THEN 'done' ELSE 'running' END, updated_ms = ?5,
             reached_ms = ?6
         WHERE id = ?1",
    )?
    .execute(params![
        run.id,
        page.fetched as i64,
        page.new as i64,
        page.done,
        now_ms,
        reached_ms
    ])?;
    let held = if page.done {
        Some(coverage::Stretch {
            from_ms: run.from_ms,
            til_ms: run.til_ms,
        })
    } else {
        // Records at the very millisecond of the oldest one may continue on the next page.
        reached_ms.map(|r| coverage::Stretch {
            from_ms: Some(r + 1),
            til_ms: run.til_ms,
        })
    };
    if let Some(held) = held {
        coverage::add(conn, &run.lock_id, held)?;
    }
    Ok(Run {
        next_offset: run.next_offset + page.fetched,
        records: run.records + page.fetched,
        new_records: run.new_records + page.new,
        pages: run.pages + 1,
        done: page.done,
        reached_ms,
        ..run.clone()
    })
}
