//! What every page of a sync shares (`Shared`: the archive, the client, progress, page size,
//! the stop signal) and why a run stopped (`Stop`, from the client's error by `stop_of`). Used
//! by both the sync (mod.rs) and the runs it drives (runs.rs).

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;

use lockdesk_api::V2Client;
use tokio_util::sync::CancellationToken;

use super::model::SyncProgress;
use super::page_size::PageSize;
use crate::archive::Archive;
use crate::error::Error;

pub(super) struct Shared<'a> {
    pub(super) archive: &'a Archive,
    pub(super) client: &'a V2Client,
    pub(super) progress: Mutex<SyncProgress>,
    pub(super) on_progress: &'a (dyn Fn(&SyncProgress) + Send + Sync),
    pub(super) page: Mutex<PageSize>,
    /// Pages still expected per active run (`None`: unknown).
    pub(super) remaining: Mutex<HashMap<i64, Option<u64>>>,
    /// The locks of this sync, for the completeness its progress reports.
    pub(super) lock_ids: Mutex<Vec<String>>,
    pub(super) stop: CancellationToken,
    pub(super) paused: AtomicBool,
}

pub(super) enum Stop {
    Paused,
    Cancelled,
    Failed(Error),
}

pub(super) fn stop_of(e: lockdesk_api::Error) -> Stop {
    match e {
        lockdesk_api::Error::V2SessionExpired => Stop::Paused,
        lockdesk_api::Error::Cancelled => Stop::Cancelled,
        e => Stop::Failed(Error::Api(e)),
    }
}
