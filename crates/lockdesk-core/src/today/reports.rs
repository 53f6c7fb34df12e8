//! Today's line about scheduled reports: the organization's reports whose last run failed or
//! was written from an archive that did not reach the period's end, and whether the history
//! sign-in is needed before the next run. A report list that cannot be read is Today's to name;
//! a run store that cannot be read leaves the line empty.

use crate::app::context::AppContext;
use crate::reports::{load_reports, reports_path, RunStore};
use crate::today::parts::{TodayReportRun, TodayReports};

pub(crate) fn reports(
    ctx: &AppContext,
    org: &str,
    history_signed_in: bool,
) -> crate::error::Result<TodayReports> {
    let all = load_reports(&reports_path(&ctx.core().config_dir))?;
    let ours: Vec<_> = all
        .reports
        .into_iter()
        .filter(|r| r.organization_id == org)
        .collect();
    if ours.is_empty() {
        return Ok(TodayReports::default());
    }
    let latest = ctx
        .core()
        .data_folder()
        .ok()
        .and_then(|dir| RunStore::new(&dir).latest().ok())
        .unwrap_or_default();
    let runs = latest
        .into_iter()
        .filter(|run| run.state == "failed" || run.archive_until.is_some())
        .filter_map(|run| {
            let report = ours.iter().find(|r| r.id == run.report_id)?;
            Some(TodayReportRun {
                report_id: run.report_id,
                name: report.name.clone(),
                period: run.period,
                error: run.error,
                archive_until: run.archive_until,
                at: run.at,
            })
        })
        .collect();
    Ok(TodayReports {
        runs,
        sign_in_needed: !history_signed_in,
    })
}
