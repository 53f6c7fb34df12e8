//! Alerts sent once for the team: two computers claiming the same deliveries at the same moment
//! each win a delivery at most once, and together every one; an alert that is over frees its
//! claims; a newer schema claims nothing.

use std::collections::HashSet;

use lockdesk_team::alerts::{claim, holders, Delivery};
use lockdesk_team::schema::SchemaState;

use crate::{computer, two_computers};

fn deliveries(keys: &[&str], destinations: &[&str]) -> Vec<Delivery> {
    keys.iter()
        .flat_map(|k| {
            destinations.iter().map(move |d| Delivery {
                alert_key: (*k).to_owned(),
                destination: (*d).to_owned(),
            })
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_delivery_is_won_by_one_computer_and_an_ended_alert_frees_it() {
    let (_server, mut a, mut b, schema) = two_computers().await;
    let wanted = deliveries(
        &[
            "low_battery:L-1/main",
            "silent_lock:L-2:1700000000000",
            "外:1",
        ],
        &["slack:総務チャット", "mail:警備"],
    );
    let pc_a = &computer("id-a", "PC-A", "sato");
    let pc_b = &computer("id-b", "PC-B", "suzuki");

    // Both at the same moment, many times over fresh alerts: never both, never neither.
    for round in 0..20 {
        let these: Vec<Delivery> = wanted
            .iter()
            .map(|d| Delivery {
                alert_key: format!("{}#{round}", d.alert_key),
                destination: d.destination.clone(),
            })
            .collect();
        let (won_a, won_b) = tokio::join!(
            claim(&mut a, schema, "O-1", &[], &[], &these, pc_a),
            claim(&mut b, schema, "O-1", &[], &[], &these, pc_b)
        );
        let (won_a, won_b) = (won_a.unwrap(), won_b.unwrap());
        assert!(won_a.is_disjoint(&won_b), "round {round}: both sent one");
        let all: HashSet<Delivery> = won_a.union(&won_b).cloned().collect();
        assert_eq!(all, these.iter().cloned().collect(), "round {round}");
    }

    // Claimed again later (a computer back from a weekend): nothing to send.
    let again = claim(&mut b, schema, "O-1", &[], &[], &wanted, pc_b)
        .await
        .unwrap();
    let first = claim(&mut a, schema, "O-1", &[], &[], &[], pc_a)
        .await
        .unwrap();
    assert!(first.is_empty());
    let won = claim(&mut a, schema, "O-1", &[], &[], &wanted, pc_a)
        .await
        .unwrap();
    assert!(won.is_disjoint(&again));
    assert_eq!(won.len() + again.len(), wanted.len());
    // Another organization's alert of the same key is its own.
    let other = claim(&mut a, schema, "O-2", &[], &[], &wanted, pc_a)
        .await
        .unwrap();
    assert_eq!(other.len(), wanted.len());

    // The battery replaced: its claims are freed, the same condition later is sent again; the
    // other alerts stay claimed.
    let ended = vec!["low_battery:L-1/main".to_owned()];
    let back = claim(&mut b, schema, "O-1", &[], &ended, &wanted, pc_b)
        .await
        .unwrap();
    assert_eq!(
        back,
        deliveries(
            &["low_battery:L-1/main"],
            &["slack:総務チャット", "mail:警備"]
        )
        .into_iter()
        .collect()
    );

    // A newer schema: this Lockdesk claims nothing (and so sends nothing twice).
    let newer = SchemaState {
        version: schema.version + 1,
        read_only: true,
    };
    assert!(claim(&mut a, newer, "O-1", &[], &[], &wanted, pc_a)
        .await
        .is_err());
}

#[tokio::test]
async fn each_computer_says_which_destinations_it_can_send_to() {
    let (_server, mut a, mut b, schema) = two_computers().await;
    let by = |id, name| computer(id, name, "sato");
    let slack = "slack:総務チャット".to_owned();
    let mail = "email:警備".to_owned();
    let week = std::time::Duration::from_secs(7 * 86_400);
    claim(
        &mut a,
        schema,
        "O-1",
        &[slack.clone(), mail.clone()],
        &[],
        &[],
        &by("id-a", "PC-A"),
    )
    .await
    .unwrap();
    claim(
        &mut b,
        schema,
        "O-1",
        std::slice::from_ref(&slack),
        &[],
        &[],
        &by("id-b", "PC-B"),
    )
    .await
    .unwrap();
    let seen = |h: Vec<lockdesk_team::alerts::Holder>| -> Vec<(String, String)> {
        h.into_iter().map(|h| (h.destination, h.computer)).collect()
    };
    assert_eq!(
        seen(holders(&a, "O-1", week).await.unwrap()),
        [
            (mail.clone(), "PC-A".to_owned()),
            (slack.clone(), "PC-A".to_owned()),
            (slack.clone(), "PC-B".to_owned())
        ]
    );
    // A removes its mail destination: no longer said.
    claim(
        &mut a,
        schema,
        "O-1",
        std::slice::from_ref(&slack),
        &[],
        &[],
        &by("id-a", "PC-A"),
    )
    .await
    .unwrap();
    assert_eq!(seen(holders(&b, "O-1", week).await.unwrap()).len(), 2);
    assert!(holders(&b, "O-2", week).await.unwrap().is_empty());
}
