//! Where archives live: `<data dir>/lockdesk/archive/<profile>/<organization or "v2">.sqlite`.
//! `$LOCKDESK_DATA_DIR` replaces `<data dir>/lockdesk`.
//!
//! The data folder is the platform's local one: on Windows `%LOCALAPPDATA%\Lockdesk`, never the
//! roaming profile (SQLite files, their WAL and personal data must not be copied between
//! computers at sign-in); `~/.local/share/lockdesk` on Linux, `~/Library/Application
//! Support/Lockdesk` on macOS.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

pub const DATA_DIR_ENV: &str = "LOCKDESK_DATA_DIR";

/// The name of Lockdesk's folders in the platform's folders: `Lockdesk` where users see their
/// programs' folders by name (Windows, macOS), `lockdesk` elsewhere, as earlier versions made it.
pub const APP_FOLDER: &str = if cfg!(any(windows, target_os = "macos")) {
    "Lockdesk"
} else {
    "lockdesk"
};

/// The Lockdesk data directory (`dirs::data_local_dir()/<APP_FOLDER>`, or `$LOCKDESK_DATA_DIR`).
pub fn data_dir() -> Result<PathBuf> {
    match std::env::var_os(DATA_DIR_ENV).filter(|v| !v.is_empty()) {
        Some(dir) => Ok(PathBuf::from(dir)),
        None => Ok(dirs::data_local_dir()
            .ok_or(Error::NoDataDir)?
            .join(APP_FOLDER)),
    }
}

/// The archive file of a connection profile and organization (`None`: a v2 profile, whose
/// history is not split by organization).
pub fn archive_path(data_dir: &Path, profile: &str, org: Option<&str>) -> Result<PathBuf> {
    let profile = safe_name(profile, "profile")?;
    let file = match org {
        Some(org) => safe_name(org, "organization")?,
        None => "v2".to_owned(),
    };
    Ok(data_dir
        .join("archive")
        .join(profile)
        .join(format!("{file}.sqlite")))
}

/// Names become path components: no separators, no dots-only names, nothing empty.
fn safe_name(name: &str, field: &str) -> Result<String> {
    let ok = !name.is_empty()
        && !name.chars().all(|c| c == '.')
        && name
            .chars()
            .all(|c| !matches!(c, '/' | '\\' | ':' | '\0') && !c.is_control());
    if ok {
        Ok(name.to_owned())
    } else {
        Err(Error::input(field, format!("{name:?} cannot name a file")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On Windows the data folder is the local one, not the roaming profile.
    #[cfg(windows)]
    #[test]
    fn windows_data_is_local_not_roaming() {
        if std::env::var_os(DATA_DIR_ENV).is_some() {
            return;
        }
        let local = PathBuf::from(std::env::var_os("LOCALAPPDATA").expect("LOCALAPPDATA"));
        assert_eq!(data_dir().unwrap(), local.join("Lockdesk"));
        let roaming = PathBuf::from(std::env::var_os("APPDATA").expect("APPDATA"));
        assert!(!data_dir().unwrap().starts_with(roaming));
    }

    #[test]
    fn per_profile_and_org() {
        let base = Path::new("/data");
        assert_eq!(
            archive_path(base, "acme", Some("O-abcde-fghij")).unwrap(),
            Path::new("/data/archive/acme/O-abcde-fghij.sqlite")
        );
        assert_eq!(
            archive_path(base, "acme-history", None).unwrap(),
            Path::new("/data/archive/acme-history/v2.sqlite")
        );
        assert!(archive_path(base, "../x", None).is_err());
        assert!(archive_path(base, "..", None).is_err());
    }
}
