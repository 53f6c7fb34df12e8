//! Lockdesk's use-cases, written once and shared by the desktop app, `lockctl` and the tests:
//! profiles, sign-in sessions, the keychain token store and per-profile settings. No UI
//! framework here. Every use-case takes a [`Context`] (no global state).

pub mod app;
pub mod core_context;
#[cfg(feature = "demo")]
pub mod demo;
pub mod error;
pub mod journal;
pub mod organizations;
pub mod profiles;
pub mod proxy_logins;
pub mod reports;
pub mod secret_binding;
pub mod secrets;
pub mod sessions;
pub mod settings_file;
pub mod team_alerts;
pub mod this_process;
pub mod token_store;
pub mod watch;

pub use core_context::Context;
pub use error::{
    ConfigProblem, Error, ErrorCategory, ErrorCode, ErrorDetails, ErrorPayload, Result, TlsProblem,
};
/// The rule for service addresses, for the shell's sign-in window.
pub use lockdesk_api::is_loopback;
pub use lockdesk_archive::private_fs;
pub use lockdesk_commands::{lockdesk_commands, lockdesk_desktop_commands};
pub use profiles::{Profile, ProfileSettings, ProfileStore};
pub use secrets::{KeyringStore, MemoryStore, SecretStore};
pub use sessions::{AddProfile, PendingSignIn, SignedIn, SignedOut, TokenStatus};
pub use token_store::KeychainTokenSink;
