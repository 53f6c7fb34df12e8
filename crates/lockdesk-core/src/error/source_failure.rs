//! Why a directory source could not be read, as data: the UI words each in its languages (the
//! English message says it too, with what the source answered).

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SourceFailure {
    /// The sign-in was refused: the secret, certificate, key, password or account.
    SignInRefused,
    /// Signed in, but a permission is missing (its name in the details' `scope`).
    PermissionMissing,
    /// The source kept asking to wait.
    Throttled,
    /// The source could not be reached.
    Unreachable,
    /// The source's certificate was refused.
    Certificate,
    /// Where the people are is not there (an LDAP search base).
    NotFound,
    /// The source did not understand the search (an LDAP filter).
    Filter,
    /// More than Lockdesk reads (pages, entries): a narrower base, group or filter.
    TooLarge,
    /// The source answered something unexpected.
    Unexpected,
    /// The keychain has no secret for the source.
    SecretMissing,
    /// The administrator's sign-in is over (the code expired, or the kept sign-in is no longer
    /// valid): sign in again.
    SignInExpired,
    /// The administrator declined the sign-in.
    SignInDeclined,
}
