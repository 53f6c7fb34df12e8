//! `activity [--since ..] [--until ..] [--op ..] [--outcome ..] [--text ..] [--limit N]`: the
//! journal of changes made through Lockdesk on this machine (the app and lockctl), newest
//! first, through the app's `activity_list`. `activity --size`: its size and retention
//! (`activity_storage_get`); `activity --keep DAYS`: sets the retention and applies it
//! (`activity_retention_set`).

use chrono::{DateTime, Utc};
use clap::Args;
use lockdesk_core::app::{self, ActivityQuery, ActivityRetentionRequest, NoArgs};
use lockdesk_core::journal::Operation;

use crate::cli::parse_when;
use crate::error::Result;
use crate::output::{self, words};
use crate::{Env, Term};

/// The listing's filters, which `--size` and `--keep` do not take.
const FILTERS: [&str; 5] = ["since", "until", "ops", "outcome", "text"];

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

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, args: ActivityArgs) -> Result<()> {
    let ctx = env.app_without_profile();
    if let Some(keep_days) = args.keep {
        let set = app::activity_retention_set(ctx, ActivityRetentionRequest { keep_days }).await?;
        if term.json {
            return output::json(term.out, &set);
        }
        writeln!(term.out, "{}", words::retention_set(&set))?;
        return output::pairs(term.out, &words::storage_pairs(&set.storage));
    }
    if args.size {
        let storage = app::activity_storage_get(ctx, NoArgs {}).await?;
        if term.json {
            return output::json(term.out, &storage);
        }
        return output::pairs(term.out, &words::storage_pairs(&storage));
    }
    let query = ActivityQuery {
        since: args.since,
        until: args.until,
        operations: Some(args.ops),
        outcome: args.outcome,
        text: args.text,
        offset: None,
        limit: Some(args.limit),
    };
    let page = app::activity_list(ctx, query).await?;
    if term.json {
        return output::json(term.out, &page);
    }
    let rows: Vec<Vec<String>> = page.entries.iter().map(words::activity_row).collect();
    // `table` cleans every cell: names and changes are anyone's text.
    output::table(term.out, &words::ACTIVITY_HEADERS, &rows)?;
    if page.total > page.entries.len() as u64 {
        writeln!(
            term.err,
            "{}",
            words::activity_shown(page.entries.len(), page.total)
        )?;
    }
    Ok(())
}
