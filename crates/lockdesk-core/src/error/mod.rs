//! One error type for the use-cases. Each variant has a stable machine code ([`Error::code`])
//! and optional structured details; the UI branches on the code, never on the message.
//! No variant ever carries a secret (client secret, access or refresh token).

use std::path::PathBuf;

use serde::Serialize;
use serde_json::{json, Value};

pub type Result<T, E = Error> = std::result::Result<T, E>;

pub const KEYCHAIN_UNAVAILABLE: &str = "No OS keychain is available (on Linux a Secret Service such as gnome-keyring must be running and unlocked)";

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An error of the service client; its code is kept.
    #[error(transparent)]
    Api(#[from] lockdesk_api::Error),
    #[error("{KEYCHAIN_UNAVAILABLE}: {reason}")]
    KeychainUnavailable { reason: String },
    /// The keychain answered but refused the operation.
    #[error("the OS keychain refused the operation: {reason}")]
    Keychain { reason: String },
    #[error("configuration file {} is invalid: {problem}; fix or remove it (it was left unchanged)", path.display())]
    ConfigInvalid { path: PathBuf, problem: String },
    #[error("could not write the configuration file {}: {reason}", path.display())]
    ConfigWrite { path: PathBuf, reason: String },
    #[error("no configuration directory is known for this user; set LOCKDESK_CONFIG_DIR")]
    NoConfigDir,
    #[error("there is no profile named {0:?}")]
    ProfileNotFound(String),
    #[error("a profile named {0:?} already exists")]
    ProfileExists(String),
    #[error("profile {0:?} is not signed in")]
    NotSignedIn(String),
    /// The client secret of a profile is missing from the keychain.
    #[error("the client secret of profile {0:?} is not in the keychain; remove the profile and add it again")]
    SecretMissing(String),
    #[error("{field}: {message}")]
    InvalidInput { field: String, message: String },
    #[error(
        "profile {profile:?} is registered for the {actual} API; this needs a {expected} profile"
    )]
    WrongApi {
        profile: String,
        expected: &'static str,
        actual: &'static str,
    },
    /// Several organizations and none chosen.
    #[error("choose an organization: the account belongs to {}", available.join(", "))]
    OrganizationRequired { available: Vec<String> },
    #[error("the account belongs to no organization")]
    NoOrganization,
    /// The built-in demo could not start.
    #[error("{0}")]
    Demo(String),
    /// The service refused an action for a missing scope; `scope` is the one the action needs.
    #[error("the session lacks the permission {scope:?} for this action; enable it for the application in the service's web console (account settings, access token), then sign in again")]
    MissingScope { scope: String },
    /// A dropped or chosen file is not an image the app can use.
    #[error("{file_name} is not an image ({reason}); use a JPEG, PNG, GIF, WebP or BMP file")]
    NotAnImage { file_name: String, reason: String },
    #[error("could not read {path}: {reason}")]
    FileUnreadable { path: String, reason: String },
    /// An image the service named could not be fetched or is not an image.
    #[error("the image at {url} cannot be shown: {reason}")]
    ImageUnavailable { url: String, reason: String },
    /// A file could not be written (an export to a folder that is read-only or full).
    #[error("could not write {path}: {reason}")]
    FileUnwritable { path: String, reason: String },
    /// A background job id that does not exist (or was forgotten).
    #[error("there is no job {0:?}")]
    JobNotFound(String),
    /// No signed-in profile has been chosen for this kind of work.
    #[error("sign in first: no {0} profile is active")]
    NoActiveProfile(&'static str),
    /// A sign-in completion without a matching sign-in start.
    #[error("no sign-in is in progress for profile {0:?}; start the sign-in again")]
    NoPendingSignIn(String),
    /// The CSV file could not be read as a table.
    #[error("the CSV file cannot be read: {0}")]
    Csv(String),
    /// The local history archive failed (its code is kept).
    #[error(transparent)]
    Archive(lockdesk_archive::Error),
}

impl Error {
    pub fn code(&self) -> &str {
        match self {
            Error::Api(e) => e.code(),
            Error::KeychainUnavailable { .. } => "keychain_unavailable",
            Error::Keychain { .. } => "keychain_error",
            Error::ConfigInvalid { .. } => "config_invalid",
            Error::ConfigWrite { .. } => "config_write_failed",
            Error::NoConfigDir => "config_dir_unknown",
            Error::ProfileNotFound(_) => "profile_not_found",
            Error::ProfileExists(_) => "profile_exists",
            Error::NotSignedIn(_) => "not_signed_in",
            Error::SecretMissing(_) => "client_secret_missing",
            Error::InvalidInput { .. } => "invalid_input",
            Error::WrongApi { .. } => "wrong_api",
            Error::OrganizationRequired { .. } => "organization_required",
            Error::NoOrganization => "no_organization",
            Error::Demo(_) => "demo_failed",
            Error::MissingScope { .. } => "insufficient_scope",
            Error::NotAnImage { .. } => "not_an_image",
            Error::FileUnreadable { .. } => "file_unreadable",
            Error::FileUnwritable { .. } => "file_unwritable",
            Error::ImageUnavailable { .. } => "image_unavailable",
            Error::JobNotFound(_) => "job_not_found",
            Error::NoActiveProfile(_) => "not_signed_in",
            Error::NoPendingSignIn(_) => "no_pending_sign_in",
            Error::Csv(_) => "csv_invalid",
            Error::Archive(e) => e.code(),
        }
    }

    /// Structured facts for the UI (never secrets).
    pub fn details(&self) -> Option<Value> {
        match self {
            Error::Api(e) => match e {
                lockdesk_api::Error::Validation { field, .. } => Some(json!({ "field": field })),
                _ => e.status().map(|s| json!({ "status": s })),
            },
            Error::ConfigInvalid { path, .. } | Error::ConfigWrite { path, .. } => {
                Some(json!({ "path": path }))
            }
            Error::ProfileNotFound(p)
            | Error::ProfileExists(p)
            | Error::NotSignedIn(p)
            | Error::SecretMissing(p) => Some(json!({ "profile": p })),
            Error::InvalidInput { field, .. } => Some(json!({ "field": field })),
            Error::WrongApi {
                profile, expected, ..
            } => Some(json!({ "profile": profile, "expected": expected })),
            Error::OrganizationRequired { available } => {
                Some(json!({ "organizations": available }))
            }
            Error::MissingScope { scope } => {
                Some(json!({ "status": 403, "scope": scope, "missing_scopes": [scope] }))
            }
            Error::NotAnImage { file_name, .. } => Some(json!({ "file_name": file_name })),
            Error::FileUnreadable { path, .. } | Error::FileUnwritable { path, .. } => {
                Some(json!({ "path": path }))
            }
            Error::ImageUnavailable { url, .. } => Some(json!({ "url": url })),
            Error::JobNotFound(id) => Some(json!({ "job_id": id })),
            Error::NoActiveProfile(kind) => Some(json!({ "kind": kind })),
            Error::NoPendingSignIn(p) => Some(json!({ "profile": p })),
            _ => None,
        }
    }

    /// The shape the UI receives.
    pub fn payload(&self) -> ErrorPayload {
        ErrorPayload {
            code: self.code().to_owned(),
            message: self.to_string(),
            details: self.details(),
        }
    }

    pub fn is_not_signed_in(&self) -> bool {
        matches!(
            self.code(),
            "not_signed_in" | "invalid_token" | "v2_session_expired"
        )
    }

    pub(crate) fn invalid(field: &str, message: impl Into<String>) -> Error {
        Error::InvalidInput {
            field: field.to_owned(),
            message: message.into(),
        }
    }
}

/// What the UI receives for every failed command: branch on `code`, show `message`, use
/// `details` (e.g. `missing_scopes`, `field`, `organizations`) for specifics.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize, ts_rs::TS)]
pub struct ErrorPayload {
    pub code: String,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub details: Option<Value>,
}

impl ErrorPayload {
    pub fn new(code: &str, message: impl Into<String>) -> ErrorPayload {
        ErrorPayload {
            code: code.to_owned(),
            message: message.into(),
            details: None,
        }
    }
}

impl From<lockdesk_archive::Error> for Error {
    fn from(e: lockdesk_archive::Error) -> Self {
        match e {
            lockdesk_archive::Error::Api(e) => Error::Api(e),
            lockdesk_archive::Error::InvalidInput { field, message } => {
                Error::InvalidInput { field, message }
            }
            e => Error::Archive(e),
        }
    }
}

impl From<Error> for ErrorPayload {
    fn from(e: Error) -> Self {
        e.payload()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_messages() {
        let e = Error::KeychainUnavailable {
            reason: "no dbus".into(),
        };
        assert_eq!(e.code(), "keychain_unavailable");
        assert!(e.to_string().contains("gnome-keyring"));
        let e = Error::ConfigInvalid {
            path: "/x/profiles.json".into(),
            problem: "line 1".into(),
        };
        assert_eq!(e.code(), "config_invalid");
        assert!(e.to_string().contains("/x/profiles.json"));
        let api = lockdesk_api::Error::Service {
            status: 403,
            code: lockdesk_api::ServiceCode::InsufficientScope,
            message: "no".into(),
        };
        let e = Error::from(api);
        assert_eq!(e.code(), "insufficient_scope");
        assert_eq!(e.payload().details.unwrap()["status"], 403);
    }
}
