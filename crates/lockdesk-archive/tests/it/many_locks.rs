//! A page over every lock of a big office (History asks for the organization's locks, a
//! thousand of them): answered, and the same as a page over no lock filter.

use lockdesk_archive::*;

use crate::support::rec;

#[test]
fn a_page_over_a_thousand_locks_is_the_page_over_every_lock() {
    let dir = tempfile::tempdir().unwrap();
    let a = Archive::open(dir.path().join("p/v2.sqlite")).unwrap();
    let locks: Vec<String> = (0..1_000).map(|i| format!("L{i:04}")).collect();
    for (i, lock) in locks.iter().enumerate() {
        // Three records a lock, a minute apart, the locks interleaved in time.
        let recs: Vec<_> = (0..3)
            .map(|k| {
                let s = (k * 1_000 + i) as i64;
                let at = format!(
                    "2026-03-02T{:02}:{:02}:{:02}Z",
                    s / 3600,
                    s / 60 % 60,
                    s % 60
                );
                rec(
                    lock,
                    &at,
                    Some(("U1", "山田太郎", "yamada@example.com")),
                    "nfc_outside",
                    false,
                )
            })
            .collect();
        a.insert_records(lock, &recs).unwrap();
    }
    for sort in [SortOrder::NewestFirst, SortOrder::OldestFirst] {
        for offset in [0, 120] {
            let q = |lock_ids: Vec<String>| HistoryQuery {
                filter: HistoryFilter {
                    lock_ids,
                    ..Default::default()
                },
                sort,
                limit: 50,
                offset,
                with_total: true,
            };
            let every = a.query(&q(Vec::new())).unwrap();
            let listed = a.query(&q(locks.clone())).unwrap();
            assert_eq!(listed.rows.len(), 50);
            assert_eq!(listed.rows, every.rows, "{sort:?} from {offset}");
            assert_eq!(listed.total, Some(3_000));
            // Most of them, not all: the same rows less the locks left out.
            let most: Vec<String> = locks.iter().skip(100).cloned().collect();
            let some = a.query(&q(most.clone())).unwrap();
            assert!(some.rows.iter().all(|r| most.contains(&r.lock_id)));
            assert_eq!(some.rows.len(), 50);
            assert_eq!(some.total, Some(2_700));
        }
    }
    // The charts and the time card of every lock named are those of no lock named; of most
    // locks, of those.
    let by = |lock_ids: Vec<String>| HistoryFilter {
        lock_ids,
        ..Default::default()
    };
    let charts = |f: HistoryFilter| {
        a.aggregates(&AggregateRequest {
            filter: f,
            zone: Zone::Utc,
        })
        .unwrap()
    };
    let card = |f: HistoryFilter| {
        a.timecard(&TimecardRequest {
            filter: f,
            zone: Zone::Utc,
        })
        .unwrap()
    };
    assert_eq!(charts(by(locks.clone())), charts(by(Vec::new())));
    assert_eq!(charts(by(locks[100..].to_vec())).total, 2_700);
    assert_eq!(card(by(locks.clone())), card(by(Vec::new())));
    assert_eq!(card(by(locks[100..].to_vec()))[0].records, 2_700);
}

/// The charts of most of the archive's locks (an organization's, beside another's few) come
/// from the rollups less the locks left out: the same as counting the records one by one, in
/// every zone and with the kind and locked filters.
#[test]
fn the_charts_of_most_locks_are_those_counted_one_by_one() {
    let dir = tempfile::tempdir().unwrap();
    let a = Archive::open(dir.path().join("p/v2.sqlite")).unwrap();
    let locks: Vec<String> = (0..30).map(|i| format!("L{i:02}")).collect();
    let people = [
        ("U1", "山田太郎", "yamada@example.com"),
        ("U2", "佐藤花子", "sato@example.com"),
        ("U3", "Ann", "ann@example.com"),
    ];
    let kinds = ["nfc_outside", "nfc_inside", "mobile_app", "autolock"];
    for (i, lock) in locks.iter().enumerate() {
        let recs: Vec<_> = (0..40)
            .map(|k| {
                // Over several days and every hour, each lock its own mix.
                let at = format!(
                    "2026-03-{:02}T{:02}:{:02}:00Z",
                    1 + (k + i) % 9,
                    (k * 7 + i) % 24,
                    k % 60
                );
                let kind = kinds[(k + i) % kinds.len()];
                let user = (kind != "autolock").then(|| people[(k * 3 + i) % people.len()]);
                rec(lock, &at, user, kind, (k + i) % 3 == 0)
            })
            .collect();
        a.insert_records(lock, &recs).unwrap();
    }
    let charts =
        |f: HistoryFilter, zone: Zone| a.aggregates(&AggregateRequest { filter: f, zone }).unwrap();
    // A time range the records all fall in: never answered from the rollups.
    let counted = |f: &HistoryFilter| HistoryFilter {
        from: Some("2000-01-01T00:00:00Z".parse().unwrap()),
        ..f.clone()
    };
    for zone in [
        Zone::Utc,
        Zone::Offset { minutes: 540 },
        Zone::Offset { minutes: 330 },
    ] {
        for (kinds, is_locked) in [
            (Vec::new(), None),
            (
                vec!["nfc_outside".to_string(), "mobile_app".to_string()],
                None,
            ),
            (Vec::new(), Some(true)),
        ] {
            for named in [&locks[3..], &locks[..10], &locks[1..29]] {
                let f = HistoryFilter {
                    lock_ids: named.to_vec(),
                    kinds: kinds.clone(),
                    is_locked,
                    ..Default::default()
                };
                let got = charts(f.clone(), zone);
                assert!(got.total > 0);
                assert_eq!(
                    got,
                    charts(counted(&f), zone),
                    "{zone:?} {kinds:?} {is_locked:?} {}",
                    named.len()
                );
            }
        }
    }
}
