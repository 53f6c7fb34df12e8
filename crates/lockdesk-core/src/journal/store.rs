//! The journal's SQLite file: one table, opened per use (writes are rare), WAL with a busy
//! timeout so the app and a scheduled `lockctl` can write at once.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use rusqlite::{params, params_from_iter, Connection, OptionalExtension};

use super::{FieldChange, JournalEntry, NewEntry, Operation};

/// The journal's file name in the data folder.
pub const JOURNAL_FILE: &str = "journal.sqlite3";

// Taken by a new file only: new journals give the pages of pruned entries back to the file
// system (`upkeep.rs`); journals made before keep them for new entries.
const NEW_FILE: &str = "PRAGMA auto_vacuum = INCREMENTAL;";

const SCHEMA: &str = "
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

pub(super) type DbResult<T> = std::result::Result<T, lockdesk_archive::Error>;

/// The write-ahead log is cut back to this after a checkpoint.
const WAL_SIZE_LIMIT: i64 = 1 << 20;

/// Which entries to read: all filters are optional and combine with AND. Newest first.
#[derive(Clone, Debug, Default)]
pub struct JournalQuery {
    pub since: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
    pub operations: Vec<Operation>,
    /// `done`, `failed` (anything else), or one error code.
    pub outcome: Option<String>,
    /// Found in the connection, organization, target id or name, or the changes (any case).
    pub text: Option<String>,
    pub offset: u32,
    pub limit: u32,
}

/// The journal of one data folder.
#[derive(Clone, Debug)]
pub struct Journal {
    path: PathBuf,
}

impl Journal {
    pub fn new(data_folder: &Path) -> Journal {
        Journal {
            path: data_folder.join(JOURNAL_FILE),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub(super) fn open(&self) -> DbResult<Connection> {
        let conn = lockdesk_archive::db::open_private_store_with(&self.path, NEW_FILE, SCHEMA)?;
        // SQLite keeps a write-ahead log at its largest size for reuse; after a prune it
        // would hold the size just freed.
        conn.pragma_update(None, "journal_size_limit", WAL_SIZE_LIMIT)?;
        Ok(conn)
    }

    /// Appends one entry.
    pub fn record(&self, e: &NewEntry) -> DbResult<()> {
        let conn = self.open()?;
        let changes = serde_json::to_string(&e.target.changes).unwrap_or_else(|_| "[]".into());
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
                changes,
                e.outcome,
            ],
        )?;
        Ok(())
    }

    /// One page of the entries matching `q`, newest first, and how many match in all.
    pub fn list(&self, q: &JournalQuery) -> DbResult<(Vec<JournalEntry>, u64)> {
        let conn = self.open()?;
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
        let rows = stmt.query_map(params_from_iter(args.iter()), |r| {
            let at_ms: i64 = r.get(1)?;
            let op: String = r.get(5)?;
            let changes: String = r.get(8)?;
            Ok(JournalEntry {
                id: r.get(0)?,
                at: DateTime::from_timestamp_millis(at_ms).unwrap_or_default(),
                connection: r.get(2)?,
                account: r.get(3)?,
                organization_id: r.get(4)?,
                // Entries are written by this code only; an unknown name (a newer Lockdesk)
                // shows as a bulk row rather than failing the whole list.
                operation: Operation::parse(&op).unwrap_or(Operation::InvitationsBulkRow),
                target_id: r.get(6)?,
                target_name: r.get(7)?,
                changes: serde_json::from_str::<Vec<FieldChange>>(&changes).unwrap_or_default(),
                outcome: r.get(9)?,
            })
        })?;
        let entries = rows.collect::<rusqlite::Result<Vec<_>>>()?;
        Ok((entries, total as u64))
    }

    /// The id of the newest entry, if any (tests and "what is new" checks).
    pub fn last_id(&self) -> DbResult<Option<i64>> {
        let conn = self.open()?;
        Ok(conn
            .query_row("SELECT MAX(id) FROM entries", [], |r| r.get(0))
            .optional()?
            .flatten())
    }
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
        Some("failed") => conds.push("outcome <> 'done'".to_owned()),
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
