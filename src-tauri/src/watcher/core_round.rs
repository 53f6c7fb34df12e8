//! The app's round: the core's `watch_round` (the archive synced through History's sync, then
//! the organization's rules), its new alerts turned into the data [`super::words`] words; then
//! the scheduled reports that are due (`reports_run`, which costs nothing while every due
//! period is written, so it runs at every tick).

use std::sync::Arc;

use lockdesk_core::app::args::NoArgs;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::error::ErrorPayload;
use lockdesk_core::reports::commands::reports_run;
use lockdesk_core::reports::commands::ReportsRunRequest;
use lockdesk_core::watch::commands::round_due;
use lockdesk_core::watch::commands::watch_round;
use lockdesk_core::watch::commands::watch_rules_get;
use lockdesk_core::watch::commands::watch_status;
use lockdesk_core::watch::{Finding, RuleKind, WatchRules};

use super::{Round, RoundFuture, WatchAlert};

/// Runs a round when asked, or when the organization's interval (Watch → "check every") has
/// passed since its last round, by this app or a scheduled `lockctl watch`: the loop only
/// ticks, the organization's setting decides.
pub fn core_round() -> Round {
    Arc::new(|ctx: AppContext, asked: bool| {
        Box::pin(async move { run(&ctx, asked).await }) as RoundFuture
    })
}

async fn run(ctx: &AppContext, asked: bool) -> Result<Vec<WatchAlert>, ErrorPayload> {
    let alerts = watch(ctx, asked).await;
    // Reports run whatever became of the watch (an expired history sign-in fails the watch's
    // sync; the report is still written from the archive and Today says how far it reaches).
    run_due_reports(ctx).await;
    alerts
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

async fn watch(ctx: &AppContext, asked: bool) -> Result<Vec<WatchAlert>, ErrorPayload> {
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
    Ok(round
        .new_alerts
        .iter()
        .filter_map(|a| alert_of(&a.finding, &rules))
        .collect())
}

/// The notification's data for a finding; the numbers the finding does not carry (minutes,
/// days) are the rules' own.
pub(crate) fn alert_of(f: &Finding, rules: &WatchRules) -> Option<WatchAlert> {
    let lock = f.lock_name.clone().unwrap_or_else(|| f.lock_id.clone());
    let person = || f.user_name.clone().or_else(|| f.user_mail.clone());
    Some(match f.rule {
        RuleKind::LowBattery => WatchAlert::LowBattery {
            lock,
            part: f.part?,
            percent: f.percent?.clamp(0, 100) as u8,
        },
        RuleKind::UnlockedTooLong => WatchAlert::LeftUnlocked {
            lock,
            minutes: rules.unlocked_too_long.minutes,
        },
        RuleKind::OutsideHours => WatchAlert::OutsideHours {
            lock,
            user: person(),
        },
        RuleKind::ListedUser => WatchAlert::WatchedUser {
            lock,
            user: person().or_else(|| f.user_id.clone()).unwrap_or_default(),
        },
        RuleKind::SilentLock => WatchAlert::NoHistory {
            lock,
            days: rules.silent_lock.days,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{TimeZone, Utc};
    use lockdesk_core::watch::BatteryPart;

    fn finding(rule: RuleKind) -> Finding {
        Finding {
            key: "k".into(),
            rule,
            target: "A1".into(),
            lock_id: "A1".into(),
            lock_name: Some("Front door".into()),
            at: Utc.with_ymd_and_hms(2026, 11, 23, 0, 0, 0).unwrap(),
            part: None,
            percent: None,
            user_id: Some("U1".into()),
            user_name: None,
            user_mail: Some("sato@example.com".into()),
            locked_at: None,
            is_locked: None,
        }
    }

    #[test]
    fn each_rule_becomes_its_notice_data_with_the_rules_numbers() {
        let mut rules = WatchRules::default();
        rules.unlocked_too_long.minutes = 17;
        rules.silent_lock.days = 9;
        let mut low = finding(RuleKind::LowBattery);
        low.part = Some(BatteryPart::NfcReaderInside);
        low.percent = Some(19);
        assert_eq!(
            alert_of(&low, &rules),
            Some(WatchAlert::LowBattery {
                lock: "Front door".into(),
                part: BatteryPart::NfcReaderInside,
                percent: 19
            })
        );
        // A battery finding without its part or percentage is not worded as a battery.
        assert_eq!(alert_of(&finding(RuleKind::LowBattery), &rules), None);
        assert_eq!(
            alert_of(&finding(RuleKind::UnlockedTooLong), &rules),
            Some(WatchAlert::LeftUnlocked {
                lock: "Front door".into(),
                minutes: 17
            })
        );
        assert_eq!(
            alert_of(&finding(RuleKind::SilentLock), &rules),
            Some(WatchAlert::NoHistory {
                lock: "Front door".into(),
                days: 9
            })
        );
        // No name: the e-mail; no lock name: the lock's id.
        let mut listed = finding(RuleKind::ListedUser);
        listed.lock_name = None;
        assert_eq!(
            alert_of(&listed, &rules),
            Some(WatchAlert::WatchedUser {
                lock: "A1".into(),
                user: "sato@example.com".into()
            })
        );
        assert_eq!(
            alert_of(&finding(RuleKind::OutsideHours), &rules),
            Some(WatchAlert::OutsideHours {
                lock: "Front door".into(),
                user: Some("sato@example.com".into())
            })
        );
    }
}
