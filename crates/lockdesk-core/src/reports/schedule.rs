//! When a report is due and which period it is about, in the organization's time zone. Only
//! the latest occurrence counts: a report missed while the computer was off or asleep is
//! written once when it is back, about the period that ended last (not once per missed one).

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, TimeZone, Utc};

use crate::error::Result;
use crate::reports::definition::Schedule;
use crate::watch::OfficeHours;

/// The period a run writes: from `start` (inclusive) to `end` (exclusive), due at `due_at`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Period {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub due_at: DateTime<Utc>,
    /// For the file name and the run store: `2026-11-24`, `2026-11-16_2026-11-22`, `2026-10`.
    pub label: String,
}

/// The latest occurrence of `schedule` at or before `now`, and the period it is about.
/// `office` gives the zone, office days and whether public holidays are off.
pub fn due_period(schedule: &Schedule, office: &OfficeHours, now: DateTime<Utc>) -> Result<Period> {
    let zone = office.zone();
    let minute = schedule.minute()?;
    let today = now.with_timezone(&zone).date_naive();
    let instant = |d: NaiveDate| instant_at_minute(d, minute, zone);
    let midnight = |d: NaiveDate| instant_at(d, zone);
    // The latest date on or before `today` that matches, whose time has come.
    let latest = |matches: &dyn Fn(NaiveDate) -> bool| {
        let mut d = today;
        loop {
            if matches(d) && instant(d) <= now {
                return d;
            }
            d = d.pred_opt().expect("a date after year 1");
        }
    };
    Ok(match schedule {
        Schedule::Daily { .. } => {
            let due = latest(&|_| true);
            let day = due - Duration::days(1);
            Period {
                start: midnight(day),
                end: midnight(due),
                due_at: instant(due),
                label: day.format("%Y-%m-%d").to_string(),
            }
        }
        Schedule::Weekly { weekday, .. } => {
            let due = latest(&|d| d.weekday().num_days_from_sunday() as u8 == *weekday);
            let first = due - Duration::days(7);
            Period {
                start: midnight(first),
                end: midnight(due),
                due_at: instant(due),
                label: format!(
                    "{}_{}",
                    first.format("%Y-%m-%d"),
                    (due - Duration::days(1)).format("%Y-%m-%d")
                ),
            }
        }
        Schedule::Monthly { day, .. } => {
            let due = latest(&|d| d.day() == u32::from(*day));
            month_before(due, instant(due), zone)
        }
        Schedule::MonthlyFirstOfficeDay { .. } => {
            let due = latest(&|d| d == first_office_day(d, office));
            month_before(due, instant(due), zone)
        }
    })
}

/// Midnight starting `d` in `zone`.
fn instant_at(d: NaiveDate, zone: chrono::FixedOffset) -> DateTime<Utc> {
    instant_at_minute(d, 0, zone)
}

/// `minute` minutes (checked: under 24 hours) after midnight of `d` in `zone`.
fn instant_at_minute(d: NaiveDate, minute: u32, zone: chrono::FixedOffset) -> DateTime<Utc> {
    let at = NaiveTime::from_hms_opt(minute / 60, minute % 60, 0).expect("checked time");
    zone.from_local_datetime(&d.and_time(at))
        .single()
        .expect("a fixed offset has one local time")
        .with_timezone(&Utc)
}

/// When the alerts of the day of `raised` (in the office's zone) go out as a digest: at
/// `minute` after midnight of the first office day after that day (weekends and, when the
/// office keeps them, Japanese public holidays skipped). Alerts of a day off go with those of
/// the office day before it, in the same morning's digest.
pub fn next_office_morning(
    office: &OfficeHours,
    minute: u32,
    raised: DateTime<Utc>,
) -> DateTime<Utc> {
    let zone = office.zone();
    let day = raised.with_timezone(&zone).date_naive();
    // Office days are checked when set (at least one weekday), so one comes within a few days
    // even across Golden Week; a year bounds the search whatever the settings.
    let next = (1..=366)
        .map(|i| day + Duration::days(i))
        .find(|d| office.is_office_day(*d))
        .unwrap_or(day + Duration::days(1));
    instant_at_minute(next, minute, zone)
}

/// The calendar month before the one of `due`.
fn month_before(due: NaiveDate, due_at: DateTime<Utc>, zone: chrono::FixedOffset) -> Period {
    let this_month = due.with_day(1).expect("day 1");
    let first = (this_month - Duration::days(1)).with_day(1).expect("day 1");
    Period {
        start: instant_at(first, zone),
        end: instant_at(this_month, zone),
        due_at,
        label: first.format("%Y-%m").to_string(),
    }
}

/// The first office day of the month of `d` (its first day when the office has none).
fn first_office_day(d: NaiveDate, office: &OfficeHours) -> NaiveDate {
    let first = d.with_day(1).expect("day 1");
    (0..31)
        .map(|i| first + Duration::days(i))
        .take_while(|day| day.month() == first.month())
        .find(|day| office.is_office_day(*day))
        .unwrap_or(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn office() -> OfficeHours {
        // Monday to Friday, Japan, public holidays off.
        OfficeHours {
            days: vec![1, 2, 3, 4, 5],
            start_minute: 9 * 60,
            end_minute: 18 * 60,
            holidays_off: true,
            utc_offset_minutes: 540,
        }
    }

    fn t(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn at(s: &str) -> String {
        s.to_owned()
    }

    #[test]
    fn daily_is_about_the_day_before_in_the_office_zone() {
        let s = Schedule::Daily { at: at("07:00") };
        // 2026-11-26 07:30 in Japan.
        let p = due_period(&s, &office(), t("2026-11-25T22:30:00Z")).unwrap();
        assert_eq!(p.label, "2026-11-25");
        assert_eq!(p.start, t("2026-11-24T15:00:00Z"));
        assert_eq!(p.end, t("2026-11-25T15:00:00Z"));
        assert_eq!(p.due_at, t("2026-11-25T22:00:00Z"));
        // 06:59 in Japan: today's run is not due yet, yesterday's was.
        let p = due_period(&s, &office(), t("2026-11-25T21:59:00Z")).unwrap();
        assert_eq!(p.label, "2026-11-24");
    }

    #[test]
    fn weekly_is_about_the_seven_days_before() {
        // Mondays at 08:00: on Thursday 2026-11-26 the last was Monday the 23rd.
        let s = Schedule::Weekly {
            weekday: 1,
            at: at("08:00"),
        };
        let p = due_period(&s, &office(), t("2026-11-26T03:00:00Z")).unwrap();
        assert_eq!(p.label, "2026-11-16_2026-11-22");
        assert_eq!(p.due_at, t("2026-11-22T23:00:00Z"));
    }

    #[test]
    fn monthly_on_a_day_and_on_the_first_office_day() {
        let s = Schedule::Monthly {
            day: 1,
            at: at("09:00"),
        };
        let p = due_period(&s, &office(), t("2026-11-26T03:00:00Z")).unwrap();
        assert_eq!(p.label, "2026-10");
        assert_eq!(p.start, t("2026-09-30T15:00:00Z"));
        assert_eq!(p.end, t("2026-10-31T15:00:00Z"));
        // 2027-01-01 is a holiday, the 2nd and 3rd a weekend: the first office day is the 4th.
        let s = Schedule::MonthlyFirstOfficeDay { at: at("09:00") };
        let on_the_3rd = due_period(&s, &office(), t("2027-01-03T03:00:00Z")).unwrap();
        assert_eq!(on_the_3rd.label, "2026-11", "January's is not due yet");
        let p = due_period(&s, &office(), t("2027-01-04T00:00:00Z")).unwrap();
        assert_eq!(p.label, "2026-12");
        assert_eq!(p.due_at, t("2027-01-04T00:00:00Z"));
    }

    #[test]
    fn a_digest_goes_out_on_the_next_office_day_morning() {
        let eight = 8 * 60;
        // Tuesday 2026-11-24 10:00 in Japan: Wednesday 08:00.
        assert_eq!(
            next_office_morning(&office(), eight, t("2026-11-24T01:00:00Z")),
            t("2026-11-24T23:00:00Z")
        );
        // Tuesday 07:00, before the digest's time: still the next day's digest.
        assert_eq!(
            next_office_morning(&office(), eight, t("2026-11-23T22:00:00Z")),
            t("2026-11-24T23:00:00Z")
        );
        // Friday 2026-11-20 23:30 and Sunday the 22nd: Tuesday the 24th, as Monday the 23rd
        // is 勤労感謝の日.
        for raised in ["2026-11-20T14:30:00Z", "2026-11-22T05:00:00Z"] {
            assert_eq!(
                next_office_morning(&office(), eight, t(raised)),
                t("2026-11-23T23:00:00Z"),
                "{raised}"
            );
        }
        // Holidays worked: Monday.
        let mut worked = office();
        worked.holidays_off = false;
        assert_eq!(
            next_office_morning(&worked, eight, t("2026-11-20T14:30:00Z")),
            t("2026-11-22T23:00:00Z")
        );
    }

    #[test]
    fn a_missed_run_is_the_latest_period_only() {
        // Daily, and the computer was off for three days: one run, about yesterday.
        let s = Schedule::Daily { at: at("07:00") };
        let p = due_period(&s, &office(), t("2026-11-28T23:00:00Z")).unwrap();
        assert_eq!(p.label, "2026-11-28");
    }
}
