//! The journal's SQLite file: one table, opened per use (writes are rare), WAL with a busy
//! timeout so the app and a scheduled `lockctl` can write at once.
//!
//! A store of its own (`lockdesk_archive::StoreFile`): a write needs its reserve of free space
//! (`disk_full` otherwise, before anything is written), a plain SQLite error names the
//! journal, and a damaged file is set aside: the new file's first entry is a
//! [`Operation::JournalReset`] naming the old file's new name, which [`Journal::list_set_aside`]
//! still reads, read-only, as far as SQLite can.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use lockdesk_archive::store_file::{self, Reset, StoreFile, StoreKind};
use rusqlite::{params, params_from_iter, Connection, OptionalExtension};

use crate::journal::{FieldChange, JournalEntry, NewEntry, Operation, Target, DONE, PENDING};

/// The journal's file name in the data folder.
pub const JOURNAL_FILE: &str = "journal.sqlite3";

// Taken by a new file only: new journals give the pages of pruned entries back to the file
// system (`upkeep.rs`); journals made before keep them for new entries.
const NEW_FILE: &str = "PRAGMA auto_vacuum = INCREMENTAL;";

// journal_size_limit: SQLite keeps a write-ahead log at its largest size for reuse; after a
// prune it would hold the size just freed, so it is cut back to 1 MiB after a checkpoint.
const SCHEMA: &str = "
PRAGMA journal_size_limit = 1048576;
CREATE TABLE IF NOT EXISTS entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at_ms INTEGER NOT NULL,
    connection TEXT,
    account TEXT,
    organization_id TEXT,
    operation TEXT NOT NULL,
    target_id TEXT,
    target_name TEXT,
    changes TEXT NOT NULL,
    outcome TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS entries_at ON entries (at_ms);
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
";

pub(crate) type DbResult<T> = std::result::Result<T, lockdesk_archive::Error>;

/// Which entries to read: all filters are optional and combine with AND. Newest first.
#[derive(Clone, Debug, Default)]
pub struct JournalQuery {
    pub since: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
    pub operations: Vec<Operation>,
    /// `done`, `failed` (an error code), `pending`, or one error code.
    pub outcome: Option<String>,
    /// Found in the connection, organization, target id or name, or the changes (any case).
    pub text: Option<String>,
    pub offset: u32,
    pub limit: u32,
}

/// The journal of one data folder.
#[derive(Clone, Debug)]
pub struct Journal {
    file: StoreFile,
}

impl Journal {
    pub fn new(data_folder: &Path) -> Journal {
        Journal {
            file: StoreFile::new(StoreKind::Journal, data_folder.join(JOURNAL_FILE), SCHEMA)
                .with_new_file_pragmas(NEW_FILE)
                .with_on_reset(note_reset),
        }
    }

    /// Dates a reset by `clock` (the program's).
    pub fn with_clock(mut self, clock: std::sync::Arc<dyn lockdesk_api::clock::Clock>) -> Journal {
        self.file = self.file.with_clock(clock);
        self
    }

    pub fn path(&self) -> &Path {
        self.file.path()
    }

    /// Runs `f` on the journal (opened, checked; a damaged file is set aside and answered as
    /// the error, the new file holding its reset note).
    pub(crate) fn read<T>(&self, f: impl FnMut(&mut Connection) -> DbResult<T>) -> DbResult<T> {
        self.file.read(f)
    }

    /// [`Journal::read`] for writes: refused as `disk_full` without the reserve.
    pub(crate) fn write<T>(&self, f: impl FnMut(&mut Connection) -> DbResult<T>) -> DbResult<T> {
        self.file.write(f)
    }

    /// Appends one entry.
    pub fn record(&self, e: &NewEntry) -> DbResult<()> {
        self.write(|conn| insert(conn, e).map(|_| ()))
    }

    /// Writes an entry before its change is made, as [`PENDING`]; its id for
    /// [`Journal::complete`]. An error here means the change must not be made.
    pub fn begin(&self, e: &NewEntry) -> DbResult<i64> {
        let pending = NewEntry {
            outcome: PENDING.to_owned(),
            ..e.clone()
        };
        self.write(|conn| insert(conn, &pending))
    }

    /// Completes a pending entry: its target as the change knew it at the end, and its outcome.
    /// No reserve is asked: the space the pending entry was written in is enough.
    pub fn complete(&self, id: i64, target: &Target, outcome: &str) -> DbResult<()> {
        let changes = changes_json(&target.changes);
        self.read(|conn| {
            conn.execute(
                "UPDATE entries SET target_id = ?2, target_name = ?3, changes = ?4, outcome = ?5
                 WHERE id = ?1",
                params![id, target.id, target.name, changes, outcome],
            )?;
            Ok(())
        })
    }

    /// Removes a pending entry whose change was not made after all (a report period another
    /// computer wrote). Needs no reserve.
    pub fn withdraw(&self, id: i64) -> DbResult<()> {
        self.read(|conn| {
            conn.execute(
                "DELETE FROM entries WHERE id = ?1 AND outcome = ?2",
                params![id, PENDING],
            )?;
            Ok(())
        })
    }

    /// The entries after `id`, oldest first, at most `limit` (what the team's journal does
    /// not have yet).
    pub fn after(&self, id: i64, limit: u32) -> DbResult<Vec<JournalEntry>> {
        self.read(|conn| {
            let mut stmt = conn.prepare(
                "SELECT id, at_ms, connection, account, organization_id, operation, target_id,
                        target_name, changes, outcome
                 FROM entries WHERE id > ?1 ORDER BY id LIMIT ?2",
            )?;
            let rows = stmt.query_map(params![id, limit], entry_row)?;
            Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
        })
    }

    /// One page of the entries matching `q`, newest first, and how many match in all.
    pub fn list(&self, q: &JournalQuery) -> DbResult<(Vec<JournalEntry>, u64)> {
        self.read(|conn| list_in(conn, q))
    }

    /// The journals set aside beside this one because they were damaged, oldest first.
    pub fn set_aside(&self) -> Vec<PathBuf> {
        store_file::set_aside_files(self.path())
    }

    /// [`Journal::list`] over a journal set aside (`file_name`, one of [`Journal::set_aside`]),
    /// read-only, as far as SQLite can read it.
    pub fn list_set_aside(
        &self,
        file_name: &str,
        q: &JournalQuery,
    ) -> DbResult<Option<(Vec<JournalEntry>, u64)>> {
        let Some(path) = self
            .set_aside()
            .into_iter()
            .find(|p| p.file_name().is_some_and(|n| n == file_name))
        else {
            return Ok(None);
        };
        // A file SQLite cannot read at all is `store_failed`, naming the journal and the file.
        salvage(&path)
            .and_then(|conn| list_in(&conn, q))
            .map(Some)
            .map_err(|e| store_file::classify(StoreKind::Journal, &path, e))
    }

    /// The id of the newest entry, if any (tests and "what is new" checks).
    pub fn last_id(&self) -> DbResult<Option<i64>> {
        self.read(|conn| {
            Ok(conn
                .query_row("SELECT MAX(id) FROM entries", [], |r| r.get(0))
                .optional()?
                .flatten())
        })
    }

    /// This journal file's own number, made when first asked and kept in it. A journal started
    /// again (its damaged file set aside) numbers its entries from 1 again: the team's journal
    /// tells the two files' entries apart by this number.
    pub fn file_id(&self) -> DbResult<i64> {
        self.write(|conn| {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let kept: Option<i64> = tx
                .query_row("SELECT value FROM meta WHERE key = ?1", [FILE_ID], |r| {
                    r.get(0)
                })
                .optional()?;
            let id = match kept {
                Some(id) => id,
                None => {
                    let id = rand::Rng::gen_range(&mut rand::thread_rng(), 1..i64::MAX);
                    tx.execute(
                        "INSERT INTO meta (key, value) VALUES (?1, ?2)",
                        params![FILE_ID, id],
                    )?;
                    id
                }
            };
            tx.commit()?;
            Ok(id)
        })
    }
}

/// The `meta` key of [`Journal::file_id`].
const FILE_ID: &str = "file_id";

/// The first entry of a new journal: when and why the old file was set aside, and its new
/// name.
fn note_reset(conn: &mut Connection, reset: &Reset) -> DbResult<()> {
    let name = reset
        .moved_to
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let entry = NewEntry {
        at: reset.at,
        connection: None,
        account: None,
        organization_id: None,
        operation: Operation::JournalReset,
        target: Target::id(name).set("reason", Some("damaged")),
        outcome: DONE.to_owned(),
    };
    insert(conn, &entry).map(|_| ())
}

/// The entries of a set-aside journal that still read, copied into a journal in memory: each
/// id looked up on its own, so a damaged page loses only the entries it held. A file whose
/// every read fails is the error.
fn salvage(path: &Path) -> DbResult<Connection> {
    let old = store_file::open_set_aside(path)?;
    let mem = Connection::open_in_memory()?;
    mem.execute_batch(SCHEMA)?;
    // The newest id: from the table's last page, else from the AUTOINCREMENT counter.
    let last: i64 = old
        .query_row("SELECT MAX(id) FROM entries", [], |r| {
            r.get::<_, Option<i64>>(0)
        })
        .map(Option::unwrap_or_default)
        .or_else(|_| {
            old.query_row(
                "SELECT seq FROM sqlite_sequence WHERE name = 'entries'",
                [],
                |r| r.get(0),
            )
        })?;
    let mut read = old.prepare(
        "SELECT id, at_ms, connection, account, organization_id, operation, target_id,
                target_name, changes, outcome FROM entries WHERE id = ?1",
    )?;
    let mut insert = mem.prepare(
        "INSERT INTO entries (id, at_ms, connection, account, organization_id, operation,
            target_id, target_name, changes, outcome)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?;
    for id in 1..=last {
        let row = read.query_row([id], |r| {
            (0..10)
                .map(|i| r.get::<_, rusqlite::types::Value>(i))
                .collect::<rusqlite::Result<Vec<_>>>()
        });
        // Absent (pruned) or on a damaged page: skipped.
        if let Ok(values) = row {
            insert.execute(params_from_iter(values))?;
        }
    }
    drop(insert);
    Ok(mem)
}

fn changes_json(changes: &[FieldChange]) -> String {
    serde_json::to_string(changes).unwrap_or_else(|_| "[]".into())
}

fn insert(conn: &Connection, e: &NewEntry) -> DbResult<i64> {
    conn.execute(
        "INSERT INTO entries (at_ms, connection, account, organization_id, operation,
            target_id, target_name, changes, outcome)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            e.at.timestamp_millis(),
            e.connection,
            e.account,
            e.organization_id,
            e.operation.as_str(),
            e.target.id,
            e.target.name,
            changes_json(&e.target.changes),
            e.outcome,
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

fn list_in(conn: &Connection, q: &JournalQuery) -> DbResult<(Vec<JournalEntry>, u64)> {
    let (clause, args) = where_clause(q);
    let total: i64 = conn.query_row(
        &format!("SELECT COUNT(*) FROM entries {clause}"),
        params_from_iter(args.iter()),
        |r| r.get(0),
    )?;
    let mut stmt = conn.prepare(&format!(
        "SELECT id, at_ms, connection, account, organization_id, operation, target_id,
                target_name, changes, outcome
         FROM entries {clause} ORDER BY at_ms DESC, id DESC LIMIT {} OFFSET {}",
        q.limit, q.offset
    ))?;
    let rows = stmt.query_map(params_from_iter(args.iter()), entry_row)?;
    let entries = rows.collect::<rusqlite::Result<Vec<_>>>()?;
    Ok((entries, total as u64))
}

/// An entry from a row of `id, at_ms, connection, account, organization_id, operation,
/// target_id, target_name, changes, outcome`.
fn entry_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<JournalEntry> {
    let at_ms: i64 = r.get(1)?;
    let op: String = r.get(5)?;
    let changes: String = r.get(8)?;
    Ok(JournalEntry {
        id: r.get(0)?,
        at: DateTime::from_timestamp_millis(at_ms).unwrap_or_default(),
        connection: r.get(2)?,
        account: r.get(3)?,
        organization_id: r.get(4)?,
        operation: Operation::of_stored(&op),
        target_id: r.get(6)?,
        target_name: r.get(7)?,
        changes: serde_json::from_str::<Vec<FieldChange>>(&changes).unwrap_or_default(),
        outcome: r.get(9)?,
        made_by: None,
    })
}

fn where_clause(q: &JournalQuery) -> (String, Vec<rusqlite::types::Value>) {
    use rusqlite::types::Value;
    let mut conds: Vec<String> = Vec::new();
    let mut args: Vec<Value> = Vec::new();
    if let Some(since) = q.since {
        args.push(Value::Integer(since.timestamp_millis()));
        conds.push(format!("at_ms >= ?{}", args.len()));
    }
    if let Some(until) = q.until {
        args.push(Value::Integer(until.timestamp_millis()));
        conds.push(format!("at_ms < ?{}", args.len()));
    }
    if !q.operations.is_empty() {
        let mut marks = Vec::new();
        for op in &q.operations {
            args.push(Value::Text(op.as_str().to_owned()));
            marks.push(format!("?{}", args.len()));
        }
        conds.push(format!("operation IN ({})", marks.join(", ")));
    }
    match q.outcome.as_deref() {
        None | Some("") => {}
        Some("failed") => conds.push(format!("outcome NOT IN ('{DONE}', '{PENDING}')")),
        Some(code) => {
            args.push(Value::Text(code.to_owned()));
            conds.push(format!("outcome = ?{}", args.len()));
        }
    }
    if let Some(text) = q.text.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        let escaped = text
            .to_lowercase()
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_");
        args.push(Value::Text(format!("%{escaped}%")));
        let n = args.len();
        let cols = [
            "connection",
            "organization_id",
            "target_id",
            "target_name",
            "changes",
            "operation",
            "outcome",
        ];
        let ors: Vec<String> = cols
            .iter()
            .map(|c| format!("lower(coalesce({c}, '')) LIKE ?{n} ESCAPE '\\'"))
            .collect();
        conds.push(format!("({})", ors.join(" OR ")));
    }
    if conds.is_empty() {
        (String::new(), args)
    } else {
        (format!("WHERE {}", conds.join(" AND ")), args)
    }
}
