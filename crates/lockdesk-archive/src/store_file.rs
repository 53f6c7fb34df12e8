//! The SQLite files of this computer as stores that look after themselves: each knows which
//! store it is ([`StoreKind`], named in every error), refuses to write when its disk has less
//! than [`STORE_RESERVE`] free, and is started again when damaged.
//!
//! Damage: each open runs `PRAGMA quick_check`, stopped after [`CHECK_BUDGET`] by a progress
//! handler (a check not finished in time counts as passed: a small store is checked whole in
//! a few milliseconds, a large one as far as the budget goes, at every open, so a file damaged
//! by another program is seen at its next use). A check that fails, or `SQLITE_CORRUPT` /
//! `SQLITE_NOTADB` at any later read or write, sets the file aside ([`set_aside`]: it and its
//! `-wal`/`-shm` renamed to `<name>.damaged-<UTC date-time>.<ext>`, kept for the person) and
//! the operation fails with [`Error::Damaged`]; the next open makes a new, empty file. What the
//! store then does to refill itself is its owner's part (the journal writes a first entry
//! saying what happened, the archive is synced again from the service, …).
//!
//! Two programs may find the same damage at once: the setting aside is done under an OS lock
//! (`<name>.reset-lock`), and the file under the name is checked again under it, so a file
//! another program already replaced is never moved as well.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use lockdesk_api::clock::{Clock, SystemClock};
use rusqlite::{Connection, OpenFlags};

use crate::db::{self, check};
use crate::disk::{self, STORE_RESERVE};
use crate::error::{Error, Result};
pub use crate::store_kind::StoreKind;

/// How long the check at open may take; a check not done by then counts as passed.
pub const CHECK_BUDGET: Duration = Duration::from_millis(100);

/// A small private store: its kind, file, and the schema every open applies.
#[derive(Clone, Debug)]
pub struct StoreFile {
    kind: StoreKind,
    path: PathBuf,
    new_file_pragmas: &'static str,
    connection_pragmas: &'static str,
    schema: &'static str,
    upgrade: Option<fn(&mut Connection) -> Result<()>>,
    on_reset: Option<fn(&mut Connection, &Reset) -> Result<()>>,
    /// When a damaged file is set aside (the program's clock; its name uses it too).
    clock: Arc<dyn Clock>,
}

/// A store started again: when, and where its damaged file was kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reset {
    pub at: DateTime<Utc>,
    pub moved_to: PathBuf,
}

impl StoreFile {
    pub fn new(kind: StoreKind, path: PathBuf, schema: &'static str) -> StoreFile {
        StoreFile {
            kind,
            path,
            new_file_pragmas: "",
            connection_pragmas: "",
            schema,
            upgrade: None,
            on_reset: None,
            clock: Arc::new(SystemClock),
        }
    }

    /// The clock that dates a reset (the program's own, which its use-cases read too).
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> StoreFile {
        self.clock = clock;
        self
    }

    /// What a new file of this store holds first after a damaged one was set aside (the
    /// journal's note, the alert store's reset time): run once, by the program that set it
    /// aside, on the new file.
    pub fn with_on_reset(
        mut self,
        on_reset: fn(&mut Connection, &Reset) -> Result<()>,
    ) -> StoreFile {
        self.on_reset = Some(on_reset);
        self
    }

    /// A change to files made by an older Lockdesk, run at every open after the schema.
    pub fn with_upgrade(mut self, upgrade: fn(&mut Connection) -> Result<()>) -> StoreFile {
        self.upgrade = Some(upgrade);
        self
    }

    /// Settings only a new file takes (see [`db::open_private_store_with`]).
    pub fn with_new_file_pragmas(mut self, pragmas: &'static str) -> StoreFile {
        self.new_file_pragmas = pragmas;
        self
    }

    /// Settings of each connection, run at every open (`PRAGMA secure_delete = ON`).
    pub fn with_connection_pragmas(mut self, pragmas: &'static str) -> StoreFile {
        self.connection_pragmas = pragmas;
        self
    }

    pub fn kind(&self) -> StoreKind {
        self.kind
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The folder the store lives in (what a full disk names).
    pub fn folder(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new("."))
    }

    /// Opens, checks and runs `f`, which only reads. Errors name the store; damage sets the
    /// file aside.
    pub fn read<T>(&self, f: impl FnMut(&mut Connection) -> Result<T>) -> Result<T> {
        self.run(f)
    }

    /// Like [`StoreFile::read`] for `f` that writes: refused with [`Error::DiskFull`] when the
    /// disk has less than [`STORE_RESERVE`] free.
    pub fn write<T>(&self, f: impl FnMut(&mut Connection) -> Result<T>) -> Result<T> {
        self.ensure_room()?;
        self.run(f)
    }

    /// [`Error::DiskFull`] naming the store's folder when its disk has less than the reserve.
    pub fn ensure_room(&self) -> Result<()> {
        if disk::has_room(self.folder(), STORE_RESERVE) {
            return Ok(());
        }
        Err(self.disk_full())
    }

    fn disk_full(&self) -> Error {
        Error::DiskFull {
            folder: self.folder().to_owned(),
            needed_bytes: STORE_RESERVE,
        }
    }

    fn open(&self) -> Result<Connection> {
        let mut conn = db::open_private_store_with(&self.path, self.new_file_pragmas, self.schema)?;
        check(&mut conn, CHECK_BUDGET)?;
        conn.execute_batch(self.connection_pragmas)?;
        if let Some(upgrade) = self.upgrade {
            upgrade(&mut conn)?;
        }
        Ok(conn)
    }

    fn run<T>(&self, mut f: impl FnMut(&mut Connection) -> Result<T>) -> Result<T> {
        let mut attempt = || -> Result<T> {
            let mut conn = self.open()?;
            f(&mut conn)
        };
        match attempt() {
            Err(e) if is_damage(&e) => {
                let at = self.clock.now();
                match set_aside(self.kind, &self.path, at)? {
                    SetAside::Moved(to) => {
                        self.start_again(&Reset {
                            at,
                            moved_to: to.clone(),
                        });
                        Err(self.damaged(Some(to)))
                    }
                    // Another program set it aside first: the new file is used.
                    SetAside::NotDamaged => match attempt() {
                        // Damage the bounded check did not reach: moved without it.
                        Err(e) if is_damage(&e) => {
                            let at = self.clock.now();
                            let moved_to = set_aside_now(&self.path, at);
                            if let Some(to) = &moved_to {
                                self.start_again(&Reset {
                                    at,
                                    moved_to: to.clone(),
                                });
                            }
                            Err(self.damaged(moved_to))
                        }
                        other => other.map_err(|e| self.classify(e)),
                    },
                }
            }
            other => other.map_err(|e| self.classify(e)),
        }
    }

    /// The new file made at once, holding what the store notes first after a reset; a failure
    /// is logged (the store still starts again at its next use).
    fn start_again(&self, reset: &Reset) {
        let Some(on_reset) = self.on_reset else {
            return;
        };
        let started = self.open().and_then(|mut conn| on_reset(&mut conn, reset));
        if let Err(e) = started {
            tracing::warn!(
                store = self.kind.as_str(),
                "the store's reset could not be noted: {e}"
            );
        }
    }

    fn damaged(&self, moved_to: Option<PathBuf>) -> Error {
        Error::Damaged {
            store: self.kind,
            path: self.path.clone(),
            moved_to,
        }
    }

    /// A database error of this store, named: a full disk, or SQLite's error with the store.
    pub fn classify(&self, e: Error) -> Error {
        classify(self.kind, &self.path, e)
    }
}

/// Whether the error says the database file is damaged.
pub fn is_damage(e: &Error) -> bool {
    matches!(e, Error::Db(e) if disk::sqlite_is_damage(e))
}

/// A database error of the store `kind` at `path`, named: `SQLITE_FULL` (or an I/O error while
/// its disk has less than the reserve free) is [`Error::DiskFull`] naming the folder; any other
/// SQLite error is [`Error::Store`] naming the store. Other errors pass unchanged.
pub fn classify(kind: StoreKind, path: &Path, e: Error) -> Error {
    let folder = path.parent().unwrap_or(Path::new(".")).to_owned();
    match e {
        Error::Db(e) if disk::sqlite_is_disk_full(&e) || io_error_on_full_disk(&e, &folder) => {
            Error::DiskFull {
                folder,
                needed_bytes: STORE_RESERVE,
            }
        }
        Error::Db(source) if kind != StoreKind::Archive => Error::Store {
            store: kind,
            path: path.to_owned(),
            source,
        },
        e => e,
    }
}

/// SQLite reports some writes that ran out of space (growing the shared-memory index) as
/// `SQLITE_IOERR`: with the disk all but full, that is what it is.
fn io_error_on_full_disk(e: &rusqlite::Error, folder: &Path) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::SystemIoFailure)
        && !disk::has_room(folder, STORE_RESERVE)
}

/// What [`set_aside`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetAside {
    /// The damaged file (and its `-wal`, `-shm`) now has this name.
    Moved(PathBuf),
    /// The file under the name reads well (another program set the damaged one aside first,
    /// or the check ran out of time): nothing was moved.
    NotDamaged,
}

/// Sets the damaged file of a store aside, under the store's reset lock, after checking it
/// again: renamed with its `-wal` and `-shm` to `<stem>.damaged-<YYYYMMDD-HHMM>.<ext>` (UTC;
/// `-2`, `-3`… when that name is taken). The caller must have closed its connections.
pub fn set_aside(kind: StoreKind, path: &Path, now: DateTime<Utc>) -> Result<SetAside> {
    let _lock = reset_lock(path);
    if !path.exists() || !still_damaged(path) {
        return Ok(SetAside::NotDamaged);
    }
    tracing::warn!(store = kind.as_str(), path = %path.display(), "a damaged store is set aside");
    move_aside(path, now)
        .map(SetAside::Moved)
        .map_err(|_| Error::Damaged {
            store: kind,
            path: path.to_owned(),
            moved_to: None,
        })
}

/// Sets the file aside under the reset lock without checking it again: SQLite has just found
/// it damaged (a large file's bounded check may not reach the damage). `None` when it could
/// not be moved.
pub fn set_aside_now(path: &Path, now: DateTime<Utc>) -> Option<PathBuf> {
    let _lock = reset_lock(path);
    move_aside(path, now).ok()
}

/// The OS lock that makes one program at a time set a store's file aside; `None` when the lock
/// file cannot be made (the setting aside then goes on without it).
fn reset_lock(path: &Path) -> Option<std::fs::File> {
    let mut name = path.as_os_str().to_owned();
    name.push(".reset-lock");
    let file = crate::private_fs::open_private(Path::new(&name)).ok()?;
    file.lock().ok()?;
    Some(file)
}

fn still_damaged(path: &Path) -> bool {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let Ok(mut conn) = Connection::open_with_flags(path, flags) else {
        return true;
    };
    let read = conn
        .query_row("SELECT COUNT(*) FROM sqlite_master", [], |r| {
            r.get::<_, i64>(0)
        })
        .map_err(Error::Db)
        .and_then(|_| check(&mut conn, CHECK_BUDGET));
    matches!(read, Err(e) if is_damage(&e))
}

/// The name a damaged file is kept under: `journal.sqlite3` → `journal.damaged-20261127-2301.sqlite3`.
pub fn damaged_name(path: &Path, now: DateTime<Utc>, n: u32) -> PathBuf {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("store");
    let ext = path.extension().and_then(|s| s.to_str());
    let stamp = now.format("%Y%m%d-%H%M");
    let again = if n > 1 {
        format!("-{n}")
    } else {
        String::new()
    };
    let name = match ext {
        Some(ext) => format!("{stem}.damaged-{stamp}{again}.{ext}"),
        None => format!("{stem}.damaged-{stamp}{again}"),
    };
    path.with_file_name(name)
}

/// The marker in the names of files set aside.
pub const DAMAGED_MARK: &str = ".damaged-";

fn move_aside(path: &Path, now: DateTime<Utc>) -> std::io::Result<PathBuf> {
    let to = (1..)
        .map(|n| damaged_name(path, now, n))
        .find(|p| !p.exists())
        .expect("an unused name");
    // The log and index first: a -wal left beside a new file of the same name would be read
    // into it.
    for suffix in ["-wal", "-shm"] {
        let side = with_suffix(path, suffix);
        if side.exists() {
            std::fs::rename(&side, with_suffix(&to, suffix))?;
        }
    }
    std::fs::rename(path, &to)?;
    Ok(to)
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// The files of a store set aside beside `path` (`<stem>.damaged-*`, without their `-wal` and
/// `-shm`), oldest name first.
pub fn set_aside_files(path: &Path) -> Vec<PathBuf> {
    let Some(dir) = path.parent() else {
        return Vec::new();
    };
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let prefix = format!("{stem}{DAMAGED_MARK}");
    let ext = path.extension().and_then(|s| s.to_str());
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let Some(name) = p.file_name().and_then(|n| n.to_str()) else {
                return false;
            };
            name.starts_with(&prefix)
                && match ext {
                    Some(ext) => name.ends_with(&format!(".{ext}")),
                    None => !name.ends_with("-wal") && !name.ends_with("-shm"),
                }
        })
        .collect();
    found.sort();
    found
}

/// Opens a file that was set aside, read-only, for what SQLite can still read of it.
pub fn open_set_aside(path: &Path) -> Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    Connection::open_with_flags(path, flags).map_err(Error::Db)
}

/// Adds `column` (with its SQL `declaration`, e.g. `TEXT`) to `table` of a file made by an
/// older Lockdesk, once: under the write lock, by whichever of several programs opening the
/// file at once comes first, running `fill` (SQL giving the old rows their value) in the same
/// transaction. For [`StoreFile::with_upgrade`].
pub fn ensure_column(
    conn: &mut Connection,
    table: &str,
    column: &str,
    declaration: &str,
    fill: Option<&str>,
) -> Result<()> {
    let has = |conn: &Connection| -> Result<bool> {
        let mut stmt = conn.prepare("SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2")?;
        Ok(stmt.exists([table, column])?)
    };
    if !has(conn)? {
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        if !has(&tx)? {
            tx.execute_batch(&format!(
                "ALTER TABLE {table} ADD COLUMN {column} {declaration}"
            ))?;
            if let Some(fill) = fill {
                tx.execute_batch(fill)?;
            }
        }
        tx.commit()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
