//! [`Archive`]: one database file, its writer connection, paged queries and statistics.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use chrono::{DateTime, Utc};
use lockdesk_api::models::Access;
use rusqlite::{Connection, OptionalExtension};

use crate::error::{Error, Result};
use crate::filter_sql::{every_lock_as_none, where_clause, Where};
use crate::model::*;
use crate::paths;
use crate::people::People;
use crate::store_file::{self, StoreKind};
use crate::{accesses, db};

/// Held while a sync runs; released when dropped (or when the process ends).
#[derive(Debug)]
pub struct SyncLock {
    _file: std::fs::File,
}

pub struct Archive {
    path: PathBuf,
    conn: Mutex<Connection>,
    pub(crate) people: People,
}

impl std::fmt::Debug for Archive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Archive").field("path", &self.path).finish()
    }
}

impl Archive {
    /// Opens (creates, checks, migrates) the archive at `path`. A damaged file is set aside
    /// ([`Archive::set_aside_damaged`]) and is [`Error::Damaged`]; the next open starts a new
    /// archive, which the next sync fills from the service.
    pub fn open(path: impl AsRef<Path>) -> Result<Archive> {
        let path = path.as_ref().to_owned();
        let named = |e| store_file::classify(StoreKind::Archive, &path, e);
        let conn = match db::open(&path) {
            Ok(conn) => conn,
            Err(e) if store_file::is_damage(&e) => {
                match store_file::set_aside(StoreKind::Archive, &path, chrono::Utc::now())? {
                    store_file::SetAside::Moved(to) => {
                        return Err(Error::Damaged {
                            store: StoreKind::Archive,
                            path: path.clone(),
                            moved_to: Some(to),
                        })
                    }
                    // Another program set it aside first.
                    store_file::SetAside::NotDamaged => db::open(&path).map_err(named)?,
                }
            }
            Err(e) => return Err(named(e)),
        };
        Ok(Archive {
            path,
            conn: Mutex::new(conn),
            people: People::default(),
        })
    }

    /// Sets the archive at `path` aside after SQLite found it damaged (every connection to it
    /// closed first) and answers the error that tells the person: [`Error::Damaged`].
    pub fn set_aside_damaged(path: &Path) -> Error {
        Error::Damaged {
            store: StoreKind::Archive,
            path: path.to_owned(),
            moved_to: store_file::set_aside_now(path, chrono::Utc::now()),
        }
    }

    /// A failure of this archive, named: a full disk with its folder; damage as such (the
    /// caller closes the archive and calls [`Archive::set_aside_damaged`]).
    pub fn classify(&self, e: Error) -> Error {
        store_file::classify(StoreKind::Archive, &self.path, e)
    }

    /// The archive of a profile (and organization; `None` for a v2 profile) in the platform
    /// data directory.
    pub fn open_for_profile(profile: &str, org: Option<&str>) -> Result<Archive> {
        Self::open(paths::archive_path(&paths::data_dir()?, profile, org)?)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The lock every sync of this archive holds (`<archive>.sync-lock`, an OS file lock, so a
    /// killed process never leaves it held). Two syncs could not double records, but both
    /// would spend the one rate limit and advance checkpoints under each other.
    pub fn lock_for_sync(&self) -> Result<SyncLock> {
        let mut name = self.path.clone().into_os_string();
        name.push(".sync-lock");
        let path = PathBuf::from(name);
        let file = crate::private_fs::open_private(&path).map_err(|e| Error::Open {
            path: path.clone(),
            reason: e.to_string(),
        })?;
        match file.try_lock() {
            Ok(()) => Ok(SyncLock { _file: file }),
            Err(std::fs::TryLockError::WouldBlock) => Err(Error::SyncRunning),
            Err(std::fs::TryLockError::Error(e)) => Err(Error::Open {
                path,
                reason: e.to_string(),
            }),
        }
    }

    pub(crate) fn conn(&self) -> MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A second connection for long reads (exports), so they never hold up a sync.
    pub(crate) fn reader(&self) -> Result<Connection> {
        db::open_reader(&self.path)
    }

    /// Stores a batch of records as one page, in one transaction; returns how many were new.
    pub fn insert_records(&self, lock_id: &str, records: &[Access]) -> Result<usize> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let n = accesses::insert_page(&tx, lock_id, records)?;
        tx.commit()?;
        Ok(n)
    }

    /// Refreshes the planner's statistics (after large imports).
    pub fn optimize(&self) -> Result<()> {
        self.conn().execute_batch("ANALYZE; PRAGMA optimize;")?;
        Ok(())
    }

    /// One page of matching records.
    pub fn query(&self, q: &HistoryQuery) -> Result<HistoryPage> {
        let conn = self.conn();
        let filter = every_lock_as_none(&conn, &q.filter)?;
        let w = where_clause(&conn, &self.people, &filter)?;
        let limit = q.limit.clamp(1, 10_000);
        if w.empty {
            return Ok(HistoryPage {
                rows: Vec::new(),
                total: q.with_total.then_some(0),
                limit,
                offset: q.offset,
            });
        }
        let (sql, branches) = page_sql(q.sort, &w, limit, q.offset);
        let mut stmt = conn.prepare_cached(&sql)?;
        let params = w.params.iter().cycle().take(w.params.len() * branches);
        let rows = stmt
            .query_map(rusqlite::params_from_iter(params), |r| {
                Ok(HistoryRow {
                    created_at: from_ms(r.get(0)?),
                    lock_id: r.get(1)?,
                    lock_name: r.get(2)?,
                    user_id: r.get(3)?,
                    user_name: r.get(4)?,
                    user_mail: r.get(5)?,
                    client_type: r.get(6)?,
                    is_locked: r.get(7)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let total = if q.with_total {
            Some(crate::count::count(&conn, &self.people, &filter)?)
        } else {
            None
        };
        Ok(HistoryPage {
            rows,
            total,
            limit,
            offset: q.offset,
        })
    }

    /// Calls `f` with every matching record, oldest first, in one streaming statement (the
    /// watcher's rules read whole windows this way instead of page by page).
    pub fn scan(&self, filter: &HistoryFilter, mut f: impl FnMut(HistoryRow)) -> Result<u64> {
        let conn = self.conn();
        let filter = every_lock_as_none(&conn, filter)?;
        let w = where_clause(&conn, &self.people, &filter)?;
        if w.empty {
            return Ok(0);
        }
        let sql = format!(
            "SELECT a.created_at_ms, l.lock_id, l.name, u.user_id, u.name, u.mail, k.name, a.is_locked
             FROM accesses a JOIN locks l ON l.id = a.lock_ref
             JOIN kinds k ON k.id = a.kind_ref LEFT JOIN users u ON u.id = a.user_ref
             {} ORDER BY a.created_at_ms ASC, a.id ASC",
            w.sql
        );
        let mut stmt = conn.prepare_cached(&sql)?;
        let mut rows = stmt.query(rusqlite::params_from_iter(w.params.iter()))?;
        let mut n = 0;
        while let Some(r) = rows.next()? {
            f(HistoryRow {
                created_at: from_ms(r.get(0)?),
                lock_id: r.get(1)?,
                lock_name: r.get(2)?,
                user_id: r.get(3)?,
                user_name: r.get(4)?,
                user_mail: r.get(5)?,
                client_type: r.get(6)?,
                is_locked: r.get(7)?,
            });
            n += 1;
        }
        Ok(n)
    }

    /// Record count, time span, locks and users.
    pub fn stats(&self) -> Result<ArchiveStats> {
        let conn = self.conn();
        // From the hour rollup and the ends of the time index: counting the records walks
        // all of them (0.8 s at 10 million).
        let (records, oldest, newest): (i64, Option<i64>, Option<i64>) = conn.query_row(
            "SELECT (SELECT coalesce(sum(records), 0) FROM access_hour_totals),
                    (SELECT min(created_at_ms) FROM accesses),
                    (SELECT max(created_at_ms) FROM accesses)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )?;
        let users: i64 = conn.query_row("SELECT count(*) FROM users", [], |r| r.get(0))?;
        let stretches = crate::coverage::newest(&conn)?;
        let mut locks = Vec::new();
        for (_, lock_id, name) in crate::locks::all(&conn)? {
            let stretch = stretches.get(&lock_id);
            locks.push(ArchivedLock {
                synced_until: stretch.map(|s| from_ms(s.til_ms)),
                complete: Completeness::of(stretch),
                lock_id,
                name,
            });
        }
        drop(conn);
        Ok(ArchiveStats {
            records: records as u64,
            oldest: oldest.map(from_ms),
            newest: newest.map(from_ms),
            locks,
            users: users as u64,
            file_bytes: self.file_bytes(),
        })
    }

    /// Each archived lock's record count and newest record, by lock id: from the day rollup
    /// and the end of the lock's index, so a thousand locks take one statement, not a count
    /// of every record.
    pub fn lock_records(&self) -> Result<HashMap<String, LockRecords>> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(
            "SELECT l.lock_id,
                    (SELECT coalesce(sum(d.records), 0) FROM access_lock_days d
                      WHERE d.lock_ref = l.id),
                    (SELECT max(a.created_at_ms) FROM accesses a WHERE a.lock_ref = l.id)
             FROM locks l",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                LockRecords {
                    records: r.get::<_, i64>(1)? as u64,
                    newest: r.get::<_, Option<i64>>(2)?.map(from_ms),
                },
            ))
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Size of the database with its WAL.
    pub fn file_bytes(&self) -> u64 {
        let mut wal = self.path.clone().into_os_string();
        wal.push("-wal");
        [self.path.clone(), PathBuf::from(wal)]
            .iter()
            .filter_map(|p| std::fs::metadata(p).ok())
            .map(|m| m.len())
            .sum()
    }

    /// How far back each of `lock_ids` is complete, and all of them together.
    pub fn completeness(
        &self,
        lock_ids: &[String],
    ) -> Result<(HashMap<String, Completeness>, Completeness)> {
        let stretches = crate::coverage::newest(&self.conn())?;
        let each: HashMap<String, Completeness> = lock_ids
            .iter()
            .map(|l| (l.clone(), Completeness::of(stretches.get(l))))
            .collect();
        let all = Completeness::all(each.values());
        Ok((each, all))
    }

    /// Each person's last record at one of `lock_ids` (user id → when).
    pub fn last_seen(&self, lock_ids: &[String]) -> Result<HashMap<String, DateTime<Utc>>> {
        Ok(crate::users::last_seen(&self.conn(), lock_ids)?
            .into_iter()
            .map(|(user, ms)| (user, crate::model::from_ms(ms)))
            .collect())
    }

    /// People in the archive whose id, name or e-mail contains `search`.
    pub fn users(&self, search: &str, limit: u32) -> Result<Vec<ArchivedUser>> {
        crate::users::search(&self.conn(), &self.people, search.trim(), limit)
    }
}

/// The SQL of one page, and how many times it takes the filter's params. Sorted by time, the
/// page is picked from `accesses` alone (walking the table in time order) and only its rows
/// are joined to their names; of a few locks, each lock's first rows are picked from its own
/// index range and merged (one walk over all of them would pass every other lock's records).
/// Sorted by a name, the join comes first.
fn page_sql(sort: SortOrder, w: &Where, limit: u32, offset: u64) -> (String, usize) {
    let filter = &w.sql;
    const COLUMNS: &str =
        "a.created_at_ms, l.lock_id, l.name, u.user_id, u.name, u.mail, k.name, a.is_locked";
    const JOINS: &str = "JOIN locks l ON l.id = a.lock_ref
             JOIN kinds k ON k.id = a.kind_ref
             LEFT JOIN users u ON u.id = a.user_ref";
    const PICKED: &str = "a.id, a.created_at_ms, a.lock_ref, a.user_ref, a.kind_ref, a.is_locked";
    let by_time = |order: &str| {
        // Up to MANY_LOCKS, each lock's own first rows merged; of more, a walk in time order
        // (SQLite takes at most 500 terms of a compound statement, and a walk finds a page soon
        // among many locks).
        let (from, branches) = if w.lock_refs.len() > crate::filter_sql::MANY_LOCKS {
            (format!("accesses a {}", w.walking()), 1)
        } else if w.lock_refs.len() > 1 {
            let first = u64::from(limit) + offset;
            let each: Vec<String> = w
                .lock_refs
                .iter()
                .map(|r| {
                    format!(
                        "SELECT * FROM (SELECT {PICKED} FROM accesses a {} ORDER BY {order}
                         LIMIT {first})",
                        w.for_lock(*r)
                    )
                })
                .collect();
            (
                format!("({}) a", each.join(" UNION ALL ")),
                w.lock_refs.len(),
            )
        } else {
            (format!("accesses a {filter}"), 1)
        };
        let sql = format!(
            "SELECT {COLUMNS} FROM (
                 SELECT {PICKED} FROM {from} ORDER BY {order} LIMIT {limit} OFFSET {offset}
             ) a {JOINS} ORDER BY {order}"
        );
        (sql, branches)
    };
    let by_name = |order: &str| {
        let sql = format!(
            "SELECT {COLUMNS} FROM accesses a {JOINS}
             {filter} ORDER BY {order} LIMIT {limit} OFFSET {offset}"
        );
        (sql, 1)
    };
    match sort {
        SortOrder::NewestFirst => by_time("a.created_at_ms DESC, a.id DESC"),
        SortOrder::OldestFirst => by_time("a.created_at_ms ASC, a.id ASC"),
        SortOrder::User => by_name("u.name IS NULL, u.name, a.created_at_ms DESC, a.id DESC"),
        SortOrder::Lock => {
            by_name("l.name IS NULL, l.name, l.lock_id, a.created_at_ms DESC, a.id DESC")
        }
    }
}

fn put<T>(v: &mut Vec<Option<T>>, i: i64, x: T) {
    let i = i as usize;
    if v.len() <= i {
        v.resize_with(i + 1, || None);
    }
    v[i] = Some(x);
}

/// A user's id, name and e-mail.
pub(crate) type UserNames = (String, Option<String>, Option<String>);

/// Every lock, user and kind by ref, for reads that would otherwise join per row.
pub(crate) struct Names {
    pub locks: Vec<Option<(String, Option<String>)>>,
    pub users: Vec<Option<UserNames>>,
    pub kinds: Vec<Option<String>>,
}

impl Names {
    pub fn load(conn: &Connection) -> Result<Names> {
        let mut names = Names {
            locks: Vec::new(),
            users: Vec::new(),
            kinds: Vec::new(),
        };
        let mut s = conn.prepare_cached("SELECT id, lock_id, name FROM locks")?;
        let mut rows = s.query([])?;
        while let Some(r) = rows.next()? {
            put(&mut names.locks, r.get(0)?, (r.get(1)?, r.get(2)?));
        }
        let mut s = conn.prepare_cached("SELECT id, user_id, name, mail FROM users")?;
        let mut rows = s.query([])?;
        while let Some(r) = rows.next()? {
            put(
                &mut names.users,
                r.get(0)?,
                (r.get(1)?, r.get(2)?, r.get(3)?),
            );
        }
        let mut s = conn.prepare_cached("SELECT id, name FROM kinds")?;
        let mut rows = s.query([])?;
        while let Some(r) = rows.next()? {
            put(&mut names.kinds, r.get(0)?, r.get(1)?);
        }
        Ok(names)
    }

    /// The kinds and only the users in `users` (no locks), for an answer that names a few.
    pub fn load_users(conn: &Connection, users: &[i64]) -> Result<Names> {
        let mut names = Names {
            locks: Vec::new(),
            users: Vec::new(),
            kinds: Vec::new(),
        };
        let mut s = conn.prepare_cached("SELECT user_id, name, mail FROM users WHERE id = ?1")?;
        for &r in users {
            if let Some(u) = s
                .query_row([r], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
                .optional()?
            {
                put(&mut names.users, r, u);
            }
        }
        let mut s = conn.prepare_cached("SELECT id, name FROM kinds")?;
        let mut rows = s.query([])?;
        while let Some(r) = rows.next()? {
            put(&mut names.kinds, r.get(0)?, r.get(1)?);
        }
        Ok(names)
    }

    pub fn lock(&self, r: i64) -> Option<&(String, Option<String>)> {
        self.locks.get(r as usize).and_then(Option::as_ref)
    }

    pub fn user(&self, r: i64) -> Option<&UserNames> {
        self.users.get(r as usize).and_then(Option::as_ref)
    }

    pub fn kind(&self, r: i64) -> &str {
        self.kinds
            .get(r as usize)
            .and_then(Option::as_deref)
            .unwrap_or("")
    }
}
