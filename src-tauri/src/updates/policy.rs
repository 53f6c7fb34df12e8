//! Whether the app may look for updates: the organization's IT can turn it off for a managed
//! computer with a policy file (read-only for users), the person with a setting (Account), the
//! demo does not unless asked, and a build without an update key cannot verify anything.
//!
//! The policy file is JSON, `{"updates": "off"}` or `{"updates": "on"}`, at
//! `%ProgramData%\Lockdesk\policy.json` (Windows), `/Library/Application Support/Lockdesk/
//! policy.json` (macOS) or `/etc/lockdesk/policy.json` (Linux); `LOCKDESK_POLICY_FILE` names
//! another (tests). It is honoured only when the computer's administrators put it there (owned
//! by root and writable by no one else on Unix, by Administrators or SYSTEM on Windows): a file
//! a user or a program of the user's could have written is ignored, as if there were none.
//! Honoured, any value but `"on"` (a missing one, a file that cannot be read as JSON) turns
//! updates off: IT meant to manage this computer.

use std::path::PathBuf;

use lockdesk_commands::shell::UpdatesOffReason;

pub const POLICY_ENV: &str = "LOCKDESK_POLICY_FILE";

/// Where IT puts the policy file on this platform.
pub fn policy_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(POLICY_ENV).filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(p));
    }
    if cfg!(windows) {
        std::env::var_os("ProgramData").map(|d| PathBuf::from(d).join("Lockdesk/policy.json"))
    } else if cfg!(target_os = "macos") {
        Some(PathBuf::from(
            "/Library/Application Support/Lockdesk/policy.json",
        ))
    } else {
        Some(PathBuf::from("/etc/lockdesk/policy.json"))
    }
}

/// Whether the policy file at `path` turns updates off: one the administrators put there whose
/// `updates` is anything but `"on"`. No file, or one they did not put there: not managed.
pub fn policy_turns_off(path: Option<&std::path::Path>) -> bool {
    let Some(path) = path.filter(|p| p.exists()) else {
        return false;
    };
    match lockdesk_core::private_fs::owned_by_administrators(path) {
        Ok(true) => {}
        Ok(false) => {
            tracing::warn!(
                path = %path.display(),
                "the policy file is not the administrators' own: ignored"
            );
            return false;
        }
        Err(e) => {
            tracing::warn!(path = %path.display(), "the policy file's owner cannot be read ({e}): ignored");
            return false;
        }
    }
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            tracing::warn!("the policy file cannot be read ({e}): updates stay off");
            return true;
        }
    };
    match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(v) => v.get("updates").and_then(|u| u.as_str()) != Some("on"),
        Err(e) => {
            tracing::warn!("the policy file cannot be read ({e}): updates stay off");
            true
        }
    }
}

/// What keeps checks from running, strongest first. `asked`: a check the person asked for
/// (the setting and the demo do not stop it; the policy and a build without a key do).
pub fn off_reason(
    configured: bool,
    policy_off: bool,
    setting_off: bool,
    demo: bool,
    asked: bool,
) -> Option<UpdatesOffReason> {
    if !configured {
        Some(UpdatesOffReason::NotConfigured)
    } else if policy_off {
        Some(UpdatesOffReason::Policy)
    } else if asked {
        None
    } else if setting_off {
        Some(UpdatesOffReason::Setting)
    } else if demo && std::env::var_os("LOCKDESK_UPDATES_IN_DEMO").is_none() {
        Some(UpdatesOffReason::Demo)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_and_a_build_without_a_key_win_over_everything() {
        use UpdatesOffReason::*;
        assert_eq!(
            off_reason(false, false, false, false, true),
            Some(NotConfigured)
        );
        assert_eq!(off_reason(true, true, false, false, true), Some(Policy));
        assert_eq!(off_reason(true, false, true, false, false), Some(Setting));
        // Asked for: the setting does not stop it.
        assert_eq!(off_reason(true, false, true, false, true), None);
        assert_eq!(off_reason(true, false, false, false, false), None);
    }

    /// The administrators' file (the tests run as root: root owns what they write): any value
    /// but "on" turns updates off, a broken file too. The same file given to another user
    /// (65534) is ignored: it could be anyone's.
    #[cfg(unix)]
    #[test]
    fn only_the_administrators_policy_file_counts_and_anything_but_on_is_off() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("policy.json");
        assert!(!policy_turns_off(Some(&path)), "no file: not managed");
        std::fs::write(&path, r#"{"updates": "on"}"#).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        assert_eq!(
            std::fs::metadata(&path).unwrap().uid(),
            0,
            "this test needs root (as CI runs it): it makes files root owns"
        );
        assert!(!policy_turns_off(Some(&path)), "on");
        for off in [
            r#"{"updates": "off"}"#,
            r#"{"updates": "yes"}"#,
            r#"{"updates": true}"#,
            "{}",
            "updates = off",
        ] {
            std::fs::write(&path, off).unwrap();
            assert!(policy_turns_off(Some(&path)), "{off}");
        }
        std::fs::write(&path, r#"{"updates": "off"}"#).unwrap();
        std::os::unix::fs::chown(&path, Some(65534), Some(65534)).unwrap();
        assert!(
            !policy_turns_off(Some(&path)),
            "another user's file turned updates off"
        );
        std::os::unix::fs::chown(&path, Some(0), Some(0)).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o666)).unwrap();
        assert!(!policy_turns_off(Some(&path)), "a file anyone may write");
    }
}
