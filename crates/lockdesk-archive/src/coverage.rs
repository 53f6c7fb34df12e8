//! The `coverage` table: per lock, the stretches of time whose records the archive holds
//! completely, as disjoint ranges `[from, til)` (`from` `None`: back to the lock's first record).
//! A page commits its run's stretch in its own transaction, so a stretch is never claimed before
//! its records are stored. Everything outside the stretches is "not fetched yet", which screens
//! and rules must tell apart from "no records".

use std::collections::HashMap;

use rusqlite::{params, Connection};

use crate::error::Result;

/// A stretch `[from, til)` in epoch ms; `from` `None`: from the beginning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stretch {
    pub from_ms: Option<i64>,
    pub til_ms: i64,
}

impl Stretch {
    fn start(&self) -> i64 {
        self.from_ms.unwrap_or(i64::MIN)
    }
}

/// Adds `[from, til)` to the lock's stretches, merging it with every stretch it overlaps or
/// touches. Call inside the transaction of the page it describes.
pub fn add(conn: &Connection, lock_id: &str, stretch: Stretch) -> Result<()> {
    if stretch.start() >= stretch.til_ms {
        return Ok(());
    }
    let mut merged = stretch;
    let mut touching = conn.prepare_cached(
        "SELECT from_ms, til_ms FROM coverage
         WHERE lock_id = ?1 AND coalesce(from_ms, -9223372036854775808) <= ?3 AND til_ms >= ?2",
    )?;
    let rows = touching.query_map(params![lock_id, stretch.start(), stretch.til_ms], |r| {
        Ok(Stretch {
            from_ms: r.get(0)?,
            til_ms: r.get(1)?,
        })
    })?;
    for s in rows {
        let s = s?;
        if s.start() < merged.start() {
            merged.from_ms = s.from_ms;
        }
        merged.til_ms = merged.til_ms.max(s.til_ms);
    }
    conn.prepare_cached(
        "DELETE FROM coverage
         WHERE lock_id = ?1 AND coalesce(from_ms, -9223372036854775808) <= ?3 AND til_ms >= ?2",
    )?
    .execute(params![lock_id, stretch.start(), stretch.til_ms])?;
    conn.prepare_cached("INSERT INTO coverage (lock_id, from_ms, til_ms) VALUES (?1, ?2, ?3)")?
        .execute(params![lock_id, merged.from_ms, merged.til_ms])?;
    Ok(())
}

/// A lock's stretches, newest first.
pub fn of_lock(conn: &Connection, lock_id: &str) -> Result<Vec<Stretch>> {
    let mut stmt = conn.prepare_cached(
        "SELECT from_ms, til_ms FROM coverage WHERE lock_id = ?1 ORDER BY til_ms DESC",
    )?;
    let rows = stmt.query_map([lock_id], |r| {
        Ok(Stretch {
            from_ms: r.get(0)?,
            til_ms: r.get(1)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Every lock's stretches.
pub fn all(conn: &Connection) -> Result<Vec<(String, Stretch)>> {
    by_lock(conn, "SELECT lock_id, from_ms, til_ms FROM coverage")
}

/// Each lock's newest stretch: how far back its history is complete from where its archive
/// ends.
pub fn newest(conn: &Connection) -> Result<HashMap<String, Stretch>> {
    by_lock(
        conn,
        "SELECT lock_id, from_ms, max(til_ms) FROM coverage GROUP BY lock_id",
    )
}

/// `(lock_id, from_ms, til_ms)` rows of `sql` as `(lock, stretch)` pairs.
fn by_lock<C: FromIterator<(String, Stretch)>>(conn: &Connection, sql: &str) -> Result<C> {
    let mut stmt = conn.prepare_cached(sql)?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, String>(0)?,
            Stretch {
                from_ms: r.get(1)?,
                til_ms: r.get(2)?,
            },
        ))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The parts of `(-∞, til)` that neither `held` nor `coming` cover, newest first.
pub fn gaps(held: &[Stretch], coming: &[Stretch], til_ms: i64) -> Vec<Stretch> {
    let mut covered: Vec<Stretch> = held.iter().chain(coming).copied().collect();
    covered.sort_by_key(|s| std::cmp::Reverse(s.til_ms));
    let mut out = Vec::new();
    // Walk down from `til`; `top` is the lowest point covered so far from above.
    let mut top = til_ms;
    for s in covered {
        if s.start() >= top {
            continue;
        }
        if s.til_ms < top {
            out.push(Stretch {
                from_ms: Some(s.til_ms),
                til_ms: top,
            });
        }
        top = s.start();
        if s.from_ms.is_none() {
            return out;
        }
    }
    out.push(Stretch {
        from_ms: None,
        til_ms: top,
    });
    out
}

/// Fills the table from the runs finished before it existed (schema 3).
pub(crate) fn fill_from_runs(conn: &Connection) -> Result<()> {
    let mut stmt =
        conn.prepare("SELECT lock_id, from_ms, til_ms FROM sync_runs WHERE status = 'done'")?;
    let runs: Vec<(String, Stretch)> = stmt
        .query_map([], |r| {
            Ok((
                r.get(0)?,
                Stretch {
                    from_ms: r.get(1)?,
                    til_ms: r.get(2)?,
                },
            ))
        })?
        .collect::<Result<_, _>>()?;
    for (lock_id, s) in runs {
        add(conn, &lock_id, s)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(from: Option<i64>, til: i64) -> Stretch {
        Stretch {
            from_ms: from,
            til_ms: til,
        }
    }

    fn db() -> (tempfile::TempDir, Connection) {
        let dir = tempfile::tempdir().unwrap();
        let conn = crate::db::open(&dir.path().join("a.sqlite")).unwrap();
        (dir, conn)
    }

    #[test]
    fn stretches_merge_when_they_touch_and_stay_apart_when_they_do_not() {
        let (_d, conn) = db();
        add(&conn, "L", s(Some(100), 200)).unwrap();
        add(&conn, "L", s(Some(300), 400)).unwrap();
        add(&conn, "M", s(Some(150), 350)).unwrap();
        assert_eq!(
            of_lock(&conn, "L").unwrap(),
            vec![s(Some(300), 400), s(Some(100), 200)]
        );
        // Touching at 200 and overlapping at 300: one stretch.
        add(&conn, "L", s(Some(200), 310)).unwrap();
        assert_eq!(of_lock(&conn, "L").unwrap(), vec![s(Some(100), 400)]);
        add(&conn, "L", s(None, 120)).unwrap();
        assert_eq!(of_lock(&conn, "L").unwrap(), vec![s(None, 400)]);
        // Inside: nothing changes; another lock is untouched.
        add(&conn, "L", s(Some(10), 20)).unwrap();
        assert_eq!(of_lock(&conn, "L").unwrap(), vec![s(None, 400)]);
        assert_eq!(of_lock(&conn, "M").unwrap(), vec![s(Some(150), 350)]);
        let newest = newest(&conn).unwrap();
        assert_eq!(newest["L"], s(None, 400));
        assert_eq!(newest["M"], s(Some(150), 350));
    }

    #[test]
    fn gaps_are_what_neither_the_archive_nor_a_coming_run_covers() {
        // Nothing: everything.
        assert_eq!(gaps(&[], &[], 1000), vec![s(None, 1000)]);
        // Up to date from the start: only the newest part.
        assert_eq!(gaps(&[s(None, 900)], &[], 1000), vec![s(Some(900), 1000)]);
        // A stretch in the middle and an unfinished run below it.
        assert_eq!(
            gaps(&[s(Some(400), 600)], &[s(Some(100), 300)], 1000),
            vec![s(Some(600), 1000), s(Some(300), 400), s(None, 100)]
        );
        // Covered up to and beyond `til`.
        assert!(gaps(&[s(None, 1200)], &[], 1000).is_empty());
    }
}
