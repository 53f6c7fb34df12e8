//! What every use-case receives: where settings live, the secret store and the clock. Also
//! holds the v2 rate limiters, one per profile, so every caller of a profile shares one.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use lockdesk_api::clock::{Clock, SystemClock};
use lockdesk_api::RateLimiter;

use crate::error::{Error, Result};
use crate::private_fs;
use crate::secrets::{KeyringStore, MemoryStore, SecretStore};

/// The profiles' file in the configuration directory.
pub const PROFILES_FILE: &str = "profiles.json";

/// Environment variable that overrides the configuration directory.
pub const CONFIG_DIR_ENV: &str = "LOCKDESK_CONFIG_DIR";

/// Test builds only (feature `test-keychain`, switched on by lockctl's tests): a folder used as
/// the keychain instead of the OS's, so several real processes share one. Never in a release.
#[cfg(feature = "test-keychain")]
pub const TEST_KEYCHAIN_ENV: &str = "LOCKDESK_TEST_KEYCHAIN_DIR";

pub struct Context {
    pub config_dir: PathBuf,
    /// Where history archives live; `None` is the platform's data folder (or
    /// `$LOCKDESK_DATA_DIR`). The demo's sandbox sets its own.
    pub data_dir: Option<PathBuf>,
    pub secrets: Arc<dyn SecretStore>,
    pub clock: Arc<dyn Clock>,
    /// Connections go straight, never through a proxy: the demo's space, whose service is the
    /// simulator Lockdesk runs on this computer ([`Context::with_straight_connections`]).
    pub straight: bool,
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
            straight: false,
            limiters: Mutex::new(HashMap::new()),
        }
    }

    /// The user's configuration directory (`<config>/lockdesk`, or `$LOCKDESK_CONFIG_DIR`; on
    /// Windows the roaming `%APPDATA%\Lockdesk`, since settings may follow the user) and the OS
    /// keychain. Lockdesk's folders made readable to others before are tightened.
    pub fn from_platform() -> Result<Self> {
        let dir = match std::env::var_os(CONFIG_DIR_ENV).filter(|v| !v.is_empty()) {
            Some(dir) => PathBuf::from(dir),
            None => dirs::config_dir()
                .ok_or(Error::NoConfigDir)?
                .join(lockdesk_archive::paths::APP_FOLDER),
        };
        let ctx = Self::new(dir, platform_secrets(), Arc::new(SystemClock));
        ctx.make_folders_private();
        Ok(ctx)
    }

    /// The folder of archives and lock files: the context's own, else `$LOCKDESK_DATA_DIR` or
    /// the platform's data folder.
    pub fn data_folder(&self) -> Result<PathBuf> {
        match &self.data_dir {
            Some(dir) => Ok(dir.clone()),
            None => Ok(lockdesk_archive::paths::data_dir()?),
        }
    }

    /// Where lock files live: `<data>/locks` (beside the config when there is no data folder).
    pub fn locks_dir(&self) -> PathBuf {
        self.data_folder()
            .unwrap_or_else(|_| self.config_dir.clone())
            .join("locks")
    }

    /// On Unix, narrows what earlier versions (or a loose umask) left readable to others: the
    /// config folder and `profiles.json`, the data folder, its archives and lock files.
    pub fn make_folders_private(&self) {
        private_fs::tighten_tree(&self.config_dir, 0);
        private_fs::tighten_tree(&self.config_dir.join(PROFILES_FILE), 0);
        if let Ok(data) = self.data_folder() {
            private_fs::tighten_tree(&data, 0);
            private_fs::tighten_tree(&data.join("archive"), 2);
            private_fs::tighten_tree(&data.join("locks"), 1);
        }
    }

    /// A space that leaves nothing of the user's touched: config in `dir/config`, archives and
    /// lock files in `dir/data`, secrets in memory (the demo's sandboxes: `--demo` and "Try
    /// the demo").
    pub fn throwaway(dir: &std::path::Path) -> Self {
        Self::new(
            dir.join("config"),
            Arc::new(MemoryStore::new()),
            Arc::new(SystemClock),
        )
        .with_data_dir(dir.join("data"))
    }

    /// Config in `dir`, archives and lock files in `dir/data`: nothing reaches the user's own.
    pub fn for_tests(dir: impl Into<PathBuf>, secrets: Arc<MemoryStore>) -> Self {
        let dir = dir.into();
        let data = dir.join("data");
        Self::new(dir, secrets, Arc::new(SystemClock)).with_data_dir(data)
    }

    pub fn with_data_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.data_dir = Some(dir.into());
        self
    }

    /// Every connection straight to its service, whatever the proxy settings or an office's
    /// setup script say (which cannot mean the demo's simulator on this computer).
    pub fn with_straight_connections(mut self) -> Self {
        self.straight = true;
        self
    }

    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = clock;
        self
    }

    /// Uses `limiter` for `profile`'s v2 requests instead of the service's 50 per minute (tests
    /// whose simulator allows more, so rounds of syncs do not wait minutes).
    pub fn with_v2_limiter(self, profile: &str, limiter: Arc<RateLimiter>) -> Self {
        self.limiters
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(profile.to_owned(), limiter);
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

/// The OS keychain; in a test build, the folder named by `$LOCKDESK_TEST_KEYCHAIN_DIR`.
fn platform_secrets() -> Arc<dyn SecretStore> {
    #[cfg(feature = "test-keychain")]
    if let Some(dir) = std::env::var_os(TEST_KEYCHAIN_ENV).filter(|v| !v.is_empty()) {
        tracing::warn!("test build: secrets are kept in files, not the OS keychain");
        return Arc::new(crate::secrets::FileStore::new(dir));
    }
    Arc::new(KeyringStore::new())
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
