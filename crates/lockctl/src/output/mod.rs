//! Printing: JSON for scripts (`--json`: the use-case's typed answer as it is), aligned tables
//! and `key  value` lists for people, worded in [`words`]. Text the service sent (names, memos,
//! addresses) comes from anyone: control characters are taken out before it reaches a terminal.

mod cells;
pub mod words;

use std::io::Write;

use serde::Serialize;

pub use self::cells::clean;
use crate::error::Result;
use unicode_width::UnicodeWidthStr;

/// On stderr, when a list came from the offline cache: as of when, and that nothing changes.
pub fn cached_note(
    err: &mut dyn Write,
    cached: Option<&lockdesk_core::offline::CachedView>,
) -> Result<()> {
    if let Some(c) = cached {
        let why = match c.reason {
            lockdesk_core::offline::CachedReason::Unreachable => "the service could not be reached",
            lockdesk_core::offline::CachedReason::CacheOnly => "--cached",
        };
        writeln!(
            err,
            "offline ({why}): the list as kept on {}; nothing can be changed until the service answers",
            c.as_of.format("%Y-%m-%d %H:%M:%S UTC")
        )?;
    }
    Ok(())
}

pub fn json<T: Serialize + ?Sized>(out: &mut dyn Write, value: &T) -> Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)?;
    writeln!(out)?;
    Ok(())
}

/// Columns padded to the widest cell in terminal columns (CJK characters take two); the last
/// column is not padded. Cells are [`clean`]ed.
pub fn table(out: &mut dyn Write, headers: &[&str], rows: &[Vec<String>]) -> Result<()> {
    let rows: Vec<Vec<String>> = rows
        .iter()
        .map(|r| r.iter().map(|c| clean(c)).collect())
        .collect();
    let mut widths: Vec<usize> = headers.iter().map(|h| h.width()).collect();
    for row in &rows {
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
    for row in &rows {
        writeln!(out, "{}", line(row.iter().map(String::as_str).collect()))?;
    }
    if rows.is_empty() {
        writeln!(out, "{}", words::NONE)?;
    }
    Ok(())
}

/// `key  value` lines, keys aligned, empty values left out, values [`clean`]ed.
pub fn pairs(out: &mut dyn Write, pairs: &[(String, String)]) -> Result<()> {
    let width = pairs.iter().map(|(k, _)| k.width()).max().unwrap_or(0);
    for (k, v) in pairs.iter().filter(|(_, v)| !v.is_empty()) {
        let pad = width - k.width();
        writeln!(out, "{k}{}  {}", " ".repeat(pad), clean(v))?;
    }
    Ok(())
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

    #[test]
    fn control_characters_never_reach_the_terminal() {
        assert_eq!(
            clean("Front\u{1b}[2Jdoor\r\nB\u{202e}ack\u{7f}"),
            "Front[2Jdoor  Back"
        );
        let mut out = Vec::new();
        table(&mut out, &["NAME"], &[vec!["a\u{1b}]0;owned\u{7}b".into()]]).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            !text.chars().any(|c| c.is_control() && c != '\n'),
            "{text:?}"
        );
    }
}
