//! Records kept in time order (schema 6): numbered in the order stored all the same, read back
//! in that order in steps cut anywhere (across batches of several locks, a backfill of older
//! records after newer ones), and an archive of an earlier schema rewritten, numbered anew in
//! time order, with its triggers, its rollups and a team's mark of what it was given.

use lockdesk_archive::*;

use crate::dataset::{U1, U2};
use crate::rollup::assert_rollups_match;
use crate::support::{rec, schema_1_archive};

/// Every record after `after`, read `step` at a time: (number, lock, time in ms).
fn walk(a: &Archive, after: i64, step: u32) -> Vec<(i64, String, i64)> {
    let mut out = Vec::new();
    let mut after = after;
    loop {
        let got = a.records_after(after, step).unwrap();
        assert!(got.len() <= step as usize);
        assert!(
            got.windows(2).all(|w| w[0].0 < w[1].0) && got.iter().all(|(id, _)| *id > after),
            "not numbered on from {after}"
        );
        let Some((last, _)) = got.last() else {
            return out;
        };
        after = *last;
        out.extend(
            got.into_iter()
                .map(|(id, r)| (id, r.lock_id, r.record.created_at.timestamp_millis())),
        );
    }
}

fn at(hour: u32, minute: u32) -> String {
    format!("2026-03-02T{hour:02}:{minute:02}:00.000Z")
}

#[test]
fn records_are_read_back_in_the_order_stored_in_steps_cut_anywhere() {
    let dir = tempfile::tempdir().unwrap();
    let a = Archive::open(dir.path().join("a.sqlite")).unwrap();
    // Today's records of two locks in one batch, newest first as the service answers.
    let today: Vec<_> = (0..7)
        .rev()
        .map(|i| {
            let lock = if i % 2 == 0 { "A1" } else { "A2" };
            rec(lock, &at(10 + i, 0), Some(U1), "nfc_outside", false)
        })
        .collect();
    assert_eq!(a.insert_records("A1", &today).unwrap(), 7);
    // The same again: nothing new, no number given.
    assert_eq!(a.insert_records("A1", &today).unwrap(), 0);
    // A backfill of older records of A2 and a third lock, then one more of today's.
    let older: Vec<_> = (0..5)
        .map(|i| {
            let lock = if i < 3 { "A2" } else { "A3" };
            rec(lock, &at(1 + i, 30), Some(U2), "mobile_app", true)
        })
        .collect();
    assert_eq!(a.insert_records("A2", &older).unwrap(), 5);
    let late = rec("A1", &at(20, 0), None, "autolock", true);
    assert_eq!(a.insert_records("A1", &[late]).unwrap(), 1);

    let all = walk(&a, 0, 1_000);
    let ids: Vec<i64> = all.iter().map(|r| r.0).collect();
    assert_eq!(
        ids,
        (1..=13).collect::<Vec<_>>(),
        "numbered 1..=13 as stored"
    );
    // Stored order, not time order: today's seven, the five older ones, the late one.
    let times: Vec<i64> = all.iter().map(|r| r.2).collect();
    assert!(times[..7].iter().all(|t| *t > times[7]), "{times:?}");
    assert_eq!(all[12].1, "A1");
    for step in 1..=6 {
        assert_eq!(walk(&a, 0, step), all, "read {step} at a time");
    }
    assert_eq!(walk(&a, 9, 2), all[9..].to_vec());

    // History pages are in time order over the same records.
    let page = a
        .query(&HistoryQuery {
            sort: SortOrder::OldestFirst,
            limit: 100,
            ..Default::default()
        })
        .unwrap();
    let paged: Vec<i64> = page
        .rows
        .iter()
        .map(|r| r.created_at.timestamp_millis())
        .collect();
    let mut sorted = times.clone();
    sorted.sort();
    assert_eq!(paged, sorted);
}

#[test]
fn an_archive_of_an_earlier_schema_is_rewritten_with_its_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite");
    // 3,000 records, the last 2,000 numbered out of time order (a lock's backfill after
    // another's), over two locks and two people, some with no one.
    let records: Vec<(i64, i64, i64, i64, i64, i64)> = (1..=3_000)
        .map(|id: i64| {
            let lock = 1 + id % 2;
            // The first thousand in time order, the rest shuffled after them.
            let minute = if id <= 1_000 {
                id
            } else {
                1_001 + (id * 7_919) % 2_000
            };
            let ms = 1_772_400_000_000 + minute * 60_000;
            (id, lock, ms, id % 3, 1 + id % 7, id % 2)
        })
        .collect();
    {
        let conn = schema_1_archive(
            &path,
            "INSERT INTO locks (lock_id) VALUES ('A1'), ('A2');
             INSERT INTO users (user_id) VALUES ('U1'), ('U2');
             INSERT INTO meta (key, value) VALUES ('team_given:postgres://db/lockdesk', '1500');",
        );
        let mut insert = conn
            .prepare(
                "INSERT INTO accesses (id, lock_ref, created_at_ms, user_ref, kind_ref, is_locked)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )
            .unwrap();
        for r in &records {
            insert
                .execute(rusqlite::params![r.0, r.1, r.2, r.3, r.4, r.5])
                .unwrap();
        }
    }
    let a = Archive::open(&path).unwrap();
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        let version: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(version, db::SCHEMA_VERSION);
        let sql: String = conn
            .query_row(
                "SELECT sql FROM sqlite_master WHERE name = 'accesses'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert!(sql.contains("WITHOUT ROWID"), "{sql}");
        let names: Vec<String> = conn
            .prepare(
                "SELECT name FROM sqlite_master WHERE tbl_name = 'accesses' AND type = ?1
                 ORDER BY name",
            )
            .unwrap()
            .query_map(["trigger"], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(
            names,
            [
                "access_user_totals_delete",
                "access_user_totals_update",
                "accesses_rollup_delete",
                "accesses_rollup_insert",
                "accesses_rollup_update",
                "accesses_rollups_delete",
                "accesses_rollups_update",
            ]
        );
        let time_index: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE name = 'accesses_time'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(time_index, 0, "the table is the time index");
        // A lock's page is read from the index that recognises records, never the table.
        let plan: String = conn
            .query_row(
                "EXPLAIN QUERY PLAN SELECT a.id, a.created_at_ms, a.user_ref, a.kind_ref,
                        a.is_locked
                 FROM accesses a WHERE a.lock_ref = 1
                 ORDER BY a.created_at_ms DESC, a.id DESC LIMIT 100",
                [],
                |r| r.get(3),
            )
            .unwrap();
        assert!(plan.contains("COVERING INDEX accesses_identity"), "{plan}");
    }
    assert_rollups_match(&path);

    // Every record, numbered anew in time order, read in steps cut anywhere.
    let all = walk(&a, 0, 1_000);
    let mut want: Vec<(i64, String, i64)> = records
        .iter()
        .map(|r| (r.0, format!("A{}", r.1), r.2))
        .collect();
    want.sort_by_key(|r| (r.2, r.0));
    let want: Vec<(i64, String, i64)> = want
        .into_iter()
        .zip(1..)
        .map(|((_, lock, ms), id)| (id, lock, ms))
        .collect();
    assert_eq!(all, want);
    assert_eq!(walk(&a, 1_500, 333), want[1_500..].to_vec());

    // The team had been given the records numbered up to 1,500 in the order stored: what is
    // after its mark now holds every record it was not given, and not the ones before the
    // first of those.
    let marks = TeamMarks::new("postgres://db/lockdesk");
    let (_, given) = a.team_marks(&marks).unwrap();
    let left: Vec<i64> = walk(&a, given, 250).iter().map(|r| r.2).collect();
    let not_given: Vec<i64> = records
        .iter()
        .filter(|r| r.0 > 1_500)
        .map(|r| r.2)
        .collect();
    assert!(not_given.iter().all(|ms| left.contains(ms)));
    let first_left = not_given.iter().min().unwrap();
    assert_eq!(left.iter().min(), Some(first_left), "given {given}");
    assert!(
        given >= 1_000,
        "the first thousand were given and stay so: {given}"
    );

    // A new record is numbered after the last; the rollups' triggers still follow a delete.
    a.insert_records(
        "A1",
        &[rec("A1", &at(23, 59), Some(U1), "nfc_inside", true)],
    )
    .unwrap();
    assert_eq!(
        walk(&a, 3_000, 10).iter().map(|r| r.0).collect::<Vec<_>>(),
        [3_001]
    );
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute("DELETE FROM accesses WHERE id % 5 = 0", [])
            .unwrap();
    }
    assert_rollups_match(&path);
    assert_eq!(walk(&a, 0, 700).len(), 3_001 - 600);
}
