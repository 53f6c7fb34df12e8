//! What a background job does.

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

impl JobKind {
    /// The kind as the UI's data names it (`bulk_invite`, `history_sync`).
    pub fn as_str(self) -> &'static str {
        match self {
            JobKind::BulkInvite => "bulk_invite",
            JobKind::HistorySync => "history_sync",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::JobKind;

    #[test]
    fn a_kind_is_named_as_its_data_names_it() {
        for kind in [JobKind::BulkInvite, JobKind::HistorySync] {
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.as_str());
        }
    }
}
