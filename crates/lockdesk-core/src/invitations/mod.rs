//! E-mail invitations: list and one invitation here; bulk invitations from a CSV file in
//! [`plan`] (reading the file: [`csv_decode`] detects its encoding and caps its size,
//! [`headers`] knows the English and Japanese column and role words; parsing, per-row validation against the organization's users and pending
//! invitations: the preview) and [`bulk`] (the run, safe to repeat: an address already invited
//! or already a user counts as done and is never sent twice; `invitation_limit_exceeded` stops
//! the run clearly). The run is one function with a progress callback and a cancel flag, used
//! by the app's background job and by `lockctl invitations import`.

mod bulk;
mod csv_decode;
mod headers;
pub(crate) mod outcomes;
mod plan;

pub(crate) use bulk::invitations_bulk_start;
pub use bulk::{invitations_bulk_send, run_bulk_invite, BulkInviteReport, BulkProgress};
pub use csv_decode::{check_csv_size, CsvEncoding, MAX_CSV_BYTES, MAX_CSV_ROWS};
pub(crate) use csv_decode::{decode_bytes, delimiter};
pub(crate) use headers::normalize;
pub use outcomes::{InviteOutcome, InviteProblem, InviteProblemCode, InviteResult};
pub use plan::{
    invitations_bulk_preview, BulkInvitePreview, BulkInviteRequest, InviteRow, InviteRowStatus,
};

use chrono::{DateTime, Utc};
use lockdesk_api::models::InvitationStatus;
use lockdesk_api::v3::{InvitationQuery, NewInvitation};
use serde::{Deserialize, Serialize};

use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::journal::lost_answer;
use crate::offline;
use crate::offline::CachedView;
use crate::users::view::{InvitationState, InvitationView, Role};

const READ: &str = "organization:user:read";
const WRITE: &str = "organization:user:write";
/// Active invitations allowed per organization (service limit).
pub use crate::error::INVITATION_LIMIT;

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct InvitationsListRequest {
    /// `active` or `expired`; all when absent.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub status: Option<String>,
    /// Only invitations issued strictly after this instant (RFC 3339), sent to the service.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub issued_after: Option<String>,
    /// Only invitations issued strictly before this instant (RFC 3339), sent to the service.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub issued_before: Option<String>,
    /// One page of at most this many (1 to 1,000); every invitation when absent.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub limit: Option<u32>,
}

fn instant(field: &str, value: Option<&str>) -> Result<Option<DateTime<Utc>>> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => DateTime::parse_from_rfc3339(v)
            .map(|t| Some(t.with_timezone(&Utc)))
            .map_err(|_| Error::invalid(field, format!("{v:?} is not an RFC 3339 date and time"))),
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct InvitationsListResponse {
    pub invitations: Vec<InvitationView>,
    /// Present when the answer comes from the offline cache.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub cached: Option<CachedView>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct InvitationsCreateRequest {
    pub mail: String,
    /// `member` when absent.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub authority: Option<Role>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub code: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct InvitationsCreateResponse {
    pub mail: String,
}

pub async fn invitations_list(
    ctx: &AppContext,
    req: InvitationsListRequest,
) -> Result<InvitationsListResponse> {
    let blank = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_owned)
    };
    let key = InvitationsListRequest {
        status: blank(&req.status).filter(|s| s != "all"),
        issued_after: blank(&req.issued_after),
        issued_before: blank(&req.issued_before),
        limit: req.limit,
    };
    // Offline, a status and a page are taken from the kept complete list (a date range is
    // answered only when kept as asked).
    let narrow = (key.issued_after.is_none() && key.issued_before.is_none()).then(|| {
        let (status, limit) = (key.status.clone(), key.limit);
        offline::Narrow {
            complete: InvitationsListRequest::default(),
            narrow: Box::new(move |mut all: InvitationsListResponse| {
                let wanted = match status.as_deref() {
                    Some("active") => Some(InvitationState::Active),
                    Some("expired") => Some(InvitationState::Expired),
                    _ => None,
                };
                if let Some(wanted) = wanted {
                    all.invitations
                        .retain(|i| i.status.as_ref() == Some(&wanted));
                }
                if let Some(limit) = limit {
                    all.invitations.truncate(limit as usize);
                }
                all
            })
                as Box<dyn FnOnce(InvitationsListResponse) -> InvitationsListResponse + Send>,
        }
    });
    let online = list_online(ctx, req);
    let (mut answer, cached) = offline::read(ctx, "invitations_list", &key, narrow, online).await?;
    answer.cached = cached;
    Ok(answer)
}

async fn list_online(
    ctx: &AppContext,
    req: InvitationsListRequest,
) -> Result<InvitationsListResponse> {
    let (client, org) = ctx.org().await?;
    let status = match req.status.as_deref().map(str::trim) {
        None | Some("") | Some("all") => None,
        Some("active") => Some(InvitationStatus::Active),
        Some("expired") => Some(InvitationStatus::Expired),
        Some(other) => {
            return Err(Error::invalid(
                "status",
                format!("{other:?}: use active or expired"),
            ))
        }
    };
    if let Some(limit) = req.limit {
        lockdesk_api::validate::limit(limit)?;
    }
    let query = InvitationQuery {
        status,
        issued_after: instant("issued_after", req.issued_after.as_deref())?,
        issued_before: instant("issued_before", req.issued_before.as_deref())?,
        limit: req.limit,
    };
    let invitations = client.org(&org).invitations();
    let list = match req.limit {
        Some(_) => invitations.list(&query).await,
        None => invitations.list_all(&query).await,
    }
    .map_err(ctx.scoped(READ))?;
    Ok(InvitationsListResponse {
        invitations: list.iter().map(Into::into).collect(),
        cached: None,
    })
}

pub(crate) async fn invitations_create(
    ctx: &AppContext,
    req: InvitationsCreateRequest,
) -> Result<InvitationsCreateResponse> {
    let (client, org) = ctx.org().await?;
    let new = NewInvitation {
        mail: req.mail.trim().to_owned(),
        authority: req.authority.map(Into::into),
        code: req.code.filter(|c| !c.trim().is_empty()),
    };
    new.validate()?;
    let invitations = client.org(&org).invitations();
    lost_answer::send_invitation(&invitations, &new, ctx.core().clock.now())
        .await
        .map_err(ctx.scoped(WRITE))?;
    Ok(InvitationsCreateResponse { mail: new.mail })
}
