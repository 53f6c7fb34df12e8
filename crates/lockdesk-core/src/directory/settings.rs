//! `directory.json` in the config folder: each organization's directory sources and its
//! exceptions, checked on load and on save (private and atomic, `settings_file.rs`). No secret:
//! a source's password or key is in the keychain (`secrets::directory_source_key`).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::directory::entra::EntraSource;
use crate::directory::google::GoogleSource;
use crate::directory::hr_csv::Columns;
use crate::directory::ldap::LdapSource;
use crate::directory::plan::Exception;
use crate::error::{Error, Result};
use crate::settings_file::{self, SettingsFile};

/// The most sources and exceptions kept.
pub const SOURCES_MAX: usize = 20;
pub const EXCEPTIONS_MAX: usize = 1_000;

/// Where a source reads the directory from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SourceKind {
    /// An HR system's CSV export at `path`, read through `columns` (read again at each plan:
    /// export it again to bring the plan up to date).
    HrCsv { path: String, columns: Columns },
    /// Microsoft Entra ID through Microsoft Graph (the client secret in the keychain).
    EntraId(EntraSource),
    /// Google Workspace's Directory API (the service account's private key in the keychain).
    GoogleWorkspace(GoogleSource),
    /// Active Directory or another LDAP directory (the bind password in the keychain).
    Ldap(LdapSource),
}

/// One directory source of an organization.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectorySource {
    pub id: String,
    pub name: String,
    pub organization_id: String,
    pub source: SourceKind,
}

/// An exception of an organization.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OrganizationException {
    pub organization_id: String,
    #[serde(flatten)]
    pub exception: Exception,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectorySettings {
    #[serde(default)]
    pub sources: Vec<DirectorySource>,
    #[serde(default)]
    pub exceptions: Vec<OrganizationException>,
}

impl SettingsFile for DirectorySettings {
    fn validate(&self) -> Result<()> {
        if self.sources.len() > SOURCES_MAX {
            return Err(Error::invalid(
                "sources",
                format!("keep at most {SOURCES_MAX} directory sources"),
            ));
        }
        if self.exceptions.len() > EXCEPTIONS_MAX {
            return Err(Error::invalid(
                "exceptions",
                format!("keep at most {EXCEPTIONS_MAX} exceptions"),
            ));
        }
        for (i, s) in self.sources.iter().enumerate() {
            let name = s.name.trim();
            if name.is_empty() || name.chars().count() > 100 || name.chars().any(char::is_control) {
                return Err(Error::invalid(
                    "name",
                    "give the source a name of 1 to 100 characters",
                ));
            }
            if s.id.is_empty() || !s.id.chars().all(|c| c.is_ascii_alphanumeric()) {
                return Err(Error::invalid("id", "a source id is letters and digits"));
            }
            if self.sources[..i].iter().any(|o| o.id == s.id) {
                return Err(Error::invalid("id", "two sources have the same id"));
            }
            match &s.source {
                SourceKind::HrCsv { path, columns } => {
                    if path.trim().is_empty() {
                        return Err(Error::invalid("path", "give the CSV file's path"));
                    }
                    if columns.employee_id.trim().is_empty() || columns.name.trim().is_empty() {
                        return Err(Error::invalid(
                            "columns",
                            "name the employee number's and the name's columns",
                        ));
                    }
                }
                SourceKind::EntraId(entra) => entra.validate()?,
                SourceKind::GoogleWorkspace(google) => google.validate()?,
                SourceKind::Ldap(ldap) => ldap.validate()?,
            }
        }
        for e in &self.exceptions {
            let x = &e.exception;
            if x.who.trim().is_empty() || x.reason.trim().is_empty() {
                return Err(Error::invalid(
                    "exceptions",
                    "an exception names whom (user code or e-mail) and why",
                ));
            }
        }
        Ok(())
    }
}

pub fn directory_path(config_dir: &Path) -> PathBuf {
    config_dir.join("directory.json")
}

pub fn load_directory(config_dir: &Path) -> Result<DirectorySettings> {
    settings_file::load(&directory_path(config_dir))
}

pub fn save_directory(config_dir: &Path, settings: &DirectorySettings) -> Result<()> {
    settings_file::save(&directory_path(config_dir), settings)
}
