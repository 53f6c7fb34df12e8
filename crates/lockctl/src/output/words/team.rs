//! The words of `team`: where this computer stands with its team's data source.

use chrono::{DateTime, Local, Utc};
use lockdesk_core::team::commands::TeamStatusView;

use crate::output::clean;

pub const TEAM_PASSWORD_PROMPT: &str = "Team data source password (not shown; one line):";

/// A change made and journaled here whose entry could not reach the team's database.
pub fn team_share_waits(message: &str, code: &str) -> String {
    format!(
        "warning: [{code}] {}; the change is kept in this computer's journal and shared when the database is back (`lockctl team status`)",
        clean(message)
    )
}

/// "since 2026-11-28 09:15" (this computer's time), or "now" when not known.
fn since_words(since: Option<DateTime<Utc>>) -> String {
    match since {
        Some(t) => format!("since {}", t.with_timezone(&Local).format("%Y-%m-%d %H:%M")),
        None => "now".to_owned(),
    }
}

/// `activity` on a computer of a team whose database did not answer: the page is this
/// computer's own journal.
pub fn team_journal_unreachable(problem: Option<&str>, since: Option<DateTime<Utc>>) -> String {
    format!(
        "warning: [{}] the team data source is not reachable {}; these are this computer's entries only",
        problem.unwrap_or("team_unreachable"),
        since_words(since)
    )
}

/// The status, one fact a line.
pub fn team_status(s: &TeamStatusView) -> Vec<String> {
    let Some(address) = &s.address else {
        return vec!["this computer works alone (no team data source)".to_owned()];
    };
    let mut lines = vec![format!("team data source: {}", clean(address))];
    if s.managed {
        lines.push(
            "set by IT in the policy file (it cannot be changed or disconnected here)".to_owned(),
        );
    }
    match &s.problem {
        Some(p) => lines.push(format!(
            "not reachable {} ({}): {}; this computer's changes wait in its journal and are shared when it is back",
            since_words(s.unreachable_since),
            p.code,
            clean(&p.message)
        )),
        None => {
            if let Some(v) = s.schema_version {
                lines.push(if s.read_only {
                    format!("schema version {v}, newer than this Lockdesk: reading only; update Lockdesk")
                } else {
                    format!("schema version {v}")
                });
            }
            lines.push(format!(
                "journal entries of this computer shared now: {}",
                s.uploaded
            ));
            if let Some(n) = s.team_entries {
                lines.push(format!("journal entries of the team: {n}"));
            }
        }
    }
    lines
}
