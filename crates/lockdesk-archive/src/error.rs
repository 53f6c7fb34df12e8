//! Errors of the archive, each with a stable machine code for the UI and the CLI.

use std::path::PathBuf;

use crate::store_kind::StoreKind;

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The service client failed (its code is kept).
    #[error(transparent)]
    Api(#[from] lockdesk_api::Error),
    #[error("archive database error: {0}")]
    Db(#[from] rusqlite::Error),
    /// SQLite failed on one of the small stores (the journal, the alert store, …): named.
    #[error("the {store} database {} failed: {source}", path.display())]
    Store {
        store: StoreKind,
        path: PathBuf,
        source: rusqlite::Error,
    },
    /// The disk of `folder` is full. `needed_bytes`: the free space the writer asks for before
    /// it writes again (a store's reserve, or the size of the file it was writing).
    #[error("the disk holding {} is full; free at least {needed_bytes} bytes there and try again", folder.display())]
    DiskFull { folder: PathBuf, needed_bytes: u64 },
    /// The store's file was damaged: it was moved to `moved_to` (kept) and the store starts
    /// again with a new file; `None` when it could not be moved.
    #[error("{}", damaged_message(*store, path, moved_to.as_deref()))]
    Damaged {
        store: StoreKind,
        path: PathBuf,
        moved_to: Option<PathBuf>,
    },
    #[error("could not open the archive {}: {reason}", path.display())]
    Open { path: PathBuf, reason: String },
    /// The database was written by a newer Lockdesk.
    #[error("the archive {} has schema version {found}; this Lockdesk knows up to {known}: update Lockdesk", path.display())]
    SchemaTooNew {
        path: PathBuf,
        found: i64,
        known: i64,
    },
    #[error("no data directory is known for this user; set LOCKDESK_DATA_DIR")]
    NoDataDir,
    #[error("{field}: {message}")]
    InvalidInput { field: String, message: String },
    #[error("could not write the export: {0}")]
    Export(String),
    /// Another sync of the same archive holds its lock (another window, or a scheduled
    /// `lockctl history sync`).
    #[error("another sync of this archive is running (another Lockdesk window or a scheduled lockctl); wait for it to finish and sync again")]
    SyncRunning,
}

impl Error {
    pub fn code(&self) -> &str {
        match self {
            Error::Api(e) => e.code(),
            Error::Db(_) => "archive_db",
            Error::Store { .. } => "store_failed",
            Error::DiskFull { .. } => "disk_full",
            Error::Damaged { .. } => "store_damaged",
            Error::Open { .. } => "archive_open_failed",
            Error::SchemaTooNew { .. } => "archive_schema_too_new",
            Error::NoDataDir => "data_dir_unknown",
            Error::InvalidInput { .. } => "invalid_input",
            Error::Export(_) => "export_failed",
            Error::SyncRunning => "sync_running",
        }
    }

    pub(crate) fn input(field: &str, message: impl Into<String>) -> Error {
        Error::InvalidInput {
            field: field.to_owned(),
            message: message.into(),
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Export(e.to_string())
    }
}

fn damaged_message(
    store: StoreKind,
    path: &std::path::Path,
    moved_to: Option<&std::path::Path>,
) -> String {
    match moved_to {
        Some(to) => format!(
            "the {store} file {} was damaged; it was kept as {} and a new, empty one is used from now on",
            path.display(),
            to.display()
        ),
        None => format!(
            "the {store} file {} is damaged and could not be moved aside; close the other Lockdesk programs and try again",
            path.display()
        ),
    }
}

impl From<csv::Error> for Error {
    fn from(e: csv::Error) -> Self {
        Error::Export(e.to_string())
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        Error::Export(e.to_string())
    }
}
