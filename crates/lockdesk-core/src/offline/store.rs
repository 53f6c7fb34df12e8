//! The offline cache's SQLite file, `<data folder>/offline.sqlite3`: the last answer of each
//! cached read per connection (profile), organization, command and request. It holds what the
//! lists show (names, e-mail addresses, codes), never a token or secret. Opened per use, WAL
//! with a busy timeout, so the app and `lockctl` read and write it at once; 0600 in a 0700
//! folder through `private_fs`. A damaged file is set aside and the cache starts empty: it
//! refills as lists are read online again (`lockdesk_archive::store_file`). Deleted answers are
//! overwritten (`secure_delete`) and the write-ahead log is folded into the file after a
//! sign-out's delete, so what a connection read does not stay in the file's free pages.

use std::path::Path;

use lockdesk_archive::{StoreFile, StoreKind};

use chrono::{DateTime, TimeZone, Utc};
use rusqlite::{params, OptionalExtension};

/// The cache's file name in the data folder.
pub const OFFLINE_FILE: &str = "offline.sqlite3";

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS answers (
    profile TEXT NOT NULL,
    organization_id TEXT NOT NULL,
    command TEXT NOT NULL,
    request TEXT NOT NULL,
    as_of_ms INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (profile, organization_id, command, request)
);
";

type DbResult<T> = std::result::Result<T, lockdesk_archive::Error>;

/// Where an answer belongs: the connection (profile) and organization it was read for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scope {
    pub profile: String,
    pub organization_id: String,
}

/// One kept answer: when it was read, and its JSON.
#[derive(Clone, Debug)]
pub struct Kept {
    pub as_of: DateTime<Utc>,
    pub body: String,
}

#[derive(Clone, Debug)]
pub struct OfflineStore {
    file: StoreFile,
}

impl OfflineStore {
    pub fn new(data_folder: &Path) -> OfflineStore {
        OfflineStore {
            file: StoreFile::new(
                StoreKind::OfflineCache,
                data_folder.join(OFFLINE_FILE),
                SCHEMA,
            )
            .with_connection_pragmas("PRAGMA secure_delete = ON;"),
        }
    }

    pub fn path(&self) -> &Path {
        self.file.path()
    }

    /// Keeps `body` as the answer of `command` with `request` (replacing the previous one).
    pub fn put(
        &self,
        scope: &Scope,
        command: &str,
        request: &str,
        as_of: DateTime<Utc>,
        body: &str,
    ) -> DbResult<()> {
        self.file.write(|conn| {
            conn.execute(
                "INSERT OR REPLACE INTO answers
                    (profile, organization_id, command, request, as_of_ms, body)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    scope.profile,
                    scope.organization_id,
                    command,
                    request,
                    as_of.timestamp_millis(),
                    body
                ],
            )?;
            Ok(())
        })
    }

    /// The kept answer of `command` with exactly `request`.
    pub fn get(&self, scope: &Scope, command: &str, request: &str) -> DbResult<Option<Kept>> {
        let row = self.file.read(|conn| {
            Ok(conn
                .query_row(
                    "SELECT as_of_ms, body FROM answers
                     WHERE profile = ?1 AND organization_id = ?2 AND command = ?3 AND request = ?4",
                    params![scope.profile, scope.organization_id, command, request],
                    |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)),
                )
                .optional()?)
        })?;
        Ok(row.map(kept))
    }

    /// Every kept answer of `command` (any request), newest first.
    pub fn all(&self, scope: &Scope, command: &str) -> DbResult<Vec<Kept>> {
        self.file.read(|conn| {
            let mut stmt = conn.prepare(
                "SELECT as_of_ms, body FROM answers
                 WHERE profile = ?1 AND organization_id = ?2 AND command = ?3
                 ORDER BY as_of_ms DESC",
            )?;
            let rows = stmt
                .query_map(
                    params![scope.profile, scope.organization_id, command],
                    |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)),
                )?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(rows.into_iter().map(kept).collect())
        })
    }

    /// Deletes every answer kept for `profile` (at sign-out and removal); how many.
    pub fn forget(&self, profile: &str) -> DbResult<usize> {
        if !self.file.path().exists() {
            return Ok(0);
        }
        // Deleting needs no reserve: a sign-out on a full disk still forgets what was kept.
        self.file.read(|conn| {
            let n = conn.execute("DELETE FROM answers WHERE profile = ?1", params![profile])?;
            // The pages as they were before the delete stay in the log until it is folded in.
            conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
            Ok(n)
        })
    }

    /// The organizations something is kept for under `profile`.
    pub fn organizations(&self, profile: &str) -> DbResult<Vec<String>> {
        self.file.read(|conn| {
            let mut stmt = conn.prepare(
                "SELECT DISTINCT organization_id FROM answers WHERE profile = ?1 ORDER BY 1",
            )?;
            let rows = stmt
                .query_map(params![profile], |r| r.get::<_, String>(0))?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(rows)
        })
    }
}

fn kept((ms, body): (i64, String)) -> Kept {
    Kept {
        as_of: Utc
            .timestamp_millis_opt(ms)
            .single()
            .unwrap_or(DateTime::<Utc>::UNIX_EPOCH),
        body,
    }
}
