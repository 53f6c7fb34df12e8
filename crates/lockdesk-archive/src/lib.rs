//! Lockdesk's local archive of entry/exit history: SQLite (WAL) per profile and organization,
//! filled by a resumable sync engine over the v2 API, read by paged queries, chart aggregates, a
//! time card and streaming exports (CSV for Excel, JSON Lines).
//!
//! Every request and answer type is a plain serde struct ([`model`], [`sync`]), so the desktop
//! app forwards its commands to [`Archive`] and [`sync::sync`] unchanged.

mod accesses;
mod aggregate;
mod archive;
mod batches;
mod cards;
pub mod checkpoints;
mod count;
mod counts;
pub mod coverage;
mod csv_rows;
mod days;
pub mod db;
pub mod disk;
pub mod error;
mod export;
mod export_reader;
mod filter_sql;
mod formula;
mod kinds;
mod labels;
mod locks;
mod meta;
pub mod model;
pub mod paths;
mod people;
pub mod private_fs;
mod rollup;
mod rollup_insert;
mod rollup_range;
mod shared;
pub mod store_file;
mod store_kind;
pub mod sync;
pub mod table;
mod time_order;
mod timecard;
mod timecard_rollups;
mod users;
mod xlsx;
mod zone;

pub use archive::{Archive, SyncLock};
pub use error::{Error, Result};
pub use export::BOM;
pub use formula::{is_formula_like, neutralize_formula};
pub use labels::kind_label;
pub use model::{
    AggregateRequest, Aggregates, ArchiveStats, ArchivedLock, ArchivedUser, Completeness, DayCount,
    ExportFormat, ExportRequest, ExportSummary, HistoryFilter, HistoryPage, HistoryQuery,
    HistoryRow, HourOfWeekCount, KindCount, Language, LockRecords, SortOrder, TimecardRequest,
    TimecardRow, UserCount, Zone, BUSIEST_USERS,
};
pub use shared::{SharedRecord, TeamMarks};
pub use store_file::{StoreFile, StoreKind};
pub use sync::{sync, Backfill, LockSync, SyncOutcome, SyncProgress, SyncReport, SyncRequest};
pub use tokio_util::sync::CancellationToken;
