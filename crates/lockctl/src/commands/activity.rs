//! `activity [--since ..] [--until ..] [--op ..] [--outcome ..] [--text ..] [--limit N]`: the
//! journal of changes made through Lockdesk on this machine (the app and lockctl), newest
//! first, through the app's `activity_list`. `activity --size`: its size and retention
//! (`activity_storage_get`); `activity --keep DAYS`: sets the retention and applies it
//! (`activity_retention_set`). `activity --file NAME`: a journal set aside because it was
//! damaged (the journals set aside are named under the entries).

use lockdesk_core::app::args::NoArgs;
use lockdesk_core::journal::activity::{
    activity_list, activity_retention_set, activity_storage_get, ActivityQuery,
    ActivityRetentionRequest,
};

use crate::cli::ActivityArgs;
use crate::env::Env;
use crate::error::Result;
use crate::output::{self, words};
use crate::term::Term;

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, args: ActivityArgs) -> Result<()> {
    let ctx = env.app_without_profile();
    if let Some(keep_days) = args.keep {
        let set = activity_retention_set(ctx, ActivityRetentionRequest { keep_days }).await?;
        return term.show(&set, |term| {
            writeln!(term.out, "{}", words::retention_set(&set))?;
            output::pairs(term.out, &words::storage_pairs(&set.storage))
        });
    }
    if args.size {
        let storage = activity_storage_get(ctx, NoArgs {}).await?;
        return term.show(&storage, |term| {
            output::pairs(term.out, &words::storage_pairs(&storage))
        });
    }
    let query = ActivityQuery {
        since: args.since,
        until: args.until,
        operations: Some(args.ops),
        outcome: args.outcome,
        text: args.text,
        offset: None,
        limit: Some(args.limit),
        file: args.file,
    };
    let page = activity_list(ctx, query).await?;
    term.show(&page, |term| {
        // `table` cleans every cell: names and changes are anyone's text.
        if page.team.as_ref().is_some_and(|t| t.shared) {
            let rows: Vec<Vec<String>> =
                page.entries.iter().map(words::team_activity_row).collect();
            output::table(term.out, &words::team_activity_headers(), &rows)?;
        } else {
            let rows: Vec<Vec<String>> = page.entries.iter().map(words::activity_row).collect();
            output::table(term.out, &words::ACTIVITY_HEADERS, &rows)?;
        }
        if let Some(team) = page.team.as_ref().filter(|t| !t.shared) {
            let line =
                words::team_journal_unreachable(team.problem.as_deref(), team.unreachable_since);
            writeln!(term.err, "{line}")?;
        }
        if page.total > page.entries.len() as u64 {
            writeln!(
                term.err,
                "{}",
                words::activity_shown(page.entries.len(), page.total)
            )?;
        }
        if !page.set_aside.is_empty() {
            writeln!(term.err, "{}", words::set_aside_journals(&page.set_aside))?;
        }
        Ok(())
    })
}
