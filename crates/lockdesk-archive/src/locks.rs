//! The `locks` table: lock ids and the newest name seen, referenced by number from `accesses`.

use rusqlite::{params, Connection, OptionalExtension};

use crate::error::Result;

/// Adds or refreshes a lock; the name is replaced only by one seen at a later time.
pub fn upsert(
    conn: &Connection,
    lock_id: &str,
    name: Option<&str>,
    image_url: Option<&str>,
    seen_ms: i64,
) -> Result<i64> {
    conn.prepare_cached(
        "INSERT INTO locks (lock_id, name, image_url, seen_ms) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (lock_id) DO UPDATE SET
             name = coalesce(excluded.name, locks.name),
             image_url = excluded.image_url,
             seen_ms = excluded.seen_ms
         WHERE excluded.seen_ms >= locks.seen_ms",
    )?
    .execute(params![lock_id, name, image_url, seen_ms])?;
    Ok(conn
        .prepare_cached("SELECT id FROM locks WHERE lock_id = ?1")?
        .query_row([lock_id], |r| r.get(0))?)
}

pub fn ref_of(conn: &Connection, lock_id: &str) -> Result<Option<i64>> {
    Ok(conn
        .prepare_cached("SELECT id FROM locks WHERE lock_id = ?1")?
        .query_row([lock_id], |r| r.get(0))
        .optional()?)
}

/// `(ref, lock_id, name)` of every lock, by id.
pub fn all(conn: &Connection) -> Result<Vec<(i64, String, Option<String>)>> {
    let mut stmt = conn.prepare_cached("SELECT id, lock_id, name FROM locks ORDER BY lock_id")?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}
