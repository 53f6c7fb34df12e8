//! What a space holds of its history while the app runs: the open archives and the running
//! sync. Kept by the space (`context/space.rs`), so it imports nothing that reaches the context.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use lockdesk_archive::{Archive, SyncProgress, SyncReport};
use serde::{Deserialize, Serialize};

#[derive(Default)]
pub(crate) struct SyncState {
    pub(crate) running: Option<HistorySyncRunView>,
    pub(crate) last: Option<SyncReport>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistorySyncRunView {
    pub job_id: String,
    /// Empty: every lock.
    pub lock_ids: Vec<String>,
    pub progress: SyncProgress,
}

/// Archive state of one space: open archives and the running sync.
#[derive(Default)]
pub(crate) struct HistoryState {
    pub(crate) archives: Mutex<HashMap<PathBuf, Arc<Archive>>>,
    pub(crate) sync: Mutex<SyncState>,
}

impl HistoryState {
    pub(crate) fn sync_state(&self) -> std::sync::MutexGuard<'_, SyncState> {
        self.sync.lock().unwrap_or_else(|p| p.into_inner())
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
