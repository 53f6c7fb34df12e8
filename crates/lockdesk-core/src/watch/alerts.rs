//! The alert store: one SQLite file in the data folder (`watch.sqlite3`, private, WAL with a
//! busy timeout like the journal), so the app and a scheduled `lockctl watch` share it.
//!
//! `raise` inserts each finding if its `(organization, key)` is new (a UNIQUE constraint decides,
//! inside SQLite's write lock): the same alert is never raised twice, across restarts and when
//! two programs evaluate at the same moment. A finding whose rule and target are muted is
//! stored as muted (so unmuting later does not raise it) and is not returned as new. A
//! condition that is over ([`AlertStore::end`], a battery replaced) frees its key, so the same
//! condition coming back is a new alert.
//!
//! A damaged file is set aside and the store starts again (`lockdesk_archive::store_file`); the
//! new file notes when (`meta.reset_at_ms`), and nothing raised before is raised again:
//! - an organization's first round after the reset stores its findings as known, announcing
//!   only those about records made after the reset (which no alert before it could be about);
//!   a battery low, a lock silent, a record from before may have been raised already;
//! - the new alerts' ids start above the reset time in milliseconds, so they never take the id
//!   of an alert from before, which the deliveries (`team_alerts::deliveries`, keyed by alert
//!   id and destination) may still hold: a new alert is never taken for one already sent.
//!
//! The mutes and the acknowledgements of the old file are not carried over.
//!
//! With a team, the store is this computer's copy of the team's (`team_copy.rs`: the open
//! alerts, alerts raised elsewhere taken in, acknowledgements made elsewhere).

mod team_copy;

use std::path::Path;

use lockdesk_archive::store_file::Reset;
use lockdesk_archive::{StoreFile, StoreKind};

use chrono::{DateTime, Utc};
use rusqlite::{params, params_from_iter, OptionalExtension};
use serde::{Deserialize, Serialize};

pub use team_copy::TakenIn;

use crate::watch::rules::{Finding, RuleKind};

/// The alert store's file name in the data folder.
pub const ALERTS_FILE: &str = "watch.sqlite3";

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS alerts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    organization_id TEXT NOT NULL,
    key TEXT NOT NULL,
    rule TEXT NOT NULL,
    target TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    raised_at_ms INTEGER NOT NULL,
    finding TEXT NOT NULL,
    muted INTEGER NOT NULL DEFAULT 0,
    acknowledged_at_ms INTEGER,
    queued_ms INTEGER,
    UNIQUE (organization_id, key)
);
CREATE INDEX IF NOT EXISTS alerts_raised ON alerts (organization_id, raised_at_ms);
CREATE TABLE IF NOT EXISTS mutes (
    organization_id TEXT NOT NULL,
    rule TEXT NOT NULL,
    target TEXT NOT NULL,
    muted_at_ms INTEGER NOT NULL,
    PRIMARY KEY (organization_id, rule, target)
);
CREATE TABLE IF NOT EXISTS rounds (
    organization_id TEXT PRIMARY KEY,
    at_ms INTEGER NOT NULL,
    result TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
";

/// The `meta` key of the time the store was started again after damage.
const RESET_AT: &str = "reset_at_ms";

/// The new file's note: its reset time, and its alert ids starting above it.
fn note_reset(conn: &mut rusqlite::Connection, reset: &Reset) -> DbResult<()> {
    let tx = conn.transaction()?;
    tx.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)",
        params![RESET_AT, ms(reset.at)],
    )?;
    tx.execute(
        "INSERT INTO sqlite_sequence (name, seq) VALUES ('alerts', ?1)",
        params![ms(reset.at)],
    )?;
    tx.commit()?;
    Ok(())
}

/// Whether a finding of the first round after a reset is announced: only one about a record
/// made after the reset.
fn new_since_reset(f: &Finding, reset_at: DateTime<Utc>) -> bool {
    let about_a_record = matches!(
        f.rule,
        RuleKind::UnlockedTooLong | RuleKind::OutsideHours | RuleKind::ListedUser
    );
    about_a_record && f.at >= reset_at
}

type DbResult<T> = std::result::Result<T, lockdesk_archive::Error>;

/// Whether the finding's rule and target are muted for the organization.
fn muted(tx: &rusqlite::Transaction<'_>, organization_id: &str, f: &Finding) -> DbResult<bool> {
    Ok(tx
        .prepare_cached(
            "SELECT 1 FROM mutes WHERE organization_id = ?1 AND rule = ?2 AND target = ?3",
        )?
        .exists(params![organization_id, f.rule.as_str(), f.target])?)
}

/// How a finding is stored: raised here (`raise`) or taken in from the team (`take_in`).
struct NewRow {
    raised_at: DateTime<Utc>,
    muted: bool,
    queued_at: Option<DateTime<Utc>>,
    acknowledged_at: Option<DateTime<Utc>>,
}

/// Stores a finding unless its `(organization, key)` is there already (the UNIQUE constraint
/// decides, inside SQLite's write lock); 1 when stored.
fn insert(
    tx: &rusqlite::Transaction<'_>,
    organization_id: &str,
    f: &Finding,
    row: &NewRow,
) -> DbResult<usize> {
    let json = serde_json::to_string(f).unwrap_or_else(|_| "{}".into());
    Ok(tx
        .prepare_cached(
            "INSERT OR IGNORE INTO alerts
                (organization_id, key, rule, target, at_ms, raised_at_ms, finding, muted,
                 queued_ms, acknowledged_at_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        )?
        .execute(params![
            organization_id,
            f.key,
            f.rule.as_str(),
            f.target,
            ms(f.at),
            ms(row.raised_at),
            json,
            row.muted,
            row.queued_at.map(ms),
            row.acknowledged_at.map(ms),
        ])?)
}

/// A stored alert.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AlertView {
    pub id: i64,
    pub raised_at: DateTime<Utc>,
    pub acknowledged_at: Option<DateTime<Utc>>,
    /// Stored while its rule and target were muted: never raised.
    pub muted: bool,
    pub finding: Finding,
}

/// A muted rule and target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MuteView {
    pub rule: RuleKind,
    pub target: String,
    pub muted_at: DateTime<Utc>,
}

/// Which alerts to list, newest raised first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct AlertQuery {
    /// Only these rules (empty: every rule).
    pub rules: Vec<RuleKind>,
    /// `Some(false)`: only those not acknowledged yet.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub acknowledged: Option<bool>,
    /// Also the alerts stored while muted.
    pub include_muted: bool,
    /// Only this lock.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub lock_id: Option<String>,
    pub offset: u32,
    /// 1 to 1,000 (0: 100).
    pub limit: u32,
}

/// The alert store of one data folder.
#[derive(Clone, Debug)]
pub struct AlertStore {
    file: StoreFile,
}

fn ms(t: DateTime<Utc>) -> i64 {
    t.timestamp_millis()
}

fn time(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(ms).unwrap_or_default()
}

/// `id, raised_at_ms, acknowledged_at_ms, muted, finding` of a row.
type RowParts = (i64, i64, Option<i64>, bool, String);

fn row_parts(r: &rusqlite::Row<'_>) -> rusqlite::Result<RowParts> {
    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
}

/// The rows as alerts; rows are written by this code only, and one that no longer reads is
/// skipped.
fn collect_views(
    rows: impl Iterator<Item = rusqlite::Result<RowParts>>,
) -> DbResult<Vec<AlertView>> {
    let mut out = Vec::new();
    for row in rows {
        let (id, raised, acked, muted, finding) = row?;
        if let Ok(finding) = serde_json::from_str::<Finding>(&finding) {
            out.push(AlertView {
                id,
                raised_at: time(raised),
                acknowledged_at: acked.map(time),
                muted,
                finding,
            });
        }
    }
    Ok(out)
}

/// A file made before alerts were queued from the store gets `queued_ms`; its alerts count as
/// queued (they were, by the round that raised them), so none is sent again.
fn add_queued_column(conn: &mut rusqlite::Connection) -> DbResult<()> {
    lockdesk_archive::store_file::ensure_column(
        conn,
        "alerts",
        "queued_ms",
        "INTEGER",
        Some("UPDATE alerts SET queued_ms = raised_at_ms"),
    )
}

impl AlertStore {
    pub fn new(data_folder: &Path) -> AlertStore {
        AlertStore {
            file: StoreFile::new(StoreKind::Alerts, data_folder.join(ALERTS_FILE), SCHEMA)
                .with_on_reset(note_reset)
                .with_upgrade(add_queued_column),
        }
    }

    /// Dates a reset by `clock` (the program's, which the rounds read too).
    pub fn with_clock(
        mut self,
        clock: std::sync::Arc<dyn lockdesk_api::clock::Clock>,
    ) -> AlertStore {
        self.file = self.file.with_clock(clock);
        self
    }

    pub fn path(&self) -> &Path {
        self.file.path()
    }

    /// Stores the findings that are new and returns them as alerts, in the order given; known
    /// keys and muted ones are not returned (nor, in the organization's first round after a
    /// reset, those that may have been raised before it). One transaction.
    pub fn raise(
        &self,
        organization_id: &str,
        findings: &[Finding],
        now: DateTime<Utc>,
    ) -> DbResult<Vec<AlertView>> {
        self.file.write(|conn| {
            // IMMEDIATE: take the write lock first, so two programs raising at once queue here.
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let reset_at: Option<i64> = tx
                .query_row("SELECT value FROM meta WHERE key = ?1", [RESET_AT], |r| {
                    r.get(0)
                })
                .optional()?;
            let first_round: bool = !tx
                .prepare("SELECT 1 FROM rounds WHERE organization_id = ?1")?
                .exists([organization_id])?;
            let known_before = |f: &Finding| match reset_at {
                Some(at) if first_round => !new_since_reset(f, time(at)),
                _ => false,
            };
            let mut new = Vec::new();
            for f in findings {
                let is_muted = muted(&tx, organization_id, f)?;
                let announced = !is_muted && !known_before(f);
                // A new alert waits to be queued for team chat (`queued_ms` NULL) until
                // `mark_queued`; one never announced (muted, or from before a reset) is not.
                let row = NewRow {
                    raised_at: now,
                    muted: is_muted,
                    queued_at: (!announced).then_some(now),
                    acknowledged_at: None,
                };
                if insert(&tx, organization_id, f, &row)? == 1 && announced {
                    new.push(AlertView {
                        id: tx.last_insert_rowid(),
                        raised_at: time(ms(now)),
                        acknowledged_at: None,
                        muted: false,
                        finding: f.clone(),
                    });
                }
            }
            tx.commit()?;
            Ok(new)
        })
    }

    /// The organization's alerts raised and not yet queued for team chat, oldest first: those of
    /// this round, and those of a round that was stopped (killed) before it queued them.
    pub fn unqueued(&self, organization_id: &str) -> DbResult<Vec<AlertView>> {
        self.file.read(|conn| {
            let mut stmt = conn.prepare(
                "SELECT id, raised_at_ms, acknowledged_at_ms, muted, finding FROM alerts
                 WHERE organization_id = ?1 AND queued_ms IS NULL AND muted = 0 ORDER BY id",
            )?;
            let rows = stmt.query_map([organization_id], row_parts)?;
            collect_views(rows)
        })
    }

    /// Notes these alerts as queued for team chat (their deliveries are written).
    pub fn mark_queued(&self, ids: &[i64], now: DateTime<Utc>) -> DbResult<()> {
        if ids.is_empty() {
            return Ok(());
        }
        self.file.write(|conn| {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            {
                let mut mark = tx.prepare("UPDATE alerts SET queued_ms = ?2 WHERE id = ?1")?;
                for id in ids {
                    mark.execute(params![id, ms(now)])?;
                }
            }
            tx.commit()?;
            Ok(())
        })
    }

    /// Ends the alerts of these keys (a battery replaced): each keeps its row, under a key of
    /// its own, so the same key found again later is raised as a new alert. How many ended.
    pub fn end(&self, organization_id: &str, keys: &[String], now: DateTime<Utc>) -> DbResult<u64> {
        if keys.is_empty() {
            return Ok(0);
        }
        self.file.write(|conn| {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let mut n = 0;
            {
                let mut end = tx.prepare(
                    "UPDATE alerts SET key = key || '#ended@' || ?1
                     WHERE organization_id = ?2 AND key = ?3",
                )?;
                for key in keys {
                    n += end.execute(params![ms(now), organization_id, key])? as u64;
                }
            }
            tx.commit()?;
            Ok(n)
        })
    }

    /// One page of alerts and how many match in all.
    pub fn list(&self, organization_id: &str, q: &AlertQuery) -> DbResult<(Vec<AlertView>, u64)> {
        self.file.read(|conn| {
            let mut clause = String::from("WHERE organization_id = ?");
            let mut args: Vec<String> = vec![organization_id.to_owned()];
            if !q.rules.is_empty() {
                clause.push_str(&format!(
                    " AND rule IN ({})",
                    vec!["?"; q.rules.len()].join(",")
                ));
                args.extend(q.rules.iter().map(|r| r.as_str().to_owned()));
            }
            match q.acknowledged {
                Some(true) => clause.push_str(" AND acknowledged_at_ms IS NOT NULL"),
                Some(false) => clause.push_str(" AND acknowledged_at_ms IS NULL"),
                None => {}
            }
            if !q.include_muted {
                clause.push_str(" AND muted = 0");
            }
            if let Some(lock) = &q.lock_id {
                clause.push_str(" AND json_extract(finding, '$.lock_id') = ?");
                args.push(lock.clone());
            }
            let total: i64 = conn.query_row(
                &format!("SELECT COUNT(*) FROM alerts {clause}"),
                params_from_iter(args.iter()),
                |r| r.get(0),
            )?;
            let limit = if q.limit == 0 { 100 } else { q.limit.min(1000) };
            let mut stmt = conn.prepare(&format!(
                "SELECT id, raised_at_ms, acknowledged_at_ms, muted, finding FROM alerts {clause}
                 ORDER BY raised_at_ms DESC, id DESC LIMIT {limit} OFFSET {}",
                q.offset
            ))?;
            let rows = stmt.query_map(params_from_iter(args.iter()), row_parts)?;
            Ok((collect_views(rows)?, total as u64))
        })
    }

    /// Acknowledges the alerts with these ids (of this organization); how many changed.
    pub fn acknowledge(
        &self,
        organization_id: &str,
        ids: &[i64],
        now: DateTime<Utc>,
    ) -> DbResult<u64> {
        self.file.write(|conn| {
            let mut n = 0;
            for id in ids {
                n += conn.execute(
                    "UPDATE alerts SET acknowledged_at_ms = ?1
                     WHERE organization_id = ?2 AND id = ?3 AND acknowledged_at_ms IS NULL",
                    params![ms(now), organization_id, id],
                )? as u64;
            }
            Ok(n)
        })
    }

    /// Mutes (or unmutes) a rule for a target.
    pub fn set_muted(
        &self,
        organization_id: &str,
        rule: RuleKind,
        target: &str,
        muted: bool,
        now: DateTime<Utc>,
    ) -> DbResult<()> {
        self.file.write(|conn| {
            if muted {
                conn.execute(
                    "INSERT OR IGNORE INTO mutes (organization_id, rule, target, muted_at_ms)
                     VALUES (?1, ?2, ?3, ?4)",
                    params![organization_id, rule.as_str(), target, ms(now)],
                )?;
            } else {
                conn.execute(
                    "DELETE FROM mutes WHERE organization_id = ?1 AND rule = ?2 AND target = ?3",
                    params![organization_id, rule.as_str(), target],
                )?;
            }
            Ok(())
        })
    }

    pub fn mutes(&self, organization_id: &str) -> DbResult<Vec<MuteView>> {
        self.file.read(|conn| {
            let mut stmt = conn.prepare(
                "SELECT rule, target, muted_at_ms FROM mutes WHERE organization_id = ?1
                 ORDER BY muted_at_ms, rule, target",
            )?;
            let rows = stmt.query_map(params![organization_id], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, i64>(2)?,
                ))
            })?;
            let mut out = Vec::new();
            for row in rows {
                let (rule, target, at) = row?;
                if let Some(rule) = RuleKind::parse(&rule) {
                    out.push(MuteView {
                        rule,
                        target,
                        muted_at: time(at),
                    });
                }
            }
            Ok(out)
        })
    }

    /// Alerts not acknowledged (muted ones not counted).
    pub fn unacknowledged(&self, organization_id: &str) -> DbResult<u64> {
        self.file.read(|conn| {
            let n: i64 = conn.query_row(
                "SELECT COUNT(*) FROM alerts WHERE organization_id = ?1
                 AND acknowledged_at_ms IS NULL AND muted = 0",
                params![organization_id],
                |r| r.get(0),
            )?;
            Ok(n as u64)
        })
    }

    /// Records the last round of an organization (its result as JSON).
    pub fn record_round(
        &self,
        organization_id: &str,
        at: DateTime<Utc>,
        result: &str,
    ) -> DbResult<()> {
        self.file.write(|conn| {
            conn.execute(
                "INSERT INTO rounds (organization_id, at_ms, result) VALUES (?1, ?2, ?3)
                 ON CONFLICT (organization_id) DO UPDATE SET at_ms = excluded.at_ms,
                    result = excluded.result",
                params![organization_id, ms(at), result],
            )?;
            Ok(())
        })
    }

    /// When the check `what` (the daily directory check) last ran for an organization.
    pub fn checked_at(&self, organization_id: &str, what: &str) -> DbResult<Option<DateTime<Utc>>> {
        self.file.read(|conn| {
            Ok(conn
                .query_row(
                    "SELECT value FROM meta WHERE key = ?1",
                    [format!("{what}:{organization_id}")],
                    |r| r.get(0),
                )
                .optional()?
                .map(time))
        })
    }

    pub fn set_checked_at(
        &self,
        organization_id: &str,
        what: &str,
        at: DateTime<Utc>,
    ) -> DbResult<()> {
        self.file.write(|conn| {
            conn.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)",
                params![format!("{what}:{organization_id}"), ms(at)],
            )?;
            Ok(())
        })
    }

    /// The last round of an organization: when, and its result as JSON.
    pub fn last_round(&self, organization_id: &str) -> DbResult<Option<(DateTime<Utc>, String)>> {
        self.file.read(|conn| {
            let mut stmt =
                conn.prepare("SELECT at_ms, result FROM rounds WHERE organization_id = ?1")?;
            let mut rows = stmt.query(params![organization_id])?;
            match rows.next()? {
                Some(r) => Ok(Some((time(r.get(0)?), r.get(1)?))),
                None => Ok(None),
            }
        })
    }
}
