//! Days and hours as whole numbers since 1970-01-01 (UTC, or wall-clock time in a zone): the
//! unit of the rollups, the charts and the time card.

use chrono::{Duration, NaiveDate};

pub(crate) const DAY_MS: i64 = 86_400_000;
pub(crate) const HOUR_MS: i64 = 3_600_000;

/// 1970-01-01 was a Thursday (Sunday = 0).
pub(crate) fn weekday_of_day(day: i64) -> u8 {
    (day + 4).rem_euclid(7) as u8
}

pub(crate) fn date_of_day(day: i64) -> NaiveDate {
    NaiveDate::from_ymd_opt(1970, 1, 1).unwrap() + Duration::days(day)
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
