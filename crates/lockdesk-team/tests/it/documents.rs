//! Settings the team shares: the first save of a document is kept as version 1, a save made
//! from the version the team has is kept as the next, and a save made from an older one (two
//! administrators at once) is refused with who changed it and when; nothing on a newer schema.

use lockdesk_team::documents::{get, save, Saved};
use lockdesk_team::schema::SchemaState;
use serde_json::json;

use crate::{computer, two_computers};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_save_from_an_older_version_is_refused_with_who_and_when() {
    let (_server, mut a, mut b, schema) = two_computers().await;
    let sato = &computer("id-1", "PC-SOUMU1", "sato");
    let suzuki = &computer("id-2", "PC-SOUMU2", "suzuki");
    assert_eq!(get(&a, "watch_rules", "O-1").await.unwrap(), None);

    // Both share their rules of a new organization at once: one is kept, the other hears who.
    let (first, second) = (json!({ "m": 1 }), json!({ "m": 2 }));
    let (sa, sb) = tokio::join!(
        save(&mut a, schema, "watch_rules", "O-1", &first, None, sato),
        save(&mut b, schema, "watch_rules", "O-1", &second, None, suzuki)
    );
    let (sa, sb) = (sa.unwrap(), sb.unwrap());
    let (winner, loser) = match (&sa, &sb) {
        (Saved::Kept(1), Saved::Conflict(d)) => ("PC-SOUMU1", d),
        (Saved::Conflict(d), Saved::Kept(1)) => ("PC-SOUMU2", d),
        other => panic!("{other:?}"),
    };
    assert_eq!(loser.computer, winner);
    assert_eq!(loser.version, 1);

    // From version 1: kept as 2. Another save from 1: refused, naming sato and the time.
    let mine = json!({ "interval_minutes": 5, "名前": "正面玄関" });
    let kept = save(&mut a, schema, "watch_rules", "O-1", &mine, Some(1), sato).await;
    assert_eq!(kept.unwrap(), Saved::Kept(2));
    let late = save(
        &mut b,
        schema,
        "watch_rules",
        "O-1",
        &json!({}),
        Some(1),
        suzuki,
    )
    .await
    .unwrap();
    let Saved::Conflict(now) = late else {
        panic!("{late:?}")
    };
    assert_eq!((now.version, now.computer.as_str()), (2, "PC-SOUMU1"));
    assert_eq!((now.os_user.as_str(), &now.body), ("sato", &mine));
    assert!((chrono::Utc::now() - now.changed_at).num_seconds().abs() < 60);
    // Made again from version 2: kept.
    let again = save(
        &mut b,
        schema,
        "watch_rules",
        "O-1",
        &json!({}),
        Some(2),
        suzuki,
    )
    .await;
    assert_eq!(again.unwrap(), Saved::Kept(3));
    // Another organization's rules are their own.
    let other = save(
        &mut b,
        schema,
        "watch_rules",
        "O-2",
        &json!({}),
        None,
        suzuki,
    )
    .await;
    assert_eq!(other.unwrap(), Saved::Kept(1));

    let newer = SchemaState {
        version: schema.version + 1,
        read_only: true,
    };
    assert!(
        save(&mut a, newer, "watch_rules", "O-1", &mine, Some(3), sato)
            .await
            .is_err()
    );
}
