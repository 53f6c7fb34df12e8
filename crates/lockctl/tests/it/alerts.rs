//! `lockctl alerts`: a destination added with its address on stdin (never an argument), listed
//! by its host only, sent a test, fed by `watch --once`, its deliveries listed, removed with its
//! keychain entry. The chat service is an axum server on loopback that records what it gets.

use std::sync::{Arc, Mutex};

use serde_json::{json, Value};

use crate::support::{world, World};

pub type Got = Arc<Mutex<Vec<(String, Value)>>>;

/// A webhook receiver on loopback: its base address and what it received (path, JSON body).
pub async fn receiver() -> (String, Got) {
    let got: Got = Arc::default();
    let kept = got.clone();
    let app = axum::Router::new().fallback(
        move |uri: axum::http::Uri, body: axum::body::Bytes| async move {
            let json = serde_json::from_slice(&body).unwrap_or(Value::Null);
            kept.lock().unwrap().push((uri.path().to_owned(), json));
            "ok"
        },
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (base, got)
}

/// `add` with nothing on stdin: a usage error naming `env` (where the secret can be given),
/// and nothing kept.
pub async fn refused_without_secret(w: &World, add: &[&str], env: &str) {
    let missing = w.run(add, "").await;
    assert_eq!(missing.code, 2, "{}", missing.stderr);
    assert!(missing.stderr.contains(env), "{}", missing.stderr);
    assert!(no_destination_secret(w));
}

/// Whether the keychain holds no alert destination's secret.
fn no_destination_secret(w: &World) -> bool {
    w.secrets
        .keys()
        .iter()
        .all(|k| !k.starts_with("alert_destination/"))
}

/// The first lock's battery at 4 % at the simulator, then `watch --once`, which finds it new;
/// the lock's id.
pub async fn low_battery_round(w: &World, org: &str) -> String {
    let locks = w
        .run(&["--org", org, "--json", "locks", "list"], "")
        .await
        .ok()
        .json();
    let lock = locks["locks"][0]["id"].as_str().unwrap().to_owned();
    let r = reqwest::Client::new()
        .post(format!("{}/_sim/battery", w.sim.base_url))
        .json(&json!({ "lock_id": lock, "part": "lock", "percent": 4 }))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success());
    let round = w.run(&["--org", org, "watch", "--once"], "").await;
    assert_eq!(round.code, 3, "{}", round.stderr);
    lock
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_destination_is_added_from_stdin_listed_tested_fed_and_removed() {
    let w = world();
    w.add_profile("work", 0).await;
    w.login("work").await.ok();
    let org = w.first_org().await;
    let (base, got) = receiver().await;
    let hook = format!("{base}/services/T1/B1/SECRETPART");

    // No address on stdin: a usage error naming where to give it; nothing kept.
    let add = [
        "--org",
        &org,
        "--json",
        "alerts",
        "destinations",
        "add",
        "--name",
        "総務 <チーム>",
        "--kind",
        "slack",
        "--rule",
        "low-battery",
        "--lang",
        "en",
    ];
    refused_without_secret(&w, &add, "LOCKDESK_WEBHOOK_URL").await;

    let added = w.run(&add, &format!("{hook}\n")).await.ok().json();
    let id = added["id"].as_str().unwrap().to_owned();
    assert_eq!(added["host"], "127.0.0.1");
    assert_eq!(
        added["rules"],
        json!({ "which": "only", "rules": ["low_battery"] })
    );
    assert!(w
        .secrets
        .keys()
        .contains(&format!("alert_destination/{id}")));

    let list = w
        .run(&["alerts", "destinations", "list"], "")
        .await
        .ok()
        .out();
    assert!(list.contains(&id) && list.contains("127.0.0.1"), "{list}");
    assert!(
        list.contains("low_battery") && list.contains("Slack"),
        "{list}"
    );
    assert!(!list.contains("SECRETPART"), "{list}");

    let tested = w
        .run(&["alerts", "destinations", "test", &id], "")
        .await
        .ok()
        .out();
    assert!(
        tested.starts_with(&format!("test message sent to {id}")),
        "{tested}"
    );
    {
        let got = got.lock().unwrap();
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].0, "/services/T1/B1/SECRETPART");
        let text = got[0].1["text"].as_str().unwrap();
        assert!(text.contains("Lockdesk: test message"), "{text}");
        assert!(text.contains("総務 &lt;チーム&gt;"), "{text}");
    }

    // A low battery raised by `watch --once` reaches the destination once.
    let lock = low_battery_round(&w, &org).await;
    let sent_to_hook = got
        .lock()
        .unwrap()
        .iter()
        .filter(|(_, v)| v["text"].as_str().unwrap_or("").contains("at 4%"))
        .count();
    assert_eq!(sent_to_hook, 1);
    let deliveries = w
        .run(&["--org", &org, "alerts", "deliveries"], "")
        .await
        .ok()
        .out();
    let row = deliveries
        .lines()
        .find(|l| l.contains(&lock))
        .unwrap_or_else(|| panic!("{deliveries}"));
    assert!(
        row.contains("low_battery") && row.contains(" sent "),
        "{row}"
    );
    let again = w.run(&["--org", &org, "watch", "--once"], "").await;
    assert_eq!(again.code, 0, "{}", again.stderr);

    w.run(&["alerts", "destinations", "remove", &id], "")
        .await
        .ok();
    assert!(no_destination_secret(&w));
    let gone = w.run(&["alerts", "destinations", "test", &id], "").await;
    assert_eq!(gone.code, 1);
    assert!(
        gone.stderr.contains("[destination_not_found]"),
        "{}",
        gone.stderr
    );
    assert!(
        gone.stderr.contains("lockctl alerts destinations list"),
        "{}",
        gone.stderr
    );
}
