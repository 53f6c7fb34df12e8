//! Injected faults for the service API (never for `/_sim/`).

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::state::State;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct Faults {
    pub latency_ms: u64,
    pub error_rate: f64,
    pub drop_rate: f64,
    pub path_prefix: Option<String>,
    pub status: u16,
    pub retry_after: Option<u64>,
}

impl Default for Faults {
    fn default() -> Self {
        Self {
            latency_ms: 0,
            error_rate: 0.0,
            drop_rate: 0.0,
            path_prefix: None,
            status: 503,
            retry_after: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum FaultAction {
    Pass,
    Error {
        status: u16,
        retry_after: Option<u64>,
    },
    Drop,
}

impl State {
    /// Latency in ms and what to do with a request to `path`.
    pub fn fault_for(&mut self, path: &str) -> (u64, FaultAction) {
        let f = self.faults.clone();
        if f.path_prefix
            .as_deref()
            .is_some_and(|p| !path.starts_with(p))
        {
            return (0, FaultAction::Pass);
        }
        let action = if f.drop_rate > 0.0 && self.fault_rng.gen_bool(f.drop_rate.clamp(0.0, 1.0)) {
            FaultAction::Drop
        } else if f.error_rate > 0.0 && self.fault_rng.gen_bool(f.error_rate.clamp(0.0, 1.0)) {
            FaultAction::Error {
                status: f.status,
                retry_after: f.retry_after,
            }
        } else {
            FaultAction::Pass
        };
        (f.latency_ms, action)
    }
}
