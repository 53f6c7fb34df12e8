//! What every use-case receives: where settings live, the secret store and the clock. Also
//! holds the v2 rate limiters, one per profile, so every caller of a profile shares one.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use lockdesk_api::clock::{Clock, SystemClock};
use lockdesk_api::RateLimiter;

use crate::error::{Error, Result};
use crate::secrets::{KeyringStore, MemoryStore, SecretStore};

/// Environment variable that overrides the configuration directory.
pub const CONFIG_DIR_ENV: &str = "LOCKDESK_CONFIG_DIR";

pub struct Context {
    pub config_dir: PathBuf,
    /// Where history archives live; `None` is the platform's data folder (or
    /// `$LOCKDESK_DATA_DIR`). The demo's sandbox sets its own.
    pub data_dir: Option<PathBuf>,
    pub secrets: Arc<dyn SecretStore>,
    pub clock: Arc<dyn Clock>,
    limiters: Mutex<HashMap<String, Arc<RateLimiter>>>,
}

impl std::fmt::Debug for Context {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context")
            .field("config_dir", &self.config_dir)
            .finish_non_exhaustive()
    }
}

impl Context {
    pub fn new(config_dir: PathBuf, secrets: Arc<dyn SecretStore>, clock: Arc<dyn Clock>) -> Self {
        Context {
            config_dir,
            data_dir: None,
            secrets,
            clock,
            limiters: Mutex::new(HashMap::new()),
        }
    }

    /// The user's configuration directory (`<config>/lockdesk`, or `$LOCKDESK_CONFIG_DIR`) and
    /// the OS keychain.
    pub fn from_platform() -> Result<Self> {
        let dir = match std::env::var_os(CONFIG_DIR_ENV).filter(|v| !v.is_empty()) {
            Some(dir) => PathBuf::from(dir),
            None => dirs::config_dir()
                .ok_or(Error::NoConfigDir)?
                .join("lockdesk"),
        };
        Ok(Self::new(
            dir,
            Arc::new(KeyringStore::new()),
            Arc::new(SystemClock),
        ))
    }

    pub fn for_tests(dir: impl Into<PathBuf>, secrets: Arc<MemoryStore>) -> Self {
        Self::new(dir.into(), secrets, Arc::new(SystemClock))
    }

    pub fn with_data_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.data_dir = Some(dir.into());
        self
    }

    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = clock;
        self
    }

    /// The one v2 limiter of `profile` (50 requests per minute).
    pub fn v2_limiter(&self, profile: &str) -> Arc<RateLimiter> {
        let mut map = self.limiters.lock().unwrap_or_else(|p| p.into_inner());
        map.entry(profile.to_owned())
            .or_insert_with(RateLimiter::v2_default)
            .clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_limiter_per_profile() {
        let ctx = Context::for_tests("/tmp/x", Arc::new(MemoryStore::new()));
        let a = ctx.v2_limiter("a");
        assert!(Arc::ptr_eq(&a, &ctx.v2_limiter("a")));
        assert!(!Arc::ptr_eq(&a, &ctx.v2_limiter("b")));
    }
}
