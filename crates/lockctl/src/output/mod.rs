//! Printing: JSON for scripts (`--json`), aligned tables and key/value lists for people.

use std::io::Write;

use serde::Serialize;
use serde_json::Value;

use crate::error::Result;
use unicode_width::UnicodeWidthStr;

pub fn json<T: Serialize + ?Sized>(out: &mut dyn Write, value: &T) -> Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)?;
    writeln!(out)?;
    Ok(())
}

/// Columns padded to the widest cell in terminal columns (CJK characters take two); the last
/// column is not padded.
pub fn table(out: &mut dyn Write, headers: &[&str], rows: &[Vec<String>]) -> Result<()> {
    let mut widths: Vec<usize> = headers.iter().map(|h| h.width()).collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            if let Some(w) = widths.get_mut(i) {
                *w = (*w).max(cell.width());
            }
        }
    }
    let line = |cells: Vec<&str>| {
        let last = cells.len().saturating_sub(1);
        let mut s = String::new();
        for (i, cell) in cells.iter().enumerate() {
            s.push_str(cell);
            if i < last {
                let pad = widths[i] - cell.width() + 2;
                s.extend(std::iter::repeat_n(' ', pad));
            }
        }
        s.trim_end().to_owned()
    };
    writeln!(out, "{}", line(headers.to_vec()))?;
    for row in rows {
        writeln!(out, "{}", line(row.iter().map(String::as_str).collect()))?;
    }
    if rows.is_empty() {
        writeln!(out, "(none)")?;
    }
    Ok(())
}

/// One object as `field  value` lines, nulls left out.
pub fn record<T: Serialize>(out: &mut dyn Write, value: &T) -> Result<()> {
    let value = serde_json::to_value(value)?;
    let Value::Object(map) = value else {
        writeln!(out, "{}", cell(&value))?;
        return Ok(());
    };
    let rows: Vec<Vec<String>> = map
        .iter()
        .filter(|(_, v)| !v.is_null())
        .map(|(k, v)| vec![k.clone(), cell(v)])
        .collect();
    let width = rows.iter().map(|r| r[0].chars().count()).max().unwrap_or(0);
    for r in rows {
        writeln!(out, "{:width$}  {}", r[0], r[1])?;
    }
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_aligns_by_characters() {
        let mut out = Vec::new();
        table(
            &mut out,
            &["ID", "NAME"],
            &[
                vec!["A1".into(), "Tür".into()],
                vec!["A123".into(), "x".into()],
            ],
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "ID    NAME\nA1    Tür\nA123  x\n");
    }

    #[test]
    fn wide_characters_take_two_columns() {
        let mut out = Vec::new();
        table(
            &mut out,
            &["NAME", "BATTERY"],
            &[
                vec!["正面玄関".into(), "68%".into()],
                vec!["Lobby".into(), "9%".into()],
            ],
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "NAME      BATTERY\n正面玄関  68%\nLobby     9%\n");
    }
}
