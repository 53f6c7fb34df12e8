//! The `users` table: people seen in records, with the newest name and e-mail seen.

use rusqlite::{params, Connection};

use crate::error::Result;
use crate::filter_sql::in_list;
use crate::model::ArchivedUser;
use crate::people::People;

/// Adds or refreshes a user; details are replaced only by ones seen at a later time.
pub fn upsert(
    conn: &Connection,
    user_id: &str,
    name: Option<&str>,
    mail: Option<&str>,
    image_url: Option<&str>,
    seen_ms: i64,
) -> Result<i64> {
    conn.prepare_cached(
        "INSERT INTO users (user_id, name, mail, image_url, seen_ms) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (user_id) DO UPDATE SET
             name = excluded.name, mail = excluded.mail, image_url = excluded.image_url,
             seen_ms = excluded.seen_ms
         WHERE excluded.seen_ms > users.seen_ms",
    )?
    .execute(params![user_id, name, mail, image_url, seen_ms])?;
    Ok(conn
        .prepare_cached("SELECT id FROM users WHERE user_id = ?1")?
        .query_row([user_id], |r| r.get(0))?)
}

/// Users whose id, name or e-mail contains `search` (all when empty), by name: a name or an
/// address matched as History's filter matches it (case folded in every script).
pub fn search(
    conn: &Connection,
    people: &People,
    search: &str,
    limit: u32,
) -> Result<Vec<ArchivedUser>> {
    let matched = if search.is_empty() {
        "1".to_owned()
    } else {
        let mut refs = people.matching(conn, search)?;
        // A piece of an id (the service's, in ASCII).
        let by_id = conn
            .prepare_cached("SELECT id FROM users WHERE instr(lower(user_id), lower(?1)) > 0")?
            .query_map([search], |r| r.get(0))?
            .collect::<Result<Vec<i64>, _>>()?;
        refs.extend(by_id);
        in_list("id", &refs)
    };
    let mut stmt = conn.prepare(&format!(
        "SELECT user_id, name, mail FROM users WHERE {matched} ORDER BY name, user_id LIMIT ?1"
    ))?;
    let rows = stmt.query_map(params![limit], |r| {
        Ok(ArchivedUser {
            user_id: r.get(0)?,
            name: r.get(1)?,
            mail: r.get(2)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Each person's last record at one of `lock_ids` (user id → when), for the access review: one
/// walk over those locks' records, grouped by person.
pub fn last_seen(
    conn: &Connection,
    lock_ids: &[String],
) -> Result<std::collections::HashMap<String, i64>> {
    if lock_ids.is_empty() {
        return Ok(Default::default());
    }
    let marks = vec!["?"; lock_ids.len()].join(",");
    let mut stmt = conn.prepare(&format!(
        "SELECT u.user_id, MAX(a.created_at_ms) FROM accesses a
         JOIN users u ON u.id = a.user_ref
         WHERE a.lock_ref IN (SELECT id FROM locks WHERE lock_id IN ({marks}))
         GROUP BY a.user_ref"
    ))?;
    let rows = stmt.query_map(rusqlite::params_from_iter(lock_ids), |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
