//! What can go wrong with the team's data source, as data the core turns into its error codes.

/// A failure of the team's data source.
#[derive(Debug, thiserror::Error)]
pub enum TeamError {
    /// The address is not `postgres://USER@HOST[:PORT]/DATABASE`.
    #[error("the team data source's address {address:?} is not valid: {reason}")]
    InvalidAddress { address: String, reason: String },
    /// The address names a password: it belongs in the keychain, never in a settings file.
    #[error("the team data source's address holds a password; give the address without it (the password is asked for and kept in the keychain)")]
    PasswordInAddress,
    /// The server could not be reached (refused, timed out, name unknown, TLS failed).
    #[error("the team data source {host}:{port} cannot be reached: {reason}")]
    Unreachable {
        host: String,
        port: u16,
        reason: String,
    },
    /// The server refused the user name or password.
    #[error("the team data source refused the sign-in of {user:?}: {reason}")]
    SignInRefused { user: String, reason: String },
    /// The database holds a newer schema than this Lockdesk knows: it reads and never writes.
    #[error("the team data source's schema is version {found}, newer than this Lockdesk knows ({known}); update Lockdesk on this computer (until then it only reads)")]
    SchemaTooNew { found: i64, known: i64 },
    /// Any other answer of the server (a refused statement, a lost connection mid-way).
    #[error("the team data source answered: {0}")]
    Database(String),
}

impl From<tokio_postgres::Error> for TeamError {
    fn from(e: tokio_postgres::Error) -> TeamError {
        match e.as_db_error() {
            Some(db) => TeamError::Database(format!("{} ({})", db.message(), db.code().code())),
            None => TeamError::Database(e.to_string()),
        }
    }
}

pub type Result<T> = std::result::Result<T, TeamError>;
