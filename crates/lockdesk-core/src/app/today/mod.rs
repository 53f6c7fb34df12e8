//! Today (issue 11 §1): the administrator's morning overview as data, no words. Batteries,
//! silent doors and last night's entries are judged by the watcher's rule functions
//! (`crate::watch::rules`) with Today's own windows and the organization's watch settings
//! (thresholds, office hours); nothing here judges those conditions a second time.
//! Yesterday against the 7-day average, the invitations and the reports' runs are Today's own.
//!
//! A part that cannot be computed says why as data (`TodayMissing`, in `parts.rs`), so the screen can name
//! the missing step. Not journaled: it only reads.

mod parts;
mod reports;
mod sections;

use super::{AppContext, NoArgs};
use crate::error::Result;
use crate::watch::{load_rules, rules_path};

pub use parts::*;
pub use sections::{after_hours_window_start, is_unusual};

/// The overview of the organization in use: every part computed on its own, a part that
/// cannot be computed names what is missing.
pub async fn today_overview(ctx: &AppContext, _req: NoArgs) -> Result<TodayOverview> {
    let (_, org) = ctx.org().await?;
    let org = org.as_str().to_owned();
    let rules = load_rules(&rules_path(&ctx.core().config_dir, &org))?;
    let hours = rules.office_hours()?;
    let now = ctx.core().clock.now();
    let locks = sections::locks(ctx).await;
    let archive = sections::archive(ctx);
    let batteries = sections::batteries(&locks, &rules, now);
    let (silent, after_hours, yesterday) =
        sections::from_archive(&archive, &locks, &rules, &hours, now).await;
    let invitations = sections::invitations(ctx, now).await;
    let health = sections::health(ctx, &archive).await;
    let reports = reports::reports(ctx, &org, health.history_signed_in);
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
    })
}
