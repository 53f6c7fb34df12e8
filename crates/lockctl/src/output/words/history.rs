//! The words of entry/exit history: online records, the archive, its sync.

use chrono::Local;
use lockdesk_archive::{
    neutralize_formula, Completeness, HistoryRow, SyncOutcome, SyncProgress, SyncReport,
};
use lockdesk_core::history::view::{AccessView, HistoryLockView};
use lockdesk_core::history::TeamArchiveView;

use crate::cli::TzArg;
use crate::output::cells::{clean, opt};

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

/// One record; a cell that a spreadsheet would read as a formula gets a leading `'`. The time is
/// RFC 3339 with the zone's offset (`+09:00` in Japan), so scripts still read it exactly.
pub fn access_csv_row(a: &AccessView, zone: TzArg) -> [String; 8] {
    let millis = chrono::SecondsFormat::Millis;
    [
        match zone {
            TzArg::Local => a
                .created_at
                .with_timezone(&Local)
                .to_rfc3339_opts(millis, true),
            TzArg::Utc => a.created_at.to_rfc3339_opts(millis, true),
        },
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
    let mut line = format!(
        "locks {}/{}  pages {}  records {} ({} new)  time left {eta}",
        p.locks_done, p.locks_total, p.pages, p.records, p.new_records
    );
    if let Some(complete) = complete_words(&p.complete) {
        line.push_str("  ");
        line.push_str(&complete);
    }
    line
}

/// From when on every lock's history is archived (`None`: nothing held yet).
fn complete_words(c: &Completeness) -> Option<String> {
    match c {
        Completeness::Nothing => None,
        Completeness::Since { since, .. } => Some(format!(
            "complete back to {}",
            since.with_timezone(&Local).format("%Y-%m-%d %H:%M")
        )),
        Completeness::Whole { .. } => Some("complete back to the first record".to_owned()),
    }
}

/// What a sync did with the team's archive, after its summary.
pub fn team_sync_summary(t: &TeamArchiveView) -> String {
    let at = |t: &Option<chrono::DateTime<chrono::Utc>>| {
        t.map(|t| {
            t.with_timezone(&Local)
                .format(" at %Y-%m-%d %H:%M")
                .to_string()
        })
        .unwrap_or_default()
    };
    if t.synced_here {
        format!(
            "team: synced here for the team; {} record(s) given to the team, {} taken in",
            t.given, t.taken_in
        )
    } else if let Some(c) = &t.syncing {
        format!(
            "team: {} syncs the team's archive now; {} record(s) taken in, the rest at the next sync",
            clean(c),
            t.taken_in
        )
    } else {
        format!(
            "team: synced by {}{}; {} record(s) taken in",
            clean(t.synced_by.as_deref().unwrap_or("another computer")),
            at(&t.synced_at),
            t.taken_in
        )
    }
}

/// A sync's first line. `from_team`: another computer of the team synced, and this one only
/// took the team's archive in (the service was not asked).
pub fn sync_summary(r: &SyncReport, archive: &str, from_team: bool) -> String {
    let p = &r.progress;
    let older = match &p.complete {
        Completeness::Since { .. } => complete_words(&p.complete)
            .map(|c| format!("; {c}, older records not fetched yet"))
            .unwrap_or_default(),
        _ => String::new(),
    };
    let outcome = match &r.outcome {
        SyncOutcome::Completed => "completed",
        SyncOutcome::Paused { .. } => "paused",
        SyncOutcome::Cancelled => "cancelled",
        SyncOutcome::Failed { .. } => "failed",
    };
    if from_team {
        return format!(
            "{outcome}: from the team's archive, nothing asked of the service; archive {archive}{older}"
        );
    }
    format!(
        "{outcome}: {} record(s) received, {} new, {} page(s), {} lock(s); archive {archive}{older}",
        p.records,
        p.new_records,
        p.pages,
        p.locks_total,
    )
}

#[cfg(test)]
mod tests {
    use chrono::{DateTime, TimeZone, Utc};

    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn progress_and_summary_say_from_when_on_history_is_complete() {
        let since = at("2026-10-12T01:00:00Z");
        let local = Local.from_utc_datetime(&since.naive_utc());
        let mut p = SyncProgress {
            locks_total: 40,
            locks_done: 3,
            complete: Completeness::Since {
                since,
                until: at("2026-11-26T00:00:00Z"),
            },
            ..Default::default()
        };
        let expected = format!("complete back to {}", local.format("%Y-%m-%d %H:%M"));
        assert!(
            sync_progress(&p).ends_with(&expected),
            "{}",
            sync_progress(&p)
        );
        let report = SyncReport {
            outcome: SyncOutcome::Cancelled,
            progress: p.clone(),
            locks: Vec::new(),
            started_at: since,
            finished_at: since,
        };
        assert!(sync_summary(&report, "a.sqlite", false)
            .ends_with(&format!("{expected}, older records not fetched yet")));
        // Nothing held yet: nothing said; everything held: said once, no "older" note.
        p.complete = Completeness::Nothing;
        assert!(!sync_progress(&p).contains("complete"));
        p.complete = Completeness::Whole {
            until: at("2026-11-26T00:00:00Z"),
        };
        assert!(sync_progress(&p).ends_with("complete back to the first record"));
        let whole = SyncReport {
            progress: p,
            ..report
        };
        assert!(!sync_summary(&whole, "a.sqlite", false).contains("older"));
        assert_eq!(
            sync_summary(&whole, "a.sqlite", true),
            "cancelled: from the team's archive, nothing asked of the service; archive a.sqlite"
        );
    }
}
