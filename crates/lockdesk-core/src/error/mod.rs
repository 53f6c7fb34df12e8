//! One error type for the use-cases. Each variant has a stable [`ErrorCode`] (with its
//! [`ErrorCategory`]) and typed [`ErrorDetails`]; the front ends branch on the code, never on
//! the message.
//! No variant ever carries a secret (client secret, access or refresh token).

use std::path::PathBuf;

mod code;
mod payload;
mod source_failure;
#[cfg(test)]
mod tests;

pub use code::{ErrorCategory, ErrorCode};
pub use lockdesk_api::TlsProblem;
pub use payload::{ConfigProblem, ErrorDetails, ErrorPayload};
pub use source_failure::SourceFailure;

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
    /// A settings file that cannot be used: where (`line` and `column` from 1, the JSON path
    /// of a refused value in `field`) and what is wrong. Never overwritten by Lockdesk.
    #[error("configuration file {} is invalid{}: {problem}; fix or remove it (it was left unchanged)", path.display(), place(*line, *column))]
    ConfigInvalid {
        path: PathBuf,
        kind: ConfigProblem,
        line: Option<u32>,
        column: Option<u32>,
        field: Option<String>,
        problem: String,
    },
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
    /// The keychain's entries of a profile were stored for another service address or client
    /// id than `profiles.json` now names (or before Lockdesk bound them): never sent.
    #[error("the secrets kept for profile {0:?} belong to another service address or client id than the profile now names; Lockdesk did not send them. Remove the profile and add it again")]
    SecretBoundElsewhere(String),
    #[error("{field}: {message}")]
    InvalidInput { field: String, message: String },
    /// The demo cannot be started or left while these jobs run (the user is asked first).
    /// `jobs`: what each does, as the job names its kind (`history_sync`).
    #[error("a job is running ({}); starting or leaving the demo would stop it", jobs.join(", "))]
    JobsRunning { jobs: Vec<String> },
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
    /// An image whose header declares more pixels than Lockdesk decodes (checked before
    /// decoding: a small file can declare gigabytes of pixels).
    #[error("{file_name} is {width} × {height} pixels; images of at most {max_side} pixels a side and {max_megapixels} megapixels are read: make it smaller and try again")]
    ImageTooLarge {
        file_name: String,
        width: u32,
        height: u32,
        max_side: u32,
        max_megapixels: u64,
    },
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
    #[error("sign in first: no {} profile is active", match .0 {
        lockdesk_api::ApiVersion::V3 => "v3",
        lockdesk_api::ApiVersion::V2 => "history (v2)",
    })]
    NoActiveProfile(lockdesk_api::ApiVersion),
    /// A sign-in completion without a matching sign-in start.
    #[error("no sign-in is in progress for profile {0:?}; start the sign-in again")]
    NoPendingSignIn(String),
    /// The CSV file could not be read as a table.
    #[error("the CSV file cannot be read: {0}")]
    Csv(String),
    /// The CSV file's bytes are not UTF-8, UTF-16 (with a BOM) or Shift_JIS (CP932).
    #[error("the CSV file is not text in UTF-8, UTF-16 or Shift_JIS (CP932); save it from Excel as \"CSV\" or \"CSV UTF-8\"")]
    CsvEncoding,
    /// The CSV file is larger than the limit (bytes).
    #[error("the CSV file is {size} bytes; at most {limit} bytes ({} MiB) are read", limit / (1024 * 1024))]
    CsvTooLarge { size: u64, limit: u64 },
    /// The CSV file has more data rows than the limit.
    #[error(
        "the CSV file has more than {limit} rows; split it into files of at most {limit} rows"
    )]
    CsvTooManyRows { limit: u32 },
    /// The local history archive failed (its code is kept).
    #[error(transparent)]
    Archive(lockdesk_archive::Error),
    /// Offline cache only (`lockctl --cached`): `what` needs the service.
    #[error("{what} needs the service; with --cached only the lists kept offline (locks, lock groups, users, invitations, user groups) are read, and nothing is changed")]
    CachedOnly { what: String },
    /// A directory source could not be read: `why` as data, `permission` the missing one's
    /// name, `reason` in words (with what the source answered).
    #[error("the directory source could not be read: {reason}; nothing was planned or changed")]
    DirectorySourceFailed {
        why: SourceFailure,
        permission: Option<String>,
        reason: String,
    },
    /// No team-alert destination has this id.
    #[error("no alert destination has the id {0:?}")]
    DestinationNotFound(String),
    /// An alert destination of the same kind and name is there already (this computer's, or
    /// the team's): the id of that one.
    #[error("an alert destination of this kind with this name is there already (id {0:?}): give it its address on this computer, or choose another name")]
    DestinationExists(String),
    /// A chat service refused the message with this HTTP status (not 429).
    #[error("{destination}: the chat service refused the message (HTTP {status}); check the webhook address, token or room")]
    WebhookRefused { destination: String, status: u16 },
    /// A chat service could not be reached, or was busy or failing (5xx, 429).
    #[error("{destination}: the chat service could not be reached or is busy: {reason}")]
    WebhookUnavailable { destination: String, reason: String },
    /// The message was sent and its answer lost: it may have arrived.
    #[error("{destination}: no answer after sending ({reason}); the message may have arrived")]
    WebhookAnswerLost { destination: String, reason: String },
    /// The mail password was kept for another server, port or user name than the destination
    /// names now (its file was edited): not sent.
    #[error("the mail password of alert destination {0:?} was kept for another mail server, port or user name than the destination names now, so it was not sent; remove the destination and add it again")]
    MailPasswordBoundElsewhere(String),
    /// The keychain has no webhook address (or mail password) for the destination.
    #[error("the webhook address or mail password of alert destination {0:?} is not in the keychain; remove the destination and add it again")]
    WebhookSecretMissing(String),
    /// The mail server refused the mail for good (`status`: its reply code).
    #[error("{destination}: the mail server refused the mail ({reason}); check the addresses")]
    MailRefused {
        destination: String,
        status: u16,
        reason: String,
    },
    /// The mail server refused the sign-in.
    #[error("{destination}: the mail server refused the sign-in ({reason}); check the user name and password")]
    MailAuthFailed {
        destination: String,
        status: u16,
        reason: String,
    },
    /// The mail server could not be reached or asked to try later (4xx).
    #[error("{destination}: the mail server could not be reached or asks to try later: {reason}")]
    MailUnavailable { destination: String, reason: String },
    /// The mail server does not offer STARTTLS.
    #[error("{destination}: {reason}; nothing is sent without encryption (use TLS on port 465, or ask IT to offer STARTTLS)")]
    MailStarttlsMissing { destination: String, reason: String },
    /// The team's data source failed (its kind kept).
    #[error(transparent)]
    Team(lockdesk_team::error::TeamError),
    /// `team.json` names a data source the keychain has no password for.
    #[error("the keychain has no password for the team data source; connect this computer again with `lockctl team connect` or on Account → Team")]
    TeamPasswordMissing,
    /// A save of settings the team shares was made from an older version than the team's.
    #[error("{os_user} on {computer} changed these settings at {at} (after this computer read them); nothing was saved: read them again and make the change again")]
    TeamConflict {
        computer: String,
        os_user: String,
        at: chrono::DateTime<chrono::Utc>,
    },
    /// Settings the team shares were to be saved while its database cannot be reached.
    #[error("the team's database cannot be reached ({reason}), so settings the team shares cannot be changed now; nothing was saved")]
    TeamSharedUnreachable { reason: String },
    /// The disk of `folder` is full (settings, exports, reports and every store): nothing was
    /// written; `needed_bytes` is the free space the writer asks for.
    #[error("the disk holding {} is full; free at least {} there and try again (nothing was written)", folder.display(), bytes_text(*needed_bytes))]
    DiskFull { folder: PathBuf, needed_bytes: u64 },
    /// Nothing is kept offline for `command` of this connection and organization.
    #[error("nothing is kept offline for {command} yet; it is kept after the list was read once from the service")]
    NotCached { command: String },
}

impl Error {
    /// The stable code (the UI and lockctl branch on it, never on the message).
    pub fn code(&self) -> ErrorCode {
        match self {
            Error::Api(e) => ErrorCode::from_api(e),
            Error::KeychainUnavailable { .. } => ErrorCode::KeychainUnavailable,
            Error::Keychain { .. } => ErrorCode::KeychainError,
            Error::ConfigInvalid { .. } => ErrorCode::ConfigInvalid,
            Error::ConfigWrite { .. } => ErrorCode::ConfigWriteFailed,
            Error::NoConfigDir => ErrorCode::ConfigDirUnknown,
            Error::ProfileNotFound(_) => ErrorCode::ProfileNotFound,
            Error::ProfileExists(_) => ErrorCode::ProfileExists,
            Error::NotSignedIn(_) => ErrorCode::NotSignedIn,
            Error::SecretMissing(_) => ErrorCode::ClientSecretMissing,
            Error::SecretBoundElsewhere(_) => ErrorCode::SecretBoundElsewhere,
            Error::InvalidInput { .. } => ErrorCode::InvalidInput,
            Error::WrongApi { .. } => ErrorCode::WrongApi,
            Error::OrganizationRequired { .. } => ErrorCode::OrganizationRequired,
            Error::NoOrganization => ErrorCode::NoOrganization,
            Error::Demo(_) => ErrorCode::DemoFailed,
            Error::MissingScope { .. } => ErrorCode::InsufficientScope,
            Error::NotAnImage { .. } => ErrorCode::NotAnImage,
            Error::ImageTooLarge { .. } => ErrorCode::ImageTooLarge,
            Error::FileUnreadable { .. } => ErrorCode::FileUnreadable,
            Error::FileUnwritable { .. } => ErrorCode::FileUnwritable,
            Error::ImageUnavailable { .. } => ErrorCode::ImageUnavailable,
            Error::JobNotFound(_) => ErrorCode::JobNotFound,
            Error::JobsRunning { .. } => ErrorCode::JobsRunning,
            Error::NoActiveProfile(_) => ErrorCode::NotSignedIn,
            Error::NoPendingSignIn(_) => ErrorCode::NoPendingSignIn,
            Error::Csv(_) => ErrorCode::CsvInvalid,
            Error::CsvEncoding => ErrorCode::CsvEncoding,
            Error::CsvTooLarge { .. } => ErrorCode::CsvTooLarge,
            Error::CsvTooManyRows { .. } => ErrorCode::CsvTooManyRows,
            Error::Archive(e) => ErrorCode::from_archive(e),
            Error::DiskFull { .. } => ErrorCode::DiskFull,
            Error::CachedOnly { .. } => ErrorCode::CachedOnly,
            Error::NotCached { .. } => ErrorCode::NotCached,
            Error::DestinationNotFound(_) => ErrorCode::DestinationNotFound,
            Error::DirectorySourceFailed { .. } => ErrorCode::DirectorySourceFailed,
            Error::DestinationExists(_) => ErrorCode::DestinationExists,
            Error::WebhookRefused { .. } => ErrorCode::WebhookRefused,
            Error::WebhookUnavailable { .. } => ErrorCode::WebhookUnavailable,
            Error::WebhookAnswerLost { .. } => ErrorCode::WebhookAnswerLost,
            Error::WebhookSecretMissing(_) => ErrorCode::WebhookSecretMissing,
            Error::MailPasswordBoundElsewhere(_) => ErrorCode::MailPasswordBoundElsewhere,
            Error::MailRefused { .. } => ErrorCode::MailRefused,
            Error::MailAuthFailed { .. } => ErrorCode::MailAuthFailed,
            Error::MailUnavailable { .. } => ErrorCode::MailUnavailable,
            Error::MailStarttlsMissing { .. } => ErrorCode::MailStarttlsMissing,
            Error::Team(e) => {
                use lockdesk_team::error::TeamError as T;
                match e {
                    T::InvalidAddress { .. } | T::PasswordInAddress => {
                        ErrorCode::TeamAddressInvalid
                    }
                    T::Unreachable { .. } => ErrorCode::TeamUnreachable,
                    T::SignInRefused { .. } => ErrorCode::TeamSignInRefused,
                    T::SchemaTooNew { .. } => ErrorCode::TeamSchemaTooNew,
                    T::Database(_) => ErrorCode::TeamDatabase,
                }
            }
            Error::TeamPasswordMissing => ErrorCode::TeamPasswordMissing,
            Error::TeamConflict { .. } => ErrorCode::TeamConflict,
            Error::TeamSharedUnreachable { .. } => ErrorCode::TeamSharedUnreachable,
        }
    }

    pub fn category(&self) -> ErrorCategory {
        self.code().category()
    }

    /// Structured facts for the message and the action (never secrets).
    pub fn details(&self) -> ErrorDetails {
        let mut d = ErrorDetails::default();
        match self {
            Error::Api(e) => api_details(e, &mut d),
            Error::Archive(e) => match e {
                lockdesk_archive::Error::Api(e) => api_details(e, &mut d),
                lockdesk_archive::Error::Open { path, .. }
                | lockdesk_archive::Error::SchemaTooNew { path, .. } => {
                    d.path = Some(path.display().to_string())
                }
                lockdesk_archive::Error::InvalidInput { field, .. } => {
                    d.field = Some(field.clone())
                }
                lockdesk_archive::Error::Store { store, path, .. } => {
                    d.store = Some(*store);
                    d.path = Some(path.display().to_string());
                }
                lockdesk_archive::Error::Damaged {
                    store,
                    path,
                    moved_to,
                } => {
                    d.store = Some(*store);
                    d.path = Some(path.display().to_string());
                    d.moved_to = moved_to.as_ref().map(|p| p.display().to_string());
                }
                _ => {}
            },
            Error::DiskFull {
                folder,
                needed_bytes,
            } => {
                d.path = Some(folder.display().to_string());
                d.needed_bytes = Some(*needed_bytes);
            }
            Error::ConfigInvalid {
                path,
                kind,
                line,
                column,
                field,
                ..
            } => {
                d.path = Some(path.display().to_string());
                d.config_problem = Some(*kind);
                d.line = *line;
                d.column = *column;
                d.field = field.clone();
            }
            Error::ConfigWrite { path, .. } => d.path = Some(path.display().to_string()),
            Error::ProfileNotFound(p)
            | Error::ProfileExists(p)
            | Error::NotSignedIn(p)
            | Error::SecretMissing(p)
            | Error::SecretBoundElsewhere(p)
            | Error::NoPendingSignIn(p) => d.profile = Some(p.clone()),
            Error::InvalidInput { field, .. } => d.field = Some(field.clone()),
            Error::WrongApi {
                profile, expected, ..
            } => {
                d.profile = Some(profile.clone());
                d.api = Some((*expected).to_owned());
            }
            Error::OrganizationRequired { available } => d.organizations = Some(available.clone()),
            Error::MissingScope { scope } => {
                d.status = Some(403);
                d.scope = Some(scope.clone());
            }
            Error::NotAnImage { file_name, .. } | Error::ImageTooLarge { file_name, .. } => {
                d.file_name = Some(file_name.clone())
            }
            Error::FileUnreadable { path, .. } | Error::FileUnwritable { path, .. } => {
                d.path = Some(path.clone())
            }
            Error::ImageUnavailable { url, .. } => d.url = Some(url.clone()),
            Error::JobNotFound(id) => d.job_id = Some(id.clone()),
            Error::CachedOnly { what: command } | Error::NotCached { command } => {
                d.command = Some(command.clone())
            }
            Error::CsvTooLarge { limit, .. } => d.limit = Some(*limit as u32),
            Error::DestinationNotFound(_)
            | Error::DestinationExists(_)
            | Error::WebhookSecretMissing(_)
            | Error::MailPasswordBoundElsewhere(_) => d.field = Some("id".into()),
            Error::WebhookRefused { status, .. }
            | Error::MailRefused { status, .. }
            | Error::MailAuthFailed { status, .. } => d.status = Some(*status),
            Error::CsvTooManyRows { limit } => d.limit = Some(*limit),
            Error::DirectorySourceFailed {
                why, permission, ..
            } => {
                d.source_failure = Some(*why);
                d.scope = permission.clone();
            }
            Error::NoActiveProfile(api) => {
                d.api = Some(
                    match api {
                        lockdesk_api::ApiVersion::V3 => "v3",
                        lockdesk_api::ApiVersion::V2 => "v2",
                    }
                    .to_owned(),
                )
            }
            Error::Team(
                lockdesk_team::error::TeamError::InvalidAddress { .. }
                | lockdesk_team::error::TeamError::PasswordInAddress,
            ) => d.field = Some("address".to_owned()),
            Error::Team(_) => {}
            Error::TeamConflict {
                computer,
                os_user,
                at,
            } => {
                d.changed_by = Some(computer.clone());
                d.changed_by_user = Some(os_user.clone());
                d.changed_at = Some(*at);
            }
            Error::KeychainUnavailable { .. }
            | Error::Keychain { .. }
            | Error::NoConfigDir
            | Error::NoOrganization
            | Error::Demo(_)
            | Error::Csv(_)
            | Error::CsvEncoding
            | Error::WebhookUnavailable { .. }
            | Error::WebhookAnswerLost { .. }
            | Error::MailUnavailable { .. }
            | Error::MailStarttlsMissing { .. }
            | Error::TeamPasswordMissing
            | Error::TeamSharedUnreachable { .. }
            | Error::JobsRunning { .. } => {}
        }
        d
    }

    /// The shape the front ends receive.
    pub fn payload(&self) -> ErrorPayload {
        ErrorPayload::new(self.code(), self.to_string()).with_details(self.details())
    }

    /// Whether the person has to sign in again (the connection or the history).
    pub fn is_not_signed_in(&self) -> bool {
        self.code().needs_sign_in()
    }

    /// A settings file at `path` that cannot be used, with no place in it to name.
    pub(crate) fn config_invalid(
        path: &std::path::Path,
        kind: ConfigProblem,
        problem: impl Into<String>,
    ) -> Error {
        Error::ConfigInvalid {
            path: path.to_owned(),
            kind,
            line: None,
            column: None,
            field: None,
            problem: problem.into(),
        }
    }

    pub(crate) fn invalid(field: &str, message: impl Into<String>) -> Error {
        Error::InvalidInput {
            field: field.to_owned(),
            message: message.into(),
        }
    }
}

/// " at line L, column C" when the place is known.
fn place(line: Option<u32>, column: Option<u32>) -> String {
    match (line, column) {
        (Some(line), Some(column)) => format!(" at line {line}, column {column}"),
        (Some(line), None) => format!(" at line {line}"),
        _ => String::new(),
    }
}

/// Details of a client error: the field of a refused value, the status and unknown code of a
/// service answer, the address of an unreachable service.
fn api_details(e: &lockdesk_api::Error, d: &mut ErrorDetails) {
    let e = e.last();
    match e {
        lockdesk_api::Error::Validation { field, .. } => d.field = Some(field.clone()),
        lockdesk_api::Error::Service { status, code, .. } => {
            d.status = Some(*status);
            match code {
                lockdesk_api::ServiceCode::Other(raw) => d.service_code = Some(raw.clone()),
                lockdesk_api::ServiceCode::InvitationLimitExceeded => {
                    d.limit = Some(INVITATION_LIMIT)
                }
                _ => {}
            }
        }
        lockdesk_api::Error::BaseUrl { url, .. } => d.base_url = Some(url.clone()),
        lockdesk_api::Error::Tls {
            base_url,
            host,
            problem,
        } => {
            d.base_url = Some(base_url.clone());
            d.host = Some(host.clone());
            d.tls_problem = Some(*problem);
        }
        lockdesk_api::Error::Decode {
            field: Some(field), ..
        } => d.field = Some(field.clone()),
        lockdesk_api::Error::ProxyAuthRequired {
            proxy,
            login_refused,
        } => {
            d.proxy = Some(proxy.clone());
            d.proxy_login_refused = Some(*login_refused);
        }
        lockdesk_api::Error::Transport {
            base_url, route, ..
        }
        | lockdesk_api::Error::Timeout { base_url, route } => {
            d.base_url = Some(base_url.clone());
            match route {
                lockdesk_api::proxy::Route::Straight => {}
                lockdesk_api::proxy::Route::Proxy(proxy) => d.proxy = Some(proxy.clone()),
                lockdesk_api::proxy::Route::ScriptFailed { script, .. } => {
                    d.proxy_script = Some(script.clone())
                }
            }
        }
        _ => d.base_url = e.base_url().map(str::to_owned),
    }
}

/// A size for the message: bytes, KiB or MiB.
fn bytes_text(n: u64) -> String {
    match n {
        n if n >= 1 << 20 => format!("{:.1} MiB", n as f64 / f64::from(1 << 20)),
        n if n >= 1 << 10 => format!("{} KiB", n.div_ceil(1 << 10)),
        n => format!("{n} bytes"),
    }
}

impl Error {
    /// A file that could not be written at `path` (`size`: the bytes it was writing): a full
    /// disk is [`Error::DiskFull`] naming the folder, anything else `other`.
    pub(crate) fn unwritable_at(
        path: &std::path::Path,
        size: u64,
        e: std::io::Error,
        other: impl FnOnce(std::io::Error) -> Error,
    ) -> Error {
        if lockdesk_archive::disk::io_is_disk_full(&e) {
            return Error::DiskFull {
                folder: path
                    .parent()
                    .unwrap_or(std::path::Path::new("."))
                    .to_owned(),
                needed_bytes: size,
            };
        }
        other(e)
    }
}

/// Active invitations an organization may have at once (service-api.md, invitations).
pub const INVITATION_LIMIT: u32 = 500;

impl From<lockdesk_archive::Error> for Error {
    fn from(e: lockdesk_archive::Error) -> Self {
        match e {
            lockdesk_archive::Error::Api(e) => Error::Api(e),
            lockdesk_archive::Error::InvalidInput { field, message } => {
                Error::InvalidInput { field, message }
            }
            lockdesk_archive::Error::DiskFull {
                folder,
                needed_bytes,
            } => Error::DiskFull {
                folder,
                needed_bytes,
            },
            e => Error::Archive(e),
        }
    }
}

impl From<Error> for ErrorPayload {
    fn from(e: Error) -> Self {
        e.payload()
    }
}
