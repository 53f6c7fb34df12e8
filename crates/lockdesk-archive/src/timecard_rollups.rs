//! The time card from the rollups of schema 4: each whole day of the zone from
//! `access_user_days` (in the zone's shift at that day), the other whole UTC hours from
//! `access_user_hours`, the partial hours at either end of the range from the records. Exact
//! when the zone's offset is a whole number of hours and constant within each hour (as for the
//! chart rollups); otherwise, or when the filter names locks, kinds or an action (not rollup
//! columns), `None`.

use rusqlite::{Connection, TransactionBehavior};

use crate::cards::{scan, Card, Cards};
use crate::days::HOUR_MS;
use crate::error::Result;
use crate::model::{HistoryFilter, Zone};
use crate::people::People;
use crate::rollup_range::{cut, Cut};
use crate::zone::ZoneMapper;

pub(crate) fn cards(
    conn: &Connection,
    people: &People,
    f: &HistoryFilter,
    zone: Zone,
    inside: i64,
) -> Result<Option<Cards>> {
    if !f.lock_ids.is_empty() || !f.kinds.is_empty() || f.is_locked.is_some() {
        return Ok(None);
    }
    let Some(hours) = cut(f, HOUR_MS) else {
        return Ok(None);
    };
    // Room for a month of about a thousand people from the start (28,672 cards before the table
    // grows): growing it step by step cost a tenth of the card.
    let mut cards = Cards::with_capacity_and_hasher(1 << 15, Default::default());
    // An unbounded end: the rollup's own (one min or max a query: each a single index seek).
    let first = match hours.first {
        Some(h) => Some(h),
        None => conn.query_row("SELECT min(hour) FROM access_user_hours", [], |r| r.get(0))?,
    };
    let end = match hours.end {
        Some(h) => Some(h),
        None => conn.query_row("SELECT max(hour) + 1 FROM access_user_hours", [], |r| {
            r.get(0)
        })?,
    };
    if let (Some(first), Some(end)) = (first, end) {
        let mut mapper = ZoneMapper::new(zone);
        let Some(plan) = plan(&mut mapper, first, end) else {
            return Ok(None);
        };
        for &(shift, first_day, end_day) in &plan.days {
            add_shift(conn, shift)?;
            let Some(cond) = within(conn, people, f, "day", first_day, end_day)? else {
                return Ok(Some(cards));
            };
            let sql = format!(
                "SELECT a.day, a.user_ref, {PARTS} FROM access_user_days a
                 {cond} AND a.shift = {shift}"
            );
            read(conn, &sql, Some, &mut cards)?;
        }
        for &(first_hour, end_hour) in &plan.hours {
            let Some(cond) = within(conn, people, f, "hour", first_hour, end_hour)? else {
                return Ok(Some(cards));
            };
            let sql = format!("SELECT a.hour, a.user_ref, {PARTS} FROM access_user_hours a {cond}");
            read(conn, &sql, |h| day_of_hour(&mut mapper, h), &mut cards)?;
        }
    }
    for edge in &hours.edges {
        scan(conn, people, edge, zone, inside, &mut cards)?;
    }
    Ok(Some(cards))
}

/// The `WHERE` of `f`'s users and `column` in `[first, end)`.
fn within(
    conn: &Connection,
    people: &People,
    f: &HistoryFilter,
    column: &str,
    first: i64,
    end: i64,
) -> Result<Option<String>> {
    let range = Cut {
        first: Some(first),
        end: Some(end),
        edges: Vec::new(),
    };
    range.rollup_where(conn, people, f, column)
}

const PARTS: &str = "a.records, a.first_ms, a.last_ms, a.first_entry_ms, a.last_exit_ms";

/// Adds each row of `sql` (a key, a user ref, [`PARTS`]) to the card of its user and of the
/// day `day_of` gives its key.
fn read(
    conn: &Connection,
    sql: &str,
    mut day_of: impl FnMut(i64) -> Option<i64>,
    cards: &mut Cards,
) -> Result<()> {
    let mut stmt = conn.prepare_cached(sql)?;
    let mut rows = stmt.query([])?;
    let (mut key, mut day) = (i64::MIN, 0);
    while let Some(r) = rows.next()? {
        let k: i64 = r.get(0)?;
        if k != key {
            key = k;
            // The plan checked every hour it hands over.
            day = day_of(k).unwrap_or_default();
        }
        let part = Card {
            records: r.get::<_, i64>(2)? as u64,
            first: r.get(3)?,
            last: r.get(4)?,
            first_entry: r.get(5)?,
            last_exit: r.get(6)?,
        };
        cards.entry((r.get(1)?, day)).or_default().merge(&part);
    }
    Ok(())
}

/// The zone's offset over UTC hour `h` in whole hours, if it is one and constant over the hour.
fn shift_of(mapper: &mut ZoneMapper, h: i64) -> Option<i64> {
    let start = h * HOUR_MS;
    let offset = mapper.offset_ms(start);
    (offset % HOUR_MS == 0 && mapper.offset_ms(start + HOUR_MS - 1) == offset)
        .then_some(offset / HOUR_MS)
}

fn day_of_hour(mapper: &mut ZoneMapper, h: i64) -> Option<i64> {
    shift_of(mapper, h).map(|s| (h + s).div_euclid(24))
}

/// Where the whole hours `[first, end)` are read from.
#[derive(Default)]
struct Plan {
    /// `(shift, first_day, end_day)`: whole days of the zone at one shift.
    days: Vec<(i64, i64, i64)>,
    /// `[first_hour, end_hour)`: hours not in such a day.
    hours: Vec<(i64, i64)>,
}

/// `None` when an hour's offset is not whole hours.
fn plan(mapper: &mut ZoneMapper, first: i64, end: i64) -> Option<Plan> {
    let mut plan = Plan::default();
    let mut h = first;
    while h < end {
        let shift = shift_of(mapper, h)?;
        let whole_day = (h + shift).rem_euclid(24) == 0
            && h + 24 <= end
            && (1..24).all(|i| shift_of(mapper, h + i) == Some(shift));
        if whole_day {
            let day = (h + shift).div_euclid(24);
            match plan.days.last_mut() {
                Some(run) if run.0 == shift && run.2 == day => run.2 += 1,
                _ => plan.days.push((shift, day, day + 1)),
            }
            h += 24;
        } else {
            match plan.hours.last_mut() {
                Some(run) if run.1 == h => run.1 += 1,
                _ => plan.hours.push((h, h + 1)),
            }
            h += 1;
        }
    }
    Some(plan)
}

/// Starts keeping days at `shift` (filled from the hour rollup), once per archive.
fn add_shift(conn: &Connection, shift: i64) -> Result<()> {
    let known = |conn: &Connection| -> Result<bool> {
        Ok(conn
            .prepare_cached("SELECT 1 FROM access_user_day_shifts WHERE shift = ?1")?
            .exists([shift])?)
    };
    if known(conn)? {
        return Ok(());
    }
    let tx = rusqlite::Transaction::new_unchecked(conn, TransactionBehavior::Immediate)?;
    if !known(&tx)? {
        tx.execute(
            "INSERT INTO access_user_day_shifts (shift) VALUES (?1)",
            [shift],
        )?;
        tx.execute(
            "INSERT INTO access_user_days
                 SELECT ?1, (hour + ?1 - ((hour + ?1) % 24 + 24) % 24) / 24 AS day, user_ref,
                        sum(records), min(first_ms), max(last_ms), min(first_entry_ms),
                        max(last_exit_ms)
                 FROM access_user_hours GROUP BY day, user_ref",
            [shift],
        )?;
    }
    tx.commit()?;
    Ok(())
}
