//! `team.json` in the config folder: the team data source's address
//! (`postgres://USER@HOST:PORT/DATABASE`), or none. The password is in the keychain
//! ([`crate::secrets::team_password_key`]), bound to the address it was given for.

use std::path::{Path, PathBuf};

use lockdesk_team::source::TeamSource;
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::settings_file::{self, SettingsFile};

pub const TEAM_FILE: &str = "team.json";

/// The team data source this computer uses, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamSettings {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
}

impl TeamSettings {
    /// The data source the address names.
    pub fn source(&self) -> Result<Option<TeamSource>> {
        self.address
            .as_deref()
            .map(|a| TeamSource::parse(a).map_err(Error::Team))
            .transpose()
    }
}

impl SettingsFile for TeamSettings {
    fn validate(&self) -> Result<()> {
        self.source()
            .map(|_| ())
            .map_err(|e| Error::invalid("address", e.to_string()))
    }
}

pub fn team_path(config_dir: &Path) -> PathBuf {
    config_dir.join(TEAM_FILE)
}

pub fn load_team(config_dir: &Path) -> Result<TeamSettings> {
    settings_file::load(&team_path(config_dir))
}

pub fn save_team(config_dir: &Path, settings: &TeamSettings) -> Result<()> {
    settings_file::save(&team_path(config_dir), settings)
}
