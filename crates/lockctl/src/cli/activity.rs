//! `activity`'s arguments: the journal's filters, `--size` and `--keep`.

use chrono::{DateTime, Utc};
use clap::Args;
use lockdesk_core::journal::Operation;

use super::when::parse_when;

/// The listing's filters, which `--size` and `--keep` do not take.
const FILTERS: [&str; 6] = ["since", "until", "ops", "outcome", "text", "file"];

#[derive(Debug, Args)]
pub struct ActivityArgs {
    /// From this ISO 8601 time or date.
    #[arg(long, value_parser = parse_when)]
    pub since: Option<DateTime<Utc>>,
    /// Before this ISO 8601 time or date.
    #[arg(long, value_parser = parse_when)]
    pub until: Option<DateTime<Utc>>,
    /// Only this operation (repeatable), e.g. locks_rename, users_remove, session_sign_out.
    #[arg(long = "op", value_parser = parse_operation)]
    pub ops: Vec<Operation>,
    /// `done`, `failed`, `pending` (sent, outcome not recorded), or one error code.
    #[arg(long)]
    pub outcome: Option<String>,
    /// Only entries containing this text (target, connection, organization, changes).
    #[arg(long)]
    pub text: Option<String>,
    /// Read a journal that was set aside because it was damaged (its file name, as listed
    /// under the entries), as far as it can be read.
    #[arg(long, value_name = "NAME")]
    pub file: Option<String>,
    /// At most this many entries (1 to 1000).
    #[arg(long, default_value_t = 100)]
    pub limit: u32,
    /// Show the journal's size and how long it keeps entries, instead of the entries.
    #[arg(long, conflicts_with_all = FILTERS)]
    pub size: bool,
    /// Keep entries this many days (1 to 3650; a year unless set) and remove older ones now.
    #[arg(long, value_name = "DAYS", conflicts_with_all = FILTERS)]
    pub keep: Option<u32>,
}

fn parse_operation(s: &str) -> std::result::Result<Operation, String> {
    Operation::parse(s.trim()).ok_or_else(|| {
        let names: Vec<&str> = Operation::ALL.iter().map(|o| o.as_str()).collect();
        format!("{s:?} is not an operation; one of: {}", names.join(", "))
    })
}
