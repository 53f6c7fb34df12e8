//! The team's alert store: an alert raised by two computers at once is the team's once; acknowledged
//! once; ended, the same finding is a new alert.

use chrono::{TimeZone, Utc};
use lockdesk_team::alert_store::{acknowledge, end, open, raise, Raised};
use serde_json::json;

use crate::{computer, two_computers};

fn raised(key: &str, minute: u32) -> Raised {
    Raised {
        key: key.to_owned(),
        finding: json!({ "key": key, "percent": 9 }),
        raised_at: Utc.with_ymd_and_hms(2026, 11, 28, 9, minute, 0).unwrap(),
    }
}

#[tokio::test]
async fn raised_once_acknowledged_once_and_raised_again_after_it_ended() {
    let (_server, mut a, mut b, schema) = two_computers().await;
    let (pc_a, pc_b) = (
        computer("a", "PC-A", "sato"),
        computer("b", "PC-B", "suzuki"),
    );
    let low = "low_battery:L1/lock";
    let (on_a, on_b) = (
        [raised(low, 0)],
        [raised(low, 1), raised("silent_lock:L2", 1)],
    );
    let (first, second) = tokio::join!(
        raise(&mut a, schema, "O-1", &on_a, &pc_a),
        raise(&mut b, schema, "O-1", &on_b, &pc_b)
    );
    let mut written: Vec<String> = first.unwrap();
    written.extend(second.unwrap());
    written.sort();
    assert_eq!(written, [low, "silent_lock:L2"], "each key written once");
    // Another organization's same finding is its own.
    assert_eq!(
        raise(&mut a, schema, "O-2", &[raised(low, 2)], &pc_a)
            .await
            .unwrap(),
        [low]
    );

    let at = Utc.with_ymd_and_hms(2026, 11, 28, 10, 0, 0).unwrap();
    let keys = vec![low.to_owned()];
    assert_eq!(
        acknowledge(&a, schema, "O-1", &keys, at, &pc_a)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        acknowledge(&b, schema, "O-1", &keys, at, &pc_b)
            .await
            .unwrap(),
        0
    );
    let listed = open(&b, "O-1").await.unwrap();
    assert_eq!(listed.len(), 2);
    let low_alert = listed.iter().find(|x| x.key == low).unwrap();
    assert_eq!(low_alert.acknowledged_at, Some(at));
    assert_eq!(
        low_alert.acknowledged_by,
        Some(("PC-A".to_owned(), "sato".to_owned()))
    );

    // The battery replaced: ended; low again later: a new alert, not acknowledged.
    assert_eq!(end(&b, schema, "O-1", &keys, at).await.unwrap(), 1);
    assert_eq!(
        raise(&mut a, schema, "O-1", &[raised(low, 30)], &pc_a)
            .await
            .unwrap(),
        [low]
    );
    let again = open(&a, "O-1").await.unwrap();
    let low_again = again.iter().find(|x| x.key == low).unwrap();
    assert_eq!(low_again.acknowledged_at, None);
    assert_eq!(low_again.computer, "PC-A");
}
