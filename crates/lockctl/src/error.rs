//! Errors of the command line: the core's (with their codes) plus usage and output problems,
//! and the hint printed under each.

use std::path::PathBuf;

use lockdesk_api::proxy::Route;
use lockdesk_core::error::{ErrorCode, TlsProblem};

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Core(#[from] lockdesk_core::error::Error),
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
    /// Whoever read the output stopped reading (`lockctl … | head`): not the user's problem.
    #[error("the output was closed by its reader")]
    OutputClosed,
    /// An error a use-case reported as data (e.g. the session part of `account_info`, or a
    /// request the command layer refused); its code is kept.
    #[error("{}", .0.message)]
    Payload(lockdesk_core::error::ErrorPayload),
    /// `invitations import`: some rows of the file are not done (see the results).
    #[error("{not_done} of {rows} row(s) of the file are not done")]
    ImportIncomplete { not_done: usize, rows: usize },
}

impl From<lockdesk_core::error::ErrorPayload> for Error {
    fn from(e: lockdesk_core::error::ErrorPayload) -> Self {
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
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            return Error::OutputClosed;
        }
        Error::Output(e.to_string())
    }
}

impl From<csv::Error> for Error {
    fn from(e: csv::Error) -> Self {
        if let csv::ErrorKind::Io(io) = e.kind() {
            if io.kind() == std::io::ErrorKind::BrokenPipe {
                return Error::OutputClosed;
            }
        }
        Error::Output(e.to_string())
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        Error::Output(e.to_string())
    }
}

impl Error {
    pub fn code(&self) -> ErrorCode {
        match self {
            Error::Core(e) => e.code(),
            Error::Archive(e) => ErrorCode::from_archive(e),
            Error::Usage(_) => ErrorCode::Usage,
            Error::ProfileRequired(_) => ErrorCode::ProfileRequired,
            Error::NoProfile => ErrorCode::NoProfile,
            Error::File { .. } => ErrorCode::FileUnreadable,
            Error::Output(_) | Error::OutputClosed => ErrorCode::OutputFailed,
            Error::Payload(e) => e.code,
            Error::ImportIncomplete { .. } => ErrorCode::ImportIncomplete,
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
        if let Some(problem) = self.tls_problem() {
            return Some(tls_hint(problem).to_owned());
        }
        match self.route() {
            Route::ScriptFailed { script, .. } => Some(format!(
                "the proxy setup script {script} could not be used, so the request went straight; \
                 ask IT whether its address is right (it comes from LOCKDESK_PROXY_PAC_URL or the \
                 system's proxy settings) and whether its server is up"
            )),
            Route::Proxy(proxy) if self.code() == ErrorCode::Transport => Some(format!(
                "check that the proxy {proxy} is up and this computer reaches it (it comes from \
                 HTTPS_PROXY, a setup script or the system's proxy settings); `lockctl --cached` \
                 reads the lists kept from the last time the service answered"
            )),
            _ => hint(self.code(), profile),
        }
    }

    /// How a connection that failed went: straight, through a proxy, or straight because the
    /// proxy setup script could not be used.
    fn route(&self) -> Route {
        let api = match self {
            Error::Archive(lockdesk_archive::Error::Api(e)) => e,
            Error::Core(e) => return route_of_details(&e.details()),
            Error::Payload(p) => return route_of_details(&p.details),
            _ => return Route::Straight,
        };
        match api.last() {
            lockdesk_api::Error::Transport { route, .. }
            | lockdesk_api::Error::Timeout { route, .. } => route.clone(),
            _ => Route::Straight,
        }
    }

    /// What was wrong with a refused certificate (`tls_certificate`).
    fn tls_problem(&self) -> Option<TlsProblem> {
        match self {
            Error::Core(e) => e.details().tls_problem,
            Error::Archive(lockdesk_archive::Error::Api(e)) => match e.last() {
                lockdesk_api::Error::Tls { problem, .. } => Some(*problem),
                _ => None,
            },
            Error::Payload(p) => p.details.tls_problem,
            _ => None,
        }
    }
}

/// The route named in an error's details (`transport`).
fn route_of_details(details: &lockdesk_core::error::ErrorDetails) -> Route {
    match (&details.proxy_script, &details.proxy) {
        (Some(script), _) => Route::ScriptFailed {
            script: script.clone(),
            problem: String::new(),
        },
        (None, Some(proxy)) => Route::Proxy(proxy.clone()),
        (None, None) => Route::Straight,
    }
}

/// What to do about a refused certificate, by what was wrong with it.
fn tls_hint(problem: TlsProblem) -> &'static str {
    match problem {
        TlsProblem::UnknownIssuer | TlsProblem::Other => TLS_INSPECTION_HINT,
        TlsProblem::Expired | TlsProblem::NotYetValid => {
            "check this computer's date and time; if they are right, the certificate is out of date: if your company inspects HTTPS, tell IT, otherwise report it to the service"
        }
        TlsProblem::WrongName => {
            "check the profile's base URL; if your company inspects HTTPS, ask IT whether its proxy presents a certificate for this host"
        }
        TlsProblem::Revoked => {
            "do not use this connection; if your company inspects HTTPS, tell IT, otherwise report it to the service"
        }
    }
}

const PROXY_LOGIN_HINT: &str = "give the proxy's user name and password with `lockctl proxy login` (typed, or from LOCKDESK_PROXY_USER and LOCKDESK_PROXY_PASSWORD); they are kept in the OS keychain, and `lockctl proxy logout` forgets them";

const TLS_INSPECTION_HINT: &str = "if your company inspects HTTPS, ask IT to install its root certificate on this computer (lockctl trusts the certificates the computer trusts)";

/// What to do about an error with `code`, in English; `None` where the message says it all.
/// The match lists every code, so a new code needs a decision here.
pub fn hint(code: ErrorCode, profile: Option<&str>) -> Option<String> {
    use ErrorCode as C;
    let name = profile.unwrap_or("NAME");
    let text = match code {
        C::ImportIncomplete => "the rows not done are listed above with their line numbers; fix them and run the import again (rows already done are not sent twice)",
        C::InsufficientScope => "the token lacks the scope for this; enable it in the service's web console (account settings > access token) and sign in again",
        C::InvalidToken
        | C::NotSignedIn
        | C::V2SessionExpired
        | C::InvalidGrant
        | C::AuthorizationFailed
        | C::NoPendingSignIn
        | C::SignInCancelled => return Some(format!("run `lockctl --profile {name} login`")),
        C::StateMismatch => "run login again and paste the address from that same attempt",
        C::ClientSecretMissing | C::SecretBoundElsewhere => {
            return Some(format!(
                "run `lockctl profile remove {name}` and add the profile again with its client secret"
            ))
        }
        C::InsufficientAuthority | C::NotAllowed => {
            "the signed-in account must be a manager (or super manager) of the organization for this"
        }
        C::NotInOrganization | C::OrganizationNotFound => {
            "check the organization id with `lockctl orgs list`, then pass --org ID"
        }
        C::OrganizationRequired => {
            "pass --org ID (see `lockctl orgs list`); it is remembered for the profile"
        }
        C::NoOrganization => "the signed-in account belongs to no organization",
        C::ProfileNotFound => "see `lockctl profile list`, or add one with `lockctl profile add`",
        C::ProfileRequired => "pass --profile NAME",
        C::NoProfile => {
            "add one with `lockctl profile add NAME --base-url URL --client-id ID --redirect-uri URI`"
        }
        C::ProfileExists => {
            return Some(format!(
                "choose another name, or `lockctl profile remove {name}` first"
            ))
        }
        C::KeychainUnavailable | C::KeychainError | C::TokenStore => {
            "start and unlock the OS keychain, then try again"
        }
        C::ConfigInvalid => "fix or remove the file named above; lockctl will not overwrite it",
        C::ConfigDirUnknown => "set LOCKDESK_CONFIG_DIR to a folder lockctl may use",
        C::DataDirUnknown => "set LOCKDESK_DATA_DIR to a folder lockctl may use",
        C::Transport | C::Timeout => "check the network connection and the profile's base URL; `lockctl --cached` reads the lists kept from the last time the service answered (changes need the service)",
        C::TlsCertificate => TLS_INSPECTION_HINT,
        C::ProxyAuthRequired => PROXY_LOGIN_HINT,
        C::AnswerLost => {
            "the service may have made the change; look (e.g. `lockctl users list`, `lockctl invitations list`) before running it again: lockctl did not send it twice"
        }
        C::CachedOnly => "run it without --cached once the service can be reached",
        C::NotCached => "run the same list once without --cached while the service can be reached; it is kept from then on",
        C::InsecureBaseUrl => "use an https address for the service",
        C::WrongApi => "use a profile registered for that API (see `lockctl profile list`)",
        C::RateLimitExceeded => "wait a minute and try again",
        C::SyncRunning => "wait for the other sync to finish, then sync again",
        C::RenewalInterrupted => {
            return Some(format!(
                "run `lockctl --profile {name} login`: a program was stopped while it renewed \
                 this sign-in, and the service retired the old one"
            ))
        }
        C::RenewalBusy => {
            "another Lockdesk program (the app or another lockctl) is renewing this sign-in; try again in a minute"
        }
        C::InvalidClient => {
            "check the profile's client id and secret (remove and add the profile again)"
        }
        C::InvitationLimitExceeded => {
            "wait until invitations are accepted or expire (at most 500 are active at once)"
        }
        C::RegisteredMail => "the address already belongs to a user; see `lockctl users list`",
        C::ExistInvitation => "an invitation to that address is already waiting to be accepted",
        C::LockNotFound => "see `lockctl locks list` for the lock ids",
        C::LockGroupNotFound | C::UserGroupNotFound | C::UserNotFound => {
            "list them again to see the current ids"
        }
        C::ArchiveSchemaTooNew => "update lockctl to the version that wrote the archive",
        C::DiskFull => {
            "free space on the disk of the folder named above, then run the command again; nothing was written, and no change is sent to the service while the journal cannot be written"
        }
        C::StoreDamaged => {
            "the damaged file was kept under the name above and a new, empty one was started: run the command again (`lockctl history sync` fills a new archive from the service; `lockctl activity --file NAME` reads a journal set aside)"
        }
        C::DestinationNotFound => "see `lockctl alerts destinations list` for the ids",
        C::DirectorySourceFailed => {
            "fix what the message names (with IT where it is theirs: a permission, a secret, a certificate), then run the command again"
        }
        C::DestinationExists => {
            "a destination another computer of the team added is sent from here once it has its address here: `lockctl alerts destinations secret ID`; or add this one under another name"
        }
        C::WebhookRefused => {
            "check the webhook address (Chatwork: the API token and room id) in the chat service, then give the right one: `lockctl alerts destinations secret ID` (a wrong room: remove the destination and add it again)"
        }
        C::WebhookUnavailable => {
            "the chat service or the network cannot be reached now; alert deliveries are tried again on their own (see `lockctl alerts deliveries`)"
        }
        C::WebhookAnswerLost => {
            "the message may have arrived; look in the chat room. Lockdesk does not send it again, so that no alert is read twice"
        }
        C::DeliveryInterrupted => {
            "Lockdesk was stopped while sending this alert; it may have arrived. Look in the chat room or mailbox: it is not sent again"
        }
        C::WebhookSecretMissing => {
            "give the destination its address or password on this computer: `lockctl alerts destinations secret ID`"
        }
        C::MailRefused => {
            "check the From and To addresses (the mail server's words are above), then remove the destination and add it again with the right ones"
        }
        C::MailAuthFailed => {
            "check the mail sign-in's user name and password with IT, then give the right password: `lockctl alerts destinations secret ID` (from LOCKDESK_SMTP_PASSWORD or stdin); a wrong user name: remove the destination and add it again"
        }
        C::MailUnavailable => {
            "the mail server or the network cannot be reached now, or the server asked to try later; alert deliveries are tried again on their own (see `lockctl alerts deliveries`)"
        }
        C::MailPasswordBoundElsewhere => {
            "alert_destinations.json names another mail server, port or user name than the password was kept for; remove the destination (`lockctl alerts destinations remove ID`) and add it again"
        }
        C::MailStarttlsMissing => {
            "use --smtp-security tls (port 465) if the server offers it, or ask IT to switch STARTTLS on; Lockdesk never sends alerts or a password unencrypted over the network"
        }
        C::TeamAddressInvalid => {
            "give the team data source as postgres://USER@HOST[:PORT]/DATABASE, without a password (LOCKDESK_TEAM_PASSWORD or stdin gives it)"
        }
        C::TeamUnreachable => {
            "check the address, the network and that the server accepts this computer (pg_hba.conf); once connected, changes made while the database is unreachable wait in this computer's journal and are shared when it is back"
        }
        C::TeamSignInRefused | C::TeamPasswordMissing => {
            "connect again with the right password: `lockctl team connect postgres://USER@HOST/DATABASE`"
        }
        C::TeamSchemaTooNew => {
            "another computer of the team runs a newer Lockdesk; update Lockdesk here (until then this computer only reads)"
        }
        C::TeamDatabase => "the team's database refused; ask IT to check the role's rights and the server's log",
        C::TeamConflict => "another administrator saved these settings first; read them again (the app's Watch screen shows the team's) and make the change again",
        C::TeamSharedUnreachable => "try again when the team's database answers (`lockctl team status`)",
        C::Usage => "see `lockctl --help`",
        C::NotAnImage => "use a JPEG, PNG, GIF, WebP or BMP file",
        C::ImageTooLarge => "make the image smaller in an image editor, then try again",
        C::CsvEncoding => "save the file from Excel as \"CSV (comma delimited)\", \"CSV UTF-8\" or \"Unicode text\" and try again",
        C::CsvTooLarge | C::CsvTooManyRows => {
            "split the file into smaller files (at most 5 MiB and 10,000 rows each) and import them one after the other"
        }
        C::AnswerTooLarge | C::TooManyPages => {
            "the service sent more than Lockdesk reads at once; try again later or report it"
        }
        C::Decode | C::ServiceOther | C::UnsupportedGrantType | C::ImageUnavailable => {
            "the service answered in an unexpected way; try again later"
        }
        C::Internal | C::DemoFailed | C::UnknownCommand | C::InvalidArguments => {
            "this is a fault in lockctl; please report it with the message above"
        }
        C::Validation
        | C::InvalidInput
        | C::InvalidParams
        | C::InvalidRequest
        | C::CsvInvalid
        | C::ConfigWriteFailed
        | C::FileUnreadable
        | C::FileUnwritable
        | C::OutputFailed
        | C::ExportFailed
        | C::ArchiveDb
        | C::StoreFailed
        | C::ArchiveOpenFailed
        | C::JobNotFound
        | C::JobsRunning
        | C::Cancelled
        | C::DialogFailed
        | C::UpdateUnreachable
        | C::UpdateRefused
        | C::UpdateFailed
        | C::WindowFailed => return None,
    };
    Some(text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sign_in_codes_all_point_to_login() {
        for &code in ErrorCode::ALL {
            if code.category() == lockdesk_core::error::ErrorCategory::SignInAgain
                && code != ErrorCode::StateMismatch
            {
                let hint = hint(code, Some("work")).unwrap();
                assert!(
                    hint.contains("lockctl --profile work login"),
                    "{code}: {hint}"
                );
            }
        }
        assert_eq!(Error::Usage("x".into()).exit_status(), 2);
        assert_eq!(Error::Usage("x".into()).code(), ErrorCode::Usage);
        assert_eq!(Error::NoProfile.exit_status(), 1);
    }
}
