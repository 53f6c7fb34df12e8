//! Times on the command line: ISO 8601, or a date meaning its midnight in this computer's time
//! zone (an office's "2026-11-01" starts at its own midnight, as History and the exports count
//! days, not at UTC's: 09:00 in Japan).

use chrono::{DateTime, Duration, Local, NaiveDate, TimeZone, Utc};

pub fn parse_when(s: &str) -> Result<DateTime<Utc>, String> {
    parse_when_in(s, &Local)
}

/// `parse_when` with a date's midnight in `zone`.
fn parse_when_in<Z: TimeZone>(s: &str, zone: &Z) -> Result<DateTime<Utc>, String> {
    if let Some(t) = lockdesk_api::parse_time(s) {
        return Ok(t);
    }
    NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d")
        .ok()
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .and_then(|midnight| {
            // Where a clock change skips midnight, the day starts an hour later.
            zone.from_local_datetime(&midnight).earliest().or_else(|| {
                zone.from_local_datetime(&(midnight + Duration::hours(1)))
                    .earliest()
            })
        })
        .map(|t| t.with_timezone(&Utc))
        .ok_or_else(|| {
            format!(
                "{s:?} is not an ISO 8601 time (2024-05-01T09:00:00+09:00) or date (2024-05-01)"
            )
        })
}

#[cfg(test)]
mod tests {
    use chrono::FixedOffset;

    use super::*;

    #[test]
    fn times_and_dates() {
        let japan = FixedOffset::east_opt(9 * 3600).unwrap();
        assert_eq!(
            parse_when_in("2024-05-01", &japan).unwrap().to_rfc3339(),
            "2024-04-30T15:00:00+00:00"
        );
        assert_eq!(
            parse_when_in("2024-05-01", &Utc).unwrap().to_rfc3339(),
            "2024-05-01T00:00:00+00:00"
        );
        // A time says its own offset: the computer's zone plays no part.
        assert_eq!(
            parse_when_in("2024-05-01T09:00:00+09:00", &Utc)
                .unwrap()
                .to_rfc3339(),
            "2024-05-01T00:00:00+00:00"
        );
        assert!(parse_when("yesterday").is_err());
    }
}
