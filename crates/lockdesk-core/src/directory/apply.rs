//! Applying the plan: each row not held back, through the same use-cases a person's change goes
//! through (journaled; an invitation whose answer was lost is looked up at the service, never sent
//! twice): the updates first, then the removals, then the invitations (stopped at the service's
//! invitation limit, the rest of the plan still applied). The plan is made again first and must be
//! the one the person saw ([`fingerprint`]); applying again after a stop does what remains.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::app::context::AppContext;
use crate::directory::plan::{Change, DirectoryPlan, PlanRow};
use crate::error::{Error, ErrorCode, ErrorPayload, Result};
use crate::invitations::InvitationsCreateRequest;
use crate::journal::journaled::{invitations_create, users_remove, users_update};
use crate::users::commands::{UserIdRequest, UsersUpdateRequest};

/// The plan's rows to apply, in order: updates, removals, invitations.
pub fn to_apply(plan: &DirectoryPlan) -> Vec<PlanRow> {
    [&plan.movers, &plan.leavers, &plan.joiners]
        .iter()
        .flat_map(|rows| rows.iter().filter(|r| r.held.is_none()).cloned())
        .collect()
}

/// Whether removing `removals` of `users` is more than a directory's normal day: a source cut
/// short (half an export restored from a backup, a filter gone wrong) would remove everyone it
/// lost. More than a fifth of the users, and more than five, needs the person's say-so.
pub fn mass_removal(removals: usize, users: usize) -> bool {
    removals > 5 && removals * 5 > users
}

/// A short fingerprint of what a plan would do: apply refuses a plan that changed since it was
/// shown.
pub fn fingerprint(plan: &DirectoryPlan) -> String {
    let rows = serde_json::to_vec(&to_apply(plan)).unwrap_or_default();
    Sha256::digest(&rows)[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// How one row ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ApplyOutcome {
    Done,
    Failed,
    /// Not tried: the run stopped before it (the invitation limit, a lost sign-in or right).
    NotAttempted,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ApplyResult {
    pub row: PlanRow,
    pub outcome: ApplyOutcome,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub error: Option<ErrorPayload>,
}

/// Whether an error stops every later row, only the later invitations, or only its own row.
enum Stop {
    All,
    Invitations,
    Row,
}

fn stop_of(e: &Error) -> Stop {
    match e.code() {
        ErrorCode::InvitationLimitExceeded => Stop::Invitations,
        ErrorCode::InsufficientScope
        | ErrorCode::InsufficientAuthority
        | ErrorCode::NotInOrganization
        | ErrorCode::FileUnwritable
        | ErrorCode::DiskFull => Stop::All,
        _ if e.is_not_signed_in() => Stop::All,
        _ => Stop::Row,
    }
}

/// One row through its use-case.
async fn apply_row(ctx: &AppContext, row: &PlanRow) -> Result<()> {
    match &row.change {
        Change::Remove { user_id, .. } => {
            users_remove(
                ctx,
                UserIdRequest {
                    user_id: user_id.clone(),
                },
            )
            .await?;
        }
        Change::Update {
            user_id,
            name,
            mail,
            code,
        } => {
            users_update(
                ctx,
                UsersUpdateRequest {
                    user_id: user_id.clone(),
                    name: name.clone(),
                    mail: mail.clone(),
                    authority: None,
                    code: code.clone(),
                    image: None,
                },
            )
            .await?;
        }
        Change::Invite { mail, code } => {
            invitations_create(
                ctx,
                InvitationsCreateRequest {
                    mail: mail.clone(),
                    authority: None,
                    code: Some(code.clone()).filter(|c| !c.is_empty()),
                },
            )
            .await?;
        }
    }
    Ok(())
}

/// Applies `rows` in order, telling `on_row` each result as it ends.
pub async fn apply_rows(
    ctx: &AppContext,
    rows: Vec<PlanRow>,
    mut on_row: impl FnMut(&ApplyResult, usize, usize),
) -> Vec<ApplyResult> {
    let total = rows.len();
    let (mut stop_all, mut stop_invites) = (false, false);
    let mut results = Vec::with_capacity(total);
    for row in rows {
        let is_invite = matches!(row.change, Change::Invite { .. });
        let result = if stop_all || (is_invite && stop_invites) {
            ApplyResult {
                row,
                outcome: ApplyOutcome::NotAttempted,
                error: None,
            }
        } else {
            match apply_row(ctx, &row).await {
                Ok(()) => ApplyResult {
                    row,
                    outcome: ApplyOutcome::Done,
                    error: None,
                },
                Err(e) => {
                    match stop_of(&e) {
                        Stop::All => stop_all = true,
                        Stop::Invitations => stop_invites = true,
                        Stop::Row => {}
                    }
                    ApplyResult {
                        row,
                        outcome: ApplyOutcome::Failed,
                        error: Some(e.payload()),
                    }
                }
            }
        };
        on_row(&result, results.len() + 1, total);
        results.push(result);
    }
    results
}
