//! A filter's time range cut at whole units (UTC days, hours) for the rollups: the whole units
//! come from a rollup, the partial units at either end from the records.

use rusqlite::Connection;

use crate::error::Result;
use crate::filter_sql::where_clause;
use crate::model::{from_ms, to_ms, HistoryFilter};
use crate::people::People;

pub(crate) struct Cut {
    /// The whole units `[first, end)` (`None`: unbounded).
    pub first: Option<i64>,
    pub end: Option<i64>,
    /// The filter over each partial unit at an end of the range.
    pub edges: Vec<HistoryFilter>,
}

/// `None` when the range holds no whole unit (the records are few: count them).
pub(crate) fn cut(f: &HistoryFilter, unit_ms: i64) -> Option<Cut> {
    let from = f.from.as_ref().map(to_ms);
    let til = f.til.as_ref().map(to_ms);
    let first = from.map(|ms| ms.div_euclid(unit_ms) + i64::from(ms.rem_euclid(unit_ms) != 0));
    let end = til.map(|ms| ms.div_euclid(unit_ms));
    if matches!((first, end), (Some(a), Some(b)) if a >= b) {
        return None;
    }
    let mut edges = Vec::new();
    if let (Some(from), Some(u)) = (from, first) {
        if from < u * unit_ms {
            edges.push(HistoryFilter {
                til: Some(from_ms(u * unit_ms)),
                ..f.clone()
            });
        }
    }
    if let (Some(til), Some(u)) = (til, end) {
        if u * unit_ms < til {
            edges.push(HistoryFilter {
                from: Some(from_ms(u * unit_ms)),
                ..f.clone()
            });
        }
    }
    Some(Cut { first, end, edges })
}

impl Cut {
    /// The `WHERE` over a rollup aliased `a`: `f` without its times (its other conditions name
    /// rollup columns) and the whole units in `column`; `None` when `f` matches nothing.
    pub fn rollup_where(
        &self,
        conn: &Connection,
        people: &People,
        f: &HistoryFilter,
        column: &str,
    ) -> Result<Option<String>> {
        let untimed = HistoryFilter {
            from: None,
            til: None,
            ..f.clone()
        };
        let w = where_clause(conn, people, &untimed)?;
        if w.empty {
            return Ok(None);
        }
        let mut conds = vec![w.sql.trim_start_matches("WHERE ").to_owned()];
        conds.extend(self.first.map(|u| format!("a.{column} >= {u}")));
        conds.extend(self.end.map(|u| format!("a.{column} < {u}")));
        conds.retain(|c| !c.is_empty());
        conds.push("1".into());
        Ok(Some(format!("WHERE {}", conds.join(" AND "))))
    }
}
