//! An export's records read on threads of their own and handed over in batches, so reading
//! SQLite and encoding and writing the output run on several cores at once. For CSV reading is
//! the slower part, so the archive's time can be cut into stretches of about [`STRETCH`]
//! records that two readers take in turn, each on its own connection; the writer takes each
//! stretch's batches from the reader that has it, in order.

use std::sync::mpsc;

use rusqlite::types::Value;
use rusqlite::Connection;

use crate::days::HOUR_MS;
use crate::error::Result;

/// `created_at_ms, lock_ref, user_ref, kind_ref, is_locked` of one record.
pub(crate) type Record = (i64, i64, i64, i64, bool);

const BATCH: usize = 4096;
/// Records of one stretch, by the hour rollup (a filtered export's stretches hold fewer).
const STRETCH: i64 = 65_536;
/// Batches a reader may have ready before the writer comes to them: a whole stretch and its
/// end, so that one reader reads its next stretch while the writer takes the other's (about
/// 2.6 MB each).
const AHEAD: usize = STRETCH as usize / BATCH + 2;

/// What an export reads: `sql` selects a [`Record`]'s columns and ends its `WHERE` with
/// `created_at_ms >= ? AND created_at_ms < ?`, bound after `params` to each stretch.
pub(crate) struct Reads {
    /// One per reading thread.
    pub conns: Vec<Connection>,
    pub sql: String,
    pub params: Vec<Value>,
    /// Half-open `created_at_ms` stretches in the order the records are written.
    pub stretches: Vec<(i64, i64)>,
}

/// The condition [`Reads::sql`] ends with.
pub(crate) const STRETCH_SQL: &str = "a.created_at_ms >= ? AND a.created_at_ms < ?";

/// The stretches an export of `period` (half-open, in ms) reads with `readers` readers: the
/// whole period for one; for more, cut into stretches of about [`STRETCH`] records of the
/// archive each. Oldest first, or newest first; none for an empty period.
pub(crate) fn stretches(
    conn: &Connection,
    period: (i64, i64),
    readers: usize,
    newest_first: bool,
) -> Result<Vec<(i64, i64)>> {
    let per = if readers > 1 { STRETCH } else { i64::MAX };
    stretches_of(conn, period, newest_first, per)
}

fn stretches_of(
    conn: &Connection,
    (from, til): (i64, i64),
    newest_first: bool,
    per: i64,
) -> Result<Vec<(i64, i64)>> {
    let mut cuts = Vec::new();
    if per < i64::MAX {
        let mut stmt =
            conn.prepare_cached("SELECT hour, records FROM access_hour_totals ORDER BY hour")?;
        let mut rows = stmt.query([])?;
        let mut held = 0;
        while let Some(r) = rows.next()? {
            held += r.get::<_, i64>(1)?;
            if held >= per {
                // Past the end of time (no record is) nothing is cut.
                if let Some(cut) = (r.get::<_, i64>(0)? + 1).checked_mul(HOUR_MS) {
                    cuts.push(cut);
                }
                held = 0;
            }
        }
    }
    // From the start of time to the end, each stretch where the last ended, then each cut to
    // the period.
    let mut start = i64::MIN;
    let mut all: Vec<(i64, i64)> = cuts
        .into_iter()
        .chain([i64::MAX])
        .map(|cut| (std::mem::replace(&mut start, cut), cut))
        .map(|(a, b)| (a.max(from), b.min(til)))
        .filter(|(a, b)| a < b)
        .collect();
    if newest_first {
        all.reverse();
    }
    Ok(all)
}

/// Reads `reads` and calls `f` with each batch of records, in order. An error of `f` stops the
/// reading; an error of a reader stops the writing and is returned.
pub(crate) fn for_each_batch(
    reads: Reads,
    mut f: impl FnMut(&[Record]) -> Result<()>,
) -> Result<()> {
    let Reads {
        conns,
        sql,
        params,
        stretches,
    } = reads;
    let n = conns.len();
    std::thread::scope(|s| {
        let mut channels = Vec::with_capacity(n);
        let mut readers = Vec::with_capacity(n);
        for (i, conn) in conns.into_iter().enumerate() {
            let (send, recv) = mpsc::sync_channel(AHEAD);
            let mine: Vec<(i64, i64)> = stretches.iter().copied().skip(i).step_by(n).collect();
            let (sql, params) = (&sql, &params);
            readers.push(s.spawn(move || read(conn, sql, params, &mine, &send)));
            channels.push(recv);
        }
        let written = (|| {
            for k in 0..stretches.len() {
                // An empty batch ends a stretch; a reader gone without it failed (its error is
                // the one to report).
                loop {
                    match channels[k % n].recv() {
                        Ok(batch) if batch.is_empty() => break,
                        Ok(batch) => f(&batch)?,
                        Err(_) => return Ok(()),
                    }
                }
            }
            Ok(())
        })();
        drop(channels);
        let mut read = Ok(());
        for reader in readers {
            let done = reader.join().expect("export reader panicked");
            read = read.and(done);
        }
        written.and(read)
    })
}

/// One reader: its stretches in order, each followed by an empty batch.
fn read(
    conn: Connection,
    sql: &str,
    params: &[Value],
    stretches: &[(i64, i64)],
    send: &mpsc::SyncSender<Vec<Record>>,
) -> Result<()> {
    let mut stmt = conn.prepare(sql)?;
    for &(from, til) in stretches {
        let bound = params
            .iter()
            .cloned()
            .chain([Value::Integer(from), Value::Integer(til)]);
        let mut rows = stmt.query(rusqlite::params_from_iter(bound))?;
        let mut batch = Vec::with_capacity(BATCH);
        while let Some(r) = rows.next()? {
            batch.push((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?));
            if batch.len() == BATCH {
                let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
                if send.send(full).is_err() {
                    // The writer stopped; its error is the one to report.
                    return Ok(());
                }
            }
        }
        if (!batch.is_empty() && send.send(batch).is_err()) || send.send(Vec::new()).is_err() {
            return Ok(());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use chrono::Duration;
    use lockdesk_api::models::{Access, AccessLock, ClientType};

    use super::*;
    use crate::error::Error;
    use crate::Archive;

    const ALL: (i64, i64) = (i64::MIN, i64::MAX);

    /// Three locks with a record every 7 minutes for two days; A's and B's at the same times.
    fn archive() -> (tempfile::TempDir, Archive) {
        let dir = tempfile::tempdir().unwrap();
        let a = Archive::open(dir.path().join("v2.sqlite")).unwrap();
        let start = lockdesk_api::parse_time("2026-03-02T00:00:00Z").unwrap();
        for (lock, shift) in [("A", 0), ("B", 0), ("C", 3)] {
            let records: Vec<Access> = (0..400)
                .map(|i| Access {
                    is_locked: i % 2 == 0,
                    client_type: ClientType::parse("nfc_outside"),
                    created_at: start + Duration::minutes(7 * i + shift),
                    user: None,
                    lock: Some(AccessLock {
                        id: Some(lock.into()),
                        name: None,
                        image_url: None,
                    }),
                })
                .collect();
            assert_eq!(a.insert_records(lock, &records).unwrap(), 400);
        }
        (dir, a)
    }

    fn reads(a: &Archive, sql: &str, newest_first: bool, per: i64, readers: usize) -> Reads {
        Reads {
            conns: (0..readers).map(|_| a.reader().unwrap()).collect(),
            sql: sql.into(),
            params: Vec::new(),
            stretches: stretches_of(&a.reader().unwrap(), ALL, newest_first, per).unwrap(),
        }
    }

    fn every(newest_first: bool) -> String {
        let order = if newest_first { "DESC" } else { "ASC" };
        format!(
            "SELECT a.created_at_ms, a.lock_ref, a.user_ref, a.kind_ref, a.is_locked
             FROM accesses a WHERE {STRETCH_SQL}
             ORDER BY a.created_at_ms {order}, a.id {order}"
        )
    }

    fn read_all(a: &Archive, newest_first: bool, per: i64, readers: usize) -> Vec<Record> {
        let mut got = Vec::new();
        let sql = every(newest_first);
        for_each_batch(reads(a, &sql, newest_first, per, readers), |batch| {
            got.extend_from_slice(batch);
            Ok(())
        })
        .unwrap();
        got
    }

    #[test]
    fn two_readers_over_many_stretches_hand_over_every_record_once_in_order() {
        let (_dir, a) = archive();
        // One stretch, one reader: the records as one query walks them.
        let one = read_all(&a, false, i64::MAX, 1);
        assert_eq!(one.len(), 1200);
        assert!(one.windows(2).all(|w| w[0].0 <= w[1].0));
        let cut = stretches_of(&a.reader().unwrap(), ALL, false, 50).unwrap();
        assert!(cut.len() > 20, "{} stretches", cut.len());
        assert_eq!((cut[0].0, cut[cut.len() - 1].1), (i64::MIN, i64::MAX));
        assert!(cut.windows(2).all(|w| w[0].1 == w[1].0));
        assert_eq!(read_all(&a, false, 50, 2), one);

        let newest = read_all(&a, true, i64::MAX, 1);
        assert_eq!(read_all(&a, true, 50, 2), newest);
        assert_eq!(newest.iter().rev().copied().collect::<Vec<_>>(), one);
    }

    #[test]
    fn a_period_is_read_within_its_own_bounds_only() {
        let (_dir, a) = archive();
        let all = read_all(&a, false, i64::MAX, 1);
        // From the middle of one hour to the middle of another a day later.
        let (from, til) = (all[100].0 + 1, all[900].0);
        let cut = stretches_of(&a.reader().unwrap(), (from, til), false, 50).unwrap();
        assert!(cut.len() > 5, "{} stretches", cut.len());
        assert_eq!((cut[0].0, cut[cut.len() - 1].1), (from, til));
        assert!(cut.windows(2).all(|w| w[0].1 == w[1].0 && w[0].0 < w[0].1));
        let mut got = Vec::new();
        let reads = Reads {
            conns: vec![a.reader().unwrap(), a.reader().unwrap()],
            sql: every(false),
            params: Vec::new(),
            stretches: cut,
        };
        for_each_batch(reads, |batch| {
            got.extend_from_slice(batch);
            Ok(())
        })
        .unwrap();
        let within: Vec<Record> = all
            .iter()
            .copied()
            .filter(|r| (from..til).contains(&r.0))
            .collect();
        assert!(!within.is_empty());
        assert_eq!(got, within);
        // One reader: the period whole; an empty period: nothing to read.
        let conn = a.reader().unwrap();
        assert_eq!(
            stretches(&conn, (from, til), 1, true).unwrap(),
            [(from, til)]
        );
        assert!(stretches(&conn, (til, from), 2, false).unwrap().is_empty());
    }

    #[test]
    fn an_error_of_the_writer_or_of_a_reader_stops_the_export_and_is_returned() {
        let (_dir, a) = archive();
        let mut batches = 0;
        let failed = for_each_batch(reads(&a, &every(false), false, 50, 2), |_| {
            batches += 1;
            Err(Error::Export("the disk is full".into()))
        })
        .unwrap_err();
        assert!(failed.to_string().contains("the disk is full"), "{failed}");
        assert_eq!(batches, 1);

        let broken = every(false).replace("a.is_locked", "a.no_such_column");
        let failed = for_each_batch(reads(&a, &broken, false, 50, 2), |_| Ok(())).unwrap_err();
        assert!(failed.to_string().contains("no_such_column"), "{failed}");
    }
}
