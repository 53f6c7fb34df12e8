//! Whether the app may look for updates: the organization's IT can turn it off for a managed
//! computer with a policy file (read-only for users), the person with a setting (Account), the
//! demo does not unless asked, and a build without an update key cannot verify anything.
//!
//! The policy file is JSON, `{"updates": "off"}`, at
//! `%ProgramData%\Lockdesk\policy.json` (Windows), `/Library/Application Support/Lockdesk/
//! policy.json` (macOS) or `/etc/lockdesk/policy.json` (Linux); `LOCKDESK_POLICY_FILE` names
//! another (tests). A file that cannot be read as such turns updates off too: IT meant to
//! manage this computer.

use std::path::PathBuf;

use lockdesk_core::app::UpdatesOffReason;

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

/// Whether the policy file at `path` turns updates off: `{"updates": "off"}`, or a file that
/// is there but cannot be read as JSON. No file: not managed.
pub fn policy_turns_off(path: Option<&std::path::Path>) -> bool {
    let Some(text) = path.and_then(|p| std::fs::read_to_string(p).ok()) else {
        return false;
    };
    match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(v) => v.get("updates").and_then(|u| u.as_str()) == Some("off"),
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

    #[test]
    fn a_policy_file_turns_updates_off_and_a_broken_one_too() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("policy.json");
        assert!(!policy_turns_off(Some(&path)), "no file: not managed");
        std::fs::write(&path, r#"{"updates": "off"}"#).unwrap();
        assert!(policy_turns_off(Some(&path)));
        std::fs::write(&path, r#"{"updates": "on"}"#).unwrap();
        assert!(!policy_turns_off(Some(&path)));
        std::fs::write(&path, "updates = off").unwrap();
        assert!(policy_turns_off(Some(&path)), "a file IT meant but broke");
    }
}
