//! What a front end receives for a failed command: the code, its category, an English message
//! (lockctl prints it; the UI words its own from the code and details) and typed details.

use serde::{Deserialize, Serialize};

use crate::error::code::{ErrorCategory, ErrorCode};
use crate::error::source_failure::SourceFailure;
use lockdesk_api::TlsProblem;
use lockdesk_archive::StoreKind;

/// Facts about an error for the message and the action (never a secret). Only the fields the
/// code concerns are set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ErrorDetails {
    /// The field a refused value belongs to (`validation`, `invalid_input`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub field: Option<String>,
    /// The scope the refused action needs (`insufficient_scope`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub scope: Option<String>,
    /// The documented limit that was reached (`invitation_limit_exceeded`: 500; `csv_too_large`:
    /// bytes; `csv_too_many_rows`: rows).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub limit: Option<u32>,
    /// The HTTP status of the service's answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub status: Option<u16>,
    /// The service's own code when Lockdesk does not know it (`service_other`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub service_code: Option<String>,
    /// The service address of the connection (`transport`, `timeout`, `insecure_base_url`,
    /// `tls_certificate`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub base_url: Option<String>,
    /// The host whose certificate was refused (`tls_certificate`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub host: Option<String>,
    /// What was wrong with it (`tls_certificate`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub tls_problem: Option<TlsProblem>,
    /// Why a directory source could not be read (`directory_source_failed`; a missing
    /// permission's name in `scope`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub source_failure: Option<SourceFailure>,
    /// The proxy that asks for a user name and password (`proxy_auth_required`), or the one a
    /// connection that failed went through (`transport`), `scheme://host:port`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub proxy: Option<String>,
    /// The automatic proxy configuration script that could not be used, so the connection that
    /// failed went straight (`transport`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub proxy_script: Option<String>,
    /// The user name and password kept for that proxy were sent and refused
    /// (`proxy_auth_required`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub proxy_login_refused: Option<bool>,
    /// An image address the service named (`image_unavailable`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub url: Option<String>,
    /// The profile (connection) concerned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub profile: Option<String>,
    /// The API a profile must be for (`wrong_api`: "v3" or "v2"; `not_signed_in`: which sign-in
    /// is missing when no profile is active).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub api: Option<String>,
    /// The organizations to choose from (`organization_required`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub organizations: Option<Vec<String>>,
    /// A file on this computer (for `disk_full`, the folder whose disk is full).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub path: Option<String>,
    /// Which store of this computer (`store_failed`, `store_damaged`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub store: Option<StoreKind>,
    /// Where a damaged store's file was kept (`store_damaged`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub moved_to: Option<String>,
    /// The free space the writer asks for before it writes again (`disk_full`): a store's
    /// reserve, or the size of the file it was writing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub needed_bytes: Option<u64>,
    /// Where in that file the problem is, counted from 1 (`config_invalid`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub line: Option<u32>,
    /// The column on that line, counted from 1 (`config_invalid`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub column: Option<u32>,
    /// What is wrong with a settings file (`config_invalid`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub config_problem: Option<ConfigProblem>,
    /// The name of a dropped or chosen file (`not_an_image`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub file_name: Option<String>,
    /// A background job id (`job_not_found`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub job_id: Option<String>,
    /// The command name (`unknown_command`, `invalid_arguments`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub command: Option<String>,
    /// The computer, the OS user and the time of the save that came first (`team_conflict`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub changed_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub changed_by_user: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub changed_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// What is wrong with a settings file that cannot be used (`config_invalid`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ConfigProblem {
    /// It ends in the middle (a write or a copy stopped short).
    CutShort,
    /// It is not JSON at that place (a typing mistake, another program's bytes).
    NotJson,
    /// It is JSON, but a value is of the wrong kind or out of its range.
    WrongValue,
    /// It cannot be read at all (permissions, a folder in its place).
    Unreadable,
}

/// What the UI receives for every failed command: branch on `code` (or `category`), word the
/// message from `details`; `message` is the core's English wording (lockctl prints it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ErrorPayload {
    pub code: ErrorCode,
    pub category: ErrorCategory,
    pub message: String,
    /// Boxed: most errors set one or two of its many fields.
    #[serde(default)]
    pub details: Box<ErrorDetails>,
}

impl ErrorPayload {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ErrorPayload {
        ErrorPayload {
            code,
            category: code.category(),
            message: message.into(),
            details: Box::default(),
        }
    }

    /// A payload from a code kept as text (the archive's sync outcome): a code Lockdesk does not
    /// know becomes `service_other` with the text in `details.service_code`.
    pub fn from_code_text(text: &str, message: impl Into<String>) -> ErrorPayload {
        match ErrorCode::parse(text) {
            Some(code) => ErrorPayload::new(code, message),
            None => {
                ErrorPayload::new(ErrorCode::ServiceOther, message).with_details(ErrorDetails {
                    service_code: Some(text.to_owned()),
                    ..ErrorDetails::default()
                })
            }
        }
    }

    pub fn with_details(mut self, details: ErrorDetails) -> ErrorPayload {
        self.details = Box::new(details);
        self
    }
}
