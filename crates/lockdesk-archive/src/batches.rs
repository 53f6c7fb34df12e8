//! `access_batches` (schema 6): the numbers each stored batch gave its records, by lock and
//! time, so that what was stored after a number is found without an index on `id`.

use std::collections::HashMap;

use rusqlite::{params, Connection};

use crate::error::Result;

/// The last number given to a record (0: none yet).
pub(crate) fn last_id(conn: &Connection) -> Result<i64> {
    Ok(conn
        .prepare_cached("SELECT coalesce(max(last_id), 0) FROM access_batches")?
        .query_row([], |r| r.get(0))?)
}

/// Numbers the records of one batch as they are stored, and notes the batch.
pub(crate) struct Numbering {
    first: i64,
    next: i64,
    /// By lock ref: the earliest and the latest time stored.
    spans: HashMap<i64, (i64, i64)>,
}

impl Numbering {
    pub fn start(conn: &Connection) -> Result<Numbering> {
        let first = last_id(conn)? + 1;
        Ok(Numbering {
            first,
            next: first,
            spans: HashMap::new(),
        })
    }

    /// The number the next record stored will have.
    pub fn next(&self) -> i64 {
        self.next
    }

    /// The record numbered [`Numbering::next`] was stored.
    pub fn stored(&mut self, lock_ref: i64, ms: i64) {
        let span = self.spans.entry(lock_ref).or_insert((ms, ms));
        span.0 = span.0.min(ms);
        span.1 = span.1.max(ms);
        self.next += 1;
    }

    /// Notes the batch (nothing when nothing was stored); in the transaction that stored it.
    pub fn finish(self, conn: &Connection) -> Result<()> {
        if self.next == self.first {
            return Ok(());
        }
        let mut insert = conn.prepare_cached(
            "INSERT INTO access_batches (last_id, lock_ref, first_id, from_ms, til_ms)
             VALUES (?1, ?2, ?3, ?4, ?5)",
        )?;
        for (lock_ref, (from, til)) in self.spans {
            insert.execute(params![self.next - 1, lock_ref, self.first, from, til])?;
        }
        Ok(())
    }
}

/// One batch's part for one lock.
pub(crate) struct Batch {
    pub last_id: i64,
    pub lock_ref: i64,
    pub first_id: i64,
    pub from_ms: i64,
    pub til_ms: i64,
}

/// The batches holding records numbered after `after`, in the order stored (the parts of one
/// batch next to each other, sharing `last_id`), read one at a time by `each` until it says stop.
pub(crate) fn after(
    conn: &Connection,
    after: i64,
    mut each: impl FnMut(Batch) -> Result<bool>,
) -> Result<()> {
    let mut stmt = conn.prepare_cached(
        "SELECT last_id, lock_ref, first_id, from_ms, til_ms FROM access_batches
         WHERE last_id > ?1 ORDER BY last_id, lock_ref",
    )?;
    let mut rows = stmt.query([after])?;
    while let Some(r) = rows.next()? {
        let batch = Batch {
            last_id: r.get(0)?,
            lock_ref: r.get(1)?,
            first_id: r.get(2)?,
            from_ms: r.get(3)?,
            til_ms: r.get(4)?,
        };
        if !each(batch)? {
            break;
        }
    }
    Ok(())
}
