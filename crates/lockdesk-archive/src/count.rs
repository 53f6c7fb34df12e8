//! The total count of a page's filter: whole UTC days from the day rollups of schema 4, the
//! partial days at either end from the records. A filter on users (which the rollups lack)
//! counts the records.

use rusqlite::Connection;

use crate::days::DAY_MS;
use crate::error::Result;
use crate::filter_sql::where_clause;
use crate::model::HistoryFilter;
use crate::people::People;
use crate::rollup_range::cut;

pub(crate) fn count(conn: &Connection, people: &People, f: &HistoryFilter) -> Result<u64> {
    let by_user = f.user.as_deref().is_some_and(|u| !u.trim().is_empty());
    let Some(days) = cut(f, DAY_MS).filter(|_| !by_user) else {
        return records(conn, people, f);
    };
    let Some(cond) = days.rollup_where(conn, people, f, "day")? else {
        return Ok(0);
    };
    let table = if f.lock_ids.is_empty() {
        "access_days"
    } else {
        "access_lock_days"
    };
    let sql = format!("SELECT coalesce(sum(a.records), 0) FROM {table} a {cond}");
    let mut n = conn
        .prepare_cached(&sql)?
        .query_row([], |r| r.get::<_, i64>(0))? as u64;
    for edge in &days.edges {
        n += records(conn, people, edge)?;
    }
    Ok(n)
}

/// Counted one by one.
pub(crate) fn records(conn: &Connection, people: &People, f: &HistoryFilter) -> Result<u64> {
    let w = where_clause(conn, people, f)?;
    if w.empty {
        return Ok(0);
    }
    let sql = format!("SELECT count(*) FROM accesses a {}", w.sql);
    let n: i64 = conn
        .prepare_cached(&sql)?
        .query_row(rusqlite::params_from_iter(w.params.iter()), |r| r.get(0))?;
    Ok(n as u64)
}
