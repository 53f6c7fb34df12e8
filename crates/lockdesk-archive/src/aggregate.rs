//! Chart data: per day, per hour of the week, per user and per kind, from one pass over the
//! matching records (integer columns only; days and hours in the chosen zone).

use std::collections::HashMap;

use chrono::{Duration, NaiveDate};

use crate::accesses::where_clause;
use crate::archive::{Archive, Names};
use crate::error::Result;
use crate::model::*;
use crate::zone::ZoneMapper;

const DAY_MS: i64 = 86_400_000;
const HOUR_MS: i64 = 3_600_000;

/// 1970-01-01 was a Thursday (Sunday = 0).
pub(crate) fn weekday_of_day(day: i64) -> u8 {
    (day + 4).rem_euclid(7) as u8
}

pub(crate) fn date_of_day(day: i64) -> NaiveDate {
    NaiveDate::from_ymd_opt(1970, 1, 1).unwrap() + Duration::days(day)
}

impl Archive {
    pub fn aggregates(&self, req: &AggregateRequest) -> Result<Aggregates> {
        let conn = self.conn();
        let w = where_clause(&conn, &req.filter)?;
        let mut per_day: HashMap<i64, u64> = HashMap::new();
        let mut how = [0u64; 168];
        let mut per_user: Vec<u64> = Vec::new();
        let mut per_kind: Vec<u64> = Vec::new();
        let mut total = 0u64;
        if !w.empty {
            let sql = format!(
                "SELECT a.created_at_ms, a.user_ref, a.kind_ref FROM accesses a {}",
                w.sql
            );
            let mut stmt = conn.prepare(&sql)?;
            let mut rows = stmt.query(rusqlite::params_from_iter(w.params.iter()))?;
            let mut zone = ZoneMapper::new(req.zone);
            let (mut day, mut day_count) = (i64::MIN, 0u64);
            while let Some(r) = rows.next()? {
                let ms: i64 = r.get(0)?;
                let user = r.get::<_, i64>(1)? as usize;
                let kind = r.get::<_, i64>(2)? as usize;
                total += 1;
                let local = ms + zone.offset_ms(ms);
                let d = local.div_euclid(DAY_MS);
                if d != day {
                    if day_count > 0 {
                        *per_day.entry(day).or_default() += day_count;
                    }
                    day = d;
                    day_count = 0;
                }
                day_count += 1;
                let hour = local.rem_euclid(DAY_MS) / HOUR_MS;
                how[weekday_of_day(d) as usize * 24 + hour as usize] += 1;
                bump(&mut per_user, user);
                bump(&mut per_kind, kind);
            }
            if day_count > 0 {
                *per_day.entry(day).or_default() += day_count;
            }
        }
        let names = Names::load(&conn)?;
        drop(conn);

        let mut days: Vec<(i64, u64)> = per_day.into_iter().collect();
        days.sort_unstable();
        let mut per_user: Vec<UserCount> = per_user
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(r, c)| {
                let u = names.user(r as i64);
                UserCount {
                    user_id: u.map(|u| u.0.clone()),
                    name: u.and_then(|u| u.1.clone()),
                    mail: u.and_then(|u| u.2.clone()),
                    count: *c,
                }
            })
            .collect();
        per_user.sort_by(|a, b| b.count.cmp(&a.count).then(a.name.cmp(&b.name)));
        let mut per_kind: Vec<KindCount> = per_kind
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
        Ok(Aggregates {
            total,
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
        })
    }
}

fn bump(v: &mut Vec<u64>, i: usize) {
    if v.len() <= i {
        v.resize(i + 1, 0);
    }
    v[i] += 1;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weekdays() {
        assert_eq!(weekday_of_day(0), 4); // 1970-01-01, Thursday
        let d = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap(); // a Sunday
        let day = (d - date_of_day(0)).num_days();
        assert_eq!(weekday_of_day(day), 0);
        assert_eq!(date_of_day(day), d);
    }
}
