//! The team's history archive: one computer at a time holds the lease (two asking at once: one
//! gets it; a holder that stops loses it when it runs out; a finished sync leaves the archive
//! fresh for the bound asked); records uploaded twice are kept once, read back in upload order
//! with their occurrences, and readable through the `lockdesk_history` view.

use std::time::Duration;

use chrono::{TimeZone, Utc};
use lockdesk_team::connect::connect;
use lockdesk_team::history::{
    lease_state, let_go, records_after, renew_lease, snapshot, stretches, take_lease, upload,
    upload_stretches, Lease, TeamRecord, TeamStretch, TeamUser,
};
use lockdesk_team::schema::prepare;

use crate::server::{Server, TEAM_PASSWORD};
use crate::{computer, two_computers};

const MINUTE: Duration = Duration::from_secs(60);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_computer_at_a_time_syncs_and_a_stopped_one_hands_over() {
    let (_server, mut a, mut b, schema) = two_computers().await;
    let pc_a = &computer("id-a", "PC-SOUMU1", "sato");
    let pc_b = &computer("id-b", "PC-SOUMU2", "suzuki");

    // Both at once, many organizations: one syncs, the other hears who.
    for n in 0..10 {
        let org = format!("O-{n}");
        let (la, lb) = tokio::join!(
            take_lease(&mut a, schema, &org, pc_a, MINUTE, MINUTE),
            take_lease(&mut b, schema, &org, pc_b, MINUTE, MINUTE)
        );
        let (la, lb) = (la.unwrap(), lb.unwrap());
        assert_eq!(
            [&la, &lb].iter().filter(|l| ***l == Lease::Mine).count(),
            1,
            "{org}: {la:?} {lb:?}"
        );
        let other = if la == Lease::Mine { &lb } else { &la };
        assert!(matches!(other, Lease::Held { .. }), "{other:?}");
    }

    // A syncs O-x and finishes: within the bound nobody needs to, B hears who did; asked to
    // sync anyway (a person pressed Sync), B syncs.
    assert_eq!(
        take_lease(&mut a, schema, "O-x", pc_a, MINUTE, MINUTE)
            .await
            .unwrap(),
        Lease::Mine
    );
    assert!(renew_lease(&a, "O-x", pc_a, MINUTE).await.unwrap());
    let state = lease_state(&a, "O-x").await.unwrap();
    assert_eq!(state.syncing.as_deref(), Some("PC-SOUMU1"));
    let_go(&a, "O-x", pc_a, true).await.unwrap();
    match take_lease(&mut b, schema, "O-x", pc_b, MINUTE, MINUTE)
        .await
        .unwrap()
    {
        Lease::Fresh { computer, .. } => assert_eq!(computer, "PC-SOUMU1"),
        other => panic!("{other:?}"),
    }
    let state = lease_state(&b, "O-x").await.unwrap();
    assert_eq!(
        (state.syncing, state.synced_by.as_deref()),
        (None, Some("PC-SOUMU1"))
    );
    assert_eq!(
        take_lease(&mut b, schema, "O-x", pc_b, MINUTE, Duration::ZERO)
            .await
            .unwrap(),
        Lease::Mine
    );
    // A failed sync lets go without noting a sync: the archive is as fresh as before.
    let_go(&b, "O-x", pc_b, false).await.unwrap();
    assert_eq!(
        lease_state(&b, "O-x").await.unwrap().synced_by.as_deref(),
        Some("PC-SOUMU1")
    );

    // A holds O-y for a second and stops (switched off): B waits while it holds, then takes it;
    // A, back, cannot renew what is B's now.
    let hold = Duration::from_secs(1);
    assert_eq!(
        take_lease(&mut a, schema, "O-y", pc_a, hold, Duration::ZERO)
            .await
            .unwrap(),
        Lease::Mine
    );
    assert!(matches!(
        take_lease(&mut b, schema, "O-y", pc_b, hold, Duration::ZERO).await.unwrap(),
        Lease::Held { ref computer, .. } if computer == "PC-SOUMU1"
    ));
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(
        take_lease(&mut b, schema, "O-y", pc_b, MINUTE, Duration::ZERO)
            .await
            .unwrap(),
        Lease::Mine
    );
    assert!(!renew_lease(&a, "O-y", pc_a, MINUTE).await.unwrap());
}

fn record(lock: &str, minute: u32, user: Option<&str>, occurrence: i32) -> TeamRecord {
    TeamRecord {
        lock_id: lock.into(),
        lock_name: Some(format!("{lock} 正面玄関")),
        created_at: Utc.with_ymd_and_hms(2026, 11, 27, 9, minute, 0).unwrap(),
        user: user.map(|id| TeamUser {
            id: id.into(),
            name: Some("山田 太郎".into()),
            mail: Some("yamada@example.jp".into()),
        }),
        kind: "nfc_outside".into(),
        is_locked: false,
        occurrence,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_are_kept_once_and_read_in_upload_order() {
    let server = Server::start().await;
    let source = server.source();
    let mut a = connect(&source, TEAM_PASSWORD).await.unwrap();
    let schema = prepare(&mut a).await.unwrap();

    // Two identical records (occurrences 0 and 1), one without a user, one of another lock.
    let first = vec![
        record("L1", 1, Some("u1"), 0),
        record("L1", 1, Some("u1"), 1),
        record("L1", 2, None, 0),
    ];
    assert_eq!(upload(&mut a, schema, "O-1", &first).await.unwrap(), 3);
    let second = vec![record("L1", 2, None, 0), record("L2", 3, Some("u2"), 0)];
    assert_eq!(upload(&mut a, schema, "O-1", &second).await.unwrap(), 1);
    assert_eq!(upload(&mut a, schema, "O-2", &first).await.unwrap(), 3);
    let cover = vec![
        TeamStretch {
            lock_id: "L1".into(),
            from_ms: None,
            til_ms: 1_000,
        },
        TeamStretch {
            lock_id: "L2".into(),
            from_ms: Some(500),
            til_ms: 2_000,
        },
    ];
    upload_stretches(&mut a, schema, "O-1", &cover)
        .await
        .unwrap();
    upload_stretches(&mut a, schema, "O-1", &cover[1..])
        .await
        .unwrap();

    let mut b = connect(&source, TEAM_PASSWORD).await.unwrap();
    let tx = snapshot(&mut b).await.unwrap();
    assert_eq!(stretches(&tx, "O-1").await.unwrap(), cover[1..].to_vec());
    let page1 = records_after(&tx, "O-1", 0, 2).await.unwrap();
    let page2 = records_after(&tx, "O-1", page1[1].0, 2).await.unwrap();
    let read: Vec<TeamRecord> = page1.into_iter().chain(page2).map(|(_, r)| r).collect();
    let mut expected = first.clone();
    expected.push(second[1].clone());
    assert_eq!(read, expected);
    drop(tx);

    let view = b
        .query(
            "SELECT lock_name, user_id, user_name, action FROM lockdesk_history
              WHERE service = 'O-1' ORDER BY created_at, user_id NULLS FIRST",
            &[],
        )
        .await
        .unwrap();
    let rows: Vec<(String, Option<String>, Option<String>, String)> = view
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
        .collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[2].0, "L1 正面玄関");
    assert_eq!(
        (
            rows[2].1.as_deref(),
            rows[2].2.as_deref(),
            rows[2].3.as_str()
        ),
        (None, None, "unlock")
    );

    // A reader made as the README says (Excel, Power BI) reads the view and nothing else.
    server
        .admin()
        .await
        .batch_execute("CREATE ROLE powerbi_reader LOGIN PASSWORD 'reader-password'")
        .await
        .unwrap();
    b.batch_execute(
        "GRANT CONNECT ON DATABASE lockdesk TO powerbi_reader;
         GRANT SELECT ON lockdesk_history TO powerbi_reader;",
    )
    .await
    .unwrap();
    let reader_source = lockdesk_team::source::TeamSource {
        user: "powerbi_reader".into(),
        ..source.clone()
    };
    let reader = connect(&reader_source, "reader-password").await.unwrap();
    let seen = reader
        .query_one("SELECT count(*) FROM lockdesk_history", &[])
        .await
        .unwrap();
    assert_eq!(seen.get::<_, i64>(0), 7);
    for refused in [
        "SELECT count(*) FROM history_records",
        "SELECT count(*) FROM history_lease",
        "DELETE FROM lockdesk_history",
        "CREATE TABLE mine (x int)",
    ] {
        let e = reader.batch_execute(refused).await.unwrap_err();
        assert!(
            format!("{e:?}").contains("permission denied"),
            "{refused}: {e:?}"
        );
    }
}
