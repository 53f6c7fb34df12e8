//! Tolerant decoders for places where the spec and the real service disagree.

use chrono::{DateTime, TimeZone, Utc};
use serde::de::{self, Deserializer};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(untagged)]
enum NumOrStr {
    Int(i64),
    Big(u64),
    Float(f64),
    Str(String),
}

/// Integer sent as a number or as a string (`expires_in`).
pub fn int_or_string<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    match Option::<NumOrStr>::deserialize(d)? {
        None => Ok(None),
        Some(NumOrStr::Int(i)) => Ok(Some(i)),
        Some(NumOrStr::Big(_)) => Err(de::Error::custom("number too large")),
        Some(NumOrStr::Float(f)) => Ok(Some(f as i64)),
        Some(NumOrStr::Str(s)) if s.trim().is_empty() => Ok(None),
        Some(NumOrStr::Str(s)) => s
            .trim()
            .parse::<i64>()
            .map(Some)
            .map_err(|_| de::Error::custom(format!("expected a whole number, got {s:?}"))),
    }
}

/// Identifier documented as Integer but kept as text (`lock_remote.id`).
pub fn id_as_string<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Option::<NumOrStr>::deserialize(d)? {
        None => None,
        Some(NumOrStr::Int(i)) => Some(i.to_string()),
        Some(NumOrStr::Big(u)) => Some(u.to_string()),
        Some(NumOrStr::Float(f)) => Some(f.to_string()),
        Some(NumOrStr::Str(s)) => Some(s),
    })
}

/// The earliest and latest instants a decoded time may be (1970 to the end of 9999). Nothing
/// the service dates is outside them; one that is would leave chrono's range in the arithmetic
/// done on it later (a day added, a zone applied, milliseconds counted), so it is a decode
/// error naming the field, never a panic further on.
pub fn time_range() -> (DateTime<Utc>, DateTime<Utc>) {
    (
        DateTime::UNIX_EPOCH,
        Utc.with_ymd_and_hms(9999, 12, 31, 23, 59, 59)
            .single()
            .expect("a valid date"),
    )
}

/// Timestamp sent as Unix seconds (number or numeric string) or as an ISO 8601 string, within
/// [`time_range`].
pub fn timestamp<'de, D: Deserializer<'de>>(d: D) -> Result<Option<DateTime<Utc>>, D::Error> {
    let (earliest, latest) = time_range();
    match any_timestamp(d)? {
        Some(t) if t < earliest || t > latest => Err(de::Error::custom(format!(
            "the date {} is out of range (1970 to 9999)",
            t.format("%Y-%m-%dT%H:%M:%SZ")
        ))),
        t => Ok(t),
    }
}

fn any_timestamp<'de, D: Deserializer<'de>>(d: D) -> Result<Option<DateTime<Utc>>, D::Error> {
    match Option::<NumOrStr>::deserialize(d)? {
        None => Ok(None),
        Some(NumOrStr::Int(i)) => Utc
            .timestamp_opt(i, 0)
            .single()
            .map(Some)
            .ok_or_else(|| de::Error::custom("timestamp out of range")),
        Some(NumOrStr::Big(_)) => Err(de::Error::custom("timestamp out of range")),
        Some(NumOrStr::Float(f)) => Utc
            .timestamp_opt(f as i64, 0)
            .single()
            .map(Some)
            .ok_or_else(|| de::Error::custom("timestamp out of range")),
        Some(NumOrStr::Str(s)) => parse_time(&s)
            .map(Some)
            .ok_or_else(|| de::Error::custom(format!("unreadable timestamp {s:?}"))),
    }
}

/// RFC 3339 / ISO 8601 with zone, or Unix seconds in a string.
pub fn parse_time(s: &str) -> Option<DateTime<Utc>> {
    let s = s.trim();
    if let Ok(t) = DateTime::parse_from_rfc3339(s) {
        return Some(t.with_timezone(&Utc));
    }
    if let Ok(t) = DateTime::parse_from_str(s, "%Y-%m-%dT%H:%M:%S%.f%z") {
        return Some(t.with_timezone(&Utc));
    }
    if let Ok(n) = s.parse::<i64>() {
        return Utc.timestamp_opt(n, 0).single();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct T {
        #[serde(default, deserialize_with = "timestamp")]
        at: Option<DateTime<Utc>>,
        #[serde(default, deserialize_with = "int_or_string")]
        n: Option<i64>,
    }

    #[test]
    fn accepts_numbers_and_strings() {
        let a: T = serde_json::from_str(r#"{"at": 1504878768, "n": "7776000"}"#).unwrap();
        assert_eq!(a.at.unwrap().to_rfc3339(), "2017-09-08T13:52:48+00:00");
        assert_eq!(a.n, Some(7_776_000));
        let b: T = serde_json::from_str(r#"{"at": "2017-09-08T13:52:48Z", "n": 7200}"#).unwrap();
        assert_eq!(b.at, a.at);
        assert_eq!(b.n, Some(7200));
        let c: T = serde_json::from_str(r#"{"at": "1504878768", "n": null}"#).unwrap();
        assert_eq!(c.at, a.at);
        assert_eq!(c.n, None);
        assert!(serde_json::from_str::<T>(r#"{"n": "soon"}"#).is_err());
    }

    /// Far dates that chrono can hold (or not) are refused naming the field: the year 99999,
    /// a negative epoch, a date before 1970; the last second of 9999 passes.
    #[test]
    fn dates_out_of_range_are_refused() {
        for far in [
            r#""+99999-01-01T00:00:00Z""#,
            "-99999999999999",
            "-1",
            r#""1969-12-31T23:59:59Z""#,
            "253402300800",
            "1e300",
        ] {
            let text = format!(r#"{{"at": {far}}}"#);
            let Err(e) = serde_json::from_str::<T>(&text) else {
                panic!("{far} was taken");
            };
            assert!(
                e.to_string().contains("range") || e.to_string().contains("timestamp"),
                "{far}: {e}"
            );
        }
        let last: T = serde_json::from_str(r#"{"at": 253402300799}"#).unwrap();
        assert_eq!(last.at, Some(time_range().1));
    }
}
