//! The watcher's commands: one round (sync, read the locks, evaluate the enabled rules, store,
//! answer the NEW alerts as data), the rules settings, the alert list, acknowledge, mute and
//! the watch status. The rules are `crate::watch::rules` (pure); the app's background loop and
//! `lockctl watch` both call [`watch_round`].
//!
//! None of these is journaled: they change nothing at the service, only this machine's settings
//! and alert store (`UNJOURNALED_COMMANDS`).

use std::collections::HashMap;
use std::time::Duration as StdDuration;

use chrono::{DateTime, Duration, Utc};
use lockdesk_archive::{Completeness, HistoryFilter, HistoryRow};
use serde::{Deserialize, Serialize};

use crate::app::args::{Done, NoArgs};
use crate::app::context::AppContext;
use crate::app::job_registry::JobState;
use crate::error::{Error, ErrorCode, Result};
use crate::history::store::open_archive;
use crate::history::sync::start_sync;
use crate::locks::commands::{locks_list, LocksListRequest};
use crate::team::alert_store::{acknowledged as acknowledged_for_team, bring_in_line, share_round};
use crate::team::documents::{pull, push, WATCH_RULES};
use crate::team_alerts::commands::{deliver_pending, queue_alerts, AlertDeliveryPassResponse};
use crate::watch::{
    self, load_rules, rules_path, AlertQuery, AlertStore, AlertView, Finding, LockActivity,
    MuteView, RuleKind, WatchRules,
};

/// How the round's sync went.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WatchSyncOutcome {
    /// The archive was brought up to date.
    Synced,
    /// Another program was syncing this archive (`sync_running`): the round evaluated what is
    /// archived.
    SkippedBusy,
    /// The sync stopped or failed with this code; the round evaluated what is archived.
    Failed { code: String },
}

/// The answer of a round, also kept as the watch status.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WatchRoundResponse {
    pub organization_id: String,
    pub at: DateTime<Utc>,
    pub sync: WatchSyncOutcome,
    /// The records the rules read (from `from` to `at`).
    pub from: DateTime<Utc>,
    pub records: u64,
    /// Findings of this round (new or not).
    pub findings: u32,
    /// Alerts raised by this round, each only once ever.
    pub new_alerts: Vec<AlertView>,
    /// The team alerts' delivery pass after the round: its new alerts queued for their chat
    /// destinations, and what was due posted. Absent when the pass could not run (its error
    /// is logged; the alerts are in the store all the same).
    #[serde(default)]
    pub deliveries: Option<AlertDeliveryPassResponse>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WatchRulesSetRequest {
    pub rules: WatchRules,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WatchAlertsPage {
    pub alerts: Vec<AlertView>,
    pub total: u64,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WatchAcknowledgeRequest {
    pub ids: Vec<i64>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WatchAcknowledgeResponse {
    /// How many alerts were newly acknowledged.
    pub acknowledged: u64,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WatchMuteRequest {
    pub rule: RuleKind,
    /// A finding's `target`.
    pub target: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WatchStatusResponse {
    pub organization_id: String,
    /// The last round of this organization by any program on this computer.
    /// Its `new_alerts` are left out (they are in the alert store): see `last_new_alerts`.
    pub last_round: Option<WatchRoundResponse>,
    /// How many alerts the last round raised.
    pub last_new_alerts: u32,
    pub unacknowledged: u64,
    pub mutes: Vec<MuteView>,
    pub interval_minutes: u32,
}

/// Whether the background round is due at `now`: none yet, or the organization's interval has
/// passed since the last one. A last round dated later than now by an interval or more (the
/// clock was set back) does not hold the rounds off until the clock catches up: the round is
/// due. After a sleep or a clock set forward, one round runs, however many intervals passed.
pub fn round_due(
    now: DateTime<Utc>,
    last_round: Option<DateTime<Utc>>,
    interval_minutes: u32,
) -> bool {
    let interval = Duration::minutes(interval_minutes.into());
    last_round.is_none_or(|last| now - last >= interval || last - now >= interval)
}

/// How far back a round reads: a day at least, and back to the previous round (less the
/// unlocked-too-long limit, so an unlocking judged late is still seen) after a longer pause,
/// at most 31 days.
pub fn round_window_start(
    now: DateTime<Utc>,
    last_round: Option<DateTime<Utc>>,
    rules: &WatchRules,
) -> DateTime<Utc> {
    let day = now - Duration::days(1);
    let from = match last_round {
        Some(last) => {
            let back = last - Duration::minutes(i64::from(rules.unlocked_too_long.minutes));
            back.min(day)
        }
        None => day,
    };
    from.max(now - Duration::days(31))
}

/// Every enabled rule over its inputs: the locks, the records of the window (oldest first) and
/// each lock's last record.
pub fn evaluate(
    rules: &WatchRules,
    locks: &[crate::locks::view::LockView],
    records: &[HistoryRow],
    activity: &[LockActivity],
    now: DateTime<Utc>,
) -> Result<Vec<Finding>> {
    let mut out = Vec::new();
    if rules.low_battery.enabled {
        out.extend(watch::low_battery(
            &crate::locks::view::battery_readings(locks),
            rules.low_battery.threshold_percent,
            now,
        ));
    }
    if rules.unlocked_too_long.enabled {
        let complete: HashMap<String, Completeness> = activity
            .iter()
            .map(|a| (a.lock_id.clone(), a.complete.clone()))
            .collect();
        out.extend(watch::unlocked_too_long(
            records,
            &complete,
            rules.unlocked_too_long.minutes,
            now,
        ));
    }
    if rules.outside_hours.enabled {
        out.extend(watch::outside_hours(records, &rules.office_hours()?));
    }
    if rules.listed_users.enabled {
        out.extend(watch::listed_users(records, &rules.listed_users.users));
    }
    if rules.silent_lock.enabled {
        out.extend(watch::silent_locks(activity, rules.silent_lock.days, now));
    }
    Ok(out)
}

/// How often the directory is read for leavers who are still users (each read may be a whole
/// directory: Entra ID, Google Workspace, AD).
const LEAVER_CHECK_EVERY: Duration = Duration::hours(24);
const LEAVER_CHECK: &str = "leaver_check_ms";

/// Leavers still users, found once a day from the directory's plan (nothing when the
/// organization has no directory source). An alert per person, raised once (its key is the
/// user's); someone on the exceptions list is left alone. A source that cannot be read is
/// tried again at the next round, and said in the log.
async fn leavers_still_users(
    ctx: &AppContext,
    rules: &WatchRules,
    store: &AlertStore,
    org: &str,
    now: DateTime<Utc>,
) -> Vec<Finding> {
    if !rules.leaver_still_user.enabled {
        return Vec::new();
    }
    let due = match store.checked_at(org, LEAVER_CHECK) {
        Ok(Some(at)) => now - at >= LEAVER_CHECK_EVERY || at > now,
        Ok(None) => true,
        Err(_) => true,
    };
    let has_source = crate::directory::settings::load_directory(&ctx.core().config_dir)
        .is_ok_and(|d| d.sources.iter().any(|s| s.organization_id == org));
    if !due || !has_source {
        return Vec::new();
    }
    let planned = match crate::directory::commands::directory_plan(ctx, NoArgs {}).await {
        Ok(p) => p,
        Err(e) => {
            tracing::warn!(code = ?e.code(), "the directory could not be read for leavers");
            return Vec::new();
        }
    };
    let _ = store.set_checked_at(org, LEAVER_CHECK, now);
    planned
        .plan
        .leavers
        .iter()
        .filter(|row| !matches!(row.held, Some(crate::directory::Held::Exception { .. })))
        .filter_map(|row| match &row.change {
            crate::directory::Change::Remove { user_id, .. } => {
                let mut f = Finding::new(
                    RuleKind::LeaverStillUser,
                    format!("leaver_still_user:{user_id}"),
                    user_id.clone(),
                    "",
                    now,
                );
                f.user_id = Some(user_id.clone());
                f.user_name = Some(row.name.clone());
                f.user_mail = row.mail.clone();
                Some(f)
            }
            _ => None,
        })
        .collect()
}

fn store(ctx: &AppContext) -> Result<AlertStore> {
    Ok(AlertStore::new(&ctx.core().data_folder()?).with_clock(ctx.core().clock.clone()))
}

async fn org_id(ctx: &AppContext) -> Result<String> {
    let (_, org) = ctx.org().await?;
    Ok(org.as_str().to_owned())
}

fn rules_of(ctx: &AppContext, org: &str) -> Result<WatchRules> {
    load_rules(&rules_path(&ctx.core().config_dir, org))
}

/// The rules as the team has them now (this computer's copy brought up to date first; the
/// copy when working alone or when the team's database does not answer).
async fn team_rules_of(ctx: &AppContext, org: &str) -> Result<WatchRules> {
    let path = rules_path(&ctx.core().config_dir, org);
    // The team's rules win over a copy never shared (an organization has one set of rules).
    pull::<WatchRules>(ctx, WATCH_RULES, org, &path, |team, _copy| team).await;
    load_rules(&path)
}

/// Brings the archive up to date through the history sync use-case (the same job, budget and
/// limiter as a manual sync; a sync already running in this app is waited for); with a team,
/// only taking in the team's archive when it was synced within `fresh_within`. A sync that
/// cannot run (the history sign-in expired, the service unreachable) does not stop the round:
/// the rules check what is archived and the locks as they are now.
pub(crate) async fn sync_archive(ctx: &AppContext, fresh_within: StdDuration) -> WatchSyncOutcome {
    let started = match start_sync(ctx, Default::default(), fresh_within).await {
        Ok(s) => s,
        Err(e) if e.code() == ErrorCode::SyncRunning => return WatchSyncOutcome::SkippedBusy,
        Err(e) => {
            return WatchSyncOutcome::Failed {
                code: e.code().as_str().to_owned(),
            }
        }
    };
    loop {
        let job = match ctx.jobs().get(&started.job_id) {
            Ok(job) => job,
            Err(e) => {
                return WatchSyncOutcome::Failed {
                    code: e.code().as_str().to_owned(),
                }
            }
        };
        match job.state {
            JobState::Running => tokio::time::sleep(StdDuration::from_millis(50)).await,
            JobState::Finished => return WatchSyncOutcome::Synced,
            _ => {
                let code = job
                    .error
                    .map(|e| e.code.as_str().to_owned())
                    .unwrap_or_else(|| "cancelled".into());
                if code == ErrorCode::SyncRunning.as_str() {
                    return WatchSyncOutcome::SkippedBusy;
                }
                return WatchSyncOutcome::Failed { code };
            }
        }
    }
}

/// One round: sync the archive (skipped when another program syncs it; a failed sync is noted
/// and the round goes on), read the locks, evaluate every enabled rule, end the low-battery
/// alerts of batteries replaced since, store the findings and answer the new alerts.
pub async fn watch_round(ctx: &AppContext, _req: NoArgs) -> Result<WatchRoundResponse> {
    let org = org_id(ctx).await?;
    let rules = team_rules_of(ctx, &org).await?;
    let store = store(ctx)?;
    // Several computers of a team watching: the team's archive synced within half a round is
    // recent enough for this one.
    let fresh = StdDuration::from_secs(u64::from(rules.interval_minutes) * 30);
    let sync = sync_archive(ctx, fresh).await;
    let locks = locks_list(ctx, LocksListRequest::default()).await?.locks;
    let now = ctx.core().clock.now();
    let last = store
        .last_round(&org)
        .map_err(Error::from)?
        .map(|(at, _)| at);
    let from = round_window_start(now, last, &rules);
    let archive = match open_archive(ctx).await {
        Ok(a) => Some(a),
        // No history connection signed in here: the rules that read history have nothing to
        // read; the batteries are still checked.
        Err(Error::NoActiveProfile(_)) => None,
        Err(e) => return Err(e),
    };
    let lock_ids: Vec<(String, Option<String>)> = locks
        .iter()
        .map(|l| (l.id.clone(), l.has_name.then(|| l.name.clone())))
        .collect();
    let (records, activity) = tokio::task::spawn_blocking(move || {
        let mut records = Vec::new();
        let Some(archive) = archive else {
            return Ok((records, Vec::new()));
        };
        let filter = HistoryFilter {
            from: Some(from),
            til: Some(now),
            ..Default::default()
        };
        archive.scan(&filter, |r| records.push(r))?;
        let activity = watch::lock_activity(&archive, &lock_ids, now)?;
        Ok::<_, lockdesk_archive::Error>((records, activity))
    })
    .await
    .map_err(|e| Error::Archive(lockdesk_archive::Error::Export(e.to_string())))??;
    let mut findings = evaluate(&rules, &locks, &records, &activity, now)?;
    findings.extend(leavers_still_users(ctx, &rules, &store, &org, now).await);
    let recovered = if rules.low_battery.enabled {
        watch::recovered_batteries(
            &crate::locks::view::battery_readings(&locks),
            rules.low_battery.threshold_percent,
        )
    } else {
        Vec::new()
    };
    store.end(&org, &recovered, now).map_err(Error::from)?;
    let new_alerts = store.raise(&org, &findings, now).map_err(Error::from)?;
    // With a team: those another computer raised first are not announced again here.
    let new_alerts = share_round(ctx, &store, &org, new_alerts, &recovered).await;
    let deliveries = deliver_after_round(ctx, &org, &store, now, &recovered).await;
    let answer = WatchRoundResponse {
        organization_id: org.clone(),
        at: now,
        sync,
        from,
        records: records.len() as u64,
        findings: findings.len() as u32,
        new_alerts,
        deliveries,
    };
    let mut kept = answer.clone();
    // The status keeps how many were new, not the alerts themselves (they are in the store).
    kept.new_alerts.clear();
    let json = serde_json::to_string(&(kept, answer.new_alerts.len() as u32)).unwrap_or_default();
    store.record_round(&org, now, &json).map_err(Error::from)?;
    Ok(answer)
}

/// The alerts not yet queued for their team chat destinations (this round's, and those of a
/// round that was stopped before it queued them) queued, then every delivery whose time has
/// come posted (retries of earlier rounds too). A failure here never fails the round: what was
/// not queued is queued by the next round. `ended`: the alerts over this round (their team
/// claims are freed).
async fn deliver_after_round(
    ctx: &AppContext,
    org: &str,
    store: &AlertStore,
    now: DateTime<Utc>,
    ended: &[String],
) -> Option<AlertDeliveryPassResponse> {
    let queued = async {
        let alerts = store.unqueued(org).map_err(Error::from)?;
        let n = queue_alerts(ctx, org, &alerts, ended).await?;
        let ids: Vec<i64> = alerts.iter().map(|a| a.id).collect();
        store.mark_queued(&ids, now).map_err(Error::from)?;
        Ok::<_, Error>(n)
    }
    .await;
    let queued = match queued {
        Ok(n) => n,
        Err(e) => {
            tracing::warn!(code = %e.code(), "new alerts not queued for team chat: {e}");
            0
        }
    };
    match deliver_pending(ctx).await {
        Ok(pass) => Some(AlertDeliveryPassResponse { queued, ..pass }),
        Err(e) => {
            tracing::warn!(code = %e.code(), "team alert delivery pass failed: {e}");
            None
        }
    }
}

/// The rules of the organization in use (the defaults until set).
pub async fn watch_rules_get(ctx: &AppContext, _req: NoArgs) -> Result<WatchRules> {
    let org = org_id(ctx).await?;
    team_rules_of(ctx, &org).await
}

/// Checks and stores the rules of the organization in use; nothing changes on an error.
pub async fn watch_rules_set(ctx: &AppContext, req: WatchRulesSetRequest) -> Result<WatchRules> {
    let org = org_id(ctx).await?;
    let path = rules_path(&ctx.core().config_dir, &org);
    // With a team, the rules as saved: another administrator's change of other rules in too.
    push(ctx, WATCH_RULES, &org, &path, &req.rules).await
}

/// A page of the organization's alerts, newest first.
pub async fn watch_alerts_list(ctx: &AppContext, req: AlertQuery) -> Result<WatchAlertsPage> {
    if req.limit > 1000 {
        return Err(Error::invalid("limit", "use 1 to 1000 alerts per page"));
    }
    let org = org_id(ctx).await?;
    let store = store(ctx)?;
    bring_in_line(ctx, &store, &org).await;
    let (alerts, total) = store.list(&org, &req).map_err(Error::from)?;
    Ok(WatchAlertsPage { alerts, total })
}

pub async fn watch_alerts_acknowledge(
    ctx: &AppContext,
    req: WatchAcknowledgeRequest,
) -> Result<WatchAcknowledgeResponse> {
    let org = org_id(ctx).await?;
    let now = ctx.core().clock.now();
    let store = store(ctx)?;
    let acknowledged = store
        .acknowledge(&org, &req.ids, now)
        .map_err(Error::from)?;
    let keys: Vec<String> = store
        .open(&org)
        .map_err(Error::from)?
        .into_iter()
        .filter(|a| req.ids.contains(&a.id))
        .map(|a| a.finding.key)
        .collect();
    acknowledged_for_team(ctx, &org, &keys).await;
    Ok(WatchAcknowledgeResponse { acknowledged })
}

fn check_target(target: &str) -> Result<()> {
    if target.trim().is_empty() || target.len() > 200 || target.chars().any(char::is_control) {
        return Err(Error::invalid("target", "name a finding's target"));
    }
    Ok(())
}

/// Mutes a rule for a target: its findings are stored, never raised.
pub async fn watch_mute(ctx: &AppContext, req: WatchMuteRequest) -> Result<Done> {
    check_target(&req.target)?;
    let org = org_id(ctx).await?;
    let now = ctx.core().clock.now();
    store(ctx)?
        .set_muted(&org, req.rule, &req.target, true, now)
        .map_err(Error::from)?;
    Ok(Done::ok())
}

pub async fn watch_unmute(ctx: &AppContext, req: WatchMuteRequest) -> Result<Done> {
    check_target(&req.target)?;
    let org = org_id(ctx).await?;
    let now = ctx.core().clock.now();
    store(ctx)?
        .set_muted(&org, req.rule, &req.target, false, now)
        .map_err(Error::from)?;
    Ok(Done::ok())
}

/// The last round, unacknowledged alerts and mutes of the organization in use.
pub async fn watch_status(ctx: &AppContext, _req: NoArgs) -> Result<WatchStatusResponse> {
    let org = org_id(ctx).await?;
    // This computer's copy: the last round and `watch_rules_get` bring the team's down.
    let rules = rules_of(ctx, &org)?;
    let store = store(ctx)?;
    let last = store
        .last_round(&org)
        .map_err(Error::from)?
        .and_then(|(_, json)| serde_json::from_str::<(WatchRoundResponse, u32)>(&json).ok());
    let last_new_alerts = last.as_ref().map_or(0, |(_, n)| *n);
    let last_round = last.map(|(r, _)| r);
    Ok(WatchStatusResponse {
        organization_id: org.clone(),
        last_round,
        last_new_alerts,
        unacknowledged: store.unacknowledged(&org).map_err(Error::from)?,
        mutes: store.mutes(&org).map_err(Error::from)?,
        interval_minutes: rules.interval_minutes,
    })
}
