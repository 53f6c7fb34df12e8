//! Queries, aggregates and the time card against the hand-checked dataset.

use lockdesk_archive::*;

use crate::dataset::{dataset, t, U2};
use crate::support::rec;

fn times(page: &HistoryPage) -> Vec<String> {
    page.rows
        .iter()
        .map(|r| r.created_at.format("%m-%d %H:%M:%S%.3f").to_string())
        .collect()
}

fn q(filter: HistoryFilter) -> HistoryQuery {
    HistoryQuery {
        filter,
        with_total: true,
        ..Default::default()
    }
}

fn total(a: &Archive, filter: HistoryFilter) -> u64 {
    a.query(&q(filter)).unwrap().total.unwrap()
}

#[test]
fn filters() {
    let (_dir, a) = dataset();
    assert_eq!(total(&a, HistoryFilter::default()), 8);
    let lock = |ids: &[&str]| HistoryFilter {
        lock_ids: ids.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    };
    assert_eq!(total(&a, lock(&["A2"])), 3);
    assert_eq!(total(&a, lock(&["A1", "A2"])), 8);
    assert_eq!(total(&a, lock(&["A9"])), 0);

    // from inclusive, til exclusive, to the millisecond.
    let range = HistoryFilter {
        from: Some(t("2026-03-02T00:30:05.000Z")),
        til: Some(t("2026-03-02T09:00:10.000Z")),
        ..Default::default()
    };
    let page = a
        .query(&HistoryQuery {
            sort: SortOrder::OldestFirst,
            ..q(range)
        })
        .unwrap();
    assert_eq!(
        times(&page),
        [
            "03-02 00:30:05.000",
            "03-02 01:00:00.000",
            "03-02 09:00:00.000"
        ]
    );

    let user = |u: &str| HistoryFilter {
        user: Some(u.into()),
        ..Default::default()
    };
    assert_eq!(total(&a, user("山田")), 3);
    assert_eq!(total(&a, user("ALICE")), 3);
    assert_eq!(total(&a, user("alice@example")), 3);
    assert_eq!(total(&a, user("U1")), 3);
    assert_eq!(total(&a, user("nobody")), 0);

    let kinds = HistoryFilter {
        kinds: vec!["nfc_inside".into()],
        ..Default::default()
    };
    assert_eq!(total(&a, kinds), 2);
    let locked = HistoryFilter {
        is_locked: Some(true),
        ..Default::default()
    };
    assert_eq!(total(&a, locked), 2);
    let combined = HistoryFilter {
        is_locked: Some(false),
        ..lock(&["A1"])
    };
    assert_eq!(total(&a, combined), 3);
}

#[test]
fn sorted_and_paged() {
    let (_dir, a) = dataset();
    let page = a
        .query(&HistoryQuery {
            limit: 3,
            offset: 3,
            ..q(HistoryFilter::default())
        })
        .unwrap();
    assert_eq!(
        times(&page),
        [
            "03-02 09:00:00.000",
            "03-02 01:00:00.000",
            "03-02 00:30:05.000"
        ]
    );
    assert_eq!(page.total, Some(8));
    let first = &a.query(&q(HistoryFilter::default())).unwrap().rows[0];
    assert_eq!(first.created_at, t("2026-03-03T08:00:00Z"));
    assert_eq!(first.user_name.as_deref(), Some("Alice Smith"));
    assert_eq!(first.lock_name.as_deref(), Some("A2 door"));
    assert_eq!(first.client_type, "nfc_inside");
    let oldest = &a
        .query(&HistoryQuery {
            sort: SortOrder::OldestFirst,
            ..q(HistoryFilter::default())
        })
        .unwrap()
        .rows[0];
    assert_eq!(oldest.created_at, t("2026-03-01T23:59:59.999Z"));
    assert_eq!(oldest.user_id, None);
    let by_user = a
        .query(&HistoryQuery {
            sort: SortOrder::User,
            ..q(HistoryFilter::default())
        })
        .unwrap();
    let users: Vec<_> = by_user.rows.iter().map(|r| r.user_id.clone()).collect();
    assert_eq!(
        users[..3],
        [Some("U2".into()), Some("U2".into()), Some("U2".into())]
    );
    assert_eq!(users[6..], [None, None]);
    // The request round-trips through JSON as the app sends it.
    let json =
        serde_json::json!({"lock_ids": ["A1"], "user": "山田", "sort": "oldest_first", "limit": 2});
    let req: HistoryQuery = serde_json::from_value(json).unwrap();
    assert_eq!(a.query(&req).unwrap().rows.len(), 2);
}

#[test]
fn aggregates_in_utc_and_japan() {
    let (_dir, a) = dataset();
    let utc = a
        .aggregates(&AggregateRequest {
            zone: Zone::Utc,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(utc.total, 8);
    let days: Vec<_> = utc
        .per_day
        .iter()
        .map(|d| (d.date.to_string(), d.count))
        .collect();
    assert_eq!(
        days,
        [
            ("2026-03-01".to_string(), 1),
            ("2026-03-02".to_string(), 6),
            ("2026-03-03".to_string(), 1)
        ]
    );
    let how = |agg: &Aggregates| -> Vec<(u8, u8, u64)> {
        agg.per_hour_of_week
            .iter()
            .filter(|h| h.count > 0)
            .map(|h| (h.weekday, h.hour, h.count))
            .collect()
    };
    assert_eq!(utc.per_hour_of_week.len(), 168);
    assert_eq!(
        how(&utc),
        [
            (0, 23, 1),
            (1, 0, 2),
            (1, 1, 1),
            (1, 9, 2),
            (1, 16, 1),
            (2, 8, 1)
        ]
    );
    let users: Vec<_> = utc
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
    let kinds: Vec<_> = utc
        .per_kind
        .iter()
        .map(|k| (k.client_type.as_str(), k.count))
        .collect();
    assert_eq!(
        kinds,
        [
            ("mobile_app", 2),
            ("nfc_inside", 2),
            ("autolock", 1),
            ("button", 1),
            ("manager", 1),
            ("nfc_outside", 1)
        ]
    );

    let japan = a
        .aggregates(&AggregateRequest {
            zone: Zone::Offset { minutes: 540 },
            ..Default::default()
        })
        .unwrap();
    let days: Vec<_> = japan
        .per_day
        .iter()
        .map(|d| (d.date.to_string(), d.count))
        .collect();
    assert_eq!(
        days,
        [("2026-03-02".to_string(), 6), ("2026-03-03".to_string(), 2)]
    );
    assert_eq!(
        how(&japan),
        [
            (1, 8, 1),
            (1, 9, 2),
            (1, 10, 1),
            (1, 18, 2),
            (2, 1, 1),
            (2, 17, 1)
        ]
    );

    // Filters apply to aggregates too.
    let a2 = a
        .aggregates(&AggregateRequest {
            filter: HistoryFilter {
                lock_ids: vec!["A2".into()],
                ..Default::default()
            },
            zone: Zone::Utc,
        })
        .unwrap();
    assert_eq!(a2.total, 3);
    assert_eq!(a2.per_user.len(), 1);
}

#[test]
fn timecard_first_entry_last_exit() {
    let (_dir, a) = dataset();
    let rows = a
        .timecard(&TimecardRequest {
            zone: Zone::Offset { minutes: 540 },
            ..Default::default()
        })
        .unwrap();
    let view: Vec<_> = rows
        .iter()
        .map(|r| {
            (
                r.date.to_string(),
                r.user_id.as_str(),
                r.first_entry.map(|t| t.to_rfc3339()),
                r.last_exit.map(|t| t.to_rfc3339()),
                r.records,
            )
        })
        .collect();
    let s = |x: &str| Some(t(x).to_rfc3339());
    assert_eq!(
        view,
        [
            (
                "2026-03-02".to_string(),
                "U2",
                s("2026-03-02T01:00:00Z"),
                None,
                1
            ),
            (
                "2026-03-02".to_string(),
                "U1",
                s("2026-03-02T00:30:00Z"),
                s("2026-03-02T09:00:10Z"),
                3
            ),
            (
                "2026-03-03".to_string(),
                "U2",
                s("2026-03-02T16:00:00Z"),
                s("2026-03-03T08:00:00Z"),
                2
            ),
        ]
    );
    assert_eq!(rows[1].user_name.as_deref(), Some("山田太郎"));

    let utc = a
        .timecard(&TimecardRequest {
            zone: Zone::Utc,
            ..Default::default()
        })
        .unwrap();
    let u2: Vec<_> = utc
        .iter()
        .filter(|r| r.user_id == "U2")
        .map(|r| (r.date.to_string(), r.records, r.last_exit.is_some()))
        .collect();
    assert_eq!(
        u2,
        [
            ("2026-03-02".to_string(), 2, false),
            ("2026-03-03".to_string(), 1, true)
        ]
    );
}

#[test]
fn each_locks_count_and_newest_record_come_from_the_rollups() {
    let (_dir, a) = dataset();
    let held = a.lock_records().unwrap();
    assert_eq!(held.len(), 2);
    assert_eq!(
        held["A1"],
        LockRecords {
            records: 5,
            newest: Some(t("2026-03-02T09:00:10Z")),
        }
    );
    assert_eq!(
        held["A2"],
        LockRecords {
            records: 3,
            newest: Some(t("2026-03-03T08:00:00Z")),
        }
    );
    // A record seen again by a later sync is not counted twice; a new one is.
    let seen = rec("A2", "2026-03-02T16:00:00.000Z", Some(U2), "manager", false);
    let new = rec(
        "A2",
        "2026-03-04T07:00:00.000Z",
        Some(U2),
        "nfc_outside",
        false,
    );
    assert_eq!(a.insert_records("A2", &[seen, new]).unwrap(), 1);
    let held = a.lock_records().unwrap();
    assert_eq!(held["A2"].records, 4);
    assert_eq!(held["A2"].newest, Some(t("2026-03-04T07:00:00Z")));
    assert_eq!(a.stats().unwrap().records, 9);
}

#[test]
fn stats_and_user_search() {
    let (_dir, a) = dataset();
    let s = a.stats().unwrap();
    assert_eq!(s.records, 8);
    assert_eq!(s.users, 2);
    assert_eq!(s.oldest, Some(t("2026-03-01T23:59:59.999Z")));
    assert_eq!(s.newest, Some(t("2026-03-03T08:00:00Z")));
    assert_eq!(s.locks.len(), 2);
    assert!(s.file_bytes > 0);
    let found = a.users("yamada", 10).unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].name.as_deref(), Some("山田太郎"));
}
