//! The rollups of schemas 4 and 5 for a page of inserted records, added once per key instead of
//! by a trigger once per record (deletes and updates keep their triggers). Sums for the counts;
//! for the time card's parts the same merge as [`Card::merge`].

use std::collections::HashMap;

use rusqlite::{Connection, Statement};

use crate::cards::Card;
use crate::days::{DAY_MS, HOUR_MS};
use crate::error::Result;

/// How a stored row of the time card's parts takes in `excluded` (NULL-safe min and max).
const MERGE: &str = "records = records + excluded.records,
    first_ms = min(first_ms, excluded.first_ms),
    last_ms = max(last_ms, excluded.last_ms),
    first_entry_ms = coalesce(min(first_entry_ms, excluded.first_entry_ms), first_entry_ms,
                              excluded.first_entry_ms),
    last_exit_ms = coalesce(max(last_exit_ms, excluded.last_exit_ms), last_exit_ms,
                            excluded.last_exit_ms)";

#[derive(Default)]
pub(crate) struct Added {
    days: HashMap<(i64, i64, bool), i64>,
    lock_days: HashMap<(i64, i64, i64, bool), i64>,
    hours: HashMap<i64, i64>,
    /// By user ref (0: no user).
    user_totals: HashMap<i64, i64>,
    user_hours: HashMap<(i64, i64), Card>,
    /// By (shift, day, user).
    user_days: HashMap<(i64, i64, i64), Card>,
    shifts: Vec<i64>,
    inside: Option<i64>,
}

impl Added {
    /// For records stored on `conn` (the shifts time cards keep days at, `nfc_inside`'s ref).
    pub fn new(conn: &Connection) -> Result<Added> {
        let mut stmt = conn.prepare_cached("SELECT shift FROM access_user_day_shifts")?;
        let shifts = stmt
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let inside = conn
            .prepare_cached("SELECT id FROM kinds WHERE name = 'nfc_inside'")?
            .query_row([], |r| r.get(0))
            .ok();
        Ok(Added {
            shifts,
            inside,
            ..Added::default()
        })
    }

    pub fn add(&mut self, lock: i64, ms: i64, user: i64, kind: i64, locked: bool) {
        let day = ms.div_euclid(DAY_MS);
        let hour = ms.div_euclid(HOUR_MS);
        *self.days.entry((day, kind, locked)).or_default() += 1;
        *self.lock_days.entry((lock, day, kind, locked)).or_default() += 1;
        *self.hours.entry(hour).or_default() += 1;
        *self.user_totals.entry(user).or_default() += 1;
        if user == 0 {
            return;
        }
        let inside = self.inside == Some(kind);
        let card = Card {
            first_entry: (!locked && !inside).then_some(ms),
            last_exit: (locked || inside).then_some(ms),
            first: ms,
            last: ms,
            records: 1,
        };
        self.user_hours
            .entry((hour, user))
            .or_default()
            .merge(&card);
        for &shift in &self.shifts {
            let day = (ms + shift * HOUR_MS).div_euclid(DAY_MS);
            self.user_days
                .entry((shift, day, user))
                .or_default()
                .merge(&card);
        }
    }

    pub fn store(self, conn: &Connection) -> Result<()> {
        add_counts(
            conn,
            "INSERT INTO access_days (day, kind_ref, is_locked, records) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (day, kind_ref, is_locked) DO UPDATE SET records = records + ?4",
            self.days
                .into_iter()
                .map(|((day, kind, locked), n)| ([day, kind, locked.into()], n)),
        )?;
        add_counts(
            conn,
            "INSERT INTO access_lock_days (lock_ref, day, kind_ref, is_locked, records)
             VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (lock_ref, day, kind_ref, is_locked) DO UPDATE SET records = records + ?5",
            self.lock_days
                .into_iter()
                .map(|((lock, day, kind, locked), n)| ([lock, day, kind, locked.into()], n)),
        )?;
        add_counts(
            conn,
            "INSERT INTO access_hour_totals (hour, records) VALUES (?1, ?2)
             ON CONFLICT (hour) DO UPDATE SET records = records + ?2",
            self.hours.into_iter().map(|(hour, n)| ([hour], n)),
        )?;
        add_counts(
            conn,
            "INSERT INTO access_user_totals (user_ref, records) VALUES (?1, ?2)
             ON CONFLICT (user_ref) DO UPDATE SET records = records + ?2",
            self.user_totals.into_iter().map(|(user, n)| ([user], n)),
        )?;
        let mut stmt = conn.prepare_cached(&format!(
            "INSERT INTO access_user_hours
                 (hour, user_ref, records, first_ms, last_ms, first_entry_ms, last_exit_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT (hour, user_ref) DO UPDATE SET {MERGE}"
        ))?;
        for ((hour, user), c) in self.user_hours {
            store_parts(&mut stmt, &[hour, user], &c)?;
        }
        let mut stmt = conn.prepare_cached(&format!(
            "INSERT INTO access_user_days (shift, day, user_ref, records, first_ms, last_ms,
                                           first_entry_ms, last_exit_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
             ON CONFLICT (shift, day, user_ref) DO UPDATE SET {MERGE}"
        ))?;
        for ((shift, day, user), c) in self.user_days {
            store_parts(&mut stmt, &[shift, day, user], &c)?;
        }
        Ok(())
    }
}

/// Adds each count to its key's row of a rollup (`sql` takes the key's columns, then the count).
fn add_counts<const N: usize>(
    conn: &Connection,
    sql: &str,
    rows: impl IntoIterator<Item = ([i64; N], i64)>,
) -> Result<()> {
    let mut stmt = conn.prepare_cached(sql)?;
    for (key, n) in rows {
        stmt.execute(rusqlite::params_from_iter(key.into_iter().chain([n])))?;
    }
    Ok(())
}

/// Runs `stmt` with the `key` columns, then the time card's parts of `c`.
fn store_parts(stmt: &mut Statement<'_>, key: &[i64], c: &Card) -> Result<()> {
    let parts = [
        Some(c.records as i64),
        Some(c.first),
        Some(c.last),
        c.first_entry,
        c.last_exit,
    ];
    let values = key.iter().map(|k| Some(*k)).chain(parts);
    stmt.execute(rusqlite::params_from_iter(values))?;
    Ok(())
}
