//! The UI's commands on background jobs: progress by job id, and cancelling. The jobs
//! themselves are kept in the context's registry (`job_registry.rs`), with the one kind of
//! results there is: an invitation row's.

use crate::app::context::AppContext;
use crate::app::job_registry::{self, JobIdRequest};
use crate::error::Result;
use crate::invitations::outcomes::InviteResult;

/// What a job collects, one per row: a bulk invitation's row results (a history sync has none).
pub type JobResult = InviteResult;
/// A job as the UI polls it.
pub type JobView = job_registry::JobView<JobResult>;
/// A job just started, as its command answers.
pub type JobStarted = job_registry::JobStarted<JobResult>;

pub async fn jobs_get(ctx: &AppContext, req: JobIdRequest) -> Result<JobView> {
    ctx.jobs().get(&req.job_id)
}

/// Asks a running job to stop after the row in progress; the answer is the job as it stands.
pub async fn jobs_cancel(ctx: &AppContext, req: JobIdRequest) -> Result<JobView> {
    ctx.jobs().cancel(&req.job_id)
}
