//! Injected faults for the service API (never for `/_sim/`).

use rand::Rng;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct Faults {
    pub latency_ms: u64,
    pub error_rate: f64,
    /// Requests dropped before the service acts (nothing done, no answer).
    pub drop_rate: f64,
    /// Requests the service acts on whose answer is then lost (the connection closes before
    /// the status line): what a client sees when Wi-Fi or a proxy fails at the wrong moment.
    pub lose_answer_rate: f64,
    pub path_prefix: Option<String>,
    /// Only requests of these methods (`POST`, …); all when absent.
    pub methods: Option<Vec<String>>,
    pub status: u16,
    pub retry_after: Option<u64>,
    /// Answers every request with a 200 body of this many bytes (a hostile or broken service).
    pub oversize_bytes: Option<u64>,
    /// With `oversize_bytes`: sent in chunks without a Content-Length.
    pub oversize_chunked: bool,
    /// List requests (`GET` of organizations, locks, users, v2 accesses) answer a full page of
    /// new elements after any cursor, for ever.
    pub endless_pages: bool,
}

impl Default for Faults {
    fn default() -> Self {
        Self {
            latency_ms: 0,
            error_rate: 0.0,
            drop_rate: 0.0,
            lose_answer_rate: 0.0,
            path_prefix: None,
            methods: None,
            status: 503,
            retry_after: None,
            oversize_bytes: None,
            oversize_chunked: false,
            endless_pages: false,
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
    /// Act, then close the connection instead of answering.
    LoseAnswer,
    Oversize {
        bytes: u64,
        chunked: bool,
    },
    /// A full page of made-up elements for a list request (passed through otherwise).
    Endless,
}

impl Faults {
    /// Latency in ms and what to do with a `method` request to `path` (`rng` draws the rates).
    pub fn action_for(&self, rng: &mut impl Rng, method: &str, path: &str) -> (u64, FaultAction) {
        let f = self;
        let other_path = f
            .path_prefix
            .as_deref()
            .is_some_and(|p| !path.starts_with(p));
        let other_method = f
            .methods
            .as_ref()
            .is_some_and(|m| !m.iter().any(|m| m.eq_ignore_ascii_case(method)));
        if other_path || other_method {
            return (0, FaultAction::Pass);
        }
        let action = if let Some(bytes) = f.oversize_bytes {
            FaultAction::Oversize {
                bytes,
                chunked: f.oversize_chunked,
            }
        } else if f.endless_pages {
            FaultAction::Endless
        } else if f.drop_rate > 0.0 && rng.gen_bool(f.drop_rate.clamp(0.0, 1.0)) {
            FaultAction::Drop
        } else if f.lose_answer_rate > 0.0 && rng.gen_bool(f.lose_answer_rate.clamp(0.0, 1.0)) {
            FaultAction::LoseAnswer
        } else if f.error_rate > 0.0 && rng.gen_bool(f.error_rate.clamp(0.0, 1.0)) {
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
