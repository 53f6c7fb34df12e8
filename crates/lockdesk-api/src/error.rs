//! One error type for every call of the client. The service's own `code` is kept as a typed
//! [`ServiceCode`] so callers (and the UI) branch on codes, never on message text.

use std::fmt;
use std::time::Duration;

use crate::tls::TlsProblem;

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Error codes documented in the service's error tables, plus what the client itself needs for
/// answers the spec does not show (the v2 rate limit) and a catch-all that keeps unknown codes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ServiceCode {
    UnsupportedGrantType,
    InvalidGrant,
    InvalidClient,
    InvalidRequest,
    InvalidParams,
    RegisteredMail,
    ExistInvitation,
    InvitationLimitExceeded,
    InvalidToken,
    InsufficientScope,
    InsufficientAuthority,
    NotInOrganization,
    NotAllowed,
    OrganizationNotFound,
    LockNotFound,
    LockGroupNotFound,
    UserNotFound,
    UserGroupNotFound,
    /// 429 from the v2 endpoints (code not shown by the spec).
    RateLimitExceeded,
    /// A code this client does not know, kept verbatim.
    Other(String),
}

impl ServiceCode {
    pub const KNOWN: [ServiceCode; 19] = [
        ServiceCode::UnsupportedGrantType,
        ServiceCode::InvalidGrant,
        ServiceCode::InvalidClient,
        ServiceCode::InvalidRequest,
        ServiceCode::InvalidParams,
        ServiceCode::RegisteredMail,
        ServiceCode::ExistInvitation,
        ServiceCode::InvitationLimitExceeded,
        ServiceCode::InvalidToken,
        ServiceCode::InsufficientScope,
        ServiceCode::InsufficientAuthority,
        ServiceCode::NotInOrganization,
        ServiceCode::NotAllowed,
        ServiceCode::OrganizationNotFound,
        ServiceCode::LockNotFound,
        ServiceCode::LockGroupNotFound,
        ServiceCode::UserNotFound,
        ServiceCode::UserGroupNotFound,
        ServiceCode::RateLimitExceeded,
    ];

    pub fn as_str(&self) -> &str {
        match self {
            ServiceCode::UnsupportedGrantType => "unsupported_grant_type",
            ServiceCode::InvalidGrant => "invalid_grant",
            ServiceCode::InvalidClient => "invalid_client",
            ServiceCode::InvalidRequest => "invalid_request",
            ServiceCode::InvalidParams => "invalid_params",
            ServiceCode::RegisteredMail => "registered_mail",
            ServiceCode::ExistInvitation => "exist_invitation",
            ServiceCode::InvitationLimitExceeded => "invitation_limit_exceeded",
            ServiceCode::InvalidToken => "invalid_token",
            ServiceCode::InsufficientScope => "insufficient_scope",
            ServiceCode::InsufficientAuthority => "insufficient_authority",
            ServiceCode::NotInOrganization => "not_in_organization",
            ServiceCode::NotAllowed => "not_allowed",
            ServiceCode::OrganizationNotFound => "organization_not_found",
            ServiceCode::LockNotFound => "lock_not_found",
            ServiceCode::LockGroupNotFound => "lock_group_not_found",
            ServiceCode::UserNotFound => "user_not_found",
            ServiceCode::UserGroupNotFound => "user_group_not_found",
            ServiceCode::RateLimitExceeded => "rate_limit_exceeded",
            ServiceCode::Other(code) => code,
        }
    }

    pub fn parse(code: &str) -> ServiceCode {
        Self::KNOWN
            .iter()
            .find(|known| known.as_str() == code)
            .cloned()
            .unwrap_or_else(|| ServiceCode::Other(code.to_owned()))
    }
}

impl fmt::Display for ServiceCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The service answered with an error status.
    #[error("{message} ({code}, HTTP {status})")]
    Service {
        status: u16,
        code: ServiceCode,
        message: String,
    },
    /// A request was refused before sending because it breaks a documented rule.
    #[error("{field}: {message}")]
    Validation { field: String, message: String },
    /// The base URL is not allowed (plain http to a non-loopback host, or not a URL).
    #[error("service URL {url} is not allowed: {reason}")]
    BaseUrl { url: String, reason: String },
    /// The `state` in the redirect did not match the one this sign-in sent (possible CSRF).
    #[error("the sign-in answer does not belong to this sign-in attempt (state mismatch); start the sign-in again")]
    StateMismatch,
    /// The redirect carried no code, or an OAuth `error` parameter.
    #[error("sign-in did not complete: {0}")]
    Authorization(String),
    /// The v2 token (two hours, no refresh token) expired: the user must sign in again.
    #[error("the history (v2) sign-in has expired; sign in again")]
    V2SessionExpired,
    /// No usable session (signed out, or the refresh token was refused).
    #[error("not signed in; sign in again ({0})")]
    NotSignedIn(String),
    /// The token store failed: reading the stored tokens or taking the renewal lock. (Renewed
    /// tokens that cannot be stored are still used: [`crate::Session::unsaved_tokens`].)
    #[error("could not store the renewed token: {0}")]
    TokenStore(String),
    /// The refresh token was refused, and a renewal of this very pair of tokens had been begun
    /// by a program that stopped before it could store the new pair (killed, shut down): the
    /// service retired the old refresh token then. The person has to sign in again.
    #[error("the sign-in was being renewed when a Lockdesk program was stopped, so the service no longer accepts it; sign in again")]
    RenewalInterrupted,
    /// Another program kept renewing the same sign-in past the wait (a cross-process lock).
    #[error("another Lockdesk program is renewing this sign-in and did not finish within {waited_secs} s; try again")]
    RenewalBusy { waited_secs: u64 },
    /// No answer within the time limit. `base_url` is the service address of the connection;
    /// `route` names the proxy it went through, or the proxy script that could not be used.
    #[error("{}", timeout_words(.base_url, .route))]
    Timeout {
        base_url: String,
        route: crate::proxy::Route,
    },
    /// A request that changes something (POST) was sent, and the connection was lost or timed
    /// out before the answer came: the service may have acted. Never sent again by the client;
    /// the use-case asks the service what happened.
    #[error("the answer from the service at {base_url} was lost after the request was sent ({reason}); the service may have acted on it")]
    AnswerLost { base_url: String, reason: String },
    /// The service could not be reached (no network, wrong address, refused connection).
    /// `route` names the proxy it went through, or the proxy script that could not be used.
    #[error("could not reach the service at {base_url} ({reason})")]
    Transport {
        base_url: String,
        reason: String,
        route: crate::proxy::Route,
    },
    /// The secure connection to the service was refused: its certificate is not trusted by
    /// this computer (`host` is the service's host name), or TLS failed otherwise.
    #[error("the certificate of {host} is not trusted: {problem}")]
    Tls {
        base_url: String,
        host: String,
        problem: TlsProblem,
    },
    /// The proxy in the way answered 407 Proxy Authentication Required: to a plain request, or
    /// to the `CONNECT` of a secure one. `proxy` is its `scheme://host:port` (never a password);
    /// `login_refused` says a user name and password were sent and refused. Never retried.
    #[error("{}", proxy_auth_words(.proxy, *.login_refused))]
    ProxyAuthRequired { proxy: String, login_refused: bool },
    /// The answer could not be understood; `field` is where in it, when known
    /// (`locks[3].created_at`).
    #[error("unexpected answer from the service ({}): {message}", field.as_deref().unwrap_or(context))]
    Decode {
        context: String,
        field: Option<String>,
        message: String,
    },
    #[error("the operation was cancelled")]
    Cancelled,
    /// The answer's body is larger than the client reads ([`crate::transport::MAX_BODY_BYTES`]):
    /// no documented answer comes near it, so the rest is not read.
    #[error("the answer from the service at {base_url} is larger than {limit_bytes} bytes; it was not read")]
    AnswerTooLarge { base_url: String, limit_bytes: u64 },
    /// A listing kept announcing more pages past what one listing may read
    /// ([`crate::v3::MAX_LISTING_ITEMS`] items at the page size in use).
    #[error("the service kept sending pages ({pages} read); the listing was stopped")]
    TooManyPages { pages: u32 },
    /// The call was tried again as the retry policy allows and still failed: reads as the
    /// last failure (how many attempts were made is for logs, not for the person).
    #[error("{last}")]
    RetriesExhausted {
        attempts: u32,
        last_wait: Duration,
        last: Box<Error>,
    },
}

impl Error {
    /// Stable machine code: the service's code for service errors, a client code otherwise.
    pub fn code(&self) -> &str {
        match self {
            Error::Service { code, .. } => code.as_str(),
            Error::Validation { .. } => "validation",
            Error::BaseUrl { .. } => "insecure_base_url",
            Error::StateMismatch => "state_mismatch",
            Error::Authorization(_) => "authorization_failed",
            Error::V2SessionExpired => "v2_session_expired",
            Error::NotSignedIn(_) => "not_signed_in",
            Error::TokenStore(_) => "token_store",
            Error::RenewalBusy { .. } => "renewal_busy",
            Error::RenewalInterrupted => "renewal_interrupted",
            Error::Timeout { .. } => "timeout",
            Error::Transport { .. } => "transport",
            Error::AnswerLost { .. } => "answer_lost",
            Error::Tls { .. } => "tls_certificate",
            Error::ProxyAuthRequired { .. } => "proxy_auth_required",
            Error::Decode { .. } => "decode",
            Error::Cancelled => "cancelled",
            Error::AnswerTooLarge { .. } => "answer_too_large",
            Error::TooManyPages { .. } => "too_many_pages",
            Error::RetriesExhausted { last, .. } => last.code(),
        }
    }

    /// The service code, when the service answered with one.
    pub fn service_code(&self) -> Option<&ServiceCode> {
        match self {
            Error::Service { code, .. } => Some(code),
            Error::RetriesExhausted { last, .. } => last.service_code(),
            _ => None,
        }
    }

    pub fn status(&self) -> Option<u16> {
        match self {
            Error::Service { status, .. } => Some(*status),
            Error::RetriesExhausted { last, .. } => last.status(),
            _ => None,
        }
    }

    pub fn is(&self, code: &ServiceCode) -> bool {
        self.service_code() == Some(code)
    }

    /// The error for an error answer of the service (`status` and raw body).
    pub fn from_service_answer(status: u16, body: &[u8]) -> Error {
        let status = reqwest::StatusCode::from_u16(status)
            .unwrap_or(reqwest::StatusCode::INTERNAL_SERVER_ERROR);
        service_error(status, body)
    }

    pub(crate) fn validation(field: impl Into<String>, message: impl Into<String>) -> Error {
        Error::Validation {
            field: field.into(),
            message: message.into(),
        }
    }

    pub(crate) fn decode(context: impl Into<String>, message: impl fmt::Display) -> Error {
        Error::Decode {
            context: context.into(),
            field: None,
            message: message.to_string(),
        }
    }

    /// A value that does not decode, named by its place in the answer (`locks[3].created_at`):
    /// under `key` when given, else from the answer's top.
    pub(crate) fn decode_at(
        context: &str,
        key: Option<&str>,
        e: serde_path_to_error::Error<serde_json::Error>,
    ) -> Error {
        let path = e.path().to_string();
        let field = match (key, path.as_str()) {
            (None, ".") => None,
            (None, p) => Some(p.to_owned()),
            (Some(key), ".") => Some(key.to_owned()),
            (Some(key), p) if p.starts_with('[') => Some(format!("{key}{p}")),
            (Some(key), p) => Some(format!("{key}.{p}")),
        };
        Error::Decode {
            context: context.to_owned(),
            field,
            message: e.into_inner().to_string(),
        }
    }

    /// The last error of a retried call, or the error itself.
    pub fn last(&self) -> &Error {
        match self {
            Error::RetriesExhausted { last, .. } => last.last(),
            e => e,
        }
    }

    /// The request may have reached the service and been acted on, but its answer was lost.
    pub fn is_answer_lost(&self) -> bool {
        matches!(self.last(), Error::AnswerLost { .. })
    }

    /// The service address a transport failure or timeout was about.
    pub fn base_url(&self) -> Option<&str> {
        match self.last() {
            Error::Transport { base_url, .. }
            | Error::AnswerLost { base_url, .. }
            | Error::Tls { base_url, .. }
            | Error::Timeout { base_url, .. }
            | Error::AnswerTooLarge { base_url, .. } => Some(base_url),
            _ => None,
        }
    }

    /// The TLS refusal behind a failed request to `url` (an address of any host), if that is
    /// what it was; `base_url` is then the address's origin.
    pub fn tls_failure(url: &url::Url, err: &(dyn std::error::Error + 'static)) -> Option<Error> {
        let problem = crate::tls::problem_of(err)?;
        Some(Error::Tls {
            base_url: url.origin().ascii_serialization(),
            host: url.host_str().unwrap_or_default().to_owned(),
            problem,
        })
    }
}

fn proxy_auth_words(proxy: &str, login_refused: bool) -> String {
    if login_refused {
        format!("the proxy {proxy} refused the user name and password kept for it (407 Proxy Authentication Required)")
    } else {
        format!("the proxy {proxy} asks for a user name and password (407 Proxy Authentication Required)")
    }
}

/// Error body: the service answers `{"code","message"}`; OAuth servers often `{"error",
/// "error_description"}`. Both are read.
#[derive(serde::Deserialize)]
struct ErrorBody {
    #[serde(default, alias = "error")]
    code: Option<String>,
    #[serde(default, alias = "error_description")]
    message: Option<String>,
}

pub(crate) fn service_error(status: reqwest::StatusCode, body: &[u8]) -> Error {
    let parsed: Option<ErrorBody> = serde_json::from_slice(body).ok();
    let (code, message) = match parsed {
        Some(b) => (b.code, b.message),
        None => (None, None),
    };
    let code = match code {
        Some(c) if !c.is_empty() => ServiceCode::parse(&c),
        _ => match status.as_u16() {
            401 => ServiceCode::InvalidToken,
            429 => ServiceCode::RateLimitExceeded,
            s => ServiceCode::Other(format!("http_{s}")),
        },
    };
    let message = message
        .filter(|m| !m.is_empty())
        .unwrap_or_else(|| status.canonical_reason().unwrap_or("error").to_owned());
    Error::Service {
        status: status.as_u16(),
        code,
        message,
    }
}

/// "did not answer in time", with the way the request went when it was not straight.
fn timeout_words(base_url: &str, route: &crate::proxy::Route) -> String {
    let said = format!("the service at {base_url} did not answer in time");
    match route {
        crate::proxy::Route::Straight => said,
        route => crate::proxy::reason_with(route, said),
    }
}
