//! Days and hours as whole numbers since 1970-01-01 (UTC, or wall-clock time in a zone): the
//! unit of the rollups, the charts and the time card.

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};

pub(crate) const DAY_MS: i64 = 86_400_000;
pub(crate) const HOUR_MS: i64 = 3_600_000;

/// 1970-01-01 was a Thursday (Sunday = 0).
pub(crate) fn weekday_of_day(day: i64) -> u8 {
    (day + 4).rem_euclid(7) as u8
}

pub(crate) fn date_of_day(day: i64) -> NaiveDate {
    NaiveDate::from_ymd_opt(1970, 1, 1).unwrap() + Duration::days(day)
}

/// Milliseconds since 1970 as times, for many close together (a time card's four a row): the
/// date of the last UTC day met is worked out once, not again for each time.
pub(crate) struct Times {
    day: i64,
    date: NaiveDate,
}

impl Default for Times {
    fn default() -> Self {
        Times {
            day: 0,
            date: date_of_day(0),
        }
    }
}

impl Times {
    pub fn at(&mut self, ms: i64) -> DateTime<Utc> {
        let day = ms.div_euclid(DAY_MS);
        if day != self.day {
            // 719,163: the days from 0001-01-01 to 1970-01-01.
            let date = i32::try_from(day)
                .ok()
                .and_then(|d| d.checked_add(719_163))
                .and_then(NaiveDate::from_num_days_from_ce_opt);
            match date {
                Some(date) => (self.day, self.date) = (day, date),
                None => return crate::model::from_ms(ms),
            }
        }
        let in_day = ms.rem_euclid(DAY_MS);
        let time = NaiveTime::from_num_seconds_from_midnight_opt(
            (in_day / 1000) as u32,
            (in_day % 1000) as u32 * 1_000_000,
        )
        .unwrap_or_default();
        self.date.and_time(time).and_utc()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_those_of_from_ms() {
        let mut times = Times::default();
        let edges = [
            0,
            1,
            -1,
            DAY_MS - 1,
            DAY_MS,
            -DAY_MS,
            1_772_411_400_123,
            -62_135_596_800_000,
        ];
        let mut all: Vec<i64> = edges.to_vec();
        // Back and forth across days, as a card's four times go.
        all.extend((0..2_000).map(|i| 1_772_000_000_000 + (i % 7) * 37_000_017 - (i % 3) * DAY_MS));
        all.extend([
            i64::MAX,
            i64::MIN,
            8_210_266_876_799_999,
            8_210_266_876_800_000,
        ]);
        for ms in all {
            assert_eq!(times.at(ms), crate::model::from_ms(ms), "{ms}");
        }
    }

    #[test]
    fn weekdays() {
        assert_eq!(weekday_of_day(0), 4); // 1970-01-01, Thursday
        let d = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap(); // a Sunday
        let day = (d - date_of_day(0)).num_days();
        assert_eq!(weekday_of_day(day), 0);
        assert_eq!(date_of_day(day), d);
    }
}
