//! `watch [--once] [--history-profile NAME]`: the app's watch round without a window (a server or a scheduled task).
//! Prints the new alerts, one JSON line each with `--json`. With `--once` the exit status is 0
//! for no new alert and 3 for new alerts; without it, rounds repeat at the organization's
//! interval until Ctrl-C (errors of a round are printed and the next round runs).

use std::time::Duration;

use lockdesk_api::ApiVersion;
use lockdesk_core::app::args::NoArgs;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::watch::commands::{
    watch_round, watch_rules_get, WatchRoundResponse, WatchSyncOutcome,
};

use crate::cli::WatchArgs;
use crate::env::Env;
use crate::error::Result;
use crate::output::{self, words};
use crate::term::Term;

/// The exit status of `watch --once` when the round raised alerts.
pub const NEW_ALERTS_STATUS: i32 = 3;

fn print(term: &mut Term<'_>, round: &WatchRoundResponse) -> Result<()> {
    // The round went on without the history: say so where a scheduler's log keeps it.
    if let WatchSyncOutcome::Failed { code } = &round.sync {
        writeln!(
            term.err,
            "warning: the history was not synced [{}]; the rules read what was archived before",
            output::clean(code)
        )?;
    }
    // Chat destinations that could not be reached: a scheduler's log says so too.
    if let Some(d) = round
        .deliveries
        .as_ref()
        .filter(|d| d.retrying + d.failed + d.unknown > 0)
    {
        writeln!(term.err, "{}", words::deliveries_warning(d))?;
    }
    for a in &round.new_alerts {
        term.show_line(a, || words::alert_line(a))?;
    }
    term.out.flush()?;
    Ok(())
}

/// How often a running round's sync is asked where it stands.
const POLL: Duration = Duration::from_millis(250);

/// One round. At a terminal the sync's progress goes to stderr, a line when it changed (a first
/// sync of a large organization takes minutes at the service's 50 requests per minute);
/// a scheduled run (no terminal) prints only its alerts and errors.
async fn round(ctx: &AppContext, term: &mut Term<'_>) -> Result<WatchRoundResponse> {
    let round = watch_round(ctx, NoArgs {});
    tokio::pin!(round);
    let mut shown = String::new();
    loop {
        tokio::select! {
            r = &mut round => return Ok(r?),
            _ = tokio::time::sleep(POLL), if term.terminal => {
                super::archive::show_sync_progress(ctx, term, &mut shown).await?;
            }
        }
    }
}

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, args: WatchArgs) -> Result<()> {
    let ctx = env.app()?;
    if let Some(h) = &args.history_profile {
        ctx.use_profile(ApiVersion::V2, h);
    }
    if args.once {
        let round = round(ctx, term).await?;
        print(term, &round)?;
        if !round.new_alerts.is_empty() {
            term.status = NEW_ALERTS_STATUS;
        }
        return Ok(());
    }
    loop {
        match round(ctx, term).await {
            Ok(round) => print(term, &round)?,
            Err(e) => {
                writeln!(
                    term.err,
                    "error: {} [{}]",
                    output::clean(&e.to_string()),
                    e.code()
                )?;
            }
        }
        let minutes = watch_rules_get(ctx, NoArgs {})
            .await
            .map(|r| r.interval_minutes)
            .unwrap_or(10);
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_secs(u64::from(minutes) * 60)) => {}
            _ = tokio::signal::ctrl_c() => return Ok(()),
        }
    }
}
