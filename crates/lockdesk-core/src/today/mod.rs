//! Today: the administrator's morning overview as data, no words. Batteries,
//! silent doors and last night's entries are judged by the watcher's rule functions
//! (`crate::watch::rules`) with Today's own windows and the organization's watch settings
//! (thresholds, office hours); nothing here judges those conditions a second time.
//! Yesterday against the 7-day average, the invitations and the reports' runs are Today's own.
//!
//! A part that cannot be computed says why as data (`TodayMissing`, in `parts.rs`), so the screen can name
//! the missing step. Not journaled: it only reads.

mod parts;
mod reports;
pub(crate) mod sections;

use crate::app::args::NoArgs;
use crate::app::context::AppContext;
use crate::error::{ErrorCode, Result};
use crate::watch::{load_rules, rules_path, WatchRules};

pub use parts::*;
pub use sections::{after_hours_window_start, is_unusual};

/// The overview of the organization in use: every part computed on its own, a part that
/// cannot be computed names what is missing.
/// A settings file Today reads that cannot be used (the watch settings, the reports) leaves
/// the parts that need it missing and is named in `unusable_settings`; the rest is shown.
pub async fn today_overview(ctx: &AppContext, _req: NoArgs) -> Result<TodayOverview> {
    let (_, org) = ctx.org().await?;
    let org = org.as_str().to_owned();
    let mut unusable_settings = Vec::new();
    let (rules, rules_usable) = match load_rules(&rules_path(&ctx.core().config_dir, &org)) {
        Ok(rules) => (rules, true),
        Err(e) if e.code() == ErrorCode::ConfigInvalid => {
            unusable_settings.push(e.payload());
            (WatchRules::default(), false)
        }
        Err(e) => return Err(e),
    };
    let hours = rules.office_hours()?;
    let now = ctx.core().clock.now();
    let locks = sections::locks(ctx).await;
    let archive = sections::archive(ctx).await;
    let batteries = sections::batteries(&locks, &rules, now);
    let (silent, after_hours, yesterday) =
        sections::from_archive(&archive, &locks, &rules, &hours, now).await;
    let invitations = sections::invitations(ctx, now).await;
    let health = sections::health(ctx, &archive).await;
    let reports = reports::reports(ctx, &org, health.history_signed_in).unwrap_or_else(|e| {
        unusable_settings.push(e.payload());
        TodayReports::default()
    });
    let (mut batteries, mut silent, mut after_hours, mut yesterday) =
        (batteries, silent, after_hours, yesterday);
    if !rules_usable {
        // Judged by rules Lockdesk could not read: not judged at all.
        let unusable = || {
            Some(TodayMissing::Failed {
                code: ErrorCode::ConfigInvalid.as_str().to_owned(),
            })
        };
        batteries.items.clear();
        batteries.missing = unusable();
        silent.items.clear();
        silent.missing = unusable();
        after_hours.items.clear();
        after_hours.missing = unusable();
        yesterday.locks.clear();
        yesterday.missing = unusable();
    }
    Ok(TodayOverview {
        organization_id: org,
        now,
        utc_offset_minutes: hours.utc_offset_minutes,
        batteries,
        silent,
        after_hours,
        yesterday,
        invitations,
        health,
        reports,
        unusable_settings,
    })
}
