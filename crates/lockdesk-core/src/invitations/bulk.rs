//! Bulk invitations, sending: one run over the checked rows ([`run_bulk_invite`]) with a
//! callback after every row and a cancel flag. The app runs it as a background job
//! ([`invitations_bulk_start`], polled with `jobs_get`); `lockctl invitations import` runs it in
//! the foreground with progress on stderr ([`invitations_bulk_send`]). Rows already invited or
//! already users are never sent again, so a run can be repeated safely.

use std::sync::atomic::{AtomicBool, Ordering};

use lockdesk_api::models::Authority;
use lockdesk_api::v3::NewInvitation;
use serde::{Deserialize, Serialize};

use crate::app::context::AppContext;
use crate::app::job_kind::JobKind;
use crate::app::job_registry::JobState;
use crate::app::job_results::JobStarted;
use crate::error::{Error, ErrorCode, ErrorPayload, Result};
use crate::invitations::outcomes::{InviteOutcome, InviteResult};
use crate::invitations::plan::{preview, BulkInviteRequest, InviteRow, InviteRowStatus};
use crate::invitations::{INVITATION_LIMIT, WRITE};
use crate::journal::entry::{begin, complete, role, Pending};
use crate::journal::{lost_answer, Operation, Target};

/// Where a run stands after a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BulkProgress {
    /// Rows handled so far, of `total`.
    pub done: u32,
    pub total: u32,
    /// Invitations sent so far.
    pub sent: u32,
}

/// How a run ended, with one result per CSV row in file order.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BulkInviteReport {
    /// `finished` (every row handled), `stopped` (the invitation limit), `failed` (the session
    /// or its rights), or `cancelled`.
    pub state: JobState,
    pub total: u32,
    pub sent: u32,
    /// One line in English, for logs and the command line.
    pub message: String,
    pub results: Vec<InviteResult>,
    pub error: Option<ErrorPayload>,
}

impl BulkInviteReport {
    /// Every row is done (invited now or before, or already a user).
    pub fn all_done(&self) -> bool {
        self.state == JobState::Finished && self.results.iter().all(|r| r.outcome.is_done())
    }
}

fn result(row: &InviteRow, outcome: InviteOutcome) -> InviteResult {
    InviteResult {
        line: row.line,
        mail: row.mail.clone(),
        outcome,
        code: None,
        message: row.message.clone(),
        problem: row.problem.clone(),
        answer_lost: false,
    }
}

/// What a row's entry says about it.
fn row_target(row: &InviteRow) -> Target {
    Target::id(row.mail.clone())
        .set("authority", role(Some(row.authority)))
        .set("user_code", row.code.as_ref())
}

/// Each row sent is an entry of the journal of its own, written before it is sent (a row whose
/// entry cannot be written is not sent), then completed: done or with the service's code, and
/// whether it was found done after a lost answer.
fn journal_row(
    ctx: &AppContext,
    pending: Pending,
    row: &InviteRow,
    outcome: std::result::Result<(), ErrorCode>,
    answer_lost: bool,
) {
    let target = row_target(row).set(
        lost_answer::ANSWER_FIELD,
        answer_lost.then_some(lost_answer::LOST_FOUND),
    );
    complete(ctx, pending, &target, outcome);
}

/// Sends the `ready` rows of a preview, one after the other, and reports every row to
/// `on_row`. Stops at the invitation limit, on a session or rights error, or when `cancel` is
/// set (checked before each row); rows after the stop are `not_attempted`.
pub async fn run_bulk_invite<F>(
    ctx: &AppContext,
    rows: Vec<InviteRow>,
    mut on_row: F,
    cancel: &AtomicBool,
) -> BulkInviteReport
where
    F: FnMut(&InviteResult, BulkProgress),
{
    let total = rows.len() as u32;
    let (client, org) = match ctx.org().await {
        Ok(v) => v,
        Err(e) => {
            return BulkInviteReport {
                state: JobState::Failed,
                total,
                sent: 0,
                message: e.to_string(),
                results: Vec::new(),
                error: Some(e.payload()),
            }
        }
    };
    let invitations = client.org(&org).invitations();
    let mut stop: Option<(JobState, Error)> = None;
    let mut sent = 0u32;
    let mut results = Vec::with_capacity(rows.len());
    for row in &rows {
        if stop.is_none() && cancel.load(Ordering::Relaxed) {
            stop = Some((JobState::Cancelled, Error::invalid("job", "cancelled")));
        }
        let res = if stop.is_some() {
            result(row, InviteOutcome::NotAttempted)
        } else {
            match row.status {
                InviteRowStatus::Invalid => result(row, InviteOutcome::Invalid),
                InviteRowStatus::Duplicate => result(row, InviteOutcome::Duplicate),
                InviteRowStatus::AlreadyInvited => result(row, InviteOutcome::AlreadyInvited),
                InviteRowStatus::AlreadyUser => result(row, InviteOutcome::AlreadyUser),
                InviteRowStatus::Ready => 'row: {
                    let pending =
                        match begin(ctx, Operation::InvitationsBulkRow, None, &row_target(row)) {
                            Ok(p) => p,
                            // The journal cannot be written: this row and the rest are not sent.
                            Err(e) => {
                                let mut r = result(row, InviteOutcome::NotAttempted);
                                r.code = Some(e.code().as_str().to_owned());
                                r.message = Some(e.to_string());
                                stop = Some((JobState::Failed, e));
                                break 'row r;
                            }
                        };
                    let new = NewInvitation {
                        mail: row.mail.clone(),
                        authority: Some(Authority::from(row.authority)),
                        code: row.code.clone(),
                    };
                    // A lost answer is checked at the service, never sent again.
                    let sent_now =
                        lost_answer::send_invitation(&invitations, &new, ctx.core().clock.now())
                            .await
                            .map_err(ctx.scoped(WRITE));
                    let found_after_lost = sent_now.as_ref().is_ok_and(|lost| *lost);
                    journal_row(
                        ctx,
                        pending,
                        row,
                        sent_now.as_ref().map(|_| ()).map_err(|e| e.code()),
                        found_after_lost,
                    );
                    match sent_now {
                        Ok(_) => {
                            sent += 1;
                            let mut r = result(row, InviteOutcome::Invited);
                            r.answer_lost = found_after_lost;
                            r
                        }
                        Err(e) => {
                            let outcome = match e.code() {
                                ErrorCode::ExistInvitation => InviteOutcome::AlreadyInvited,
                                ErrorCode::RegisteredMail => InviteOutcome::AlreadyUser,
                                ErrorCode::InvitationLimitExceeded => InviteOutcome::LimitReached,
                                _ => InviteOutcome::Failed,
                            };
                            let mut r = result(row, outcome);
                            r.code = Some(e.code().as_str().to_owned());
                            r.message = Some(e.to_string());
                            let fatal = matches!(
                                e.code(),
                                ErrorCode::InsufficientScope
                                    | ErrorCode::InsufficientAuthority
                                    | ErrorCode::NotInOrganization
                            ) || e.is_not_signed_in();
                            if outcome == InviteOutcome::LimitReached {
                                stop = Some((JobState::Stopped, e));
                            } else if fatal {
                                stop = Some((JobState::Failed, e));
                            }
                            r
                        }
                    }
                }
            }
        };
        results.push(res);
        let progress = BulkProgress {
            done: results.len() as u32,
            total,
            sent,
        };
        on_row(&results[results.len() - 1], progress);
    }
    let (state, message, error) = match stop {
        None => (
            JobState::Finished,
            format!("finished: {sent} invitations sent, {total} rows handled"),
            None,
        ),
        Some((state, e)) => {
            let message = match state {
                JobState::Cancelled => format!("cancelled after {sent} invitations were sent"),
                JobState::Stopped => format!(
                    "stopped: the organization reached its limit of {INVITATION_LIMIT} pending invitations after {sent} were sent; rows not attempted can be sent again later"
                ),
                _ => format!("stopped after {sent} invitations were sent: {e}"),
            };
            let error = (state != JobState::Cancelled).then(|| e.payload());
            (state, message, error)
        }
    };
    BulkInviteReport {
        state,
        total,
        sent,
        message,
        results,
        error,
    }
}

/// Checks the rows (fresh from the service) and sends the ready ones in the foreground: the
/// preview and the run in one call, for `lockctl invitations import`.
pub async fn invitations_bulk_send<F>(
    ctx: &AppContext,
    req: &BulkInviteRequest,
    on_row: F,
    cancel: &AtomicBool,
) -> Result<BulkInviteReport>
where
    F: FnMut(&InviteResult, BulkProgress),
{
    let plan = preview(ctx, req).await?;
    Ok(run_bulk_invite(ctx, plan.rows, on_row, cancel).await)
}

/// Checks the rows again (fresh from the service) and sends the ready ones in the background;
/// poll `jobs_get` with the job id.
pub(crate) async fn invitations_bulk_start(
    ctx: &AppContext,
    req: BulkInviteRequest,
) -> Result<JobStarted> {
    let plan = preview(ctx, &req).await?;
    let (job_id, cancel) = ctx
        .jobs()
        .start(JobKind::BulkInvite, plan.rows.len() as u32);
    let job = ctx.jobs().get(&job_id)?;
    // Bound to this space: starting or leaving the demo meanwhile never moves its rows.
    let ctx2 = ctx.pinned();
    let id = job_id.clone();
    tokio::spawn(async move {
        let jobs = ctx2.jobs();
        let on_row = |res: &InviteResult, p: BulkProgress| {
            jobs.update(&id, |j| {
                j.results.push(res.clone());
                j.done = p.done;
                j.sent = p.sent;
            });
        };
        let report = run_bulk_invite(&ctx2, plan.rows, on_row, &cancel).await;
        jobs.update(&id, |j| {
            j.state = report.state;
            j.sent = report.sent;
            j.error = report.error;
        });
    });
    Ok(JobStarted { job_id, job })
}
