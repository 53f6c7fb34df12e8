//! A small settings file in the config folder (JSON), one way for every setting: validated on
//! load and on set, written privately and atomically. A missing file means the defaults; a
//! bad one is `config_invalid` and is left as it is; a bad value to set is `invalid_input` and
//! changes nothing.

use std::path::Path;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::error::{Error, Result};
use lockdesk_archive::private_fs;

/// A setting kept in its own file.
pub(crate) trait SettingsFile: Serialize + DeserializeOwned + Default {
    /// Checks every value; the first problem is an `invalid_input` naming its field.
    fn validate(&self) -> Result<()>;
}

/// The settings stored at `path`, the defaults when there is no file.
pub(crate) fn load<T: SettingsFile>(path: &Path) -> Result<T> {
    let invalid = |problem: String| Error::ConfigInvalid {
        path: path.to_owned(),
        problem,
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(T::default()),
        Err(e) => return Err(invalid(e.to_string())),
    };
    let value: T = serde_json::from_slice(&bytes).map_err(|e| invalid(e.to_string()))?;
    value.validate().map_err(|e| invalid(e.to_string()))?;
    Ok(value)
}

/// Checks `value`, then writes it (0600, atomically); nothing changes on an error.
pub(crate) fn save<T: SettingsFile>(path: &Path, value: &T) -> Result<()> {
    value.validate()?;
    let write_err = |reason: String| Error::ConfigWrite {
        path: path.to_owned(),
        reason,
    };
    if let Some(dir) = path.parent() {
        private_fs::create_private_dir_all(dir).map_err(|e| write_err(e.to_string()))?;
    }
    let json = serde_json::to_vec_pretty(value).map_err(|e| write_err(e.to_string()))?;
    // A full disk is named as such (the file under the name is left as it was).
    private_fs::write_private_atomic(path, &json)
        .map_err(|e| Error::unwritable_at(path, json.len() as u64, e, |e| write_err(e.to_string())))
}
