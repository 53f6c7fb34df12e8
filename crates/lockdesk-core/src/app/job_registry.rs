//! The registry of long work in the background, held by the context: progress the UI polls by
//! job id (`jobs.rs`). Progress is data (numbers, state, results, error code): each front end
//! words it. Generic over the results a job collects (`R`); the context chooses them.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

pub use crate::app::job_kind::JobKind;
use crate::error::{Error, ErrorPayload, Result};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum JobState {
    Running,
    /// Every row was handled.
    Finished,
    /// Stopped early for a reason in `error` (e.g. `invitation_limit_exceeded`).
    Stopped,
    /// Could not start or failed as a whole (`error`).
    Failed,
    Cancelled,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct JobView<R> {
    pub id: String,
    pub kind: JobKind,
    pub state: JobState,
    /// Rows (bulk invitations) or locks (history sync) to handle, and handled so far.
    pub total: u32,
    pub done: u32,
    /// Invitations sent so far (bulk invitations; 0 for a history sync). The front ends word
    /// the progress from these numbers, the state and the results: the job carries no text.
    pub sent: u32,
    /// One result per row handled (a bulk invitation's CSV rows, in file order), filled in as
    /// the job goes; none for a job without rows (a history sync).
    pub results: Vec<R>,
    pub error: Option<ErrorPayload>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct JobIdRequest {
    pub job_id: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct JobStarted<R> {
    pub job_id: String,
    pub job: JobView<R>,
}

struct Entry<R> {
    view: JobView<R>,
    cancel: Arc<AtomicBool>,
}

pub(crate) struct Jobs<R> {
    next: AtomicU64,
    map: Mutex<HashMap<String, Entry<R>>>,
}

impl<R> Default for Jobs<R> {
    fn default() -> Self {
        Jobs {
            next: AtomicU64::new(0),
            map: Mutex::new(HashMap::new()),
        }
    }
}

impl<R: Clone> Jobs<R> {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry<R>>> {
        self.map.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Registers a running job; returns its id and its cancel flag.
    pub(crate) fn start(&self, kind: JobKind, total: u32) -> (String, Arc<AtomicBool>) {
        let id = format!("job-{}", self.next.fetch_add(1, Ordering::Relaxed) + 1);
        let cancel = Arc::new(AtomicBool::new(false));
        self.map().insert(
            id.clone(),
            Entry {
                view: JobView {
                    id: id.clone(),
                    kind,
                    state: JobState::Running,
                    total,
                    done: 0,
                    sent: 0,
                    results: Vec::new(),
                    error: None,
                },
                cancel: cancel.clone(),
            },
        );
        (id, cancel)
    }

    pub(crate) fn update(&self, id: &str, f: impl FnOnce(&mut JobView<R>)) {
        if let Some(e) = self.map().get_mut(id) {
            f(&mut e.view);
        }
    }

    pub(crate) fn get(&self, id: &str) -> Result<JobView<R>> {
        self.map()
            .get(id)
            .map(|e| e.view.clone())
            .ok_or_else(|| Error::JobNotFound(id.to_owned()))
    }

    /// What the running jobs do, in the order they started.
    pub(crate) fn running(&self) -> Vec<JobKind> {
        let map = self.map();
        let mut running: Vec<(&String, JobKind)> = map
            .iter()
            .filter(|(_, e)| e.view.state == JobState::Running)
            .map(|(id, e)| (id, e.view.kind))
            .collect();
        running.sort_by_key(|(id, _)| id.trim_start_matches("job-").parse::<u64>().unwrap_or(0));
        running.into_iter().map(|(_, k)| k).collect()
    }

    /// Asks every running job to stop (the demo is being started or left).
    pub(crate) fn cancel_all(&self) {
        for e in self.map().values() {
            if e.view.state == JobState::Running {
                e.cancel.store(true, Ordering::Relaxed);
            }
        }
    }

    pub(crate) fn cancel(&self, id: &str) -> Result<JobView<R>> {
        let map = self.map();
        let e = map
            .get(id)
            .ok_or_else(|| Error::JobNotFound(id.to_owned()))?;
        e.cancel.store(true, Ordering::Relaxed);
        Ok(e.view.clone())
    }
}
