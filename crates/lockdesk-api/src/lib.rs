//! Typed client for the door-access service: OAuth sign-in and token lifecycle, every v3
//! operation, the legacy v2 history endpoints, errors with the service's codes, paging and
//! rate limits. No UI framework here: the app, the CLI and the tests all use this crate.

pub mod clock;
pub mod config;
pub mod error;
mod error_chain;
#[doc(hidden)]
pub mod fuzz;
pub mod ids;
mod loopback;
pub mod models;
pub mod oauth;
mod oauth_http;
pub mod proxy;
mod proxy_auto;
pub mod ratelimit;
mod request_error;
pub mod retry;
mod serde_util;
pub mod session;
pub mod tls;
mod transport;
pub mod v2;
pub mod v3;
pub mod validate;

pub use config::{is_loopback, ClientCredentials, ServiceUrl};
pub use error::{Error, Result, ServiceCode};
pub use oauth::{ApiVersion, AuthorizationGrant, OAuth, SignInRequest, TokenSet};
pub use proxy::ProxyLogin;
pub use ratelimit::RateLimiter;
pub use retry::RetryPolicy;
pub use serde_util::parse_time;
pub use session::{NoPersistence, RenewalGuard, RenewalLockError, Session, TokenSink};
pub use tls::TlsProblem;
pub use transport::{retry_after, Transport, MAX_BODY_BYTES};
pub use v2::V2Client;
pub use v3::Client;

/// Re-exported secret types: their Debug output is `AccessToken([redacted])` etc.
pub use oauth2::{AccessToken, ClientSecret, RefreshToken};
