//! Opening an archive: WAL, foreign keys, busy timeout, and the numbered migrations embedded in
//! the binary, applied in order and recorded in `PRAGMA user_version`.

use std::path::Path;
use std::time::{Duration, Instant};

use rusqlite::Connection;

use crate::error::{Error, Result};
use crate::private_fs;

/// `migrations/NNNN_name.sql`, in order; migration `i` brings the schema to version `i + 1`.
const MIGRATIONS: &[&str] = &[
    include_str!("../migrations/0001_init.sql"),
    include_str!("../migrations/0002_covering_indexes_and_rollups.sql"),
    include_str!("../migrations/0003_coverage.sql"),
    include_str!("../migrations/0004_day_hour_and_user_hour_rollups.sql"),
    include_str!("../migrations/0005_user_totals.sql"),
    include_str!("../migrations/0006_records_in_time_order.sql"),
];

pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Creates the database file 0600 in a 0700 folder before SQLite opens it: SQLite gives its
/// -wal and -shm files the mode of the database file.
fn create_private(path: &Path) -> Result<()> {
    let open_err = |e: std::io::Error| open_error(path, e);
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        private_fs::create_private_dir_all(dir).map_err(open_err)?;
    }
    drop(private_fs::open_private(path).map_err(open_err)?);
    Ok(())
}

/// A file or folder of a store that could not be made: a full disk is named as such.
fn open_error(path: &Path, e: std::io::Error) -> Error {
    if crate::disk::io_is_disk_full(&e) {
        return Error::DiskFull {
            folder: path.parent().unwrap_or(Path::new(".")).to_owned(),
            needed_bytes: crate::disk::STORE_RESERVE,
        };
    }
    Error::Open {
        path: path.to_owned(),
        reason: e.to_string(),
    }
}

/// How long the check of an archive at open may take (opened once per program and archive).
pub const ARCHIVE_CHECK_BUDGET: Duration = Duration::from_millis(300);

/// Opens (creating it and its directory if needed), checks (`PRAGMA quick_check` within
/// [`ARCHIVE_CHECK_BUDGET`]) and migrates.
pub fn open(path: &Path) -> Result<Connection> {
    let mut conn = open_reader(path)?;
    check(&mut conn, ARCHIVE_CHECK_BUDGET)?;
    migrate(&mut conn, path)?;
    Ok(conn)
}

/// The schema of the archive at `path` as it is on disk (`None`: no file yet), read without
/// writing anything: to say before opening it that the opening will migrate it.
pub fn schema_on_disk(path: &Path) -> Result<Option<i64>> {
    if !path.exists() {
        return Ok(None);
    }
    let conn = Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    Ok(Some(conn.pragma_query_value(
        None,
        "user_version",
        |r| r.get(0),
    )?))
}

/// Opens (creating it if needed) without the check and the migrations: a second connection to
/// an archive already opened with [`open`].
pub(crate) fn open_reader(path: &Path) -> Result<Connection> {
    let open_err = |e: std::io::Error| open_error(path, e);
    create_private(path)?;
    // -wal and -shm files left loose by an older version are tightened.
    tighten_sidecars(path).map_err(open_err)?;
    let conn = Connection::open(path).map_err(|e| Error::Open {
        path: path.to_owned(),
        reason: e.to_string(),
    })?;
    configure(&conn)?;
    tighten_sidecars(path).map_err(open_err)?;
    Ok(conn)
}

/// The -wal and -shm files made private. On Windows SQLite creates them with the folder's
/// access list, which is not private when the user put the archive in a shared folder, so this
/// also runs once WAL is on.
fn tighten_sidecars(path: &Path) -> std::io::Result<()> {
    for suffix in ["-wal", "-shm"] {
        let mut side = path.as_os_str().to_owned();
        side.push(suffix);
        private_fs::tighten(Path::new(&side))?;
    }
    Ok(())
}

fn configure(conn: &Connection) -> Result<()> {
    conn.busy_timeout(Duration::from_secs(10))?;
    // WAL: readers never block the writer. NORMAL is durable against a killed process (only a
    // power cut can lose the last commits, never corrupt).
    set_wal(conn)?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    conn.pragma_update(None, "cache_size", -64_000)?;
    // Reads of a large archive go through the page cache of the OS instead of copies.
    conn.pragma_update(None, "mmap_size", 1i64 << 30)?;
    Ok(())
}

/// A small private SQLite file of this computer (the journal, the alert store, the offline
/// cache): made 0600 in a 0700 folder before SQLite opens it, busy timeout, WAL (switched with
/// [`set_wal`]'s retry), `schema` applied. Several programs may open it at once.
pub fn open_private_store(path: &Path, schema: &str) -> Result<Connection> {
    open_private_store_with(path, "", schema)
}

/// [`open_private_store`] with `new_file_pragmas` run before WAL is switched on: settings only
/// a file without a header takes (`auto_vacuum`), since the switch writes the header. On an
/// existing file they change nothing.
pub fn open_private_store_with(
    path: &Path,
    new_file_pragmas: &str,
    schema: &str,
) -> Result<Connection> {
    create_private(path)?;
    let conn = Connection::open(path)?;
    conn.busy_timeout(Duration::from_secs(10))?;
    conn.execute_batch(new_file_pragmas)?;
    set_wal(&conn)?;
    tighten_sidecars(path).map_err(|e| open_error(path, e))?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.execute_batch(schema)?;
    Ok(conn)
}

/// Switching a new database to WAL takes an exclusive lock and SQLite answers `SQLITE_BUSY`
/// at once, without the busy handler, while another program opens the same new archive (a
/// scheduled `lockctl watch` next to the app): retried for as long as the busy timeout.
fn set_wal(conn: &Connection) -> Result<()> {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        match conn.pragma_update(None, "journal_mode", "WAL") {
            Err(rusqlite::Error::SqliteFailure(e, _))
                if e.code == rusqlite::ErrorCode::DatabaseBusy
                    && std::time::Instant::now() < deadline =>
            {
                std::thread::sleep(Duration::from_millis(20));
            }
            other => return other.map_err(Error::from),
        }
    }
}

/// `PRAGMA quick_check`, stopped after `budget` by a progress handler: a problem it reports
/// is `SQLITE_CORRUPT`; a check not finished in time passes.
pub fn check(conn: &mut Connection, budget: Duration) -> Result<()> {
    let deadline = Instant::now() + budget;
    conn.progress_handler(1_000, Some(move || Instant::now() > deadline))?;
    let answer = conn.query_row("PRAGMA quick_check(1)", [], |r| r.get::<_, String>(0));
    conn.progress_handler(0, None::<fn() -> bool>)?;
    match answer {
        Ok(answer) if answer != "ok" => Err(Error::Db(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CORRUPT),
            Some(answer),
        ))),
        Ok(_) => Ok(()),
        Err(rusqlite::Error::SqliteFailure(f, _))
            if f.code == rusqlite::ErrorCode::OperationInterrupted =>
        {
            Ok(())
        }
        Err(e) => Err(Error::Db(e)),
    }
}

fn migrate(conn: &mut Connection, path: &Path) -> Result<()> {
    let found: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if found > SCHEMA_VERSION {
        return Err(Error::SchemaTooNew {
            path: path.to_owned(),
            found,
            known: SCHEMA_VERSION,
        });
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        // IMMEDIATE, and the version read again inside: two programs opening a new archive at
        // once (the app and a scheduled `lockctl watch`) apply each migration once.
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let now: i64 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
        if now > i as i64 {
            continue;
        }
        if i + 1 == 6 {
            crate::time_order::migrate(&tx, sql)?;
        } else {
            tx.execute_batch(sql)?;
        }
        if i + 1 == 3 {
            crate::coverage::fill_from_runs(&tx)?;
        }
        tx.pragma_update(None, "user_version", (i + 1) as i64)?;
        tx.commit()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrates_once_and_uses_wal() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a/b.sqlite");
        let conn = open(&path).unwrap();
        let mode: String = conn
            .pragma_query_value(None, "journal_mode", |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
        drop(conn);
        let conn = open(&path).unwrap();
        let v: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, SCHEMA_VERSION);
    }

    #[test]
    fn refuses_a_newer_schema() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.sqlite");
        let conn = open(&path).unwrap();
        conn.pragma_update(None, "user_version", 99).unwrap();
        drop(conn);
        assert_eq!(open(&path).unwrap_err().code(), "archive_schema_too_new");
    }
}
