//! Chart data: per day, per hour of the week, per user and per kind (days and hours in the
//! chosen zone), from the rollups when the filter allows it (`rollup.rs`), else from one pass
//! over the matching records (integer columns only).

use rusqlite::Connection;

use crate::archive::{Archive, Names};
use crate::counts::Counts;
use crate::days::{date_of_day, DAY_MS};
use crate::error::Result;
use crate::filter_sql::{every_lock_as_none, where_clause};
use crate::model::*;
use crate::people::People;
use crate::rollup;
use crate::zone::ZoneMapper;

impl Archive {
    pub fn aggregates(&self, req: &AggregateRequest) -> Result<Aggregates> {
        let conn = self.conn();
        let filter = every_lock_as_none(&conn, &req.filter)?;
        let from_rollup = if rollup::covers(&filter) {
            rollup::counts(&conn, &filter, req.zone)?
        } else {
            None
        };
        let counts = match from_rollup {
            Some(c) => c,
            None => match complement(&conn, &self.people, &filter, req.zone)? {
                Some(c) => c,
                None => scan(&conn, &self.people, &filter, req.zone)?,
            },
        };
        let busiest = busiest_users(&counts.per_user);
        let names = Names::load_users(&conn, &busiest)?;
        drop(conn);
        Ok(answer(counts, &busiest, &names))
    }
}

/// Of most of the archive's locks (an organization's, where the archive also holds another
/// organization's few), the rollups' counts less those of the locks left out, counted one by
/// one: the fewer records read. `None` when the rollups cannot answer the rest of the filter
/// or the locks left out are not the fewer.
fn complement(
    conn: &Connection,
    people: &People,
    filter: &HistoryFilter,
    zone: Zone,
) -> Result<Option<Counts>> {
    let every_lock = HistoryFilter {
        lock_ids: Vec::new(),
        ..filter.clone()
    };
    if filter.lock_ids.is_empty() || !rollup::covers(&every_lock) {
        return Ok(None);
    }
    let named: std::collections::HashSet<&str> =
        filter.lock_ids.iter().map(|id| id.trim()).collect();
    let (left_out, kept): (Vec<String>, Vec<String>) = crate::locks::all(conn)?
        .into_iter()
        .map(|(_, id, _)| id)
        .partition(|id| !named.contains(id.as_str()));
    if left_out.len() >= kept.len() {
        return Ok(None);
    }
    let Some(mut counts) = rollup::counts(conn, &every_lock, zone)? else {
        return Ok(None);
    };
    let others = HistoryFilter {
        lock_ids: left_out,
        ..filter.clone()
    };
    counts.subtract(&scan(conn, people, &others, zone)?);
    Ok(Some(counts))
}

/// Counts the matching records one by one.
pub(crate) fn scan(
    conn: &Connection,
    people: &People,
    filter: &HistoryFilter,
    zone: Zone,
) -> Result<Counts> {
    let w = where_clause(conn, people, filter)?;
    let mut c = Counts::default();
    if w.empty {
        return Ok(c);
    }
    let sql = format!(
        "SELECT a.created_at_ms, a.user_ref, a.kind_ref FROM accesses a {}",
        w.sql
    );
    let mut stmt = conn.prepare(&sql)?;
    let mut rows = stmt.query(rusqlite::params_from_iter(w.params.iter()))?;
    let mut zone = ZoneMapper::new(zone);
    let (mut day, mut day_count) = (i64::MIN, 0u64);
    while let Some(r) = rows.next()? {
        let ms: i64 = r.get(0)?;
        let user = r.get::<_, i64>(1)? as usize;
        let kind = r.get::<_, i64>(2)? as usize;
        c.total += 1;
        let local = ms + zone.offset_ms(ms);
        let d = local.div_euclid(DAY_MS);
        if d != day {
            if day_count > 0 {
                *c.per_day.entry(day).or_default() += day_count;
            }
            day = d;
            day_count = 0;
        }
        day_count += 1;
        c.add_hour_of_week(d, local, 1);
        Counts::bump(&mut c.per_user, user, 1);
        Counts::bump(&mut c.per_kind, kind, 1);
    }
    if day_count > 0 {
        *c.per_day.entry(day).or_default() += day_count;
    }
    Ok(c)
}

/// The refs of the `BUSIEST_USERS` with most records (of equal counts, the lower ref).
fn busiest_users(per_user: &[u64]) -> Vec<i64> {
    let mut refs: Vec<(u64, usize)> = per_user
        .iter()
        .enumerate()
        .filter(|(_, c)| **c > 0)
        .map(|(r, c)| (*c, r))
        .collect();
    let by_count = |a: &(u64, usize), b: &(u64, usize)| b.0.cmp(&a.0).then(a.1.cmp(&b.1));
    if refs.len() > BUSIEST_USERS {
        refs.select_nth_unstable_by(BUSIEST_USERS, by_count);
        refs.truncate(BUSIEST_USERS);
    }
    refs.into_iter().map(|(_, r)| r as i64).collect()
}

/// Names attached, sorted as the charts show them.
fn answer(c: Counts, busiest: &[i64], names: &Names) -> Aggregates {
    let mut days: Vec<(i64, u64)> = c.per_day.into_iter().filter(|d| d.1 > 0).collect();
    days.sort_unstable();
    let mut how = c.how;
    how.resize(168, 0);
    let mut per_user: Vec<UserCount> = busiest
        .iter()
        .map(|&r| {
            let u = names.user(r);
            UserCount {
                user_id: u.map(|u| u.0.clone()),
                name: u.and_then(|u| u.1.clone()),
                mail: u.and_then(|u| u.2.clone()),
                count: c.per_user[r as usize],
            }
        })
        .collect();
    per_user.sort_by(|a, b| b.count.cmp(&a.count).then(a.name.cmp(&b.name)));
    let mut per_kind: Vec<KindCount> = c
        .per_kind
        .iter()
        .enumerate()
        .filter(|(_, c)| **c > 0)
        .map(|(r, c)| KindCount {
            client_type: names.kind(r as i64).to_owned(),
            count: *c,
        })
        .collect();
    per_kind.sort_by(|a, b| {
        b.count
            .cmp(&a.count)
            .then(a.client_type.cmp(&b.client_type))
    });
    Aggregates {
        total: c.total,
        per_day: days
            .into_iter()
            .map(|(d, count)| DayCount {
                date: date_of_day(d),
                count,
            })
            .collect(),
        per_hour_of_week: how
            .iter()
            .enumerate()
            .map(|(i, c)| HourOfWeekCount {
                weekday: (i / 24) as u8,
                hour: (i % 24) as u8,
                count: *c,
            })
            .collect(),
        per_user,
        per_kind,
    }
}
