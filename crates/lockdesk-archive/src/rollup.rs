//! The rollups, kept in the same transaction as every change to `accesses`: records per UTC
//! hour, kind and action and per user, kind and action (schema 2); per UTC hour and per UTC day,
//! kind and action (schema 4); per user (schema 5). Chart aggregates read them instead of the
//! records when the filter allows it: no lock, user or time range (kinds and locked/unlocked
//! are rollup columns).
//!
//! Days and hours of the week come from each UTC hour converted to the zone. That is exact when
//! the zone's offset is a whole number of hours and does not change within the hour (true of
//! every whole-hour zone: its transitions fall on whole hours); otherwise (India, Nepal, ...)
//! the caller counts from the records.

use rusqlite::Connection;

use crate::counts::Counts;
use crate::days::HOUR_MS;
use crate::error::Result;
use crate::model::HistoryFilter;
use crate::zone::ZoneMapper;
use crate::{kinds, model::Zone};

/// Whether the rollups can answer an aggregate of `f`.
pub(crate) fn covers(f: &HistoryFilter) -> bool {
    f.lock_ids.is_empty()
        && f.user.as_deref().is_none_or(|u| u.trim().is_empty())
        && f.from.is_none()
        && f.til.is_none()
}

/// The counts of `f` (which the rollups must cover) in `zone`, or `None` when the zone's
/// offsets are not whole hours.
pub(crate) fn counts(conn: &Connection, f: &HistoryFilter, zone: Zone) -> Result<Option<Counts>> {
    let mut cond = String::from("WHERE 1");
    if !f.kinds.is_empty() {
        let refs = kinds::refs(conn, &f.kinds)?;
        if refs.is_empty() {
            return Ok(Some(Counts::default()));
        }
        let list: Vec<String> = refs.iter().map(i64::to_string).collect();
        cond.push_str(&format!(" AND kind_ref IN ({})", list.join(",")));
    }
    if let Some(locked) = f.is_locked {
        cond.push_str(&format!(" AND is_locked = {}", i64::from(locked)));
    }
    let mut c = Counts::default();
    let mut mapper = ZoneMapper::new(zone);
    // Unfiltered, the hours come from the hour totals of schema 4 (one row an hour).
    let hours_sql = if f.kinds.is_empty() && f.is_locked.is_none() {
        "SELECT hour, records FROM access_hour_totals ORDER BY hour".to_owned()
    } else {
        format!("SELECT hour, sum(records) FROM access_hours {cond} GROUP BY hour ORDER BY hour")
    };
    let mut stmt = conn.prepare_cached(&hours_sql)?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        let h: i64 = r.get(0)?;
        let n = r.get::<_, i64>(1)? as u64;
        let start = h * HOUR_MS;
        let offset = mapper.offset_ms(start);
        if offset % HOUR_MS != 0 || mapper.offset_ms(start + HOUR_MS - 1) != offset {
            return Ok(None);
        }
        c.add_time(start_local(h, offset), n);
        c.total += n;
    }
    // People from the user rollup (unfiltered, the per-person totals of schema 5), kinds from
    // the day rollup (a few thousand rows where the user rollup has a row per person, kind and
    // action): the same records under the same condition.
    let users_sql = if f.kinds.is_empty() && f.is_locked.is_none() {
        "SELECT user_ref, records FROM access_user_totals".to_owned()
    } else {
        format!("SELECT user_ref, sum(records) FROM access_users {cond} GROUP BY user_ref")
    };
    let mut stmt = conn.prepare_cached(&users_sql)?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        let user = r.get::<_, i64>(0)? as usize;
        Counts::bump(&mut c.per_user, user, r.get::<_, i64>(1)? as u64);
    }
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT kind_ref, sum(records) FROM access_days {cond} GROUP BY kind_ref"
    ))?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        let kind = r.get::<_, i64>(0)? as usize;
        Counts::bump(&mut c.per_kind, kind, r.get::<_, i64>(1)? as u64);
    }
    Ok(Some(c))
}

fn start_local(hour: i64, offset: i64) -> i64 {
    hour * HOUR_MS + offset
}
