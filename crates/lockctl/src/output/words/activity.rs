//! `lockctl activity`: the journal's table, its notes in words, and its size and retention.

use lockdesk_core::journal::activity::{
    change_text, ActivityRetentionResponse, ActivityStorageView,
};
use lockdesk_core::journal::lost_answer::{ANSWER_FIELD, LOST_FOUND};
use lockdesk_core::journal::{FieldChange, JournalEntry, Operation, PENDING};

use super::NONE;
use crate::output::cells::opt;

pub const ACTIVITY_HEADERS: [&str; 7] = [
    "TIME (UTC)",
    "CONNECTION",
    "OPERATION",
    "TARGET",
    "NAME",
    "CHANGES",
    "OUTCOME",
];

/// The team's journal: who made each entry, after its time (as [`team_activity_row`]).
pub fn team_activity_headers() -> Vec<&'static str> {
    let mut headers = ACTIVITY_HEADERS.to_vec();
    headers.insert(1, "BY");
    headers
}

/// A row of the team's journal: the computer and its OS user after the time.
pub fn team_activity_row(e: &JournalEntry) -> Vec<String> {
    let mut row = activity_row(e);
    let by = e
        .made_by
        .as_ref()
        .map(|b| format!("{} ({})", b.computer, b.os_user))
        .unwrap_or_else(|| NONE.to_owned());
    row.insert(1, by);
    row
}

/// The operation's name; the reset note of a new journal in words.
fn operation(e: &JournalEntry) -> String {
    match e.operation {
        Operation::JournalReset => "journal_reset (a new journal was started)".into(),
        op => op.as_str().to_owned(),
    }
}

pub fn activity_row(e: &JournalEntry) -> Vec<String> {
    vec![
        e.at.format("%Y-%m-%d %H:%M:%S").to_string(),
        opt(&e.connection),
        operation(e),
        opt(&e.target_id),
        opt(&e.target_name),
        e.changes.iter().map(change).collect::<Vec<_>>().join("; "),
        outcome(e),
    ]
}

/// `done`, an error code, or a pending entry in words.
fn outcome(e: &JournalEntry) -> String {
    if e.outcome == PENDING {
        return "sent, outcome not recorded".into();
    }
    e.outcome.clone()
}

/// The journals set aside beside the one in use, and how to read them.
pub fn set_aside_journals(names: &[String]) -> String {
    format!(
        "Journals set aside because they were damaged (read one with --file NAME): {}",
        names.join(", ")
    )
}

/// A changed field as `field: old → new`; the notes the core adds, in words.
fn change(c: &FieldChange) -> String {
    if c.field == "reason" && c.new.as_deref() == Some("damaged") {
        return "the journal was damaged and set aside under this name".into();
    }
    if c.field == ANSWER_FIELD && c.new.as_deref() == Some(LOST_FOUND) {
        return "the answer was lost; found at the service".into();
    }
    change_text(c)
}

pub fn activity_shown(shown: usize, total: u64) -> String {
    format!("{shown} of {total} entries; narrow with --since, --op or --text, or raise --limit")
}

pub fn storage_pairs(s: &ActivityStorageView) -> Vec<(String, String)> {
    let oldest = s
        .oldest
        .map(|t| t.format("%Y-%m-%d %H:%M:%S UTC").to_string());
    vec![
        ("entries".into(), s.entries.to_string()),
        ("oldest".into(), oldest.unwrap_or_else(|| NONE.into())),
        ("size on disk".into(), size(s.bytes)),
        ("kept for".into(), days(s.keep_days)),
    ]
}

pub fn retention_set(r: &ActivityRetentionResponse) -> String {
    let removed = match r.removed {
        0 => "no entry was older".to_owned(),
        1 => "removed 1 older entry".to_owned(),
        n => format!("removed {n} older entries"),
    };
    format!(
        "The journal now keeps {}; {removed}",
        days(r.storage.keep_days)
    )
}

fn days(n: u32) -> String {
    if n == 1 {
        "1 day".into()
    } else {
        format!("{n} days")
    }
}

fn size(bytes: u64) -> String {
    const KIB: f64 = 1024.0;
    let b = bytes as f64;
    if b < KIB {
        format!("{bytes} bytes")
    } else if b < KIB * KIB {
        format!("{:.1} KB ({bytes} bytes)", b / KIB)
    } else {
        format!("{:.1} MB ({bytes} bytes)", b / KIB / KIB)
    }
}
