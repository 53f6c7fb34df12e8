//! Demo entry/exit history: a year of records over the locks, spread evenly (the demo's) or
//! shaped like an office's weeks (a big office's, `office_week`).

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc, Weekday};
use rand::rngs::StdRng;
use rand::Rng;

use super::super::state::{Access, CLIENT_TYPES};

const SPAN_DAYS: i64 = 365;

/// `count` records over the last year of `locks` (each with the index of its organization in
/// `members`), oldest first per lock.
pub(super) fn generate_history(
    rng: &mut StdRng,
    now: DateTime<Utc>,
    locks: &[(String, usize)],
    members: &[Vec<String>; 2],
    count: usize,
    office_week: bool,
) -> HashMap<String, Vec<Access>> {
    let members: [Vec<Arc<str>>; 2] = members
        .clone()
        .map(|m| m.into_iter().map(Arc::from).collect());
    let mut per_lock: Vec<Vec<Access>> =
        vec![Vec::with_capacity(count / locks.len().max(1) + 8); locks.len()];
    let span_ms = SPAN_DAYS * 24 * 3600 * 1000;
    let week = office_week.then(|| OfficeWeek::new(now));
    for i in 0..count {
        let li = match &week {
            Some(_) => busier_first(rng, locks.len()),
            None => rng.gen_range(0..locks.len()),
        };
        // Every client type appears at least once when there are enough records.
        let ct = if i < CLIENT_TYPES.len() {
            i as u8
        } else {
            rng.gen_range(0..CLIENT_TYPES.len() as u8)
        };
        let org_members = &members[locks[li].1];
        let user = super::super::history::has_user(ct)
            .then(|| org_members[rng.gen_range(0..org_members.len())].clone());
        let at = match &week {
            Some(week) => week.moment(rng),
            None => now - Duration::milliseconds(rng.gen_range(1..span_ms)),
        };
        let is_locked = ct == 4 || rng.gen_bool(0.5);
        per_lock[li].push(Access {
            at,
            is_locked,
            client_type: ct,
            user_id: user,
        });
    }
    locks
        .iter()
        .zip(per_lock)
        .map(|((id, _), mut recs)| {
            recs.sort_by_key(|r| r.at);
            (id.clone(), recs)
        })
        .collect()
}

/// A lock index where the first doors (entrances, listed first) are used most: the square of
/// a uniform draw, so the first tenth of the locks takes about a third of the records.
fn busier_first(rng: &mut StdRng, locks: usize) -> usize {
    let u: f64 = rng.gen();
    ((u * u * locks as f64) as usize).min(locks - 1)
}

/// Times of an office in Japan (UTC+9) over the last year: weekdays busy, Saturdays and
/// Sundays quiet, national holidays and the year-end quiet; arrivals about 8:45, lunch about
/// 12:30, leaving about 18:15, and a few entries at any hour (nights among them).
struct OfficeWeek {
    now: DateTime<Utc>,
    /// The first local day of the span.
    first: NaiveDate,
}

/// Japan's fixed-date holidays and the customary closures (New Year, Obon, year-end), as
/// (month, day). Moving holidays (Coming-of-Age Day, the equinoxes, Marine Day, …) are left
/// out: the shape matters here, not the calendar.
const CLOSED: [(u32, u32); 17] = [
    (1, 1),
    (1, 2),
    (1, 3),
    (2, 11),
    (2, 23),
    (4, 29),
    (5, 3),
    (5, 4),
    (5, 5),
    (8, 11),
    (8, 14),
    (8, 15),
    (11, 3),
    (11, 23),
    (12, 29),
    (12, 30),
    (12, 31),
];

const JST: i64 = 9 * 3600;

impl OfficeWeek {
    fn new(now: DateTime<Utc>) -> OfficeWeek {
        let local_today = (now + Duration::seconds(JST)).date_naive();
        OfficeWeek {
            now,
            first: local_today - Duration::days(SPAN_DAYS - 1),
        }
    }

    /// How busy a local day is, from 0 to 1.
    fn busy(day: NaiveDate) -> f64 {
        if CLOSED.contains(&(day.month(), day.day())) {
            return 0.03;
        }
        match day.weekday() {
            Weekday::Sat => 0.08,
            Weekday::Sun => 0.03,
            _ => 1.0,
        }
    }

    /// Seconds after local midnight.
    fn time_of_day(rng: &mut StdRng) -> i64 {
        // About normal: the sum of three uniform draws, spread to ±3 σ.
        let near = |rng: &mut StdRng, mean_minutes: f64, sigma_minutes: f64| {
            let z = (rng.gen::<f64>() + rng.gen::<f64>() + rng.gen::<f64>() - 1.5) * 2.0;
            ((mean_minutes + z * sigma_minutes) * 60.0) as i64
        };
        let kind: f64 = rng.gen();
        let seconds = if kind < 0.42 {
            near(rng, 8.0 * 60.0 + 45.0, 35.0)
        } else if kind < 0.62 {
            near(rng, 12.0 * 60.0 + 30.0, 30.0)
        } else if kind < 0.95 {
            near(rng, 18.0 * 60.0 + 15.0, 55.0)
        } else {
            rng.gen_range(0..24 * 3600)
        };
        seconds.clamp(0, 24 * 3600 - 1)
    }

    /// One moment before `now`.
    fn moment(&self, rng: &mut StdRng) -> DateTime<Utc> {
        loop {
            let day = self.first + Duration::days(rng.gen_range(0..SPAN_DAYS));
            if rng.gen::<f64>() >= Self::busy(day) {
                continue;
            }
            let local = day.and_hms_opt(0, 0, 0).expect("midnight exists")
                + Duration::seconds(Self::time_of_day(rng))
                + Duration::milliseconds(rng.gen_range(0..1000));
            let at = local.and_utc() - Duration::seconds(JST);
            if at < self.now {
                return at;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Timelike;
    use rand::SeedableRng;

    #[test]
    fn an_office_week_is_busy_on_weekdays_in_office_hours_and_quiet_on_holidays() {
        let now = DateTime::parse_from_rfc3339("2026-11-27T03:00:00Z")
            .unwrap()
            .to_utc();
        let week = OfficeWeek::new(now);
        let mut rng = StdRng::seed_from_u64(1);
        let local: Vec<_> = (0..50_000)
            .map(|_| week.moment(&mut rng))
            .inspect(|at| assert!(*at < now && *at > now - Duration::days(SPAN_DAYS)))
            .map(|at| (at + Duration::seconds(JST)).naive_utc())
            .collect();
        let share = |f: &dyn Fn(&chrono::NaiveDateTime) -> bool| {
            local.iter().filter(|t| f(t)).count() as f64 / local.len() as f64
        };
        let weekend = share(&|t| matches!(t.weekday(), Weekday::Sat | Weekday::Sun));
        let new_year = share(&|t| t.month() == 1 && t.day() <= 3);
        let office_hours = share(&|t| (7..21).contains(&t.hour()));
        let night = share(&|t| t.hour() >= 22 || t.hour() < 5);
        // Two weekend days of seven would be 29% if spread evenly.
        assert!(weekend < 0.04, "weekend share {weekend}");
        // Three days of 365 would be 0.8%.
        assert!(new_year < 0.002, "new year share {new_year}");
        assert!(office_hours > 0.9, "office hours share {office_hours}");
        assert!(night > 0.005 && night < 0.04, "night share {night}");
    }

    #[test]
    fn the_first_doors_are_the_busiest() {
        let mut rng = StdRng::seed_from_u64(2);
        let mut hits = [0usize; 10];
        for _ in 0..100_000 {
            hits[busier_first(&mut rng, 1000) / 100] += 1;
        }
        // A uniform draw would put 10% in each tenth; the square puts 32% in the first, 5% in
        // the last.
        assert!(hits[0] > 30_000 && hits[9] < 6_000, "{hits:?}");
        assert!(hits.windows(2).all(|w| w[0] >= w[1]), "{hits:?}");
    }
}
