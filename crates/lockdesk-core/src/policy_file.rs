//! The IT policy file: what the organization's IT fixes for a managed computer. JSON at
//! `%ProgramData%\Lockdesk\policy.json` (Windows), `/Library/Application Support/Lockdesk/
//! policy.json` (macOS) or `/etc/lockdesk/policy.json` (Linux); `LOCKDESK_POLICY_FILE` names
//! another (tests). It is honoured only when the computer's administrators put it there (owned
//! by root and writable by no one else on Unix, by Administrators or SYSTEM on Windows): a file
//! a user or a program of the user's could have written is ignored, as if there were none.
//! Its keys: `updates` (the app's update checks, read by the shell) and `team` (the team's
//! data source, `team::settings`).

use std::path::{Path, PathBuf};

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

/// What the policy file says on this computer.
#[derive(Clone, Debug, PartialEq)]
pub enum Policy {
    /// No file, or one the administrators did not put there.
    NotManaged,
    /// The administrators' file: its JSON (`Null` when it cannot be read as JSON: IT meant to
    /// manage this computer, and each key reads as not set).
    Managed(serde_json::Value),
}

impl Policy {
    /// The text IT set under `key`, if the file is theirs and sets it.
    pub fn text(&self, key: &str) -> Option<&str> {
        match self {
            Policy::Managed(v) => v.get(key)?.as_str(),
            Policy::NotManaged => None,
        }
    }
}

/// The policy file at `path` (see [`policy_path`]).
pub fn read_policy(path: Option<&Path>) -> Policy {
    let Some(path) = path.filter(|p| p.exists()) else {
        return Policy::NotManaged;
    };
    match crate::private_fs::owned_by_administrators(path) {
        Ok(true) => {}
        Ok(false) => {
            tracing::warn!(
                path = %path.display(),
                "the policy file is not the administrators' own: ignored"
            );
            return Policy::NotManaged;
        }
        Err(e) => {
            tracing::warn!(path = %path.display(), "the policy file's owner cannot be read ({e}): ignored");
            return Policy::NotManaged;
        }
    }
    let read = std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()));
    match read {
        Ok(v) => Policy::Managed(v),
        Err(e) => {
            tracing::warn!(path = %path.display(), "the policy file cannot be read ({e})");
            Policy::Managed(serde_json::Value::Null)
        }
    }
}
