//! What the context's jobs collect: the registry is generic over its results, and this app has
//! one kind of them, an invitation row's (a history sync collects none).

use crate::app::job_registry;
use crate::invitations::outcomes::InviteResult;

/// What a job collects, one per row: a bulk invitation's row results.
pub type JobResult = InviteResult;
/// A job as the UI polls it.
pub type JobView = job_registry::JobView<JobResult>;
/// A job just started, as its command answers.
pub type JobStarted = job_registry::JobStarted<JobResult>;
