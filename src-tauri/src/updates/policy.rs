//! Whether the app may look for updates: the organization's IT can turn it off for a managed
//! computer with a policy file (read-only for users), the person with a setting (Account), the
//! demo does not unless asked, and a build without an update key cannot verify anything.
//!
//! The policy file (`lockdesk_core::policy_file`: where it is, whose it must be) says
//! `{"updates": "off"}` or `{"updates": "on"}`. Honoured, any value but `"on"` (a missing one,
//! a file that cannot be read as JSON) turns updates off: IT meant to manage this computer.

use lockdesk_commands::shell::UpdatesOffReason;

pub use lockdesk_core::policy_file::policy_path;
use lockdesk_core::policy_file::{read_policy, Policy};

/// Whether the policy file at `path` turns updates off: one the administrators put there whose
/// `updates` is anything but `"on"`. No file, or one they did not put there: not managed.
pub fn policy_turns_off(path: Option<&std::path::Path>) -> bool {
    let policy = read_policy(path);
    policy != Policy::NotManaged && policy.text("updates") != Some("on")
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
