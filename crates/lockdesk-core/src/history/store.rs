//! Where a space's history archive lives, opened once per space (kept in `state.rs`). Used by
//! the archive queries (`archive.rs`) and the sync (`sync.rs`), which do not depend on each
//! other.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use lockdesk_api::ApiVersion;
use lockdesk_archive::{db, paths, Archive};

use crate::app::context::AppContext;
use crate::error::{Error, Result};

/// The space's own data folder (the demo's sandbox), else `$LOCKDESK_DATA_DIR` or the
/// platform's.
fn data_dir(ctx: &AppContext) -> Result<PathBuf> {
    match &ctx.core().data_dir {
        Some(dir) => Ok(dir.clone()),
        None => Ok(paths::data_dir()?),
    }
}

/// Where the archive of the history (v2) profile in use lives (or the one named with
/// `AppContext::use_archive`).
fn archive_path(ctx: &AppContext) -> Result<PathBuf> {
    match ctx.archive_override() {
        Some(path) => Ok(path),
        None => {
            let profile = ctx.profile_for(ApiVersion::V2)?;
            Ok(paths::archive_path(&data_dir(ctx)?, &profile, None)?)
        }
    }
}

/// The archive in use, opened once per app context.
fn open_here(ctx: &AppContext) -> Result<Arc<Archive>> {
    let path = archive_path(ctx)?;
    let space = ctx.space();
    let mut map = space
        .history
        .archives
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    if let Some(a) = map.get(&path) {
        return Ok(a.clone());
    }
    // This opening rewrites an archive of an earlier version: the status says so meanwhile.
    let older = is_older(&path);
    if older {
        space.history.updating().running = true;
    }
    let opened = Archive::open(&path);
    if older {
        let mut updating = space.history.updating();
        updating.running = false;
        updating.failed = opened.is_err();
    }
    let a = Arc::new(opened?);
    map.insert(path, a.clone());
    Ok(a)
}

/// The archive at `path` if this space holds it open; `None` also while an opening holds the
/// archives (it may be rewriting one: never waited for here).
fn opened(ctx: &AppContext, path: &Path) -> Option<Arc<Archive>> {
    let space = ctx.space();
    let map = space.history.archives.try_lock().ok()?;
    map.get(path).cloned()
}

/// The archive at `path` is of an earlier version (an unreadable one is left to the opening).
fn is_older(path: &Path) -> bool {
    db::schema_on_disk(path)
        .unwrap_or(None)
        .is_some_and(|v| v < db::SCHEMA_VERSION)
}

/// [`open_here`] off the async threads: opening checks the file, and the first open of an
/// archive of an earlier schema rewrites it (over a minute for 10 million records).
pub(crate) async fn open_archive(ctx: &AppContext) -> Result<Arc<Archive>> {
    let ctx = ctx.clone();
    blocking(move || open_here(&ctx)).await
}

/// How long a screen's first ask waits for an archive being rewritten before it says so.
pub(crate) const UPDATE_WAIT: Duration = Duration::from_millis(800);

/// The archive in use, or `None` while an opening rewrites an archive of an earlier version
/// for this one and did not finish within `wait` (at once for zero): the rewrite goes on in the
/// background and a later call answers the archive. After a rewrite failed, the next call waits
/// for the next try, so that how it failed is told. What a screen asks first, so that it can
/// say so instead of showing nothing for a minute.
pub(crate) async fn archive_unless_updating(
    ctx: &AppContext,
    wait: Duration,
) -> Result<Option<Arc<Archive>>> {
    let space = ctx.space();
    let (running, failed) = {
        let updating = space.history.updating();
        (updating.running, updating.failed)
    };
    if running {
        return Ok(None);
    }
    if failed {
        return open_archive(ctx).await.map(Some);
    }
    // Said before the opening starts, so that even a zero wait tells a rewrite to come.
    let older = {
        let ctx = ctx.clone();
        blocking(move || {
            let path = archive_path(&ctx)?;
            Ok(match opened(&ctx, &path) {
                Some(open) => Err(open),
                None => Ok(is_older(&path)),
            })
        })
        .await?
    };
    // `Err`: open already (most asks: the file is not read again).
    let older = match older {
        Err(open) => return Ok(Some(open)),
        Ok(older) => older,
    };
    if older {
        space.history.updating().running = true;
    }
    let (in_background, its_space) = (ctx.clone(), space.clone());
    let mut opening = tokio::spawn(async move {
        let opened = open_archive(&in_background).await;
        if older {
            // Also when another opening did the rewrite first (this one then found it open).
            its_space.history.updating().running = false;
        }
        opened
    });
    if !wait.is_zero() {
        if let Ok(joined) = tokio::time::timeout(wait, &mut opening).await {
            return joined.map_err(join_error)?.map(Some);
        }
    }
    if space.history.updating().running {
        return Ok(None);
    }
    opening.await.map_err(join_error)?.map(Some)
}

fn join_error(e: tokio::task::JoinError) -> Error {
    Error::Archive(lockdesk_archive::Error::Export(e.to_string()))
}

async fn blocking<T: Send + 'static>(f: impl FnOnce() -> Result<T> + Send + 'static) -> Result<T> {
    tokio::task::spawn_blocking(f).await.map_err(join_error)?
}

/// An error of work on `archive`, named for the person: damage SQLite found in it sets the
/// file aside (the space forgets it and this was the last use, so it is closed first; the
/// next sync fills a new archive from the service), a full disk names its folder.
pub(crate) fn archive_failed(ctx: &AppContext, archive: Arc<Archive>, e: Error) -> Error {
    let Error::Archive(inner) = e else {
        return e;
    };
    if !lockdesk_archive::store_file::is_damage(&inner) {
        return Error::from(archive.classify(inner));
    }
    let path = archive.path().to_owned();
    ctx.space()
        .history
        .archives
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .remove(&path);
    drop(archive);
    Error::from(Archive::set_aside_damaged(&path))
}

#[cfg(test)]
#[path = "store_tests.rs"]
mod tests;
