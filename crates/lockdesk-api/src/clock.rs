//! Time source for token expiry decisions, replaceable in tests that move the simulator's clock.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

pub trait Clock: Send + Sync + std::fmt::Debug {
    fn now(&self) -> DateTime<Utc>;
}

#[derive(Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// Real time plus an adjustable offset.
#[derive(Debug, Default, Clone)]
pub struct OffsetClock(Arc<AtomicI64>);

impl OffsetClock {
    pub fn advance(&self, seconds: i64) {
        self.0.fetch_add(seconds, Ordering::SeqCst);
    }
}

impl Clock for OffsetClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now() + Duration::seconds(self.0.load(Ordering::SeqCst))
    }
}
