//! Which store a SQLite file of this computer is: named in every error about it (its own file, so
//! the errors and the stores both name it without depending on each other).

use serde::{Deserialize, Serialize};

/// Which store a file is: named in errors and notices, so the person knows what was damaged
/// or could not be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum StoreKind {
    /// The history archive of a connection (rebuilt by the next history sync).
    Archive,
    /// The journal of changes (`journal.sqlite3`).
    Journal,
    /// The watcher's alerts (`watch.sqlite3`).
    Alerts,
    /// The team alerts' deliveries (`alert_deliveries.sqlite3`).
    Deliveries,
    /// The scheduled reports' runs (`report_runs.sqlite3`).
    ReportRuns,
    /// The lists kept for offline reading (`offline.sqlite3`; refilled online).
    OfflineCache,
}

impl StoreKind {
    pub fn as_str(self) -> &'static str {
        match self {
            StoreKind::Archive => "archive",
            StoreKind::Journal => "journal",
            StoreKind::Alerts => "alerts",
            StoreKind::Deliveries => "deliveries",
            StoreKind::ReportRuns => "report_runs",
            StoreKind::OfflineCache => "offline_cache",
        }
    }
}

impl std::fmt::Display for StoreKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StoreKind::Archive => "history archive",
            StoreKind::Journal => "journal",
            StoreKind::Alerts => "alert store",
            StoreKind::Deliveries => "alert deliveries",
            StoreKind::ReportRuns => "report runs",
            StoreKind::OfflineCache => "offline cache",
        })
    }
}
