//! Which alert went to which destination, in `<data>/alert_deliveries.sqlite3` (WAL, busy
//! timeout, 0600, like the alert store and the report runs), so the app and a scheduled
//! `lockctl watch` share it.
//!
//! - A new alert becomes one row per destination whose rules take it, keyed by (alert id,
//!   destination id) and inserted only if new: an alert is queued once per destination,
//!   whichever program raised it. Its first try is due at once, or for a destination with a
//!   digest at the morning the digest goes out (`due_ms`): a digest is then the rows a pass
//!   finds due together, claimed once like any other.
//! - A delivery pass claims the rows whose time has come in an IMMEDIATE transaction, marking
//!   them taken for [`LEASE_MS`] by this program (`claimed_by`, `host:pid`): a second program
//!   passing at the same moment finds nothing to send, so a message is never sent twice by two
//!   programs. A claim whose program is gone (killed, on this computer) is free at once.
//! - A message is never sent twice. Just before a message is posted its rows are marked as
//!   being sent ([`DeliveryStore::sending`]); a row still marked when its program is gone or its
//!   lease ran out, or a post whose answer was lost (a timeout after sending), may have
//!   arrived: it becomes [`DeliveryState::Unknown`] ("may have arrived") and is not sent again.
//!   A program killed before the mark sends nothing, and the next pass sends the row.
//! - A failure that may pass (unreachable, 5xx, 429) is tried again after 1, 2, 4 …
//!   minutes, at most an hour apart (a 429's `Retry-After` is honoured), and given up as
//!   `failed` once [`GIVE_UP_AFTER_MS`] have passed since its first try was due; a refusal (a
//!   4xx other than 429, a mail server's 5xx) fails at once.
//! - Times are the wall clock's (shared by programs through the file). A wait or a lease dated
//!   further ahead than it can be (the clock was set back) counts as run out; a first try due
//!   at a digest's morning is a calendar time and waits for it.

use std::path::Path;

use lockdesk_archive::store_file::ensure_column;
use lockdesk_archive::{StoreFile, StoreKind};
use std::time::Duration;

use chrono::{DateTime, Utc};
use rusqlite::{params, Connection};
use serde::{Deserialize, Serialize};

use crate::this_process;
use crate::watch::{AlertView, RuleKind};

pub const DELIVERIES_FILE: &str = "alert_deliveries.sqlite3";
/// How long a claim keeps other programs off its rows: longer than the sends of one pass.
pub const LEASE_MS: i64 = 5 * 60 * 1000;
/// A delivery still failing this long after its alert was queued is given up.
pub const GIVE_UP_AFTER_MS: i64 = 24 * 60 * 60 * 1000;
/// The first wait after a failure; it doubles with each failure up to [`MAX_WAIT`].
pub const FIRST_WAIT: Duration = Duration::from_secs(60);
pub const MAX_WAIT: Duration = Duration::from_secs(60 * 60);
/// The most rows one claim takes for a destination.
const CLAIM_MAX: usize = 200;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS deliveries (
    alert_id INTEGER NOT NULL,
    destination_id TEXT NOT NULL,
    organization_id TEXT NOT NULL,
    alert TEXT NOT NULL,
    state TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    queued_ms INTEGER NOT NULL,
    next_ms INTEGER NOT NULL,
    claimed_until_ms INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    done_ms INTEGER,
    PRIMARY KEY (alert_id, destination_id)
);
CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries (destination_id, state, next_ms);
CREATE INDEX IF NOT EXISTS deliveries_recent ON deliveries (organization_id, queued_ms);
";

type DbResult<T> = std::result::Result<T, lockdesk_archive::Error>;

/// Where a delivery stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DeliveryState {
    /// Waiting for its (next) try.
    Pending,
    Sent,
    /// Refused, or still failing after a day: not tried again.
    Failed,
    /// Being sent when its program stopped, or sent and its answer lost: it may have arrived,
    /// and is not sent again.
    Unknown,
}

impl DeliveryState {
    fn as_str(self) -> &'static str {
        match self {
            DeliveryState::Pending => "pending",
            DeliveryState::Sent => "sent",
            DeliveryState::Failed => "failed",
            DeliveryState::Unknown => "unknown",
        }
    }

    fn parse(s: &str) -> DeliveryState {
        match s {
            "sent" => DeliveryState::Sent,
            "failed" => DeliveryState::Failed,
            "unknown" => DeliveryState::Unknown,
            _ => DeliveryState::Pending,
        }
    }
}

/// One delivery, for Watch and `lockctl alerts deliveries`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DeliveryView {
    pub alert_id: i64,
    pub destination_id: String,
    pub rule: RuleKind,
    pub lock_id: String,
    pub lock_name: Option<String>,
    pub state: DeliveryState,
    pub attempts: u32,
    pub queued_at: DateTime<Utc>,
    /// The next try of a pending delivery.
    pub next_try: Option<DateTime<Utc>>,
    /// When it was sent or given up.
    pub done_at: Option<DateTime<Utc>>,
    /// The error code of the last failed try (`webhook_unavailable`, `webhook_refused`, …).
    pub last_error: Option<String>,
}

/// A row a pass has claimed.
#[derive(Clone, Debug)]
pub struct Claimed {
    pub alert: AlertView,
    pub attempts: u32,
    /// When its first try was due (the day's tries count from it).
    pub due_ms: i64,
}

/// A destination a new alert is queued for, and when its first try is due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub destination_id: String,
    pub due: DateTime<Utc>,
}

/// How a try ended, for [`DeliveryStore::settle`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Settle {
    Sent,
    /// Try again later (after `retry_after` when the service said so).
    Retry {
        code: String,
        retry_after: Option<Duration>,
    },
    /// Never again.
    Failed {
        code: String,
    },
    /// Sent, and whether it arrived is not known (its answer was lost): never again.
    Unknown {
        code: String,
    },
}

/// Why a row marked as being sent became [`DeliveryState::Unknown`]: its program stopped.
pub const INTERRUPTED: &str = "delivery_interrupted";

/// The wait before the next try after `failures` failures: 1, 2, 4 … minutes, at most an
/// hour; a service's `Retry-After` (at most an hour) instead when it gave one.
pub fn retry_wait(failures: u32, retry_after: Option<Duration>) -> Duration {
    if let Some(after) = retry_after {
        return after.min(MAX_WAIT);
    }
    let doubled = FIRST_WAIT
        .checked_mul(1u32 << failures.saturating_sub(1).min(16))
        .unwrap_or(MAX_WAIT);
    doubled.min(MAX_WAIT)
}

fn ms(t: DateTime<Utc>) -> i64 {
    t.timestamp_millis()
}

fn time(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(ms).unwrap_or_default()
}

#[derive(Clone, Debug)]
pub struct DeliveryStore {
    file: StoreFile,
}

impl DeliveryStore {
    pub fn new(data_folder: &Path) -> DeliveryStore {
        DeliveryStore {
            file: StoreFile::new(
                StoreKind::Deliveries,
                data_folder.join(DELIVERIES_FILE),
                SCHEMA,
            )
            .with_upgrade(add_columns),
        }
    }

    /// Queues each alert for its destinations, unless queued before; how many rows are new.
    pub fn enqueue(
        &self,
        organization_id: &str,
        items: &[(AlertView, Vec<Target>)],
        now: DateTime<Utc>,
    ) -> DbResult<usize> {
        if items.iter().all(|(_, d)| d.is_empty()) {
            return Ok(0);
        }
        self.file.write(|conn| {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let mut n = 0;
            {
                let mut insert = tx.prepare(
                    "INSERT OR IGNORE INTO deliveries
                        (alert_id, destination_id, organization_id, alert, state, queued_ms, next_ms,
                         due_ms)
                     VALUES (?1, ?2, ?3, ?4, 'pending', ?5, ?6, ?6)",
                )?;
                for (alert, targets) in items {
                    let json = serde_json::to_string(alert).unwrap_or_else(|_| "{}".into());
                    for t in targets {
                        n += insert.execute(params![
                            alert.id,
                            t.destination_id,
                            organization_id,
                            json,
                            ms(now),
                            ms(t.due)
                        ])?;
                    }
                }
            }
            tx.commit()?;
            Ok(n)
        })
    }

    /// Claims the pending rows of `destination_id` whose time has come and that no live pass
    /// holds, oldest alert first. Rows left marked as being sent by a pass that stopped become
    /// [`DeliveryState::Unknown`] here, never sent again.
    pub fn claim_due(&self, destination_id: &str, now: DateTime<Utc>) -> DbResult<Vec<Claimed>> {
        let me = this_process::holder();
        self.file.write(|conn| {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let mut claimed = Vec::new();
            {
                // A retry's wait reaching further ahead than any wait can, or a claim's lease by
                // more than twice its length (the clock was set back since they were dated), has
                // run out: waiting for the clock to catch up would hold an alert back for as long
                // as the clock moved. (A wait cut short is one try early; a lease needs the
                // margin, or a clock set back a minute would let a second program send what a
                // live one sends.)
                let mut due = tx.prepare(
                    "SELECT alert_id, alert, attempts, COALESCE(due_ms, queued_ms),
                            claimed_until_ms, claimed_by, sending_ms
                     FROM deliveries
                     WHERE destination_id = ?1 AND state = 'pending'
                       AND (sending_ms IS NOT NULL
                            OR next_ms <= ?2 OR (attempts > 0 AND next_ms > ?2 + ?4))
                     ORDER BY alert_id LIMIT ?3",
                )?;
                type Row = (i64, String, u32, i64, i64, Option<String>, Option<i64>);
                let rows: Vec<Row> = due
                    .query_map(
                        params![
                            destination_id,
                            ms(now),
                            CLAIM_MAX as i64,
                            MAX_WAIT.as_millis() as i64
                        ],
                        |r| {
                            Ok((
                                r.get(0)?,
                                r.get(1)?,
                                r.get(2)?,
                                r.get(3)?,
                                r.get(4)?,
                                r.get(5)?,
                                r.get(6)?,
                            ))
                        },
                    )?
                    .collect::<rusqlite::Result<_>>()?;
                let mut take = tx.prepare(
                    "UPDATE deliveries SET claimed_until_ms = ?3, claimed_by = ?4
                     WHERE alert_id = ?1 AND destination_id = ?2",
                )?;
                let mut unknown = tx.prepare(
                    "UPDATE deliveries SET state = 'unknown', last_error = ?3, done_ms = ?4,
                        claimed_until_ms = 0, claimed_by = NULL, sending_ms = NULL
                     WHERE alert_id = ?1 AND destination_id = ?2",
                )?;
                for (id, json, attempts, due_ms, until, by, sending) in rows {
                    let lease_over = until <= ms(now) || until > ms(now) + 2 * LEASE_MS;
                    let holder_gone = by.as_deref().is_some_and(this_process::holder_is_gone);
                    if !(lease_over || holder_gone) {
                        continue;
                    }
                    if sending.is_some() {
                        unknown.execute(params![id, destination_id, INTERRUPTED, ms(now)])?;
                        continue;
                    }
                    take.execute(params![id, destination_id, ms(now) + LEASE_MS, me])?;
                    // Rows are written by this code only; one that no longer reads is skipped.
                    if let Ok(alert) = serde_json::from_str::<AlertView>(&json) {
                        claimed.push(Claimed {
                            alert,
                            attempts,
                            due_ms,
                        });
                    }
                }
            }
            tx.commit()?;
            Ok(claimed)
        })
    }

    /// Marks claimed rows as being sent, just before their message is posted: should this
    /// program stop before [`DeliveryStore::settle`], they are never sent again.
    pub fn sending(
        &self,
        destination_id: &str,
        rows: &[Claimed],
        now: DateTime<Utc>,
    ) -> DbResult<()> {
        self.file.write(|conn| {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            {
                let mut mark = tx.prepare(
                    "UPDATE deliveries SET sending_ms = ?3
                     WHERE alert_id = ?1 AND destination_id = ?2",
                )?;
                for row in rows {
                    mark.execute(params![row.alert.id, destination_id, ms(now)])?;
                }
            }
            tx.commit()?;
            Ok(())
        })
    }

    /// Records how the try of these claimed rows ended and frees them.
    pub fn settle(
        &self,
        destination_id: &str,
        rows: &[Claimed],
        outcome: &Settle,
        now: DateTime<Utc>,
    ) -> DbResult<()> {
        self.file.write(|conn| {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            {
                let mut update = tx.prepare(
                    "UPDATE deliveries SET state = ?3, attempts = ?4, next_ms = ?5,
                        claimed_until_ms = 0, claimed_by = NULL, sending_ms = NULL,
                        last_error = ?6, done_ms = ?7
                     WHERE alert_id = ?1 AND destination_id = ?2",
                )?;
                for row in rows {
                    let attempts = row.attempts + 1;
                    let (state, next, error, done) = match outcome {
                        Settle::Sent => (DeliveryState::Sent, ms(now), None, Some(ms(now))),
                        Settle::Failed { code } => {
                            (DeliveryState::Failed, ms(now), Some(code), Some(ms(now)))
                        }
                        Settle::Unknown { code } => {
                            (DeliveryState::Unknown, ms(now), Some(code), Some(ms(now)))
                        }
                        Settle::Retry { code, retry_after } => {
                            let wait = retry_wait(attempts, *retry_after).as_millis() as i64;
                            if ms(now) - row.due_ms >= GIVE_UP_AFTER_MS {
                                (DeliveryState::Failed, ms(now), Some(code), Some(ms(now)))
                            } else {
                                (DeliveryState::Pending, ms(now) + wait, Some(code), None)
                            }
                        }
                    };
                    update.execute(params![
                        row.alert.id,
                        destination_id,
                        state.as_str(),
                        attempts,
                        next,
                        error,
                        done
                    ])?;
                }
            }
            tx.commit()?;
            Ok(())
        })
    }

    /// Gives up the pending rows of a destination that was removed; how many.
    pub fn drop_destination(
        &self,
        destination_id: &str,
        code: &str,
        now: DateTime<Utc>,
    ) -> DbResult<usize> {
        self.file.write(|conn| {
            Ok(conn.execute(
                "UPDATE deliveries SET state = 'failed', last_error = ?2, done_ms = ?3
                 WHERE destination_id = ?1 AND state = 'pending'",
                params![destination_id, code, ms(now)],
            )?)
        })
    }

    /// Deletes every delivery of a destination (its connection was removed: the names in them
    /// go too); how many.
    pub fn forget_destination(&self, destination_id: &str) -> DbResult<usize> {
        if !self.file.path().exists() {
            return Ok(0);
        }
        // Deleting needs no reserve: a removal on a full disk still forgets what was kept.
        self.file.read(|conn| {
            Ok(conn.execute(
                "DELETE FROM deliveries WHERE destination_id = ?1",
                params![destination_id],
            )?)
        })
    }

    /// Deletes the deliveries queued before `cutoff` that are done (sent or given up), with the
    /// journal's retention: they name locks and people. One still waiting (a digest's morning)
    /// stays until it is done. How many.
    pub fn prune_before(&self, cutoff: DateTime<Utc>) -> DbResult<usize> {
        if !self.file.path().exists() {
            return Ok(0);
        }
        self.file.read(|conn| {
            Ok(conn.execute(
                "DELETE FROM deliveries WHERE queued_ms < ?1 AND state != 'pending'",
                params![ms(cutoff)],
            )?)
        })
    }

    /// The organization's most recent deliveries, newest alert first.
    pub fn recent(&self, organization_id: &str, limit: u32) -> DbResult<Vec<DeliveryView>> {
        self.file.read(|conn| {
            let mut stmt = conn.prepare(
                "SELECT alert_id, destination_id, alert, state, attempts, queued_ms, next_ms,
                        done_ms, last_error
                 FROM deliveries WHERE organization_id = ?1
                 ORDER BY queued_ms DESC, alert_id DESC, destination_id LIMIT ?2",
            )?;
            let rows = stmt.query_map(params![organization_id, i64::from(limit)], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, u32>(4)?,
                    r.get::<_, i64>(5)?,
                    r.get::<_, i64>(6)?,
                    r.get::<_, Option<i64>>(7)?,
                    r.get::<_, Option<String>>(8)?,
                ))
            })?;
            let mut out = Vec::new();
            for row in rows {
                let (alert_id, destination_id, json, state, attempts, queued, next, done, error) =
                    row?;
                let Ok(alert) = serde_json::from_str::<AlertView>(&json) else {
                    continue;
                };
                let state = DeliveryState::parse(&state);
                out.push(DeliveryView {
                    alert_id,
                    destination_id,
                    rule: alert.finding.rule,
                    lock_id: alert.finding.lock_id,
                    lock_name: alert.finding.lock_name,
                    state,
                    attempts,
                    queued_at: time(queued),
                    next_try: (state == DeliveryState::Pending).then(|| time(next)),
                    done_at: done.map(time),
                    last_error: error,
                });
            }
            Ok(out)
        })
    }
}

/// A file made by an older Lockdesk gets the columns added since: when the first try was due
/// (a digest's morning; older rows count from their queueing), which program holds a claim,
/// and since when a row is being sent.
fn add_columns(conn: &mut Connection) -> DbResult<()> {
    ensure_column(conn, "deliveries", "due_ms", "INTEGER", None)?;
    ensure_column(conn, "deliveries", "claimed_by", "TEXT", None)?;
    ensure_column(conn, "deliveries", "sending_ms", "INTEGER", None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team_alerts::test_fixtures;

    fn alert(id: i64) -> AlertView {
        test_fixtures::alert(id, "正面")
    }

    fn to(ids: &[&str], due: DateTime<Utc>) -> Vec<Target> {
        ids.iter()
            .map(|d| Target {
                destination_id: (*d).to_owned(),
                due,
            })
            .collect()
    }

    #[test]
    fn the_wait_doubles_from_a_minute_to_an_hour_and_retry_after_wins() {
        let mins = |n| retry_wait(n, None).as_secs() / 60;
        assert_eq!(
            (1..=8).map(mins).collect::<Vec<_>>(),
            vec![1, 2, 4, 8, 16, 32, 60, 60]
        );
        assert_eq!(mins(1000), 60);
        assert_eq!(
            retry_wait(5, Some(Duration::from_secs(7))),
            Duration::from_secs(7)
        );
        assert_eq!(retry_wait(1, Some(Duration::from_secs(99_999))), MAX_WAIT);
    }

    #[test]
    fn queued_once_claimed_by_one_program_retried_then_given_up() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (
            DeliveryStore::new(dir.path()),
            DeliveryStore::new(dir.path()),
        );
        let t0: DateTime<Utc> = "2026-11-24T01:00:00Z".parse().unwrap();
        let items = vec![(alert(1), to(&["d1", "d2"], t0))];
        assert_eq!(a.enqueue("O", &items, t0).unwrap(), 2);
        // The same alert queued again by another program: nothing new.
        assert_eq!(b.enqueue("O", &items, t0).unwrap(), 0);
        let claimed = a.claim_due("d1", t0).unwrap();
        assert_eq!(claimed.len(), 1);
        // Claimed: another pass at the same moment finds nothing for d1.
        assert!(b.claim_due("d1", t0).unwrap().is_empty());
        a.settle(
            "d1",
            &claimed,
            &Settle::Retry {
                code: "webhook_unavailable".into(),
                retry_after: None,
            },
            t0,
        )
        .unwrap();
        // Not due before its minute.
        assert!(a
            .claim_due("d1", t0 + chrono::Duration::seconds(59))
            .unwrap()
            .is_empty());
        let again = a
            .claim_due("d1", t0 + chrono::Duration::seconds(60))
            .unwrap();
        assert_eq!(again[0].attempts, 1);
        // A day later, still failing: given up.
        let day = t0 + chrono::Duration::milliseconds(GIVE_UP_AFTER_MS);
        a.settle(
            "d1",
            &again,
            &Settle::Retry {
                code: "webhook_unavailable".into(),
                retry_after: None,
            },
            day,
        )
        .unwrap();
        let d2 = a.claim_due("d2", t0).unwrap();
        a.settle("d2", &d2, &Settle::Sent, t0).unwrap();
        let recent = a.recent("O", 10).unwrap();
        let of = |d: &str| recent.iter().find(|v| v.destination_id == d).unwrap();
        assert_eq!(of("d1").state, DeliveryState::Failed);
        assert_eq!(of("d1").attempts, 2);
        assert_eq!(of("d1").last_error.as_deref(), Some("webhook_unavailable"));
        assert_eq!(of("d2").state, DeliveryState::Sent);
        assert!(of("d2").last_error.is_none());
        // A claim that ran out (its program died) is taken by the next pass.
        a.enqueue("O", &[(alert(2), to(&["d1"], t0))], t0).unwrap();
        assert_eq!(a.claim_due("d1", t0).unwrap().len(), 1);
        let later = t0 + chrono::Duration::milliseconds(LEASE_MS);
        assert_eq!(b.claim_due("d1", later).unwrap().len(), 1);
    }

    /// The clock set back an hour after a failure or a claim: the retry's minute and a dead
    /// program's lease do not become an hour; set forward a day or after a sleep of 60 hours,
    /// each row is claimed once; a digest's morning is a calendar time and still waits.
    #[test]
    fn waits_and_leases_survive_a_clock_set_back_or_forward() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (
            DeliveryStore::new(dir.path()),
            DeliveryStore::new(dir.path()),
        );
        let t0: DateTime<Utc> = "2026-11-24T01:00:00Z".parse().unwrap();
        let hours = chrono::Duration::hours;
        a.enqueue("O", &[(alert(1), to(&["d"], t0))], t0).unwrap();
        let rows = a.claim_due("d", t0).unwrap();
        let failed = Settle::Retry {
            code: "webhook_unavailable".into(),
            retry_after: None,
        };
        a.settle("d", &rows, &failed, t0).unwrap();
        let back = t0 - hours(1);
        let rows = b.claim_due("d", back).unwrap();
        assert_eq!(rows.len(), 1, "a minute's wait is not an hour and a minute");
        // Claimed, then that program died and the clock went back: the next pass takes it.
        assert_eq!(b.claim_due("d", back - hours(1)).unwrap().len(), 1);
        // A lease within its five minutes holds, whichever way the clock moved a little.
        let held = back - hours(1);
        assert!(a
            .claim_due("d", held + chrono::Duration::minutes(1))
            .unwrap()
            .is_empty());
        assert!(a
            .claim_due("d", held - chrono::Duration::minutes(1))
            .unwrap()
            .is_empty());

        // Forward a day, or a sleep of 60 hours: due, and claimed by one pass only.
        for (id, jump) in [(2, hours(24)), (3, hours(60))] {
            a.enqueue("O", &[(alert(id), to(&["e"], t0))], t0).unwrap();
            let rows = a.claim_due("e", t0 + jump).unwrap();
            assert_eq!(rows.len(), 1, "{jump}");
            assert!(b.claim_due("e", t0 + jump).unwrap().is_empty(), "{jump}");
            a.settle("e", &rows, &Settle::Sent, t0 + jump).unwrap();
        }

        // A digest row due at tomorrow's morning: a clock set back does not send it early.
        let morning = t0 + hours(22);
        a.enqueue("O", &[(alert(4), to(&["digest"], morning))], t0)
            .unwrap();
        assert!(a.claim_due("digest", back).unwrap().is_empty());
        assert_eq!(a.claim_due("digest", morning).unwrap().len(), 1);
    }

    /// A pass killed while it posted: the rows it had marked are never sent again and say "may
    /// have arrived"; its other rows are taken by the next pass at once (its program is gone),
    /// not after their lease. A live pass's rows are left to it.
    #[test]
    fn a_pass_that_was_killed_never_makes_a_message_go_twice() {
        let dir = tempfile::tempdir().unwrap();
        let store = DeliveryStore::new(dir.path());
        let t0: DateTime<Utc> = "2026-11-24T01:00:00Z".parse().unwrap();
        let items = vec![(alert(1), to(&["d"], t0)), (alert(2), to(&["d"], t0))];
        store.enqueue("O", &items, t0).unwrap();
        let rows = store.claim_due("d", t0).unwrap();
        assert_eq!(rows.len(), 2);
        store.sending("d", &rows[..1], t0).unwrap();
        // Held by this (live) program: nothing for another pass.
        assert!(store.claim_due("d", t0).unwrap().is_empty());
        // The program that claimed them is gone (killed).
        let conn = rusqlite::Connection::open(dir.path().join(DELIVERIES_FILE)).unwrap();
        conn.execute(
            "UPDATE deliveries SET claimed_by = ?1",
            [crate::this_process::gone_holder()],
        )
        .unwrap();
        let next = store
            .claim_due("d", t0 + chrono::Duration::seconds(1))
            .unwrap();
        assert_eq!(next.iter().map(|c| c.alert.id).collect::<Vec<_>>(), [2]);
        store.settle("d", &next, &Settle::Sent, t0).unwrap();
        let recent = store.recent("O", 10).unwrap();
        let of = |id| recent.iter().find(|v| v.alert_id == id).unwrap();
        assert_eq!(of(1).state, DeliveryState::Unknown);
        assert_eq!(of(1).last_error.as_deref(), Some(INTERRUPTED));
        assert_eq!(of(2).state, DeliveryState::Sent);
        // A row marked as being sent whose lease ran out (its program on another computer, or
        // one that cannot be asked) is not sent again either.
        store
            .enqueue("O", &[(alert(3), to(&["d"], t0))], t0)
            .unwrap();
        let rows = store.claim_due("d", t0).unwrap();
        store.sending("d", &rows, t0).unwrap();
        let later = t0 + chrono::Duration::milliseconds(LEASE_MS);
        assert!(store.claim_due("d", later).unwrap().is_empty());
        assert_eq!(
            store.recent("O", 10).unwrap()[0].state,
            DeliveryState::Unknown
        );
    }

    #[test]
    fn a_digest_row_waits_for_its_morning_and_its_day_of_tries_counts_from_then() {
        let dir = tempfile::tempdir().unwrap();
        let store = DeliveryStore::new(dir.path());
        let t0: DateTime<Utc> = "2026-11-24T01:00:00Z".parse().unwrap();
        let morning = t0 + chrono::Duration::hours(22);
        store
            .enqueue("O", &[(alert(1), to(&["digest"], morning))], t0)
            .unwrap();
        assert!(store.claim_due("digest", t0).unwrap().is_empty());
        let rows = store.claim_due("digest", morning).unwrap();
        assert_eq!(rows.len(), 1);
        // Failing on its morning, 22 hours after it was queued: tried again, not given up.
        let failed = Settle::Retry {
            code: "mail_unavailable".into(),
            retry_after: None,
        };
        store.settle("digest", &rows, &failed, morning).unwrap();
        let view = &store.recent("O", 1).unwrap()[0];
        assert_eq!(view.state, DeliveryState::Pending);
        assert_eq!(view.queued_at, t0);
    }

    #[test]
    fn a_file_from_before_digests_gets_its_column_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(DELIVERIES_FILE);
        let old = SCHEMA;
        lockdesk_archive::db::open_private_store(&path, old).unwrap();
        let store = DeliveryStore::new(dir.path());
        let t0: DateTime<Utc> = "2026-11-24T01:00:00Z".parse().unwrap();
        store
            .enqueue("O", &[(alert(1), to(&["d"], t0))], t0)
            .unwrap();
        assert_eq!(store.claim_due("d", t0).unwrap().len(), 1);
        // Opened again: the column is there, nothing is added twice.
        DeliveryStore::new(dir.path()).recent("O", 1).unwrap();
    }
}
