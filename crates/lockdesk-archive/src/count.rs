//! The total count of a page's filter: whole UTC days from the day rollups of schema 4, the
//! partial days at either end from the records. A filter on users (which the rollups lack)
//! counts the records.

use rusqlite::Connection;

use crate::accesses::where_clause;
use crate::error::Result;
use crate::model::{from_ms, to_ms, HistoryFilter};

const DAY_MS: i64 = 86_400_000;

pub(crate) fn count(conn: &Connection, f: &HistoryFilter) -> Result<u64> {
    let by_user = f.user.as_deref().is_some_and(|u| !u.trim().is_empty());
    let from = f.from.as_ref().map(to_ms);
    let til = f.til.as_ref().map(to_ms);
    // The whole days: [first_day, end_day).
    let first_day = from.map(|ms| ms.div_euclid(DAY_MS) + i64::from(ms.rem_euclid(DAY_MS) != 0));
    let end_day = til.map(|ms| ms.div_euclid(DAY_MS));
    if by_user || matches!((first_day, end_day), (Some(a), Some(b)) if a >= b) {
        return records(conn, f);
    }
    let mut n = days(conn, f, first_day, end_day)?;
    if let (Some(from), Some(day)) = (from, first_day) {
        if from < day * DAY_MS {
            let head = HistoryFilter {
                til: Some(from_ms(day * DAY_MS)),
                ..f.clone()
            };
            n += records(conn, &head)?;
        }
    }
    if let (Some(til), Some(day)) = (til, end_day) {
        if day * DAY_MS < til {
            let tail = HistoryFilter {
                from: Some(from_ms(day * DAY_MS)),
                ..f.clone()
            };
            n += records(conn, &tail)?;
        }
    }
    Ok(n)
}

/// Counted one by one.
pub(crate) fn records(conn: &Connection, f: &HistoryFilter) -> Result<u64> {
    let w = where_clause(conn, f)?;
    if w.empty {
        return Ok(0);
    }
    let sql = format!("SELECT count(*) FROM accesses a {}", w.sql);
    let n: i64 = conn
        .prepare_cached(&sql)?
        .query_row(rusqlite::params_from_iter(w.params.iter()), |r| r.get(0))?;
    Ok(n as u64)
}

/// The records of `f` (without its times) on the days `[first, end)`.
fn days(conn: &Connection, f: &HistoryFilter, first: Option<i64>, end: Option<i64>) -> Result<u64> {
    let untimed = HistoryFilter {
        from: None,
        til: None,
        ..f.clone()
    };
    let w = where_clause(conn, &untimed)?;
    if w.empty {
        return Ok(0);
    }
    let table = if f.lock_ids.is_empty() {
        "access_days"
    } else {
        "access_lock_days"
    };
    let mut conds = vec![w.sql.trim_start_matches("WHERE ").to_owned()];
    conds.extend(first.map(|d| format!("a.day >= {d}")));
    conds.extend(end.map(|d| format!("a.day < {d}")));
    conds.retain(|c| !c.is_empty());
    conds.push("1".into());
    let sql = format!(
        "SELECT coalesce(sum(a.records), 0) FROM {table} a WHERE {}",
        conds.join(" AND ")
    );
    let n: i64 = conn.prepare_cached(&sql)?.query_row([], |r| r.get(0))?;
    Ok(n as u64)
}
