//! How long the journal keeps its entries: a setting in the config folder
//! (`<config>/journal.json`, like the other settings it may follow the user on Windows), one
//! number of days for every journal it applies to. The entries themselves stay in the data
//! folder of each computer.

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::settings_file::{self, SettingsFile};

/// The settings file's name in the config folder.
pub const RETENTION_FILE: &str = "journal.json";

/// A year unless the user says otherwise.
pub const DEFAULT_KEEP_DAYS: u32 = 365;

/// At least a day (0 would empty the journal), at most ten years: the journal is always
/// bounded, and ten years is longer than the audit periods we know of. There is no "keep
/// everything".
pub const KEEP_DAYS: RangeInclusive<u32> = 1..=3650;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Retention {
    /// Entries older than this many days are removed (1 to 3,650).
    pub keep_days: u32,
}

impl Default for Retention {
    fn default() -> Self {
        Retention {
            keep_days: DEFAULT_KEEP_DAYS,
        }
    }
}

impl SettingsFile for Retention {
    fn validate(&self) -> Result<()> {
        if KEEP_DAYS.contains(&self.keep_days) {
            return Ok(());
        }
        Err(Error::invalid(
            "keep_days",
            format!(
                "keep the journal {} to {} days",
                KEEP_DAYS.start(),
                KEEP_DAYS.end()
            ),
        ))
    }
}

/// The retention file under `config_dir`.
pub fn retention_path(config_dir: &Path) -> PathBuf {
    config_dir.join(RETENTION_FILE)
}

/// The retention stored under `config_dir`, the default when none is.
pub fn load_retention(config_dir: &Path) -> Result<Retention> {
    settings_file::load(&retention_path(config_dir))
}

/// Checks `retention`, then stores it; nothing changes on an error.
pub fn save_retention(config_dir: &Path, retention: &Retention) -> Result<()> {
    settings_file::save(&retention_path(config_dir), retention)
}
