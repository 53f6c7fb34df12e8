//! Locks: list, detail, rename, image from a dropped file (checked and downscaled) or bytes,
//! reset to the default image.

use futures::TryStreamExt;
use lockdesk_api::ids::LockId;
use lockdesk_api::v3::{LockImage, LockQuery, LockUpdate, PageParams};
use serde::{Deserialize, Serialize};

use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::images::upload::{prepare_source, ImageSource, PreparedImageView};
use crate::images::ImageScope;
use crate::locks::view::LockView;
use crate::offline;
use crate::offline::CachedView;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LocksListResponse {
    pub locks: Vec<LockView>,
    /// Present when the answer comes from the offline cache.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub cached: Option<CachedView>,
}

/// Which locks to list; every lock of the organization when empty.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LocksListRequest {
    /// Only these lock ids.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub lock_ids: Option<Vec<String>>,
    /// Only the first page, of at most this many (1 to 1,000); every page when absent.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub limit: Option<u32>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LockIdRequest {
    pub lock_id: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LocksRenameRequest {
    pub lock_id: String,
    /// At most 50 characters.
    pub name: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LocksSetImageRequest {
    pub lock_id: String,
    pub source: ImageSource,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LocksSetImageResponse {
    pub lock: LockView,
    pub image: PreparedImageView,
}

const READ: &str = "organization:lock:read";
const WRITE: &str = "organization:lock:write";

pub async fn locks_list(ctx: &AppContext, req: LocksListRequest) -> Result<LocksListResponse> {
    // Kept under the request as asked, ids trimmed and sorted; a request whose own answer is
    // not kept is answered offline from the kept complete list.
    let mut ids: Vec<String> = req
        .lock_ids
        .iter()
        .flatten()
        .map(|i| i.trim().to_owned())
        .collect();
    ids.sort();
    let key = LocksListRequest {
        lock_ids: Some(ids.clone()).filter(|i| !i.is_empty()),
        limit: req.limit,
    };
    let limit = req.limit;
    let narrow = offline::Narrow {
        complete: LocksListRequest::default(),
        narrow: Box::new(move |mut all: LocksListResponse| {
            if !ids.is_empty() {
                all.locks.retain(|l| ids.contains(&l.id));
            }
            if let Some(limit) = limit {
                all.locks.truncate(limit as usize);
            }
            all
        }),
    };
    let online = list_online(ctx, req);
    let (mut answer, cached) = offline::read(ctx, "locks_list", &key, Some(narrow), online).await?;
    answer.cached = cached;
    Ok(answer)
}

async fn list_online(ctx: &AppContext, req: LocksListRequest) -> Result<LocksListResponse> {
    if let Some(limit) = req.limit {
        lockdesk_api::validate::limit(limit)?;
    }
    let lock_ids = req
        .lock_ids
        .unwrap_or_default()
        .iter()
        .map(|id| LockId::parse(id.trim()))
        .collect::<lockdesk_api::Result<Vec<_>>>()?;
    let (client, org) = ctx.org().await?;
    let query = LockQuery {
        page: PageParams::limit(req.limit.unwrap_or(1000)),
        lock_ids,
    };
    let locks = client.org(&org).locks();
    let locks: Vec<_> = match req.limit {
        Some(_) => locks.list(&query).await,
        None => locks.stream(query).try_collect().await,
    }
    .map_err(ctx.scoped(READ))?;
    let scope = ImageScope::of(&client, &org);
    ctx.space()
        .images
        .note(&scope, locks.iter().map(|l| &l.image_url));
    Ok(LocksListResponse {
        locks: locks.iter().map(LockView::from).collect(),
        cached: None,
    })
}

pub async fn locks_get(ctx: &AppContext, req: LockIdRequest) -> Result<LockView> {
    let list = ("locks_list", "locks", req.lock_id.as_str());
    offline::read_one(ctx, "locks_get", &req, list, get_online(ctx, &req)).await
}

async fn get_online(ctx: &AppContext, req: &LockIdRequest) -> Result<LockView> {
    let (client, org) = ctx.org().await?;
    let id = LockId::parse(req.lock_id.trim())?;
    let lock = client
        .org(&org)
        .locks()
        .get(&id)
        .await
        .map_err(ctx.scoped(READ))?;
    ctx.space()
        .images
        .note(&ImageScope::of(&client, &org), [&lock.image_url]);
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
    ctx.space()
        .images
        .renew(&ImageScope::of(&client, &org), &lock.image_url);
    Ok(LockView::from(&lock))
}

pub(crate) async fn locks_rename(ctx: &AppContext, req: LocksRenameRequest) -> Result<LockView> {
    let name = req.name.trim().to_owned();
    if name.is_empty() {
        return Err(Error::invalid("name", "the name is empty"));
    }
    // The old name, for the journal; best effort (a failed read does not stop the rename).
    let current = LockIdRequest {
        lock_id: req.lock_id.clone(),
    };
    if let Ok(old) = locks_get(ctx, current).await {
        crate::journal::notes::note_old("name", old.name);
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

/// Checks the file is an image, shrinks very large photos, uploads it.
pub(crate) async fn locks_set_image(
    ctx: &AppContext,
    req: LocksSetImageRequest,
) -> Result<LocksSetImageResponse> {
    let (upload, image) = prepare_source(ctx, req.source).await?;
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

pub(crate) async fn locks_reset_image(ctx: &AppContext, req: LockIdRequest) -> Result<LockView> {
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
