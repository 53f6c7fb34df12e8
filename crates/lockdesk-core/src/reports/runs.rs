//! Which periods of which reports were written, in `<data>/report_runs.sqlite3` (WAL, busy
//! timeout, 0600): a period is claimed in an IMMEDIATE transaction before its file is written,
//! so the app and a scheduled `lockctl reports run --due` never both write it. A failed run is
//! claimed again at the next tick; a run left `running` by a program that died is taken over
//! after [`STALE_AFTER_MS`] (or when it is dated that much ahead: the clock was set back), or at
//! once when the process that claimed it on this computer is gone (`crate::this_process`). A
//! period earlier than one written is never due again (a clock set back). A damaged file is set
//! aside and the store starts empty: a period whose file is in the report's folder already
//! counts as written then (`reports::commands`), so none is written twice, and none goes missing.

use std::path::Path;

use lockdesk_archive::store_file::ensure_column;
use lockdesk_archive::{StoreFile, StoreKind};

use crate::this_process;

use chrono::{DateTime, Utc};
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

pub const REPORT_RUNS_FILE: &str = "report_runs.sqlite3";
/// A run still `running` after this long was left by a program that stopped.
pub const STALE_AFTER_MS: i64 = 30 * 60 * 1000;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS runs (
    report_id TEXT NOT NULL,
    period TEXT NOT NULL,
    state TEXT NOT NULL,
    file TEXT,
    error TEXT,
    records INTEGER,
    archive_until_ms INTEGER,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (report_id, period)
);
";

type DbResult<T> = std::result::Result<T, lockdesk_archive::Error>;

/// What a claim found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// This program writes the period now.
    Mine,
    /// Written already (`file`): never twice.
    Done { file: String },
    /// Another program is writing it.
    Busy,
}

/// A period written: where, how many records, and how far the archive reached when it did not
/// reach the period's end (the history sign-in had expired, so it could not be synced).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    pub file: String,
    pub records: u64,
    pub archive_until: Option<DateTime<Utc>>,
}

/// The last run of a report, for the list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReportRunView {
    pub report_id: String,
    pub period: String,
    /// `running`, `done` or `failed`.
    pub state: String,
    pub file: Option<String>,
    /// The error code of a failed run.
    pub error: Option<String>,
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub records: Option<u64>,
    /// Set when the archive did not reach the period's end: records after this are missing.
    pub archive_until: Option<DateTime<Utc>>,
    pub at: DateTime<Utc>,
}

/// The file of a period of `report_id` written after `period`. Labels of one schedule have one
/// shape and sort as their periods do (`2026-11-24`, `2026-11-16_2026-11-22`, `2026-10`); a
/// label of another shape (the schedule was changed) is not compared.
fn newer_done(conn: &Connection, report_id: &str, period: &str) -> DbResult<Option<String>> {
    Ok(conn
        .query_row(
            "SELECT file FROM runs WHERE report_id = ?1 AND state = 'done'
               AND length(period) = length(?2) AND period > ?2
             ORDER BY period DESC LIMIT 1",
            params![report_id, period],
            |r| r.get::<_, Option<String>>(0),
        )
        .optional()?
        .map(Option::unwrap_or_default))
}

pub struct RunStore {
    file: StoreFile,
}

impl RunStore {
    pub fn new(data_folder: &Path) -> RunStore {
        RunStore {
            file: StoreFile::new(
                StoreKind::ReportRuns,
                data_folder.join(REPORT_RUNS_FILE),
                SCHEMA,
            )
            .with_upgrade(add_holder_column),
        }
    }

    /// Claims `period` of `report_id` for this program, unless it is being written, or written
    /// already (or a later period is: a clock set back does not make an earlier one due) and
    /// not asked `again`.
    pub fn claim(
        &self,
        report_id: &str,
        period: &str,
        now: DateTime<Utc>,
        again: bool,
    ) -> DbResult<Claim> {
        self.file.write(|conn| {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let found: Option<(String, Option<String>, i64, Option<String>)> = tx
                .query_row(
                    "SELECT state, file, at_ms, holder FROM runs
                     WHERE report_id = ?1 AND period = ?2",
                    params![report_id, period],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
                )
                .optional()?;
            let newer = if again {
                None
            } else {
                newer_done(&tx, report_id, period)?
            };
            let claim = match found {
                Some((state, file, _, _)) if state == "done" && !again => Claim::Done {
                    file: file.unwrap_or_default(),
                },
                // Dated in the future by as much (the clock was set back since) is stale too,
                // and so is the run of a process of this computer that is gone (killed).
                Some((state, _, at, holder))
                    if state == "running"
                        && (now.timestamp_millis() - at).abs() < STALE_AFTER_MS
                        && !holder.as_deref().is_some_and(this_process::holder_is_gone) =>
                {
                    Claim::Busy
                }
                _ if newer.is_some() => Claim::Done {
                    file: newer.unwrap_or_default(),
                },
                _ => {
                    tx.execute(
                        "INSERT INTO runs (report_id, period, state, at_ms, holder)
                         VALUES (?1, ?2, 'running', ?3, ?4)
                         ON CONFLICT (report_id, period) DO UPDATE
                         SET state = 'running', file = NULL, error = NULL, records = NULL,
                             archive_until_ms = NULL, at_ms = ?3, holder = ?4",
                        params![
                            report_id,
                            period,
                            now.timestamp_millis(),
                            this_process::holder()
                        ],
                    )?;
                    Claim::Mine
                }
            };
            tx.commit()?;
            Ok(claim)
        })
    }

    /// Records how the claimed run ended: what was written, or the error code.
    pub fn finish(
        &self,
        report_id: &str,
        period: &str,
        outcome: std::result::Result<&Written, &str>,
        now: DateTime<Utc>,
    ) -> DbResult<()> {
        self.file.write(|conn| {
            let (state, file, records, until, error) = match outcome {
                Ok(w) => (
                    "done",
                    Some(w.file.as_str()),
                    Some(w.records as i64),
                    w.archive_until.map(|t| t.timestamp_millis()),
                    None,
                ),
                Err(code) => ("failed", None, None, None, Some(code)),
            };
            conn.execute(
                "UPDATE runs SET state = ?3, file = ?4, records = ?5, archive_until_ms = ?6,
                     error = ?7, at_ms = ?8
                 WHERE report_id = ?1 AND period = ?2",
                params![
                    report_id,
                    period,
                    state,
                    file,
                    records,
                    until,
                    error,
                    now.timestamp_millis()
                ],
            )?;
            Ok(())
        })
    }

    /// Records `period` of `report_id` as written, its file found in the folder (the run store
    /// started again, or another computer wrote it): done, the record count not known.
    pub fn found_written(
        &self,
        report_id: &str,
        period: &str,
        file: &str,
        now: DateTime<Utc>,
    ) -> DbResult<()> {
        self.file.write(|conn| {
            conn.execute(
                "UPDATE runs SET state = 'done', file = ?3, records = NULL,
                     archive_until_ms = NULL, error = NULL, at_ms = ?4
                 WHERE report_id = ?1 AND period = ?2",
                params![report_id, period, file, now.timestamp_millis()],
            )?;
            Ok(())
        })
    }

    /// Gives up the claimed period without a run (another computer writes it now): the next
    /// run claims it again. Needs no reserve.
    pub fn release(&self, report_id: &str, period: &str) -> DbResult<()> {
        self.file.read(|conn| {
            conn.execute(
                "DELETE FROM runs WHERE report_id = ?1 AND period = ?2 AND state = 'running'",
                params![report_id, period],
            )?;
            Ok(())
        })
    }

    /// Whether `period` of `report_id` is written, or a later one is.
    pub fn is_done(&self, report_id: &str, period: &str) -> DbResult<bool> {
        self.file.read(|conn| {
            let done = conn
                .query_row(
                    "SELECT 1 FROM runs WHERE report_id = ?1 AND period = ?2 AND state = 'done'",
                    params![report_id, period],
                    |_| Ok(()),
                )
                .optional()?
                .is_some();
            Ok(done || newer_done(conn, report_id, period)?.is_some())
        })
    }

    /// The latest run of each report.
    pub fn latest(&self) -> DbResult<Vec<ReportRunView>> {
        self.file.read(|conn| {
            let mut stmt = conn.prepare(
                "SELECT report_id, period, state, file, error, records, archive_until_ms, max(at_ms)
                 FROM runs GROUP BY report_id ORDER BY report_id",
            )?;
            let rows = stmt
                .query_map([], |r| {
                    Ok(ReportRunView {
                        report_id: r.get(0)?,
                        period: r.get(1)?,
                        state: r.get(2)?,
                        file: r.get(3)?,
                        error: r.get(4)?,
                        records: r.get::<_, Option<i64>>(5)?.map(|n| n as u64),
                        archive_until: r
                            .get::<_, Option<i64>>(6)?
                            .and_then(DateTime::from_timestamp_millis),
                        at: DateTime::from_timestamp_millis(r.get(7)?).unwrap_or_default(),
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(rows)
        })
    }
}

/// A file made before runs named their program gets the `holder` column (`host:pid`).
fn add_holder_column(conn: &mut rusqlite::Connection) -> DbResult<()> {
    ensure_column(conn, "runs", "holder", "TEXT", None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_is_written_once_a_failed_one_again_a_stale_one_taken_over() {
        let dir = tempfile::tempdir().unwrap();
        let store = RunStore::new(dir.path());
        let other = RunStore::new(dir.path());
        let now = DateTime::parse_from_rfc3339("2026-11-26T00:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        let written = Written {
            file: "/srv/入退室履歴_2026-10.xlsx".into(),
            records: 12,
            archive_until: Some(now),
        };
        assert_eq!(
            store.claim("r1", "2026-10", now, false).unwrap(),
            Claim::Mine
        );
        // A second program at the same moment: busy, not a second writer.
        assert_eq!(
            other.claim("r1", "2026-10", now, false).unwrap(),
            Claim::Busy
        );
        store
            .finish("r1", "2026-10", Err("file_unwritable"), now)
            .unwrap();
        // Failed: the next tick claims it again.
        assert_eq!(
            other.claim("r1", "2026-10", now, false).unwrap(),
            Claim::Mine
        );
        other.finish("r1", "2026-10", Ok(&written), now).unwrap();
        assert!(store.is_done("r1", "2026-10").unwrap());
        assert!(!store.is_done("r1", "2026-11").unwrap());
        assert_eq!(
            store.claim("r1", "2026-10", now, false).unwrap(),
            Claim::Done {
                file: "/srv/入退室履歴_2026-10.xlsx".into()
            }
        );
        // Asked again by name: written once more.
        assert_eq!(
            store.claim("r1", "2026-10", now, true).unwrap(),
            Claim::Mine
        );
        store.finish("r1", "2026-10", Ok(&written), now).unwrap();
        assert_eq!(store.latest().unwrap()[0].archive_until, Some(now));
        // Left running by a program that died: taken over once stale.
        assert_eq!(
            store.claim("r1", "2026-11", now, false).unwrap(),
            Claim::Mine
        );
        let later = now + chrono::Duration::milliseconds(STALE_AFTER_MS);
        assert_eq!(
            other.claim("r1", "2026-11", later, false).unwrap(),
            Claim::Mine
        );
        let latest = store.latest().unwrap();
        assert_eq!(latest.len(), 1);
        assert_eq!(latest[0].period, "2026-11");
        assert_eq!(latest[0].state, "running");
        // A claim again forgets the last run's reach.
        assert_eq!(latest[0].archive_until, None);
    }

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    /// A run left `running` by a program of this computer that was killed is taken over at
    /// once, not half an hour later; one whose program still runs is busy.
    #[test]
    fn the_run_of_a_killed_program_is_taken_over_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let store = RunStore::new(dir.path());
        let now = at("2026-11-26T00:00:00Z");
        assert_eq!(
            store.claim("r1", "2026-10", now, false).unwrap(),
            Claim::Mine
        );
        assert_eq!(
            store.claim("r1", "2026-10", now, false).unwrap(),
            Claim::Busy
        );
        let conn = rusqlite::Connection::open(dir.path().join(REPORT_RUNS_FILE)).unwrap();
        conn.execute(
            "UPDATE runs SET holder = ?1",
            [crate::this_process::gone_holder()],
        )
        .unwrap();
        let soon = now + chrono::Duration::seconds(1);
        assert_eq!(
            store.claim("r1", "2026-10", soon, false).unwrap(),
            Claim::Mine
        );
    }

    /// The clock set back an hour: the period before the one written is not written again
    /// (nor for the first time), and a run claimed "in the future" is not busy for ever; set
    /// forward a day, the next period is written once.
    #[test]
    fn a_clock_set_back_neither_writes_an_earlier_period_nor_holds_a_stale_claim() {
        let dir = tempfile::tempdir().unwrap();
        let store = RunStore::new(dir.path());
        let now = at("2026-11-24T01:00:00Z");
        let written = |file: &str| Written {
            file: file.into(),
            records: 1,
            archive_until: None,
        };
        assert_eq!(
            store.claim("d", "2026-11-23", now, false).unwrap(),
            Claim::Mine
        );
        store
            .finish("d", "2026-11-23", Ok(&written("a_2026-11-23.csv")), now)
            .unwrap();
        let back = now - chrono::Duration::hours(1);
        for earlier in ["2026-11-22", "2026-11-20"] {
            assert!(store.is_done("d", earlier).unwrap());
            assert_eq!(
                store.claim("d", earlier, back, false).unwrap(),
                Claim::Done {
                    file: "a_2026-11-23.csv".into()
                }
            );
        }
        // Another schedule's label (the report was changed to monthly) is not compared.
        assert_eq!(
            store.claim("d", "2026-10", back, false).unwrap(),
            Claim::Mine
        );
        // Asked by name, an earlier period is written.
        assert_eq!(
            store.claim("d", "2026-11-22", back, true).unwrap(),
            Claim::Mine
        );

        // Claimed, then the program died and the clock was set back by more than the stale
        // time: the claim is taken over, not waited for until the clock catches up.
        let forward = now + chrono::Duration::days(1);
        assert_eq!(
            store.claim("d", "2026-11-24", forward, false).unwrap(),
            Claim::Mine
        );
        let set_back = forward - chrono::Duration::milliseconds(STALE_AFTER_MS);
        assert_eq!(
            store.claim("d", "2026-11-24", set_back, false).unwrap(),
            Claim::Mine
        );
        let a_minute = set_back - chrono::Duration::minutes(1);
        assert_eq!(
            store.claim("d", "2026-11-24", a_minute, false).unwrap(),
            Claim::Busy
        );
    }
}
