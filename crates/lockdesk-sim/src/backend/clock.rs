//! Virtual clock: real time plus an offset that the control API can advance.

use chrono::{DateTime, Duration, Utc};

#[derive(Debug, Clone)]
pub struct Clock {
    offset: Duration,
}

impl Clock {
    /// A clock whose "now" is `start` at the moment of creation (real now when `None`).
    pub fn new(start: Option<DateTime<Utc>>) -> Self {
        let offset = start.map(|s| s - Utc::now()).unwrap_or_else(Duration::zero);
        Self { offset }
    }
    pub fn now(&self) -> DateTime<Utc> {
        Utc::now() + self.offset
    }
    pub fn advance(&mut self, seconds: i64) {
        self.offset += Duration::seconds(seconds);
    }
}

/// `2026-01-02T03:04:05Z`
pub fn iso_secs(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// `2026-01-02T03:04:05.123Z`
pub fn iso_millis(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

/// Strict ISO 8601 / RFC 3339 timestamp with a zone (`Z` or `+09:00`).
pub fn parse_iso(s: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(s.trim())
        .ok()
        .map(|t| t.with_timezone(&Utc))
}
