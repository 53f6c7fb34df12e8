//! The text of a cell: service text cleaned of control characters, optional values, an object's
//! members as `(key, value)` pairs. Used by both the printers (mod.rs) and the wording
//! (`words`), which mod.rs uses.

use serde::Serialize;
use serde_json::Value;

/// `s` without control characters (escape sequences, carriage returns, bidirectional
/// overrides); line breaks and tabs become spaces.
pub fn clean(s: &str) -> String {
    s.chars()
        .filter_map(|c| match c {
            '\n' | '\r' | '\t' => Some(' '),
            c if c.is_control() => None,
            '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => None,
            c => Some(c),
        })
        .collect()
}

/// The non-null members of a serialized object as `(key, value)` pairs, values as text.
pub fn object_pairs<T: Serialize>(value: &T) -> Vec<(String, String)> {
    match serde_json::to_value(value) {
        Ok(Value::Object(map)) => map
            .into_iter()
            .filter(|(_, v)| !v.is_null())
            .map(|(k, v)| (k, cell(&v)))
            .collect(),
        _ => Vec::new(),
    }
}

fn cell(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

pub fn opt(v: &Option<impl ToString>) -> String {
    v.as_ref().map(ToString::to_string).unwrap_or_default()
}
