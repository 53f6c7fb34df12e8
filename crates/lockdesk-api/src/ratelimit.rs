//! Client-side limiter for the v2 endpoints (50 requests per minute per token).
//!
//! A rolling window, so callers run at the full rate and never idle below it. A request's slot is
//! dated when its answer arrives, which is never earlier than when the service counted it: so in
//! any window the service sees at most `limit` requests, however long requests take.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Notify;
use tokio::time::Instant;

#[derive(Debug)]
pub struct RateLimiter {
    limit: usize,
    window: Duration,
    state: Mutex<Slots>,
    freed: Notify,
}

#[derive(Debug, Default)]
struct Slots {
    /// Completion times of requests still inside the window, oldest first.
    done: VecDeque<Instant>,
    in_flight: usize,
}

/// Holds one slot; dropping it (after the answer) dates the slot.
#[derive(Debug)]
pub struct Permit {
    limiter: Arc<RateLimiter>,
}

impl RateLimiter {
    pub fn new(limit: u32, window: Duration) -> Arc<RateLimiter> {
        Arc::new(RateLimiter {
            limit: limit.max(1) as usize,
            window,
            state: Mutex::new(Slots::default()),
            freed: Notify::new(),
        })
    }

    /// The documented v2 limit: 50 requests per minute.
    pub fn v2_default() -> Arc<RateLimiter> {
        Self::new(50, Duration::from_secs(60))
    }

    pub fn limit(&self) -> u32 {
        self.limit as u32
    }

    pub fn window(&self) -> Duration {
        self.window
    }

    pub async fn acquire(self: &Arc<Self>) -> Permit {
        loop {
            let notified = self.freed.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            let wait = {
                let mut slots = self.state.lock().expect("rate limiter poisoned");
                let now = Instant::now();
                while slots
                    .done
                    .front()
                    .is_some_and(|t| now.duration_since(*t) >= self.window)
                {
                    slots.done.pop_front();
                }
                if slots.done.len() + slots.in_flight < self.limit {
                    slots.in_flight += 1;
                    return Permit {
                        limiter: Arc::clone(self),
                    };
                }
                slots
                    .done
                    .front()
                    .map(|oldest| (*oldest + self.window).saturating_duration_since(now))
            };
            match wait {
                Some(delay) => {
                    tokio::select! {
                        _ = tokio::time::sleep(delay) => {}
                        _ = &mut notified => {}
                    }
                }
                // Every slot is in flight: wait for one to finish.
                None => notified.await,
            }
        }
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        if let Ok(mut slots) = self.limiter.state.lock() {
            slots.in_flight -= 1;
            slots.done.push_back(Instant::now());
        }
        self.limiter.freed.notify_waiters();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn never_more_than_limit_in_any_window() {
        let limiter = RateLimiter::new(5, Duration::from_secs(10));
        let start = Instant::now();
        let mut handles = Vec::new();
        for _ in 0..20 {
            let l = Arc::clone(&limiter);
            handles.push(tokio::spawn(async move {
                let permit = l.acquire().await;
                let sent = Instant::now();
                tokio::time::sleep(Duration::from_millis(100)).await;
                drop(permit);
                sent
            }));
        }
        let mut sent = Vec::new();
        for h in handles {
            sent.push(h.await.unwrap());
        }
        sent.sort();
        // Any 5 apart from each other by one slot: request i+5 starts a full window after i ended.
        for i in 5..sent.len() {
            assert!(sent[i] - sent[i - 5] >= Duration::from_secs(10), "slot {i}");
        }
        // And no idling: 20 requests in 4 windows (plus request time).
        let total = *sent.last().unwrap() - start;
        assert!(total < Duration::from_millis(31_000), "{total:?}");
    }
}
