//! How long the journal keeps its entries, and how big it is: `activity_storage_get` (the
//! Account screen, `lockctl activity --size`), `activity_retention_set` (stores the retention
//! and applies it at once: `lockctl activity --keep DAYS`), and the background prune that keeps
//! the journal within it ([`activity_prune_when_due`]). The team alerts' deliveries, which name
//! locks and people too, are kept as long as the journal's entries. All file work runs on
//! blocking threads.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use crate::app::args::NoArgs;
use crate::app::context::AppContext;
use crate::core_context::Context;
use crate::error::{Error, Result};
use crate::journal::retention::{load_retention, save_retention};
use crate::journal::{Journal, Retention};
use crate::team_alerts::DeliveryStore;

/// The journal's retention and size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ActivityStorageView {
    /// Entries older than this many days are removed (1 to 3,650; 365 unless set).
    pub keep_days: u32,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub entries: u64,
    /// The oldest entry's time; none when the journal is empty.
    pub oldest: Option<DateTime<Utc>>,
    /// Bytes on disk: the file with its write-ahead log.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub bytes: u64,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ActivityRetentionRequest {
    /// 1 to 3,650.
    pub keep_days: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ActivityRetentionResponse {
    /// Entries removed now because they were older than the new retention.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub removed: u64,
    pub storage: ActivityStorageView,
}

pub async fn activity_storage_get(ctx: &AppContext, _: NoArgs) -> Result<ActivityStorageView> {
    let core = ctx.core();
    blocking(move || storage(&core)).await
}

/// Checks and stores the retention, then removes the entries older than it; nothing changes
/// when the value is refused.
pub async fn activity_retention_set(
    ctx: &AppContext,
    req: ActivityRetentionRequest,
) -> Result<ActivityRetentionResponse> {
    let core = ctx.core();
    blocking(move || {
        let retention = Retention {
            keep_days: req.keep_days,
        };
        save_retention(&core.config_dir, &retention)?;
        let cutoff = cutoff(core.clock.now(), &retention);
        let removed = journal(&core)?.prune_before(cutoff)?;
        prune_deliveries(&core, cutoff)?;
        Ok(ActivityRetentionResponse {
            removed,
            storage: storage(&core)?,
        })
    })
    .await
}

/// Prunes the journal of the space in use on a blocking thread when no program sharing it has
/// in the last day; the caller goes on at once. Called after each journal write and by the
/// desktop shell at start and every hour, so the app and a scheduled `lockctl` alike keep it
/// within the retention. Pruning is housekeeping: a problem is logged, not shown.
pub fn activity_prune_when_due(ctx: &AppContext) {
    let Ok(runtime) = tokio::runtime::Handle::try_current() else {
        return;
    };
    // The demo's journal goes with its sandbox; a prune still running when the demo is left
    // would make its folder again after the sandbox was deleted.
    if ctx.in_demo_space() || !ctx.background_upkeep() {
        return;
    }
    let core = ctx.core();
    runtime.spawn_blocking(move || {
        if let Err(e) = prune_when_due(&core) {
            tracing::warn!("the journal was not pruned: {e}");
        }
    });
}

/// The background prune: entries older than the retention go, once a day across programs.
fn prune_when_due(core: &Context) -> Result<u64> {
    // A retention file that cannot be read deletes nothing.
    let retention = load_retention(&core.config_dir)?;
    let journal = journal(core)?;
    let now = core.clock.now();
    if !journal.claim_prune(now)? {
        return Ok(0);
    }
    let cutoff = cutoff(now, &retention);
    let removed = journal.prune_before(cutoff)?;
    if removed > 0 {
        tracing::info!(removed, "journal entries past the retention removed");
    }
    let deliveries = prune_deliveries(core, cutoff)?;
    if deliveries > 0 {
        tracing::info!(deliveries, "alert deliveries past the retention removed");
    }
    Ok(removed)
}

/// The team alerts' deliveries done before `cutoff` go with the journal's entries.
fn prune_deliveries(core: &Context, cutoff: DateTime<Utc>) -> Result<usize> {
    Ok(DeliveryStore::new(&core.data_folder()?).prune_before(cutoff)?)
}

fn cutoff(now: DateTime<Utc>, retention: &Retention) -> DateTime<Utc> {
    now - Duration::days(retention.keep_days.into())
}

fn journal(core: &Context) -> Result<Journal> {
    Ok(Journal::new(&core.data_folder()?).with_clock(core.clock.clone()))
}

fn storage(core: &Context) -> Result<ActivityStorageView> {
    let keep_days = load_retention(&core.config_dir)?.keep_days;
    let size = journal(core)?.size()?;
    Ok(ActivityStorageView {
        keep_days,
        entries: size.entries,
        oldest: size.oldest,
        bytes: size.bytes,
    })
}

async fn blocking<T: Send + 'static>(f: impl FnOnce() -> Result<T> + Send + 'static) -> Result<T> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| Error::Archive(lockdesk_archive::Error::Export(e.to_string())))?
}
