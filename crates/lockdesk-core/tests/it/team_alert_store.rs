//! Alerts raised and acknowledged once for a team (two computers: their own folders and
//! keychains, one simulator, one private PostgreSQL): an alert one computer raised is listed on
//! the other without a round of its own and is not announced there again when its round finds
//! it; acknowledged on one, it is acknowledged on both; raised and acknowledged while the
//! database is down, it reaches the other computer, acknowledged, when the database is back.

use lockdesk_api::ApiVersion;
use lockdesk_core::app::context::AppContext;
use serde_json::{json, Value};

use crate::sim_world::{call, lock_ids, SimWorld};
use crate::team_server::{Server, TEAM_PASSWORD};

/// The alert of `key` in `ctx`'s list (every alert, acknowledged or not).
async fn alert_of(ctx: &AppContext, key: &str) -> Option<Value> {
    let listed = call(ctx, "watch_alerts_list", json!({ "limit": 1000 })).await;
    listed["alerts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["finding"]["key"] == key)
        .cloned()
}

fn keys(round: &Value) -> Vec<String> {
    round["new_alerts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["finding"]["key"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_alert_is_raised_and_acknowledged_once_for_the_team() {
    let w = SimWorld::start().await;
    let server = Server::start().await;
    w.sign_in("work", ApiVersion::V3).await;
    let a = w.app().await;
    let other = tempfile::tempdir().unwrap();
    let b = w.other_computer(other.path(), "work").await;
    let connect = json!({ "address": server.source().address(), "password": TEAM_PASSWORD });
    call(&a, "team_connect", connect.clone()).await;
    call(&b, "team_connect", connect).await;
    let locks = lock_ids(&a).await;
    let low = format!("low_battery:{}/lock", locks[0]);

    // A finds the low battery and announces it.
    w.battery(&locks[0], "lock", 4).await;
    let round = call(&a, "watch_round", json!({})).await;
    assert!(keys(&round).contains(&low), "{round}");
    // B lists it without a round of its own.
    let on_b = alert_of(&b, &low).await.expect("B lists A's alert");
    assert_eq!(on_b["acknowledged_at"], Value::Null, "{on_b}");
    // B's round finds what A found: nothing announced again.
    let round_b = call(&b, "watch_round", json!({})).await;
    assert_eq!(keys(&round_b), Vec::<String>::new(), "{round_b}");

    // Acknowledged on B: acknowledged on A.
    call(
        &b,
        "watch_alerts_acknowledge",
        json!({ "ids": [on_b["id"]] }),
    )
    .await;
    let on_a = alert_of(&a, &low).await.unwrap();
    assert!(on_a["acknowledged_at"].is_string(), "{on_a}");

    // The database down: A raises and acknowledges on its own; back, B has both.
    server.stop();
    let second = format!("low_battery:{}/lock", locks[1]);
    w.battery(&locks[1], "lock", 5).await;
    let alone = call(&a, "watch_round", json!({})).await;
    assert!(keys(&alone).contains(&second), "{alone}");
    let raised = alert_of(&a, &second).await.unwrap();
    call(
        &a,
        "watch_alerts_acknowledge",
        json!({ "ids": [raised["id"]] }),
    )
    .await;
    assert!(alert_of(&b, &second).await.is_none());
    server.start_again();
    call(&a, "watch_alerts_list", json!({})).await;
    let on_b = alert_of(&b, &second).await.expect("A's alert reached B");
    assert!(on_b["acknowledged_at"].is_string(), "{on_b}");
}
