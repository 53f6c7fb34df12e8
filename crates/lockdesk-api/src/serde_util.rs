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

/// Timestamp sent as Unix seconds (number or numeric string) or as an ISO 8601 string.
pub fn timestamp<'de, D: Deserializer<'de>>(d: D) -> Result<Option<DateTime<Utc>>, D::Error> {
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
}
