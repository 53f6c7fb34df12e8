//! When a failed request may be sent again, and how long to wait first.

use std::time::Duration;

use rand::Rng;
use reqwest::Method;

/// Retry policy as an explicit value. 429 is always safe to retry (the request was refused, not
/// processed). 5xx and lost connections are retried only for idempotent methods: a POST that may
/// have been processed is never sent twice.
#[derive(Clone, Debug)]
pub struct RetryPolicy {
    /// Attempts in all, the first included.
    pub max_attempts: u32,
    pub base_delay: Duration,
    pub max_delay: Duration,
    /// A `Retry-After` longer than this is not waited for; the error is returned.
    pub max_retry_after: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_attempts: 4,
            base_delay: Duration::from_millis(200),
            max_delay: Duration::from_secs(10),
            max_retry_after: Duration::from_secs(120),
        }
    }
}

/// What went wrong with one attempt, as far as retrying is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// 429: refused without processing.
    RateLimited,
    /// 500, 502, 503, 504.
    ServerError,
    /// The connection could not be opened: nothing reached the service.
    ConnectFailed,
    /// Timeout or a connection lost after sending: the service may have acted.
    Lost,
}

impl RetryPolicy {
    pub fn none() -> Self {
        RetryPolicy {
            max_attempts: 1,
            ..Default::default()
        }
    }

    pub(crate) fn may_retry(&self, method: &Method, failure: Failure, attempt: u32) -> bool {
        if attempt >= self.max_attempts {
            return false;
        }
        match failure {
            Failure::RateLimited | Failure::ConnectFailed => true,
            Failure::ServerError | Failure::Lost => idempotent(method),
        }
    }

    /// Exponential backoff with full jitter, unless the service said how long to wait.
    pub(crate) fn delay(&self, attempt: u32, retry_after: Option<Duration>) -> Duration {
        if let Some(wait) = retry_after {
            return wait;
        }
        let exp = self
            .base_delay
            .saturating_mul(1u32 << attempt.min(16))
            .min(self.max_delay);
        let jitter = rand::thread_rng().gen_range(0.5..=1.0);
        exp.mul_f64(jitter)
    }
}

/// Sending it twice has the effect of sending it once.
pub(crate) fn idempotent(method: &Method) -> bool {
    matches!(
        *method,
        Method::GET | Method::HEAD | Method::PUT | Method::DELETE | Method::OPTIONS
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn post_is_not_retried_after_it_may_have_been_processed() {
        let p = RetryPolicy::default();
        assert!(!p.may_retry(&Method::POST, Failure::ServerError, 1));
        assert!(!p.may_retry(&Method::POST, Failure::Lost, 1));
        assert!(p.may_retry(&Method::POST, Failure::RateLimited, 1));
        assert!(p.may_retry(&Method::POST, Failure::ConnectFailed, 1));
        assert!(p.may_retry(&Method::GET, Failure::ServerError, 1));
        assert!(p.may_retry(&Method::PUT, Failure::Lost, 3));
        assert!(!p.may_retry(&Method::GET, Failure::ServerError, 4));
    }

    #[test]
    fn retry_after_wins_and_backoff_is_bounded() {
        let p = RetryPolicy::default();
        assert_eq!(
            p.delay(1, Some(Duration::from_secs(7))),
            Duration::from_secs(7)
        );
        for attempt in 0..30 {
            assert!(p.delay(attempt, None) <= p.max_delay);
        }
    }
}
