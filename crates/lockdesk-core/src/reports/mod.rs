//! Scheduled reports: what a report is and when it is due (`definition.rs`, `schedule.rs`),
//! which periods were written (`runs.rs`), shared by the app and a scheduled `lockctl reports
//! run --due` on one machine; the use-cases (`commands.rs`), the claim that keeps two writers
//! of one shared folder apart (`claim.rs`), the tables (`tables.rs`; the access review's in
//! `access_review.rs`) and the files (`write.rs`).

pub mod access_review;
pub mod claim;
pub mod commands;
pub mod definition;
pub mod runs;
pub mod schedule;
pub mod tables;
pub mod write;

pub use definition::{
    load_reports, reports_path, save_reports, ReportDefinition, ReportFormat, ReportKind,
    ReportLanguage, Reports, Schedule, REPORTS_MAX, REPORT_NAME_MAX,
};
pub use runs::{Claim, ReportRunView, RunStore, Written, REPORT_RUNS_FILE};
pub use schedule::{due_period, Period};
