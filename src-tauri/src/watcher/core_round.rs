//! The app's round: the core's `watch_round` (the archive synced through History's sync, then
//! the organization's rules), its new alerts turned into the data [`super::words`] words.

use std::sync::Arc;

use chrono::Duration;
use lockdesk_core::app::{self, AppContext, NoArgs};
use lockdesk_core::watch::{Finding, RuleKind, WatchRules};
use lockdesk_core::ErrorPayload;

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
    let rules = app::watch_rules_get(ctx, NoArgs {})
        .await
        .map_err(|e| e.payload())?;
    if !asked {
        let status = app::watch_status(ctx, NoArgs {})
            .await
            .map_err(|e| e.payload())?;
        let due = status.last_round.as_ref().is_none_or(|last| {
            ctx.core().clock.now() - last.at >= Duration::minutes(rules.interval_minutes.into())
        });
        if !due {
            return Ok(Vec::new());
        }
    }
    let round = app::watch_round(ctx, NoArgs {})
        .await
        .map_err(|e| e.payload())?;
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
