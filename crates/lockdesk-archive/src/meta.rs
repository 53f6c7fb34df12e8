//! The `meta` table: small facts remembered between runs (the page size the service accepts).

use rusqlite::{Connection, OptionalExtension};

use crate::error::Result;

pub const PAGE_SIZE: &str = "v2_page_size";

/// The start of the key of each team's mark of what it was given (a record number), the team's
/// address after it.
pub(crate) const TEAM_GIVEN_PREFIX: &str = "team_given:";

pub fn get(conn: &Connection, key: &str) -> Result<Option<String>> {
    Ok(conn
        .prepare_cached("SELECT value FROM meta WHERE key = ?1")?
        .query_row([key], |r| r.get(0))
        .optional()?)
}

pub fn set(conn: &Connection, key: &str, value: &str) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO meta (key, value) VALUES (?1, ?2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )?
    .execute([key, value])?;
    Ok(())
}
