//! Every error code Lockdesk shows — the service's documented codes, the client's, the core's,
//! the archive's, the command layer's, the desktop shell's and lockctl's — as one enum, each with
//! its [`ErrorCategory`]. The UI receives both (generated TypeScript types), lockctl prints the
//! code in brackets, the test host picks its HTTP status from the category.

use std::fmt;

use serde::{Deserialize, Serialize};

/// What the person can do about an error; the UI picks its action (sign in again, open the
/// organization list, try again later…) from this, lockctl its hint for codes without their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ErrorCategory {
    /// The sign-in of the connection is missing, expired or refused: sign in again.
    SignInAgain,
    /// The history (v2) sign-in lasts two hours and cannot be renewed: sign in to it again.
    SignInAgainHistory,
    /// The token lacks a scope; it is switched on in the service's web console (details.scope).
    MissingScope,
    /// The account's role in the organization does not allow the action.
    RefusedByRole,
    /// No organization (or a wrong one) is chosen for the work.
    Organization,
    /// A value the person gave is not accepted (details.field names it when known).
    BadInput,
    /// The lock, group, user, profile or job no longer exists.
    NotFound,
    /// The thing exists already (same e-mail address, invitation, profile name).
    Conflict,
    /// A documented limit of the service is reached (500 invitations).
    Limit,
    /// Too much at once: wait and try again (rate limit, another sync running).
    Busy,
    /// The service could not be reached (details.base_url): check the network or the address.
    ServiceUnreachable,
    /// The service answered, but not as documented.
    ServiceError,
    /// The connection's own settings are wrong (client id or secret, address, API kind).
    Connection,
    /// The OS keychain is missing, locked or refused.
    Keychain,
    /// A change was sent and its answer lost, and the service could not tell whether it was
    /// made: look before trying again (Lockdesk never sends it again on its own).
    OutcomeUnknown,
    /// The service's certificate is not trusted by this computer (details.host,
    /// details.tls_problem): often a company's HTTPS inspection whose root certificate IT has
    /// not installed on this computer. Not "offline": the service was reached.
    Certificate,
    /// The proxy in the way asks for a user name and password, or refused the ones kept for it
    /// (details.proxy): give them (the Account screen, `lockctl proxy login`).
    ProxyLogin,
    /// A file or folder on this computer could not be read or written.
    LocalFile,
    /// The person cancelled; nothing to fix.
    Cancelled,
    /// A fault in Lockdesk itself; trying again may help, reporting it does.
    Internal,
}

macro_rules! error_codes {
    ($($(#[$meta:meta])* $name:ident = $text:literal => $category:ident,)*) => {
        /// A stable machine code. Serialized as the snake_case string shown after each name;
        /// `category()` says what kind of problem it is.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        pub enum ErrorCode {
            $($(#[$meta])* #[serde(rename = $text)] $name,)*
        }

        impl ErrorCode {
            /// Every code, in declaration order.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$name),*];

            /// The code as written on the wire and after lockctl's messages.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$name => $text,)*
                }
            }

            /// What kind of problem it is (one place for every front end).
            pub fn category(self) -> ErrorCategory {
                match self {
                    $(ErrorCode::$name => ErrorCategory::$category,)*
                }
            }
        }
    };
}

error_codes! {
    // The service's documented codes (lockdesk_api::ServiceCode).
    UnsupportedGrantType = "unsupported_grant_type" => ServiceError,
    /// The authorization code or refresh token was refused.
    InvalidGrant = "invalid_grant" => SignInAgain,
    InvalidClient = "invalid_client" => Connection,
    InvalidRequest = "invalid_request" => BadInput,
    InvalidParams = "invalid_params" => BadInput,
    RegisteredMail = "registered_mail" => Conflict,
    ExistInvitation = "exist_invitation" => Conflict,
    InvitationLimitExceeded = "invitation_limit_exceeded" => Limit,
    InvalidToken = "invalid_token" => SignInAgain,
    InsufficientScope = "insufficient_scope" => MissingScope,
    InsufficientAuthority = "insufficient_authority" => RefusedByRole,
    NotInOrganization = "not_in_organization" => Organization,
    NotAllowed = "not_allowed" => RefusedByRole,
    OrganizationNotFound = "organization_not_found" => Organization,
    LockNotFound = "lock_not_found" => NotFound,
    LockGroupNotFound = "lock_group_not_found" => NotFound,
    UserNotFound = "user_not_found" => NotFound,
    UserGroupNotFound = "user_group_not_found" => NotFound,
    RateLimitExceeded = "rate_limit_exceeded" => Busy,
    /// A code the service sent that Lockdesk does not know (kept in details.service_code), or
    /// an error status without a code.
    ServiceOther = "service_other" => ServiceError,

    // The service client (lockdesk_api::Error).
    /// A request broke a documented rule before it was sent (details.field).
    Validation = "validation" => BadInput,
    /// The service address is not https (plain http only for this computer) or not a URL.
    InsecureBaseUrl = "insecure_base_url" => Connection,
    StateMismatch = "state_mismatch" => SignInAgain,
    AuthorizationFailed = "authorization_failed" => SignInAgain,
    V2SessionExpired = "v2_session_expired" => SignInAgainHistory,
    NotSignedIn = "not_signed_in" => SignInAgain,
    /// A renewed token could not be kept in the keychain.
    TokenStore = "token_store" => Keychain,
    /// Another program (the app, a scheduled lockctl) kept renewing the same sign-in too long.
    RenewalBusy = "renewal_busy" => Busy,
    /// A renewal of the sign-in was begun by a program that stopped before it stored the new
    /// tokens, and the service has retired the old ones: sign in again.
    RenewalInterrupted = "renewal_interrupted" => SignInAgain,
    /// No answer in time (details.base_url).
    Timeout = "timeout" => ServiceUnreachable,
    /// The service could not be reached (details.base_url).
    Transport = "transport" => ServiceUnreachable,
    /// A change was sent, its answer lost, and whether the service made it is not known
    /// (details.base_url).
    AnswerLost = "answer_lost" => OutcomeUnknown,
    /// The secure connection was refused: the certificate of details.host is not trusted
    /// (details.tls_problem says why).
    TlsCertificate = "tls_certificate" => Certificate,
    /// The proxy details.proxy answered 407 Proxy Authentication Required;
    /// details.proxy_login_refused when a user name and password were sent and refused.
    ProxyAuthRequired = "proxy_auth_required" => ProxyLogin,
    /// The service's answer could not be understood.
    Decode = "decode" => ServiceError,
    /// The answer was larger than the client reads (16 MiB); details.base_url.
    AnswerTooLarge = "answer_too_large" => ServiceError,
    /// A listing kept announcing more pages than one listing reads (100,000 elements).
    TooManyPages = "too_many_pages" => ServiceError,
    Cancelled = "cancelled" => Cancelled,

    // The core.
    KeychainUnavailable = "keychain_unavailable" => Keychain,
    KeychainError = "keychain_error" => Keychain,
    ConfigInvalid = "config_invalid" => LocalFile,
    ConfigWriteFailed = "config_write_failed" => LocalFile,
    ConfigDirUnknown = "config_dir_unknown" => LocalFile,
    ProfileNotFound = "profile_not_found" => NotFound,
    ProfileExists = "profile_exists" => Conflict,
    ClientSecretMissing = "client_secret_missing" => Connection,
    /// The keychain's secrets of the profile were stored for another service address or
    /// client id than the profile names now; not sent (details.profile).
    SecretBoundElsewhere = "secret_bound_elsewhere" => Connection,
    /// A value given to a command is not accepted (details.field).
    InvalidInput = "invalid_input" => BadInput,
    /// The profile is for the other API (details.api is the one needed).
    WrongApi = "wrong_api" => Connection,
    /// Several organizations and none chosen (details.organizations).
    OrganizationRequired = "organization_required" => Organization,
    NoOrganization = "no_organization" => Organization,
    DemoFailed = "demo_failed" => Internal,
    NotAnImage = "not_an_image" => BadInput,
    /// An image declares more pixels than Lockdesk decodes (details.file_name).
    ImageTooLarge = "image_too_large" => BadInput,
    FileUnreadable = "file_unreadable" => LocalFile,
    FileUnwritable = "file_unwritable" => LocalFile,
    /// An image the service named cannot be fetched or shown (details.url).
    ImageUnavailable = "image_unavailable" => ServiceError,
    JobNotFound = "job_not_found" => NotFound,
    /// Starting or leaving the demo while a job runs: the user is asked, then it is sent
    /// again with `cancel_jobs`.
    JobsRunning = "jobs_running" => Conflict,
    NoPendingSignIn = "no_pending_sign_in" => SignInAgain,
    CsvInvalid = "csv_invalid" => BadInput,
    /// The CSV file is not UTF-8, UTF-16 (BOM) or Shift_JIS/CP932 text.
    CsvEncoding = "csv_encoding" => BadInput,
    /// The CSV file is larger than details.limit bytes (5 MiB).
    CsvTooLarge = "csv_too_large" => BadInput,
    /// The CSV file has more than details.limit rows (10,000).
    CsvTooManyRows = "csv_too_many_rows" => BadInput,
    /// Reading from the offline cache only (`lockctl --cached`): the command needs the service
    /// (every change does; of the reads, only the cached lists answer).
    CachedOnly = "cached_only" => BadInput,
    /// Nothing is kept offline yet for this list (details.command); list it once online.
    NotCached = "not_cached" => NotFound,

    /// No team-alert destination has this id (details.field names it).
    DestinationNotFound = "destination_not_found" => NotFound,
    /// A directory source could not be read (the message says why: a refused sign-in, a
    /// missing permission by name, throttled, unreachable). Nothing was planned or changed.
    DirectorySourceFailed = "directory_source_failed" => Connection,
    /// An alert destination of the same kind and name is there already, this computer's or the
    /// team's (details.field names its id).
    DestinationExists = "destination_exists" => Conflict,
    /// A chat service refused an alert message (details.status: a 4xx other than 429): the
    /// webhook address, token or room is wrong or was revoked. Not sent again.
    WebhookRefused = "webhook_refused" => Connection,
    /// A chat service could not be reached, or answered 5xx or 429: tried again later.
    WebhookUnavailable = "webhook_unavailable" => ServiceUnreachable,
    /// An alert message was sent and no answer came (timeout, connection closed): it may have
    /// arrived; it is not sent again (never twice).
    WebhookAnswerLost = "webhook_answer_lost" => OutcomeUnknown,
    /// Lockdesk stopped (killed, shut down) while it was sending an alert message: it may have
    /// arrived; it is not sent again.
    DeliveryInterrupted = "delivery_interrupted" => OutcomeUnknown,
    /// The keychain has no secret for a destination (its webhook address, token or mail
    /// password): remove it and add it again.
    WebhookSecretMissing = "webhook_secret_missing" => Keychain,
    /// The mail server refused an alert mail for good (a 5xx reply, details.status: 550
    /// mailbox unavailable, 553, 554): check the addresses. Not sent again.
    MailRefused = "mail_refused" => Connection,
    /// The mail server refused the sign-in (details.status: 535 and other 5xx replies to AUTH),
    /// or it offers no sign-in Lockdesk can do (PLAIN, LOGIN). Not sent again.
    MailAuthFailed = "mail_auth_failed" => Connection,
    /// The mail server could not be reached, or answered "try later" (4xx): tried again later.
    MailUnavailable = "mail_unavailable" => ServiceUnreachable,
    /// The mail server does not offer STARTTLS: nothing is sent without encryption.
    MailStarttlsMissing = "mail_starttls_missing" => Connection,

    /// The team data source's address is not `postgres://USER@HOST[:PORT]/DATABASE`, or holds
    /// a password (which goes to the keychain).
    TeamAddressInvalid = "team_address_invalid" => BadInput,
    /// The team's database could not be reached: work goes on on this computer, its journal
    /// entries wait and are shared when it is back.
    TeamUnreachable = "team_unreachable" => ServiceUnreachable,
    /// The team's database refused the user name or password.
    TeamSignInRefused = "team_sign_in_refused" => Connection,
    /// The team's database has a newer schema than this Lockdesk: update it (until then it
    /// only reads).
    TeamSchemaTooNew = "team_schema_too_new" => Conflict,
    /// The team's database refused a statement or lost the connection mid-way.
    TeamDatabase = "team_database" => ServiceError,
    /// The keychain has no password for the team data source: connect again.
    TeamPasswordMissing = "team_password_missing" => Connection,
    /// Another administrator saved these shared settings since this computer read them
    /// (details: `changed_by`, `changed_by_user`, `changed_at`): nothing was saved; read them
    /// again and make the change again.
    TeamConflict = "team_conflict" => Conflict,
    /// The team's shared settings cannot be changed while its database cannot be reached
    /// (another administrator may change them meanwhile): nothing was saved.
    TeamSharedUnreachable = "team_shared_unreachable" => ServiceUnreachable,
    /// The mail password of a destination was kept for another server, port or user name
    /// than `alert_destinations.json` names now: not sent (details.field: `id`). Remove the
    /// destination and add it again.
    MailPasswordBoundElsewhere = "mail_password_bound_elsewhere" => Connection,

    // The history archive (lockdesk_archive::Error).
    ArchiveDb = "archive_db" => LocalFile,
    ArchiveOpenFailed = "archive_open_failed" => LocalFile,
    ArchiveSchemaTooNew = "archive_schema_too_new" => LocalFile,
    DataDirUnknown = "data_dir_unknown" => LocalFile,
    ExportFailed = "export_failed" => LocalFile,
    SyncRunning = "sync_running" => Busy,

    // The stores and files of this computer (lockdesk_archive::store_file, disk).
    /// The disk of the folder details.path is full: nothing was written there; free at least
    /// details.needed_bytes (the writer's reserve, or the size of the file it was writing) and
    /// try again. A change to the service is refused when the journal cannot be written.
    DiskFull = "disk_full" => LocalFile,
    /// One of this computer's stores (details.store: journal, alerts, …; its file
    /// details.path) could not be read or written.
    StoreFailed = "store_failed" => LocalFile,
    /// A store's file (details.store, details.path) was damaged: it was kept as
    /// details.moved_to and the store starts again with a new file (absent when it could not
    /// be moved).
    StoreDamaged = "store_damaged" => LocalFile,

    // The command layer (app::dispatch) and the front ends' own.
    UnknownCommand = "unknown_command" => Internal,
    InvalidArguments = "invalid_arguments" => Internal,
    /// A fault in Lockdesk (also what the UI reports when it cannot talk to its own backend).
    Internal = "internal" => Internal,
    /// Desktop: the native save dialog failed.
    DialogFailed = "dialog_failed" => Internal,
    /// Desktop: the update server could not be reached or did not answer as expected
    /// (details.base_url): nothing was downloaded.
    UpdateUnreachable = "update_unreachable" => ServiceUnreachable,
    /// Desktop: a downloaded update did not pass the check of its signature (or its signed
    /// version differs from the one announced): it was thrown away, nothing was installed.
    UpdateRefused = "update_refused" => ServiceError,
    /// Desktop: the verified update could not be installed.
    UpdateFailed = "update_failed" => Internal,
    /// Desktop: the sign-in window could not be opened.
    WindowFailed = "window_failed" => Internal,
    /// Desktop: the sign-in window was closed before the sign-in finished.
    SignInCancelled = "sign_in_cancelled" => Cancelled,
    /// lockctl: wrong arguments (exit status 2).
    Usage = "usage" => BadInput,
    /// lockctl: several profiles exist and none was chosen.
    ProfileRequired = "profile_required" => Connection,
    /// lockctl: no profile exists yet.
    NoProfile = "no_profile" => Connection,
    /// lockctl: the output could not be written.
    OutputFailed = "output_failed" => LocalFile,
    /// lockctl: `invitations import` left rows not done (exit status 1).
    ImportIncomplete = "import_incomplete" => Conflict,
}

impl ErrorCode {
    /// The code named `text`, if Lockdesk knows it.
    pub fn parse(text: &str) -> Option<ErrorCode> {
        ErrorCode::ALL.iter().copied().find(|c| c.as_str() == text)
    }

    /// The code of a service answer.
    pub fn from_service(code: &lockdesk_api::ServiceCode) -> ErrorCode {
        use lockdesk_api::ServiceCode as S;
        match code {
            S::UnsupportedGrantType => ErrorCode::UnsupportedGrantType,
            S::InvalidGrant => ErrorCode::InvalidGrant,
            S::InvalidClient => ErrorCode::InvalidClient,
            S::InvalidRequest => ErrorCode::InvalidRequest,
            S::InvalidParams => ErrorCode::InvalidParams,
            S::RegisteredMail => ErrorCode::RegisteredMail,
            S::ExistInvitation => ErrorCode::ExistInvitation,
            S::InvitationLimitExceeded => ErrorCode::InvitationLimitExceeded,
            S::InvalidToken => ErrorCode::InvalidToken,
            S::InsufficientScope => ErrorCode::InsufficientScope,
            S::InsufficientAuthority => ErrorCode::InsufficientAuthority,
            S::NotInOrganization => ErrorCode::NotInOrganization,
            S::NotAllowed => ErrorCode::NotAllowed,
            S::OrganizationNotFound => ErrorCode::OrganizationNotFound,
            S::LockNotFound => ErrorCode::LockNotFound,
            S::LockGroupNotFound => ErrorCode::LockGroupNotFound,
            S::UserNotFound => ErrorCode::UserNotFound,
            S::UserGroupNotFound => ErrorCode::UserGroupNotFound,
            S::RateLimitExceeded => ErrorCode::RateLimitExceeded,
            S::Other(_) => ErrorCode::ServiceOther,
        }
    }

    /// The code of a client error (a retried call reads as its last failure).
    pub fn from_api(e: &lockdesk_api::Error) -> ErrorCode {
        use lockdesk_api::Error as E;
        match e {
            E::Service { code, .. } => ErrorCode::from_service(code),
            E::Validation { .. } => ErrorCode::Validation,
            E::BaseUrl { .. } => ErrorCode::InsecureBaseUrl,
            E::StateMismatch => ErrorCode::StateMismatch,
            E::Authorization(_) => ErrorCode::AuthorizationFailed,
            E::V2SessionExpired => ErrorCode::V2SessionExpired,
            E::NotSignedIn(_) => ErrorCode::NotSignedIn,
            E::TokenStore(_) => ErrorCode::TokenStore,
            E::RenewalBusy { .. } => ErrorCode::RenewalBusy,
            E::RenewalInterrupted => ErrorCode::RenewalInterrupted,
            E::Timeout { .. } => ErrorCode::Timeout,
            E::Transport { .. } => ErrorCode::Transport,
            E::AnswerLost { .. } => ErrorCode::AnswerLost,
            E::Tls { .. } => ErrorCode::TlsCertificate,
            E::ProxyAuthRequired { .. } => ErrorCode::ProxyAuthRequired,
            E::Decode { .. } => ErrorCode::Decode,
            E::AnswerTooLarge { .. } => ErrorCode::AnswerTooLarge,
            E::TooManyPages { .. } => ErrorCode::TooManyPages,
            E::Cancelled => ErrorCode::Cancelled,
            E::RetriesExhausted { last, .. } => ErrorCode::from_api(last),
        }
    }

    /// The code of an archive error.
    pub fn from_archive(e: &lockdesk_archive::Error) -> ErrorCode {
        use lockdesk_archive::Error as E;
        match e {
            E::Api(e) => ErrorCode::from_api(e),
            E::Db(_) => ErrorCode::ArchiveDb,
            E::Store { .. } => ErrorCode::StoreFailed,
            E::DiskFull { .. } => ErrorCode::DiskFull,
            E::Damaged { .. } => ErrorCode::StoreDamaged,
            E::Open { .. } => ErrorCode::ArchiveOpenFailed,
            E::SchemaTooNew { .. } => ErrorCode::ArchiveSchemaTooNew,
            E::NoDataDir => ErrorCode::DataDirUnknown,
            E::InvalidInput { .. } => ErrorCode::InvalidInput,
            E::Export(_) => ErrorCode::ExportFailed,
            E::SyncRunning => ErrorCode::SyncRunning,
        }
    }

    /// Whether the person has to sign in again (to the v3 connection or to the history).
    pub fn needs_sign_in(self) -> bool {
        matches!(
            self.category(),
            ErrorCategory::SignInAgain | ErrorCategory::SignInAgainHistory
        )
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
