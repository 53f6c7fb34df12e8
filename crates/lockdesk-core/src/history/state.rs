//! What a space holds of its history while the app runs: the open archives and the running
//! sync. Kept by the space (`context/space.rs`), so it imports nothing that reaches the context.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Utc};
use lockdesk_archive::{Archive, SyncProgress, SyncReport};
use serde::{Deserialize, Serialize};

#[derive(Default)]
pub(crate) struct SyncState {
    pub(crate) running: Option<HistorySyncRunView>,
    pub(crate) last: Option<SyncReport>,
    pub(crate) team: Option<TeamArchiveView>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistorySyncRunView {
    pub job_id: String,
    /// Empty: every lock.
    pub lock_ids: Vec<String>,
    pub progress: SyncProgress,
}

/// What the last sync did with the team's archive (shown beside the sync's report).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamArchiveView {
    /// This computer synced from the service for the team.
    pub synced_here: bool,
    /// The computer syncing for the team now, when another.
    pub syncing: Option<String>,
    /// The computer that last finished a sync for the team, and when.
    pub synced_by: Option<String>,
    pub synced_at: Option<DateTime<Utc>>,
    /// Records taken in from the team's archive.
    pub taken_in: u64,
    /// Records given to the team's archive.
    pub given: u64,
}

/// Archive state of one space: open archives and the running sync.
#[derive(Default)]
pub(crate) struct HistoryState {
    pub(crate) archives: Mutex<HashMap<PathBuf, Arc<Archive>>>,
    pub(crate) sync: Mutex<SyncState>,
    pub(crate) updating: Mutex<ArchiveUpdate>,
}

/// The opening of an archive of an earlier version, which rewrites it for this one
/// (`store.rs`): whether one runs, and whether the last one failed.
#[derive(Default)]
pub(crate) struct ArchiveUpdate {
    pub(crate) running: bool,
    pub(crate) failed: bool,
}

impl HistoryState {
    pub(crate) fn sync_state(&self) -> std::sync::MutexGuard<'_, SyncState> {
        self.sync.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(crate) fn updating(&self) -> std::sync::MutexGuard<'_, ArchiveUpdate> {
        self.updating.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Closes the archives this space opened (before the demo's folder is deleted).
    #[cfg_attr(not(feature = "demo"), allow(dead_code))]
    pub(crate) fn close_archives(&self) {
        self.archives
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clear();
    }
}
