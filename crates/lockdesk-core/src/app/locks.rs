//! Locks: list, detail, rename, image from a dropped file (checked and downscaled) or bytes,
//! reset to the default image.

use base64::Engine;
use futures::TryStreamExt;
use lockdesk_api::ids::LockId;
use lockdesk_api::v3::{LockImage, LockQuery, LockUpdate, PageParams};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::image::{prepare, PreparedImageView};
use super::{AppContext, LockView, NoArgs};
use crate::error::{Error, Result};

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct LocksListResponse {
    pub locks: Vec<LockView>,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct LockIdRequest {
    pub lock_id: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct LocksRenameRequest {
    pub lock_id: String,
    /// At most 50 characters.
    pub name: String,
}

/// Where the image comes from: a file dropped onto the desktop window (by path), or bytes the
/// browser read from a dropped/chosen `File` (base64).
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ImageSource {
    Path { path: String },
    Bytes { file_name: String, base64: String },
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct LocksSetImageRequest {
    pub lock_id: String,
    pub source: ImageSource,
}

#[derive(Clone, Debug, Serialize, Deserialize, TS)]
pub struct LocksSetImageResponse {
    pub lock: LockView,
    pub image: PreparedImageView,
}

const READ: &str = "organization:lock:read";
const WRITE: &str = "organization:lock:write";

pub async fn locks_list(ctx: &AppContext, _req: NoArgs) -> Result<LocksListResponse> {
    let (client, org) = ctx.org().await?;
    let query = LockQuery {
        page: PageParams::limit(1000),
        ..Default::default()
    };
    let locks: Vec<_> = client
        .org(&org)
        .locks()
        .stream(query)
        .try_collect()
        .await
        .map_err(ctx.scoped(READ))?;
    ctx.space().images.note(locks.iter().map(|l| &l.image_url));
    Ok(LocksListResponse {
        locks: locks.iter().map(LockView::from).collect(),
    })
}

pub async fn locks_get(ctx: &AppContext, req: LockIdRequest) -> Result<LockView> {
    let (client, org) = ctx.org().await?;
    let id = LockId::parse(req.lock_id.trim())?;
    let lock = client
        .org(&org)
        .locks()
        .get(&id)
        .await
        .map_err(ctx.scoped(READ))?;
    ctx.space().images.note([&lock.image_url]);
    Ok(LockView::from(&lock))
}

async fn update(ctx: &AppContext, lock_id: &str, update: LockUpdate) -> Result<LockView> {
    let (client, org) = ctx.org().await?;
    let id = LockId::parse(lock_id.trim())?;
    let lock = client
        .org(&org)
        .locks()
        .update(&id, &update)
        .await
        .map_err(ctx.scoped(WRITE))?;
    ctx.space().images.renew(&lock.image_url);
    Ok(LockView::from(&lock))
}

pub async fn locks_rename(ctx: &AppContext, req: LocksRenameRequest) -> Result<LockView> {
    let name = req.name.trim().to_owned();
    if name.is_empty() {
        return Err(Error::invalid("name", "the name is empty"));
    }
    update(
        ctx,
        &req.lock_id,
        LockUpdate {
            name: Some(name),
            image: None,
        },
    )
    .await
}

fn read_source(ctx: &AppContext, source: ImageSource) -> Result<(String, Vec<u8>)> {
    match source {
        ImageSource::Path { path } => {
            let p = std::path::PathBuf::from(&path);
            if !ctx.file_allowed(&p) {
                return Err(Error::invalid(
                    "path",
                    "only files dropped onto the window can be read by path",
                ));
            }
            let bytes = std::fs::read(&p).map_err(|e| Error::FileUnreadable {
                path: path.clone(),
                reason: e.to_string(),
            })?;
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "image".into());
            Ok((name, bytes))
        }
        ImageSource::Bytes { file_name, base64 } => {
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(base64.trim())
                .map_err(|e| Error::invalid("base64", format!("not valid base64: {e}")))?;
            Ok((file_name, bytes))
        }
    }
}

/// Checks the file is an image, shrinks very large photos, uploads it.
pub async fn locks_set_image(
    ctx: &AppContext,
    req: LocksSetImageRequest,
) -> Result<LocksSetImageResponse> {
    let (file_name, bytes) = read_source(ctx, req.source)?;
    let (upload, image) = tokio::task::spawn_blocking(move || prepare(&file_name, bytes))
        .await
        .map_err(|e| Error::invalid("image", format!("image processing failed: {e}")))??;
    let lock = update(
        ctx,
        &req.lock_id,
        LockUpdate {
            name: None,
            image: Some(LockImage::Upload(upload)),
        },
    )
    .await?;
    Ok(LocksSetImageResponse { lock, image })
}

pub async fn locks_reset_image(ctx: &AppContext, req: LockIdRequest) -> Result<LockView> {
    update(
        ctx,
        &req.lock_id,
        LockUpdate {
            name: None,
            image: Some(LockImage::Reset),
        },
    )
    .await
}
