//! The team's journal: two computers' entries, each once however often they upload; an entry
//! uploaded while pending gets its outcome later; nothing is written on a newer schema.

use chrono::{TimeZone, Utc};
use lockdesk_team::connect::connect;
use lockdesk_team::error::TeamError;
use lockdesk_team::journal::{list, query, resume_after, upload, SharedEntry, TeamQuery, PENDING};
use lockdesk_team::schema::{prepare, SchemaState};
use serde_json::json;

use crate::server::{Server, TEAM_PASSWORD};

fn entry(computer: &str, local_id: i64, outcome: &str) -> SharedEntry {
    SharedEntry {
        computer_id: format!("id-{computer}"),
        local_id,
        computer: computer.to_owned(),
        os_user: "山田 太郎".to_owned(),
        at: Utc
            .with_ymd_and_hms(2026, 11, 28, 9, 0, local_id as u32)
            .unwrap(),
        organization_id: Some("O-1".to_owned()),
        operation: "locks_rename".to_owned(),
        outcome: outcome.to_owned(),
        entry: json!({ "id": local_id, "target_name": "正面玄関" }),
    }
}

#[tokio::test]
async fn two_computers_entries_each_once_and_a_pending_one_settled_later() {
    let server = Server::start().await;
    let source = server.source();
    let mut a = connect(&source, TEAM_PASSWORD).await.unwrap();
    let mut b = connect(&source, TEAM_PASSWORD).await.unwrap();
    let schema = prepare(&mut a).await.unwrap();

    let from_a = vec![
        entry("PC-A", 1, "done"),
        entry("PC-A", 2, PENDING),
        entry("PC-A", 3, "done"),
    ];
    let from_b = vec![entry("PC-B", 1, "done"), entry("PC-B", 2, "not_found")];
    assert_eq!(upload(&mut a, schema, &from_a).await.unwrap(), 3);
    assert_eq!(upload(&mut b, schema, &from_b).await.unwrap(), 2);
    // Uploaded again (a computer that did not hear the commit): nothing changes.
    assert_eq!(upload(&mut a, schema, &from_a).await.unwrap(), 0);
    assert_eq!(upload(&mut b, schema, &from_b).await.unwrap(), 0);

    // A resumes at its pending entry; B after its last.
    assert_eq!(resume_after(&a, "id-PC-A").await.unwrap(), 1);
    assert_eq!(resume_after(&a, "id-PC-B").await.unwrap(), 2);
    assert_eq!(resume_after(&a, "id-PC-C").await.unwrap(), 0);

    // The pending entry's outcome arrives; a settled entry is never rewritten.
    let settled = vec![entry("PC-A", 2, "done"), entry("PC-A", 3, "conflict")];
    assert_eq!(upload(&mut a, schema, &settled).await.unwrap(), 1);
    assert_eq!(resume_after(&a, "id-PC-A").await.unwrap(), 3);

    let (page, total) = list(&b, 0, 10).await.unwrap();
    assert_eq!(total, 5);
    let outcomes: Vec<(String, i64, String)> = page
        .iter()
        .map(|e| (e.computer.clone(), e.local_id, e.outcome.clone()))
        .collect();
    assert!(
        outcomes.contains(&("PC-A".into(), 2, "done".into())),
        "{outcomes:?}"
    );
    assert!(
        outcomes.contains(&("PC-A".into(), 3, "done".into())),
        "{outcomes:?}"
    );
    assert_eq!(page[0].os_user, "山田 太郎");
    assert_eq!(page[0].entry["target_name"], "正面玄関");

    // The Activity screen's filters over the team's journal.
    let found = |q: TeamQuery| {
        let b = &b;
        async move {
            let (page, total) = query(b, &TeamQuery { limit: 10, ..q }).await.unwrap();
            assert_eq!(total as usize, page.len());
            let mut ids: Vec<String> = page
                .iter()
                .map(|e| format!("{}#{}", e.computer, e.local_id))
                .collect();
            ids.sort();
            ids
        }
    };
    assert_eq!(
        found(TeamQuery {
            outcome: Some("failed".into()),
            ..TeamQuery::default()
        })
        .await,
        ["PC-B#2"]
    );
    assert_eq!(
        found(TeamQuery {
            text: Some("pc-b".into()),
            ..TeamQuery::default()
        })
        .await,
        ["PC-B#1", "PC-B#2"]
    );
    assert_eq!(
        found(TeamQuery {
            text: Some("正面".into()),
            since: Some(Utc.with_ymd_and_hms(2026, 11, 28, 9, 0, 2).unwrap()),
            until: Some(Utc.with_ymd_and_hms(2026, 11, 28, 9, 0, 3).unwrap()),
            ..TeamQuery::default()
        })
        .await,
        ["PC-A#2", "PC-B#2"]
    );
    assert!(found(TeamQuery {
        operations: vec!["users_delete".into()],
        ..TeamQuery::default()
    })
    .await
    .is_empty());
    // A `%` typed in the search box is a character, not a wildcard.
    assert!(found(TeamQuery {
        text: Some("%".into()),
        ..TeamQuery::default()
    })
    .await
    .is_empty());
    let (second_page, total) = query(
        &b,
        &TeamQuery {
            offset: 4,
            limit: 10,
            ..TeamQuery::default()
        },
    )
    .await
    .unwrap();
    assert_eq!((second_page.len(), total), (1, 5));
}

#[tokio::test]
async fn nothing_is_uploaded_to_a_newer_schema() {
    let server = Server::start().await;
    let mut client = connect(&server.source(), TEAM_PASSWORD).await.unwrap();
    prepare(&mut client).await.unwrap();
    let read_only = SchemaState {
        version: 99,
        read_only: true,
    };
    assert!(matches!(
        upload(&mut client, read_only, &[entry("PC-A", 1, "done")]).await,
        Err(TeamError::SchemaTooNew { .. })
    ));
    assert_eq!(list(&client, 0, 10).await.unwrap().1, 0);
}
