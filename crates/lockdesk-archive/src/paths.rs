//! Where archives live: `<data dir>/lockdesk/archive/<profile>/<organization or "v2">.sqlite`.
//! `$LOCKDESK_DATA_DIR` replaces `<data dir>/lockdesk`.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

pub const DATA_DIR_ENV: &str = "LOCKDESK_DATA_DIR";

/// The Lockdesk data directory (`dirs::data_dir()/lockdesk`, or `$LOCKDESK_DATA_DIR`).
pub fn data_dir() -> Result<PathBuf> {
    match std::env::var_os(DATA_DIR_ENV).filter(|v| !v.is_empty()) {
        Some(dir) => Ok(PathBuf::from(dir)),
        None => Ok(dirs::data_dir().ok_or(Error::NoDataDir)?.join("lockdesk")),
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
