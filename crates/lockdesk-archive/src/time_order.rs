//! The Rust part of the migration to schema 6 (`migrations/0006_records_in_time_order.sql`),
//! which makes `accesses` anew, keyed by time, and numbers its records anew in time order.

use rusqlite::{params, OptionalExtension, Transaction};

use crate::error::Result;
use crate::meta::TEAM_GIVEN_PREFIX;

/// Runs `sql` (the migration), keeping the triggers on `accesses` (they go with the old table)
/// and each team's mark of what it was given, moved to the new numbers.
pub(crate) fn migrate(tx: &Transaction<'_>, sql: &str) -> Result<()> {
    let triggers: Vec<String> = tx
        .prepare(
            "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'accesses'
             ORDER BY rowid",
        )?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let marks: Vec<(String, String)> = tx
        .prepare("SELECT key, value FROM meta WHERE substr(key, 1, ?1) = ?2")?
        .query_map(
            params![TEAM_GIVEN_PREFIX.len() as i64, TEAM_GIVEN_PREFIX],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?
        .collect::<Result<_, _>>()?;
    let moved: Vec<(String, i64)> = marks
        .into_iter()
        .map(|(key, given)| Ok((key, renumbered(tx, given.parse().unwrap_or(0))?)))
        .collect::<Result<_>>()?;
    tx.execute_batch(sql)?;
    for trigger in &triggers {
        tx.execute_batch(trigger)?;
    }
    for (key, given) in moved {
        crate::meta::set(tx, &key, &given.to_string())?;
    }
    Ok(())
}

/// A team was given the records numbered up to `given` (in the order stored). Numbered anew in
/// time order, those records are no longer one run: the new mark is the number before the
/// first record not given, so that nothing is left out (some already given are given again,
/// which the team's database takes as nothing new).
fn renumbered(tx: &Transaction<'_>, given: i64) -> Result<i64> {
    let first_left: Option<(i64, i64)> = tx
        .query_row(
            "SELECT created_at_ms, id FROM accesses WHERE id > ?1
             ORDER BY created_at_ms, id LIMIT 1",
            [given],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let before = match first_left {
        Some((ms, id)) => tx.query_row(
            "SELECT count(*) FROM accesses
             WHERE created_at_ms < ?1 OR (created_at_ms = ?1 AND id < ?2)",
            params![ms, id],
            |r| r.get(0),
        )?,
        None => tx.query_row("SELECT count(*) FROM accesses", [], |r| r.get(0))?,
    };
    Ok(before)
}
