//! The UI's commands on background jobs: progress by job id, and cancelling. The jobs
//! themselves are kept in the context's registry (`job_registry.rs`).

use crate::app::context::AppContext;
use crate::app::job_registry::JobIdRequest;
use crate::app::job_results::JobView;
use crate::error::Result;

pub async fn jobs_get(ctx: &AppContext, req: JobIdRequest) -> Result<JobView> {
    ctx.jobs().get(&req.job_id)
}

/// Asks a running job to stop after the row in progress; the answer is the job as it stands.
pub async fn jobs_cancel(ctx: &AppContext, req: JobIdRequest) -> Result<JobView> {
    ctx.jobs().cancel(&req.job_id)
}
