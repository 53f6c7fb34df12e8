//! The words of entry/exit history: online records, the archive, its sync.

use chrono::Local;
use lockdesk_archive::{neutralize_formula, HistoryRow, SyncOutcome, SyncProgress, SyncReport};
use lockdesk_core::app::{AccessView, HistoryLockView};

use crate::output::opt;

pub const HISTORY_LOCK_HEADERS: [&str; 2] = ["ID", "NAME"];

pub fn history_lock_row(l: &HistoryLockView) -> Vec<String> {
    vec![l.id.clone(), l.name.clone()]
}

fn action(is_locked: bool) -> &'static str {
    if is_locked {
        "locked"
    } else {
        "unlocked"
    }
}

/// The CSV columns of `history accesses` (a file format: stable, not translated).
pub const ACCESS_CSV_HEADER: [&str; 8] = [
    "created_at",
    "action",
    "client_type",
    "user_id",
    "user_name",
    "user_mail",
    "lock_id",
    "lock_name",
];

/// One record; a cell that a spreadsheet would read as a formula gets a leading `'`.
pub fn access_csv_row(a: &AccessView) -> [String; 8] {
    [
        a.created_at
            .to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        action(a.is_locked).to_owned(),
        super::client(&a.client_type),
        opt(&a.user_id),
        opt(&a.user_name),
        opt(&a.user_mail),
        opt(&a.lock_id),
        opt(&a.lock_name),
    ]
    .map(|cell| neutralize_formula(&cell).into_owned())
}

pub fn records_written(count: u64, path: &std::path::Path) -> String {
    format!("Wrote {count} record(s) to {}", path.display())
}

pub const ARCHIVE_HEADERS: [&str; 5] = ["TIME", "ACTION", "KIND", "USER", "LOCK"];

pub fn archive_row(r: &HistoryRow) -> Vec<String> {
    vec![
        r.created_at
            .with_timezone(&Local)
            .format("%Y-%m-%d %H:%M:%S%.3f")
            .to_string(),
        action(r.is_locked).to_owned(),
        r.client_type.clone(),
        opt(&r.user_name),
        r.lock_name.clone().unwrap_or_else(|| r.lock_id.clone()),
    ]
}

pub fn page_range(offset: u64, shown: u64, total: u64) -> String {
    format!(
        "{}-{} of {total}",
        offset + u64::from(shown > 0),
        offset + shown
    )
}

pub fn sync_progress(p: &SyncProgress) -> String {
    let eta = p
        .estimated_seconds_left
        .map_or("unknown".to_owned(), |s| format!("{s:.0} s"));
    format!(
        "locks {}/{}  pages {}  records {} ({} new)  time left {eta}",
        p.locks_done, p.locks_total, p.pages, p.records, p.new_records
    )
}

pub fn sync_summary(r: &SyncReport, archive: &str) -> String {
    let p = &r.progress;
    format!(
        "{}: {} record(s) received, {} new, {} page(s), {} lock(s); archive {archive}",
        match &r.outcome {
            SyncOutcome::Completed => "completed",
            SyncOutcome::Paused { .. } => "paused",
            SyncOutcome::Cancelled => "cancelled",
            SyncOutcome::Failed { .. } => "failed",
        },
        p.records,
        p.new_records,
        p.pages,
        p.locks_total,
    )
}
