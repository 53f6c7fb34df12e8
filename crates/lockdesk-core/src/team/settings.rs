//! `team.json` in the config folder: the team data source's address
//! (`postgres://USER@HOST:PORT/DATABASE`), or none. The password is in the keychain
//! ([`crate::secrets::team_password_key`]), bound to the address it was given for. On a
//! managed computer IT may set the address in the policy file (`"team": "postgres://…"`,
//! `crate::policy_file`): it wins over `team.json`, and this computer cannot connect elsewhere
//! or disconnect.

use std::path::{Path, PathBuf};

use lockdesk_team::source::TeamSource;
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::policy_file::{policy_path, read_policy};
use crate::settings_file::{self, SettingsFile};

pub const TEAM_FILE: &str = "team.json";

/// The team data source this computer uses, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamSettings {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    /// The address is IT's, from the policy file (never written to `team.json`).
    #[serde(skip)]
    pub managed: bool,
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

/// This computer's team data source: the policy file's when IT set one, else `team.json`'s.
pub fn load_team(config_dir: &Path) -> Result<TeamSettings> {
    if let Some(address) = policy_team_address() {
        return Ok(TeamSettings {
            address: Some(address),
            managed: true,
        });
    }
    settings_file::load(&team_path(config_dir))
}

/// The team data source IT set in the policy file, if any.
pub fn policy_team_address() -> Option<String> {
    read_policy(policy_path().as_deref())
        .text("team")
        .map(str::to_owned)
}

pub fn save_team(config_dir: &Path, settings: &TeamSettings) -> Result<()> {
    settings_file::save(&team_path(config_dir), settings)
}
