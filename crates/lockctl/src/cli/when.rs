//! Times on the command line: ISO 8601, or a date meaning its midnight UTC.

use chrono::{DateTime, NaiveDate, Utc};

pub fn parse_when(s: &str) -> Result<DateTime<Utc>, String> {
    if let Some(t) = lockdesk_api::parse_time(s) {
        return Ok(t);
    }
    NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d")
        .ok()
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|t| t.and_utc())
        .ok_or_else(|| {
            format!(
                "{s:?} is not an ISO 8601 time (2024-05-01T09:00:00+09:00) or date (2024-05-01)"
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_and_dates() {
        assert_eq!(
            parse_when("2024-05-01").unwrap().to_rfc3339(),
            "2024-05-01T00:00:00+00:00"
        );
        assert_eq!(
            parse_when("2024-05-01T09:00:00+09:00")
                .unwrap()
                .to_rfc3339(),
            "2024-05-01T00:00:00+00:00"
        );
        assert!(parse_when("yesterday").is_err());
    }
}
