//! Turning UTC milliseconds into wall-clock time of the chosen zone, fast: every zone in use
//! changes its offset only on a quarter hour, so one offset is looked up per quarter hour.

use chrono::{DateTime, FixedOffset, Local, Offset, TimeZone};

use crate::model::Zone;

const QUARTER_MS: i64 = 15 * 60 * 1000;

pub(crate) struct ZoneMapper {
    zone: Zone,
    quarter: i64,
    offset_ms: i64,
}

impl ZoneMapper {
    pub fn new(zone: Zone) -> Self {
        ZoneMapper {
            zone,
            quarter: i64::MIN,
            offset_ms: 0,
        }
    }

    pub fn offset_ms(&mut self, ms: i64) -> i64 {
        let q = ms.div_euclid(QUARTER_MS);
        if q != self.quarter {
            self.quarter = q;
            self.offset_ms = match self.zone {
                Zone::Utc => 0,
                Zone::Offset { minutes } => i64::from(minutes) * 60_000,
                Zone::Local => {
                    let utc = DateTime::from_timestamp_millis(ms).unwrap_or_default();
                    let off = Local.offset_from_utc_datetime(&utc.naive_utc()).fix();
                    i64::from(off.local_minus_utc()) * 1000
                }
            };
        }
        self.offset_ms
    }

    /// Wall-clock time of `ms` in the zone.
    pub fn local(&mut self, ms: i64) -> chrono::NaiveDateTime {
        let off = self.offset_ms(ms);
        DateTime::from_timestamp_millis(ms + off)
            .unwrap_or_default()
            .naive_utc()
    }

    /// The time with its offset, for RFC 3339 output.
    pub fn fixed(&mut self, ms: i64) -> DateTime<FixedOffset> {
        let off = self.offset_ms(ms);
        let offset =
            FixedOffset::east_opt((off / 1000) as i32).unwrap_or(FixedOffset::east_opt(0).unwrap());
        DateTime::from_timestamp_millis(ms)
            .unwrap_or_default()
            .with_timezone(&offset)
    }
}

/// `UTC`, `UTC+09:00` or `local` for column headers.
pub(crate) fn label(zone: Zone) -> String {
    match zone {
        Zone::Utc => "UTC".into(),
        Zone::Local => "local".into(),
        Zone::Offset { minutes } => {
            let sign = if minutes < 0 { '-' } else { '+' };
            let m = minutes.abs();
            format!("UTC{sign}{:02}:{:02}", m / 60, m % 60)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_offsets() {
        let mut z = ZoneMapper::new(Zone::Offset { minutes: 540 });
        // 2026-01-01T15:00:00Z is 2026-01-02 00:00 in Japan.
        let ms = 1_767_279_600_000;
        assert_eq!(z.local(ms).to_string(), "2026-01-02 00:00:00");
        assert_eq!(label(Zone::Offset { minutes: -330 }), "UTC-05:30");
    }
}
