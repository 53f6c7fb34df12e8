//! The app's round: the core's `watch_round` (the archive synced through History's sync, then
//! the organization's rules) and its new alerts, which [`super::words`] makes notices of; then
//! the scheduled reports that are due (`reports_run`, which costs nothing while every due
//! period is written, so it runs at every tick); then this computer's journal entries shared
//! with its team's database, when it has one.

use std::sync::Arc;

use lockdesk_core::app::args::NoArgs;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::error::ErrorPayload;
use lockdesk_core::reports::commands::{reports_run, ReportsRunRequest};
use lockdesk_core::team::commands::{journal_mark, share_journal, SHARE_WITHIN};
use lockdesk_core::watch::alerts::AlertView;
use lockdesk_core::watch::commands::{round_due, watch_round, watch_rules_get, watch_status};

use super::{Round, RoundFuture};

/// Runs a round when asked, or when the organization's interval (Watch → "check every") has
/// passed since its last round, by this app or a scheduled `lockctl watch`: the loop only
/// ticks, the organization's setting decides.
pub fn core_round() -> Round {
    Arc::new(|ctx: AppContext, asked: bool| {
        Box::pin(async move { run(&ctx, asked).await }) as RoundFuture
    })
}

async fn run(ctx: &AppContext, asked: bool) -> Result<Vec<AlertView>, ErrorPayload> {
    let alerts = watch(ctx, asked).await;
    // Reports run whatever became of the watch (an expired history sign-in fails the watch's
    // sync; the report is still written from the archive and Today says how far it reaches).
    run_due_reports(ctx).await;
    share_team_journal(ctx).await;
    alerts
}

/// This computer's journal entries shared with its team's database, when it has one: at every
/// tick, so a change made in the window reaches the team within one. While the database is
/// down they wait in the journal, and the next tick tries again.
async fn share_team_journal(ctx: &AppContext) {
    if journal_mark(ctx).is_none() {
        return;
    }
    match share_journal(ctx, SHARE_WITHIN).await {
        Ok(shared) => tracing::debug!("team journal: {shared:?} entries shared"),
        Err(e) => tracing::info!("team journal not shared now: {} ({})", e, e.code().as_str()),
    }
}

/// The due periods of the organization's reports, each written once (claimed in the run store,
/// so a scheduled `lockctl reports run --due` never writes one too); a failed one is tried
/// again at the next tick. What happened is in the run store, the journal and on Today.
async fn run_due_reports(ctx: &AppContext) {
    match reports_run(ctx, ReportsRunRequest::default()).await {
        Ok(done) => {
            for run in done.runs {
                tracing::debug!(report = run.report_id, "report run: {:?}", run.outcome);
            }
        }
        Err(e) => tracing::debug!("reports not run: {} ({})", e, e.code().as_str()),
    }
}

async fn watch(ctx: &AppContext, asked: bool) -> Result<Vec<AlertView>, ErrorPayload> {
    let rules = watch_rules_get(ctx, NoArgs {})
        .await
        .map_err(|e| e.payload())?;
    if !asked {
        let status = watch_status(ctx, NoArgs {})
            .await
            .map_err(|e| e.payload())?;
        let last = status.last_round.as_ref().map(|last| last.at);
        if !round_due(ctx.core().clock.now(), last, rules.interval_minutes) {
            return Ok(Vec::new());
        }
    }
    let round = watch_round(ctx, NoArgs {}).await.map_err(|e| e.payload())?;
    Ok(round.new_alerts)
}
