//! Scheduled reports: the reports kept on this computer (`crate::reports`), and
//! running the due ones. A report that reads the archive (history, time card) first brings it
//! up to date when the history sign-in allows (the watch round's sync); each is then written
//! whole or not at all (`write.rs`). The period is claimed first, so the app and a scheduled
//! `lockctl reports run --due` never both write it, and then in its folder (`claim.rs`), so
//! two computers writing into one share never both do; a failed run is tried again at the next
//! run. A report holds only its organization's locks.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::app::args::{Done, NoArgs};
use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::journal::entry as journal_entry;
use crate::journal::{Operation, Target};
use crate::reports::{
    due_period, load_reports, reports_path, Claim, ReportDefinition, ReportFormat, ReportKind,
    ReportLanguage, ReportRunView, Reports, RunStore, Schedule, Written,
};
use crate::team::documents::{pull, push, REPORTS};
use crate::team::reports::{claim_period, period_done, TeamPeriod};
use crate::watch::commands::{sync_archive, WatchSyncOutcome};
use crate::watch::{load_rules, rules_path};

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReportView {
    pub report: ReportDefinition,
    /// The period due last (`2026-10`), in the organization's zone.
    pub due_period: Option<String>,
    /// Its last run, if any.
    pub last_run: Option<ReportRunView>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReportsListResponse {
    pub reports: Vec<ReportView>,
}

/// A new report for the organization in use.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReportAddRequest {
    pub name: String,
    pub what: ReportKind,
    pub schedule: Schedule,
    #[serde(default)]
    pub format: ReportFormat,
    #[serde(default)]
    pub language: ReportLanguage,
    /// The folder, by the handle the folder dialog's answer carried (`folders_choose`;
    /// [`AppContext::grant_folder`]): never a path, so the window cannot name a folder the
    /// user did not choose.
    pub folder_handle: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReportIdRequest {
    pub id: String,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReportsRunRequest {
    /// Only this report; every report of the organization in use when absent.
    #[serde(default)]
    pub id: Option<String>,
    /// Write the period again even if it was written (a run asked for by name).
    #[serde(default)]
    pub again: bool,
}

/// What became of one report's due period.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ReportOutcome {
    Written {
        file: String,
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        records: u64,
        /// Set when the archive did not reach the period's end (the history sign-in had
        /// expired): the file holds the records up to this moment.
        archive_until: Option<DateTime<Utc>>,
    },
    /// Written before (by this program or another): never twice.
    AlreadyWritten {
        file: String,
    },
    /// Another program is writing it now.
    Busy,
    /// For another organization than the one in use: not run here.
    OtherOrganization,
    Failed {
        code: String,
        message: String,
    },
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReportRunResult {
    pub report_id: String,
    pub name: String,
    pub period: Option<String>,
    pub outcome: ReportOutcome,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReportsRunResponse {
    /// The archive's sync before the history reports, when a period was to be written.
    pub sync: Option<WatchSyncOutcome>,
    pub runs: Vec<ReportRunResult>,
}

fn runs(ctx: &AppContext) -> Result<RunStore> {
    Ok(RunStore::new(&ctx.core().data_folder()?))
}

fn zone_of(ctx: &AppContext, org: &str) -> Result<crate::watch::OfficeHours> {
    load_rules(&rules_path(&ctx.core().config_dir, org))?.office_hours()
}

/// The reports as the team has them now (this computer's copy brought up to date first, what
/// only this computer had shared; the copy when working alone or when the database does not
/// answer).
async fn team_reports(ctx: &AppContext) -> Result<Reports> {
    let path = reports_path(&ctx.core().config_dir);
    pull::<Reports>(ctx, REPORTS, REPORTS, &path, |mut team, copy| {
        let known: Vec<String> = team.reports.iter().map(|r| r.id.clone()).collect();
        team.reports
            .extend(copy.reports.into_iter().filter(|r| !known.contains(&r.id)));
        team
    })
    .await;
    load_reports(&path)
}

/// Every report, with the period due last and its last run.
pub async fn reports_list(ctx: &AppContext, _req: NoArgs) -> Result<ReportsListResponse> {
    let all = team_reports(ctx).await?;
    let latest = runs(ctx)?.latest().map_err(Error::from)?;
    let now = ctx.core().clock.now();
    let reports = all
        .reports
        .into_iter()
        .map(|report| {
            let due_period = zone_of(ctx, &report.organization_id)
                .and_then(|o| due_period(&report.schedule, &o, now))
                .ok()
                .map(|p| p.label);
            let last_run = latest.iter().find(|r| r.report_id == report.id).cloned();
            ReportView {
                report,
                due_period,
                last_run,
            }
        })
        .collect();
    Ok(ReportsListResponse { reports })
}

/// Adds a report for the organization in use; nothing changes on an error.
pub async fn reports_add(ctx: &AppContext, req: ReportAddRequest) -> Result<ReportDefinition> {
    let (_, org) = ctx.org().await?;
    let path = reports_path(&ctx.core().config_dir);
    let mut all = team_reports(ctx).await?;
    let folder = ctx
        .granted_folder(req.folder_handle.trim())
        .ok_or_else(|| Error::invalid("folder_handle", "choose the folder again"))?;
    let now = ctx.core().clock.now();
    let mut id = format!("r{:x}", now.timestamp_millis());
    while all.reports.iter().any(|r| r.id == id) {
        id.push('x');
    }
    let report = ReportDefinition {
        id,
        name: req.name.trim().to_owned(),
        organization_id: org.as_str().to_owned(),
        what: req.what,
        schedule: req.schedule,
        format: req.format,
        language: req.language,
        folder,
    };
    report.validate()?;
    if !report.folder.is_dir() {
        return Err(Error::invalid(
            "folder",
            format!("{} is not a folder here", report.folder.display()),
        ));
    }
    if let ReportKind::History { lock_ids, .. } | ReportKind::Timecard { lock_ids } = &report.what {
        if !lock_ids.is_empty() {
            let own = Box::pin(org_locks(ctx)).await?;
            if let Some(other) = lock_ids.iter().find(|l| !own.contains(l)) {
                return Err(Error::invalid(
                    "what.lock_ids",
                    format!("{other} is not a lock of this organization"),
                ));
            }
        }
    }
    all.reports.push(report.clone());
    push(ctx, REPORTS, REPORTS, &path, &all).await?;
    Ok(report)
}

pub async fn reports_remove(ctx: &AppContext, req: ReportIdRequest) -> Result<Done> {
    let path = reports_path(&ctx.core().config_dir);
    let mut all = team_reports(ctx).await?;
    let before = all.reports.len();
    all.reports.retain(|r| r.id != req.id);
    if all.reports.len() == before {
        return Err(Error::invalid("id", "no report has this id"));
    }
    push(ctx, REPORTS, REPORTS, &path, &all).await?;
    Ok(Done::ok())
}

/// Runs the due period of every report of the organization in use (or of the one named).
pub async fn reports_run(ctx: &AppContext, req: ReportsRunRequest) -> Result<ReportsRunResponse> {
    let all = team_reports(ctx).await?;
    let chosen: Vec<ReportDefinition> = match &req.id {
        Some(id) => vec![all
            .reports
            .into_iter()
            .find(|r| &r.id == id)
            .ok_or_else(|| Error::invalid("id", "no report has this id"))?],
        None => all.reports,
    };
    if chosen.is_empty() {
        // Nothing to run (the app's loop asks at every tick): no sign-in needed.
        return Ok(ReportsRunResponse {
            sync: None,
            runs: Vec::new(),
        });
    }
    let (_, org) = ctx.org().await?;
    let store = runs(ctx)?;
    // The archive is synced only when a period is to be written: a scheduled run every few
    // minutes costs no request while everything due is written.
    let now = ctx.core().clock.now();
    let to_write = |r: &ReportDefinition| {
        r.what.reads_archive()
            && r.organization_id == org.as_str()
            && (req.again
                || zone_of(ctx, &r.organization_id)
                    .and_then(|o| due_period(&r.schedule, &o, now))
                    .map(|p| !store.is_done(&r.id, &p.label).unwrap_or(false))
                    .unwrap_or(true))
    };
    let mut sync = None;
    if chosen.iter().any(to_write) {
        // With a team, its archive synced within the minute is recent enough.
        sync = Some(sync_archive(ctx, std::time::Duration::from_secs(60)).await);
    }
    let mut results = Vec::new();
    for report in chosen {
        let mut result = ReportRunResult {
            report_id: report.id.clone(),
            name: report.name.clone(),
            period: None,
            outcome: ReportOutcome::OtherOrganization,
        };
        if report.organization_id == org.as_str() {
            let (period, outcome) = run_one(ctx, &store, &report, req.again).await;
            result.period = period;
            result.outcome = outcome;
        }
        results.push(result);
    }
    Ok(ReportsRunResponse {
        sync,
        runs: results,
    })
}

/// The locks of the organization in use (from the service, else as kept offline): what a
/// report holds when it names none, and the only locks it may name.
async fn org_locks(ctx: &AppContext) -> Result<Vec<String>> {
    let list = crate::locks::commands::locks_list(
        ctx,
        crate::locks::commands::LocksListRequest::default(),
    )
    .await?;
    Ok(list.locks.into_iter().map(|l| l.id).collect())
}

async fn run_one(
    ctx: &AppContext,
    store: &RunStore,
    report: &ReportDefinition,
    again: bool,
) -> (Option<String>, ReportOutcome) {
    let failed = |e: &Error| ReportOutcome::Failed {
        code: e.code().as_str().to_owned(),
        message: e.to_string(),
    };
    let now = ctx.core().clock.now();
    let (office, period) = match zone_of(ctx, &report.organization_id)
        .and_then(|o| due_period(&report.schedule, &o, now).map(|p| (o, p)))
    {
        Ok(x) => x,
        Err(e) => return (None, failed(&e)),
    };
    let label = period.label.clone();
    // Of the organization's locks only, known before the period is claimed.
    let org_locks = if report.what.reads_archive() {
        match Box::pin(org_locks(ctx)).await {
            Ok(locks) => locks,
            Err(e) => return (Some(label), failed(&e)),
        }
    } else {
        Vec::new()
    };
    match store.claim(&report.id, &label, now, again) {
        Ok(Claim::Mine) => {}
        Ok(Claim::Done { file }) => return (Some(label), ReportOutcome::AlreadyWritten { file }),
        Ok(Claim::Busy) => return (Some(label), ReportOutcome::Busy),
        Err(e) => return (Some(label), failed(&Error::from(e))),
    }
    // Then the team's claim: another computer of the team may have written it (into a folder
    // it then moved on), or be writing it now.
    match claim_period(ctx, &report.id, &label, again).await {
        TeamPeriod::Write => {}
        TeamPeriod::Written { file, .. } => {
            let outcome = match store.found_written(&report.id, &label, &file, now) {
                Ok(()) => ReportOutcome::AlreadyWritten { file },
                Err(e) => failed(&Error::from(e)),
            };
            return (Some(label), outcome);
        }
        TeamPeriod::Busy { .. } => {
            let outcome = match store.release(&report.id, &label) {
                Ok(()) => ReportOutcome::Busy,
                Err(e) => failed(&Error::from(e)),
            };
            return (Some(label), outcome);
        }
    }
    // Journal first: a run the journal cannot record is not made (the claim is released as
    // failed, so the next tick tries again).
    let target = journal_target(report, &label, None);
    let pending = match journal_entry::begin(ctx, Operation::ReportRun, None, &target) {
        Ok(p) => p,
        Err(e) => {
            let _ = store.finish(&report.id, &label, Err(e.code().as_str()), now);
            period_done(ctx, &report.id, &label, None).await;
            return (Some(label), failed(&e));
        }
    };
    // Boxed, as the lock list above: these futures are large, and lockctl's whole command
    // future is held on the stack of whatever thread runs it.
    let written = Box::pin(crate::reports::write::write_report(
        ctx,
        report,
        &period,
        office.utc_offset_minutes,
        again,
        &org_locks,
    ))
    .await;
    let end = ctx.core().clock.now();
    // Written already (the run store started again after damage, or another computer wrote
    // it into the same folder), or being written by another computer: not by this one, and
    // nothing for the journal.
    let written = match written {
        Ok(crate::reports::write::Outcome::Written(w)) => Ok(w),
        Ok(crate::reports::write::Outcome::Found { file }) => {
            journal_entry::withdraw(pending);
            period_done(ctx, &report.id, &label, Some(&file)).await;
            let outcome = match store.found_written(&report.id, &label, &file, end) {
                Ok(()) => ReportOutcome::AlreadyWritten { file },
                Err(e) => failed(&Error::from(e)),
            };
            return (Some(label), outcome);
        }
        Ok(crate::reports::write::Outcome::Busy) => {
            journal_entry::withdraw(pending);
            period_done(ctx, &report.id, &label, None).await;
            let outcome = match store.release(&report.id, &label) {
                Ok(()) => ReportOutcome::Busy,
                Err(e) => failed(&Error::from(e)),
            };
            return (Some(label), outcome);
        }
        Err(e) => Err(e),
    };
    let finished = match &written {
        Ok(w) => store.finish(&report.id, &label, Ok(w), end),
        Err(e) => store.finish(&report.id, &label, Err(e.code().as_str()), end),
    };
    let file = written.as_ref().ok().map(|w| w.file.as_str());
    period_done(ctx, &report.id, &label, file).await;
    journal_entry::complete(
        ctx,
        pending,
        &journal_target(report, &label, written.as_ref().ok()),
        written.as_ref().map(|_| ()).map_err(|e| e.code()),
    );
    let outcome = match (finished, written) {
        (Err(e), _) => failed(&Error::from(e)),
        (Ok(()), Ok(w)) => ReportOutcome::Written {
            file: w.file,
            records: w.records,
            archive_until: w.archive_until,
        },
        (Ok(()), Err(e)) => failed(&e),
    };
    (Some(label), outcome)
}

/// What the journal says of a run that wrote (or failed to write) a period.
fn journal_target(report: &ReportDefinition, label: &str, written: Option<&Written>) -> Target {
    let target = Target::id(&report.id)
        .name(&report.name)
        .set("period", Some(label));
    match written {
        Some(w) => target
            .set("file", Some(&w.file))
            .set("records", Some(w.records)),
        None => target,
    }
}
