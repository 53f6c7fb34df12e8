//! What a sync is asked to do and what it reports.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::model::Completeness;

/// What to sync.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct SyncRequest {
    /// Locks to sync; empty: every lock the account may read the history of (and every
    /// unfinished run).
    pub lock_ids: Vec<String>,
    /// A range to fetch instead of the incremental sync.
    pub backfill: Option<Backfill>,
    /// Largest page asked for (the service's documented default is 20; it accepts more).
    pub max_page_size: u32,
    /// How far before the newest archived record an incremental sync starts, in seconds.
    pub overlap_seconds: u32,
    /// Locks fetched at once (they share the one rate limiter).
    pub concurrency: usize,
    /// The end of this run, pinned at its start so new events cannot shift offsets under it.
    /// `None`: now by this computer's clock (callers with a clock of their own pass it).
    pub until: Option<DateTime<Utc>>,
}

impl Default for SyncRequest {
    fn default() -> Self {
        SyncRequest {
            lock_ids: Vec::new(),
            backfill: None,
            max_page_size: 100,
            overlap_seconds: 300,
            concurrency: 4,
            until: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Backfill {
    /// Inclusive.
    pub from: DateTime<Utc>,
    /// Exclusive; capped at now.
    pub til: DateTime<Utc>,
}

/// Where a sync is, after every committed page.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SyncProgress {
    pub locks_total: u32,
    pub locks_done: u32,
    /// Records received (including ones already archived).
    pub records: u64,
    /// Records that were new to the archive.
    pub new_records: u64,
    pub pages: u64,
    /// Requests sent (pages, refused page sizes and the lock list).
    pub requests: u64,
    pub page_size: u32,
    /// From the pages still expected and the rate limit; `None` while unknown (a lock's first
    /// sync has no known start).
    pub estimated_seconds_left: Option<f64>,
    /// How far back the archive holds every lock of this sync completely.
    pub complete: Completeness,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum SyncOutcome {
    Completed,
    /// Stopped with every checkpoint intact; sign in again and sync to resume.
    Paused {
        reason: String,
        message: String,
    },
    Cancelled,
    /// Stopped by an error; checkpoints are intact and the next sync resumes.
    Failed {
        code: String,
        message: String,
    },
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LockSync {
    pub lock_id: String,
    pub records: u64,
    pub new_records: u64,
    pub pages: u64,
    pub done: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SyncReport {
    #[serde(flatten)]
    pub outcome: SyncOutcome,
    pub progress: SyncProgress,
    pub locks: Vec<LockSync>,
    pub started_at: DateTime<Utc>,
    pub finished_at: DateTime<Utc>,
}
