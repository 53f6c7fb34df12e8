//! The rollups of schema 2: always equal to a GROUP BY over the records (after inserts, repeated
//! pages, re-syncs, deletes and the migration of a schema-1 archive), and aggregates from them
//! equal aggregates counted from the records.

use std::path::Path;

use lockdesk_archive::*;

use crate::dataset::{dataset, t, U1, U2};
use crate::support::{rec, schema_1_archive};

type Rows = Vec<(i64, i64, i64, i64)>;

fn query(conn: &rusqlite::Connection, sql: &str) -> Rows {
    let mut stmt = conn.prepare(sql).unwrap();
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// Both rollups and what they must equal.
pub(crate) fn assert_rollups_match(db: &Path) {
    let conn = rusqlite::Connection::open(db).unwrap();
    let hours = query(
        &conn,
        "SELECT hour, kind_ref, is_locked, records FROM access_hours ORDER BY 1, 2, 3",
    );
    let want = query(
        &conn,
        "SELECT created_at_ms / 3600000 - (created_at_ms % 3600000 < 0), kind_ref, is_locked,
                count(*)
         FROM accesses GROUP BY 1, 2, 3 ORDER BY 1, 2, 3",
    );
    assert_eq!(hours, want);
    let users = query(
        &conn,
        "SELECT user_ref, kind_ref, is_locked, records FROM access_users ORDER BY 1, 2, 3",
    );
    let want = query(
        &conn,
        "SELECT user_ref, kind_ref, is_locked, count(*) FROM accesses GROUP BY 1, 2, 3
         ORDER BY 1, 2, 3",
    );
    assert_eq!(users, want);
    assert_day_rollups_match(&conn);
}

fn table(conn: &rusqlite::Connection, sql: &str) -> Vec<Vec<Option<i64>>> {
    let mut stmt = conn.prepare(sql).unwrap();
    let n = stmt.column_count();
    stmt.query_map([], |r| (0..n).map(|i| r.get(i)).collect())
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// The rollups of schemas 4 and 5.
fn assert_day_rollups_match(conn: &rusqlite::Connection) {
    let day = "created_at_ms / 86400000 - (created_at_ms % 86400000 < 0)";
    let hour = "created_at_ms / 3600000 - (created_at_ms % 3600000 < 0)";
    for (rollup, want) in [
        (
            "SELECT day, kind_ref, is_locked, records FROM access_days ORDER BY 1, 2, 3".to_owned(),
            format!(
                "SELECT {day}, kind_ref, is_locked, count(*) FROM accesses GROUP BY 1, 2, 3
                 ORDER BY 1, 2, 3"
            ),
        ),
        (
            "SELECT lock_ref, day, kind_ref, is_locked, records FROM access_lock_days
             ORDER BY 1, 2, 3, 4"
                .to_owned(),
            format!(
                "SELECT lock_ref, {day}, kind_ref, is_locked, count(*) FROM accesses
                 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4"
            ),
        ),
        (
            "SELECT user_ref, records FROM access_user_totals ORDER BY 1".to_owned(),
            "SELECT user_ref, count(*) FROM accesses GROUP BY 1 ORDER BY 1".to_owned(),
        ),
        (
            "SELECT hour, records FROM access_hour_totals ORDER BY 1".to_owned(),
            format!("SELECT {hour}, count(*) FROM accesses GROUP BY 1 ORDER BY 1"),
        ),
        (
            "SELECT hour, user_ref, records, first_ms, last_ms, first_entry_ms, last_exit_ms
             FROM access_user_hours ORDER BY 1, 2"
                .to_owned(),
            format!(
                "SELECT {hour}, user_ref, count(*), min(created_at_ms), max(created_at_ms),
                        min(CASE WHEN is_locked = 0 AND k.name != 'nfc_inside'
                                 THEN created_at_ms END),
                        max(CASE WHEN is_locked = 1 OR k.name = 'nfc_inside'
                                 THEN created_at_ms END)
                 FROM accesses JOIN kinds k ON k.id = kind_ref WHERE user_ref != 0
                 GROUP BY 1, 2 ORDER BY 1, 2"
            ),
        ),
        (
            "SELECT shift, day, user_ref, records, first_ms, last_ms, first_entry_ms,
                    last_exit_ms
             FROM access_user_days ORDER BY 1, 2, 3"
                .to_owned(),
            "SELECT shift, (created_at_ms + shift * 3600000) / 86400000
                        - ((created_at_ms + shift * 3600000) % 86400000 < 0),
                    user_ref, count(*), min(created_at_ms), max(created_at_ms),
                    min(CASE WHEN is_locked = 0 AND k.name != 'nfc_inside'
                             THEN created_at_ms END),
                    max(CASE WHEN is_locked = 1 OR k.name = 'nfc_inside' THEN created_at_ms END)
             FROM access_user_day_shifts, accesses JOIN kinds k ON k.id = kind_ref
             WHERE user_ref != 0 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3"
                .to_owned(),
        ),
    ] {
        assert_eq!(table(conn, &rollup), table(conn, &want), "{rollup}");
    }
}

fn page(hour: u32) -> Vec<lockdesk_api::models::Access> {
    (0..20)
        .map(|i| {
            rec(
                if i % 3 == 0 { "A1" } else { "A2" },
                &format!("2026-03-02T{hour:02}:{:02}:00.000Z", i * 3),
                [Some(U1), Some(U2), None][i % 3],
                ["nfc_outside", "mobile_app", "autolock"][i % 3],
                i % 2 == 0,
            )
        })
        .collect()
}

#[test]
fn rollups_follow_inserts_repeats_resyncs_and_deletes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.sqlite");
    let a = Archive::open(&path).unwrap();
    assert_rollups_match(&path);
    assert_eq!(a.insert_records("A1", &page(9)).unwrap(), 20);
    // Time cards in UTC and Japan time start the per-day rollups of their shifts.
    for minutes in [0, 540] {
        a.timecard(&TimecardRequest {
            zone: Zone::Offset { minutes },
            ..Default::default()
        })
        .unwrap();
    }
    assert_rollups_match(&path);
    // The same page again (dedup), an overlapping one, then everything once more (a re-sync).
    assert_eq!(a.insert_records("A1", &page(9)).unwrap(), 0);
    let mut overlap = page(9)[10..].to_vec();
    overlap.extend(page(10)[..10].iter().cloned());
    assert_eq!(a.insert_records("A1", &overlap).unwrap(), 10);
    let mut all = page(9);
    all.extend(page(10));
    all.extend(page(23));
    assert_eq!(a.insert_records("A2", &all).unwrap(), 30);
    assert_rollups_match(&path);
    // Records before 1970 land in the right (negative) hour.
    let old = vec![rec("A1", "1969-12-31T23:59:59.999Z", None, "button", false)];
    assert_eq!(a.insert_records("A1", &old).unwrap(), 1);
    assert_rollups_match(&path);
    // Deletes and updates (no code path does either today) keep them too.
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("DELETE FROM accesses WHERE id % 4 = 0", [])
        .unwrap();
    conn.execute(
        "UPDATE accesses SET created_at_ms = created_at_ms + 7200000, is_locked = 1 - is_locked
         WHERE id % 3 = 0",
        [],
    )
    .unwrap();
    conn.execute(
        "UPDATE accesses SET lock_ref = 3 - lock_ref WHERE id % 5 = 0 AND lock_ref IN (1, 2)",
        [],
    )
    .unwrap();
    drop(conn);
    assert_rollups_match(&path);
}

#[test]
fn migration_backfills_the_rollups_of_a_schema_1_archive() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite");
    schema_1_archive(
        &path,
        "INSERT INTO locks (lock_id) VALUES ('A1'), ('A2');
             INSERT INTO users (user_id) VALUES ('U1');
             INSERT INTO accesses (lock_ref, created_at_ms, user_ref, kind_ref, is_locked) VALUES
                 (1, 1772411400000, 1, 3, 0), (1, 1772411405000, 0, 5, 1),
                 (2, 1772411999999, 1, 1, 0), (2, 1772442000000, 1, 3, 1),
                 (2, -1, 0, 7, 0);",
    );
    let a = Archive::open(&path).unwrap();
    assert_rollups_match(&path);
    let agg = a
        .aggregates(&AggregateRequest {
            zone: Zone::Utc,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(agg.total, 5);
    assert_eq!(agg.per_user[0].user_id.as_deref(), Some("U1"));
    assert_eq!(agg.per_user[0].count, 3);
}

/// The whole archive from the rollups, and the same records counted one by one (a lower bound
/// on time that matches everything makes the filter one the rollups do not answer).
fn both(a: &Archive, filter: HistoryFilter, zone: Zone) -> (Aggregates, Aggregates) {
    let rolled = a
        .aggregates(&AggregateRequest {
            filter: filter.clone(),
            zone,
        })
        .unwrap();
    let scanned = a
        .aggregates(&AggregateRequest {
            filter: HistoryFilter {
                from: Some(t("1960-01-01T00:00:00.000Z")),
                ..filter
            },
            zone,
        })
        .unwrap();
    (rolled, scanned)
}

#[test]
fn aggregates_from_rollups_equal_aggregates_from_records() {
    let (_dir, a) = dataset();
    let japan = Zone::Offset { minutes: 540 }; // Asia/Tokyo: UTC+9, no daylight saving
    let india = Zone::Offset { minutes: 330 }; // not whole hours: counted from the records
    for zone in [
        Zone::Utc,
        japan,
        india,
        Zone::Offset { minutes: -300 },
        Zone::Local,
    ] {
        for filter in [
            HistoryFilter::default(),
            HistoryFilter {
                kinds: vec!["mobile_app".into(), "nfc_inside".into()],
                ..Default::default()
            },
            HistoryFilter {
                is_locked: Some(false),
                ..Default::default()
            },
            HistoryFilter {
                kinds: vec!["no_such_kind".into()],
                ..Default::default()
            },
        ] {
            let (rolled, scanned) = both(&a, filter.clone(), zone);
            assert_eq!(rolled, scanned, "{zone:?} {filter:?}");
        }
    }
    // Hand-checked (see dataset.rs): Japan days and hours from the rollups.
    let (rolled, _) = both(&a, HistoryFilter::default(), japan);
    let days: Vec<_> = rolled
        .per_day
        .iter()
        .map(|d| (d.date.to_string(), d.count))
        .collect();
    assert_eq!(
        days,
        [("2026-03-02".to_string(), 6), ("2026-03-03".to_string(), 2)]
    );
    // India (UTC+5:30): record 8 (23:59:59.999 UTC) is 05:29 on Monday; record 6 (16:00 UTC)
    // is 21:30 on Monday, so every record is on 03-02 but record 7 (03-03 08:00 UTC).
    let (rolled, _) = both(&a, HistoryFilter::default(), india);
    let days: Vec<_> = rolled
        .per_day
        .iter()
        .map(|d| (d.date.to_string(), d.count))
        .collect();
    assert_eq!(
        days,
        [("2026-03-02".to_string(), 7), ("2026-03-03".to_string(), 1)]
    );
    let users: Vec<_> = rolled
        .per_user
        .iter()
        .map(|u| (u.user_id.clone(), u.count))
        .collect();
    assert_eq!(
        users,
        [
            (Some("U2".to_string()), 3),
            (Some("U1".to_string()), 3),
            (None, 2)
        ]
    );
}

/// 120 people, person i with i + 1 records: the charts get the 50 with most, most first,
/// named, from the rollups and from the records alike; the total still counts everyone.
#[test]
fn aggregates_name_only_the_busiest_people() {
    let dir = tempfile::tempdir().unwrap();
    let a = Archive::open(dir.path().join("a.sqlite")).unwrap();
    let mut page = Vec::new();
    for i in 0..120u32 {
        let (id, name, mail) = (format!("U{i:03}"), format!("人 {i}"), format!("u{i}@x.jp"));
        for k in 0..=i {
            let at = format!(
                "2026-03-{:02}T{:02}:{:02}:00.000Z",
                1 + k % 28,
                k % 24,
                i % 60
            );
            page.push(rec(
                "A1",
                &at,
                Some((&id, &name, &mail)),
                "nfc_outside",
                false,
            ));
        }
    }
    a.insert_records("A1", &page).unwrap();
    let (rolled, scanned) = both(&a, HistoryFilter::default(), Zone::Utc);
    assert_eq!(rolled, scanned);
    assert_eq!(rolled.total, (1..=120).sum::<u64>());
    assert_eq!(rolled.per_user.len(), BUSIEST_USERS);
    let first = &rolled.per_user[0];
    assert_eq!(
        (first.user_id.as_deref(), first.name.as_deref(), first.count),
        (Some("U119"), Some("人 119"), 120)
    );
    let last = rolled.per_user.last().unwrap();
    assert_eq!((last.user_id.as_deref(), last.count), (Some("U070"), 71));
    assert_eq!(rolled.per_kind.len(), 1);
    assert_eq!(rolled.per_kind[0].count, rolled.total);
}
