//! The `kinds` table: `client_type` values as small numbers (the seven documented ones are
//! seeded; unknown ones are added when seen).

use rusqlite::Connection;

use crate::error::Result;

pub fn ref_of(conn: &Connection, name: &str) -> Result<i64> {
    conn.prepare_cached("INSERT OR IGNORE INTO kinds (name) VALUES (?1)")?
        .execute([name])?;
    Ok(conn
        .prepare_cached("SELECT id FROM kinds WHERE name = ?1")?
        .query_row([name], |r| r.get(0))?)
}

/// Refs of the given names that exist.
pub fn refs(conn: &Connection, names: &[String]) -> Result<Vec<i64>> {
    let mut stmt = conn.prepare_cached("SELECT id FROM kinds WHERE name = ?1")?;
    let mut out = Vec::new();
    for n in names {
        if let Ok(id) = stmt.query_row([n.trim()], |r| r.get(0)) {
            out.push(id);
        }
    }
    Ok(out)
}
