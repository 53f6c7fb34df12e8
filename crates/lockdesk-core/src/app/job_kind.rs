//! What a background job does: its own file because errors name the jobs that are running
//! (`Error::JobsRunning`) and the error module sits below the use-cases.

use serde::{Deserialize, Serialize};

/// What a background job does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum JobKind {
    /// Invitations from a CSV file (`invitations_bulk_start`).
    BulkInvite,
    /// Filling the local history archive (`history_sync_start`).
    HistorySync,
}
