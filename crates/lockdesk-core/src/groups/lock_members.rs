//! What only lock groups have: delete, add and remove locks. Their list, detail, create and
//! update are in `groups.rs`, shared with user groups.

use lockdesk_api::ids::LockId;
use lockdesk_api::v3::{GroupKind, LockGroupKind};
use serde::{Deserialize, Serialize};

use crate::app::args::Done;
use crate::app::context::AppContext;
use crate::error::Result;
use crate::groups::commands::{parse_id, LockGroupIdRequest};
use crate::groups::view::LockGroupView;

const READ: &str = LockGroupKind::READ_SCOPE;
const WRITE: &str = LockGroupKind::WRITE_SCOPE;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LockGroupLocksRequest {
    pub lock_group_id: String,
    pub lock_ids: Vec<String>,
}

pub(crate) async fn lock_groups_delete(ctx: &AppContext, req: LockGroupIdRequest) -> Result<Done> {
    let (client, org) = ctx.org().await?;
    client
        .org(&org)
        .lock_groups()
        .delete(&parse_id::<LockGroupKind>(&req.lock_group_id)?)
        .await
        .map_err(ctx.scoped(WRITE))?;
    Ok(Done::ok())
}

fn lock_ids(ids: &[String]) -> Result<Vec<LockId>> {
    ids.iter().map(|i| Ok(LockId::parse(i.trim())?)).collect()
}

pub(crate) async fn lock_groups_add_locks(
    ctx: &AppContext,
    req: LockGroupLocksRequest,
) -> Result<LockGroupView> {
    let (client, org) = ctx.org().await?;
    let g = client
        .org(&org)
        .lock_groups()
        .add_locks(
            &parse_id::<LockGroupKind>(&req.lock_group_id)?,
            &lock_ids(&req.lock_ids)?,
        )
        .await
        .map_err(ctx.scoped(WRITE))?;
    Ok((&g).into())
}

/// Removes the locks, then answers the group as it now is.
pub(crate) async fn lock_groups_remove_locks(
    ctx: &AppContext,
    req: LockGroupLocksRequest,
) -> Result<LockGroupView> {
    let (client, org) = ctx.org().await?;
    let id = parse_id::<LockGroupKind>(&req.lock_group_id)?;
    let groups = client.org(&org).lock_groups();
    groups
        .remove_locks(&id, &lock_ids(&req.lock_ids)?)
        .await
        .map_err(ctx.scoped(WRITE))?;
    let g = groups.get(&id).await.map_err(ctx.scoped(READ))?;
    Ok((&g).into())
}
