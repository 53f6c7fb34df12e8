//! Errors of the command line: the core's (with their codes) plus usage and output problems,
//! and the hint printed under each.

use std::path::PathBuf;

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Core(#[from] lockdesk_core::Error),
    /// The local history archive.
    #[error(transparent)]
    Archive(#[from] lockdesk_archive::Error),
    /// Wrong arguments detected after parsing (exit status 2).
    #[error("{0}")]
    Usage(String),
    #[error("several profiles exist ({}); choose one", .0.join(", "))]
    ProfileRequired(Vec<String>),
    #[error("no profile exists yet")]
    NoProfile,
    #[error("{}: {reason}", path.display())]
    File { path: PathBuf, reason: String },
    #[error("could not write the output: {0}")]
    Output(String),
    /// An error a use-case reported as data (e.g. the session part of `account_info`, or a
    /// request the command layer refused); its code is kept.
    #[error("{}", .0.message)]
    Payload(lockdesk_core::ErrorPayload),
    /// `invitations import`: some rows of the file are not done (see the results).
    #[error("{not_done} of {rows} row(s) of the file are not done")]
    ImportIncomplete { not_done: usize, rows: usize },
}

impl From<lockdesk_core::ErrorPayload> for Error {
    fn from(e: lockdesk_core::ErrorPayload) -> Self {
        Error::Payload(e)
    }
}

impl From<lockdesk_api::Error> for Error {
    fn from(e: lockdesk_api::Error) -> Self {
        Error::Core(e.into())
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Output(e.to_string())
    }
}

impl From<csv::Error> for Error {
    fn from(e: csv::Error) -> Self {
        Error::Output(e.to_string())
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        Error::Output(e.to_string())
    }
}

impl Error {
    pub fn code(&self) -> &str {
        match self {
            Error::Core(e) => e.code(),
            Error::Archive(e) => e.code(),
            Error::Usage(_) => "usage",
            Error::ProfileRequired(_) => "profile_required",
            Error::NoProfile => "no_profile",
            Error::File { .. } => "file_unreadable",
            Error::Output(_) => "output_failed",
            Error::Payload(e) => &e.code,
            Error::ImportIncomplete { .. } => "import_incomplete",
        }
    }

    pub fn exit_status(&self) -> i32 {
        match self {
            Error::Usage(_) => 2,
            _ => 1,
        }
    }

    /// What to do about it. `profile` is the profile in use, when known.
    pub fn hint(&self, profile: Option<&str>) -> Option<String> {
        let name = profile.unwrap_or("NAME");
        let hint = match self.code() {
            "insufficient_scope" => "the token lacks the scope for this; enable it in the service's web console (account settings > access token) and sign in again".to_owned(),
            "invalid_token" | "not_signed_in" | "v2_session_expired" | "invalid_grant" => {
                format!("run `lockctl --profile {name} login`")
            }
            "client_secret_missing" => format!(
                "run `lockctl profile remove {name}` and add the profile again with its client secret"
            ),
            "insufficient_authority" => {
                "the signed-in account must be a manager (or super manager) of the organization for this".to_owned()
            }
            "not_in_organization" | "organization_not_found" => {
                "check the organization id with `lockctl orgs list`, then pass --org ID".to_owned()
            }
            "organization_required" => "pass --org ID (see `lockctl orgs list`); it is remembered for the profile".to_owned(),
            "no_organization" => "the signed-in account belongs to no organization".to_owned(),
            "profile_not_found" => "see `lockctl profile list`, or add one with `lockctl profile add`".to_owned(),
            "profile_required" => "pass --profile NAME".to_owned(),
            "no_profile" => "add one with `lockctl profile add NAME --base-url URL --client-id ID --redirect-uri URI`".to_owned(),
            "profile_exists" => format!("choose another name, or `lockctl profile remove {name}` first"),
            "keychain_unavailable" => "start and unlock the OS keychain, then try again".to_owned(),
            "config_invalid" => "fix or remove the file named above; lockctl will not overwrite it".to_owned(),
            "transport" | "timeout" => "check the network connection and the profile's base URL".to_owned(),
            "insecure_base_url" => "use an https address for the service".to_owned(),
            "wrong_api" => "use a profile registered for that API (see `lockctl profile list`)".to_owned(),
            "state_mismatch" => "run login again and paste the address from that same attempt".to_owned(),
            "rate_limit_exceeded" => "wait a minute and try again".to_owned(),
            "invalid_client" => "check the profile's client id and secret (remove and add the profile again)".to_owned(),
            "usage" => "see `lockctl --help`".to_owned(),
            _ => return None,
        };
        Some(hint)
    }
}
