//! What a background job does. Errors name the jobs that are running (`Error::JobsRunning`),
//! so the error module, which sits below the use-cases, uses these kinds too.

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
