//! The words of `reports`: the list, an added report, each run's outcome.

use lockdesk_core::reports::commands::{ReportOutcome, ReportRunResult, ReportView};
use lockdesk_core::reports::{ReportDefinition, ReportKind, Schedule};

use crate::output::clean;

pub const REPORT_HEADERS: [&str; 7] = ["ID", "NAME", "WHAT", "EVERY", "FOLDER", "DUE", "LAST RUN"];

fn what(k: &ReportKind) -> String {
    let locks = |ids: &[String]| match ids.len() {
        0 => String::new(),
        1 => " (1 lock)".to_owned(),
        n => format!(" ({n} locks)"),
    };
    match k {
        ReportKind::History {
            lock_ids,
            user,
            kinds,
            is_locked,
        } => {
            let mut only = Vec::new();
            if let Some(u) = user {
                only.push(format!("user {u}"));
            }
            if let Some(k) = kinds.as_ref().filter(|k| !k.is_empty()) {
                only.push(k.join("/"));
            }
            match is_locked {
                Some(true) => only.push("locked".into()),
                Some(false) => only.push("unlocked".into()),
                None => {}
            }
            let only = if only.is_empty() {
                String::new()
            } else {
                format!(" [{}]", only.join(", "))
            };
            format!("history{}{only}", locks(lock_ids))
        }
        ReportKind::Timecard { lock_ids } => format!("time card{}", locks(lock_ids)),
        ReportKind::Alerts => "alerts".to_owned(),
        ReportKind::Batteries => "batteries".to_owned(),
        ReportKind::Journal => "journal".to_owned(),
        ReportKind::AccessReview => "access review".to_owned(),
    }
}

const WEEKDAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

fn every(s: &Schedule) -> String {
    match s {
        Schedule::Daily { at } => format!("day at {at}"),
        Schedule::Weekly { weekday, at } => format!(
            "{} at {at}",
            WEEKDAYS.get(usize::from(*weekday)).unwrap_or(&"?")
        ),
        Schedule::Monthly { day, at } => format!("month, day {day} at {at}"),
        Schedule::MonthlyFirstOfficeDay { at } => format!("month, first office day at {at}"),
    }
}

pub fn report_row(v: &ReportView) -> Vec<String> {
    let last = match &v.last_run {
        None => "never".to_owned(),
        Some(r) => match r.error.as_deref() {
            Some(code) => format!("{} failed ({code})", r.period),
            None if r.archive_until.is_some() => format!("{} {}, incomplete", r.period, r.state),
            None => format!("{} {}", r.period, r.state),
        },
    };
    vec![
        v.report.id.clone(),
        v.report.name.clone(),
        what(&v.report.what),
        every(&v.report.schedule),
        v.report.folder.display().to_string(),
        v.due_period.clone().unwrap_or_else(|| "-".into()),
        last,
    ]
}

pub fn report_added(r: &ReportDefinition) -> String {
    format!(
        "report {} added: {} every {} into {}",
        clean(&r.id),
        clean(&r.name),
        every(&r.schedule),
        clean(&r.folder.display().to_string())
    )
}

pub fn report_run_line(r: &ReportRunResult) -> String {
    let what = format!(
        "{} ({})",
        clean(&r.name),
        r.period.as_deref().unwrap_or("no period")
    );
    match &r.outcome {
        ReportOutcome::Written {
            file,
            records,
            archive_until: None,
        } => format!("{what}: written to {} ({records} records)", clean(file)),
        ReportOutcome::Written {
            file,
            records,
            archive_until: Some(until),
        } => format!(
            "{what}: written to {} ({records} records), but the archive reaches only until {}: \
             sign in to history (lockctl login) and run it again with --again",
            clean(file),
            until.to_rfc3339()
        ),
        ReportOutcome::AlreadyWritten { file } => {
            format!("{what}: written before, {}", clean(file))
        }
        ReportOutcome::Busy => format!("{what}: another program is writing it now"),
        ReportOutcome::OtherOrganization => {
            format!("{what}: for another organization, not run here")
        }
        ReportOutcome::Failed { code, message } => {
            format!("{what}: failed ({code}): {}", clean(message))
        }
    }
}
