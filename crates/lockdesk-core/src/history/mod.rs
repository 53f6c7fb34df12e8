//! Entry/exit history through the v2 profile: the locks with history permission and one page
//! of records online; the local archive (`archive.rs`: where it lives, queries, charts, time
//! card, export) and its sync job (`sync.rs`) beside them.

pub(crate) mod archive;
pub(crate) mod state;
pub(crate) mod store;
pub(crate) mod sync;
pub mod view;

pub use archive::{
    export_file_name, history_archive_aggregates, history_archive_export,
    history_archive_export_to, history_archive_query, history_archive_timecard, ExportWritten,
    HistoryExportRequest, HistoryExportResponse, HistoryTimecardRequest, HistoryTimecardResponse,
};
pub use lockdesk_archive::{
    AggregateRequest, Aggregates, HistoryPage, HistoryQuery, TimecardRequest,
};
pub use state::{HistorySyncRunView, TeamArchiveView};
pub use sync::{
    history_sync_start, history_sync_status, HistoryLockSyncView, HistorySyncStartRequest,
    HistorySyncStatusResponse, LockSyncState, SESSION_EXPIRED_MESSAGE,
};

use chrono::{DateTime, Utc};
use lockdesk_api::v2::AccessQuery;
use serde::{Deserialize, Serialize};

use crate::app::args::NoArgs;
use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::history::view::{AccessView, HistoryLockView};

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistoryLocksResponse {
    pub locks: Vec<HistoryLockView>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistoryAccessesRequest {
    pub lock_id: String,
    /// 0 when absent.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub offset: Option<u32>,
    /// 1 to 100; 50 when absent.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub limit: Option<u32>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub from: Option<DateTime<Utc>>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub til: Option<DateTime<Utc>>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistoryAccessesResponse {
    pub accesses: Vec<AccessView>,
    pub offset: u32,
    pub limit: u32,
    /// A full page came back: there may be more after `offset + limit`.
    pub has_more: bool,
}

pub async fn history_locks(ctx: &AppContext, _req: NoArgs) -> Result<HistoryLocksResponse> {
    let v2 = ctx.v2().await?;
    let locks = v2.locks().await?;
    Ok(HistoryLocksResponse {
        locks: locks.iter().map(Into::into).collect(),
    })
}

pub async fn history_accesses(
    ctx: &AppContext,
    req: HistoryAccessesRequest,
) -> Result<HistoryAccessesResponse> {
    let limit = req.limit.unwrap_or(50);
    if !(1..=100).contains(&limit) {
        return Err(Error::invalid("limit", "use 1 to 100 records per page"));
    }
    if req.lock_id.trim().is_empty() {
        return Err(Error::invalid("lock_id", "choose a lock"));
    }
    let v2 = ctx.v2().await?;
    let offset = req.offset.unwrap_or(0);
    let query = AccessQuery {
        lock_id: req.lock_id.trim().to_owned(),
        offset,
        limit,
        from: req.from,
        til: req.til,
    };
    let page = v2.accesses(&query).await?;
    Ok(HistoryAccessesResponse {
        has_more: page.len() as u32 >= limit,
        accesses: page.iter().map(Into::into).collect(),
        offset,
        limit,
    })
}
