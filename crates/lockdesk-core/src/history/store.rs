//! Where a space's history archive lives, opened once per space (kept in `state.rs`). Used by
//! the archive queries (`archive.rs`) and the sync (`sync.rs`), which do not depend on each
//! other.

use std::path::PathBuf;
use std::sync::Arc;

use lockdesk_api::ApiVersion;
use lockdesk_archive::{paths, Archive};

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

/// The archive of the history (v2) profile in use (or the one named with
/// `AppContext::use_archive`), opened once per app context.
fn open_here(ctx: &AppContext) -> Result<Arc<Archive>> {
    let chosen = ctx.archive_override();
    let path = match chosen {
        Some(path) => path,
        None => {
            let profile = ctx.profile_for(ApiVersion::V2)?;
            paths::archive_path(&data_dir(ctx)?, &profile, None)?
        }
    };
    let space = ctx.space();
    let mut map = space
        .history
        .archives
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    if let Some(a) = map.get(&path) {
        return Ok(a.clone());
    }
    let a = Arc::new(Archive::open(&path)?);
    map.insert(path, a.clone());
    Ok(a)
}

/// [`open_here`] off the async threads: opening checks the file, and the first open of an
/// archive of an earlier schema rewrites it (over a minute for 10 million records).
pub(crate) async fn open_archive(ctx: &AppContext) -> Result<Arc<Archive>> {
    let ctx = ctx.clone();
    tokio::task::spawn_blocking(move || open_here(&ctx))
        .await
        .map_err(|e| Error::Archive(lockdesk_archive::Error::Export(e.to_string())))?
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
