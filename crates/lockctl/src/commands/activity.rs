//! `activity [--since ..] [--until ..] [--op ..] [--outcome ..] [--text ..] [--limit N]`: the
//! journal of changes made through Lockdesk on this machine (the app and lockctl), newest
//! first, through the app's `activity_list`.

use chrono::{DateTime, Utc};
use clap::Args;
use lockdesk_core::app::activity::changes_text;
use lockdesk_core::app::{self, ActivityQuery};
use lockdesk_core::journal::Operation;

use crate::cli::parse_when;
use crate::error::Result;
use crate::output;
use crate::{Env, Term};

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
    /// `done`, `failed`, or one error code.
    #[arg(long)]
    pub outcome: Option<String>,
    /// Only entries containing this text (target, connection, organization, changes).
    #[arg(long)]
    pub text: Option<String>,
    /// At most this many entries (1 to 1000).
    #[arg(long, default_value_t = 100)]
    pub limit: u32,
}

fn parse_operation(s: &str) -> std::result::Result<Operation, String> {
    Operation::parse(s.trim()).ok_or_else(|| {
        let names: Vec<&str> = Operation::ALL.iter().map(|o| o.as_str()).collect();
        format!("{s:?} is not an operation; one of: {}", names.join(", "))
    })
}

const HEADERS: [&str; 7] = [
    "TIME (UTC)",
    "CONNECTION",
    "OPERATION",
    "TARGET",
    "NAME",
    "CHANGES",
    "OUTCOME",
];

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, args: ActivityArgs) -> Result<()> {
    let query = ActivityQuery {
        since: args.since,
        until: args.until,
        operations: Some(args.ops),
        outcome: args.outcome,
        text: args.text,
        offset: None,
        limit: Some(args.limit),
    };
    let page = app::activity_list(env.app_without_profile(), query).await?;
    if term.json {
        return output::json(term.out, &page);
    }
    let rows: Vec<Vec<String>> = page
        .entries
        .iter()
        .map(|e| {
            vec![
                e.at.format("%Y-%m-%d %H:%M:%S").to_string(),
                output::opt(&e.connection),
                e.operation.as_str().to_owned(),
                output::opt(&e.target_id),
                output::opt(&e.target_name),
                changes_text(e),
                e.outcome.clone(),
            ]
        })
        .collect();
    // `table` cleans every cell: names and changes are anyone's text.
    output::table(term.out, &HEADERS, &rows)?;
    if page.total > page.entries.len() as u64 {
        writeln!(
            term.err,
            "{} of {} entries; narrow with --since, --op or --text, or raise --limit",
            page.entries.len(),
            page.total
        )?;
    }
    Ok(())
}
