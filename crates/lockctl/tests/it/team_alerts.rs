//! Alerts sent once for the team: three computers (three homes, three keychains, real lockctl
//! processes) each set up with the team's chat room, watching at the same moment, post each
//! alert once; a battery replaced and low again is posted again, once; an alert found while
//! the team's database is down waits, and is posted once when it is back.

use serde_json::json;

use crate::alerts::{receiver, Got};
use crate::procs::{Done, Home};
use crate::support::start_sim;
use crate::team::{first_org, run};
use crate::team_server::Server;

const USERS: [&str; 3] = ["sato", "suzuki", "takahashi"];

/// How many posts about the lock body battery of `lock` at `percent` the chat room received
/// (a post of several alerts counts once).
fn posts_at(got: &Got, lock: &str, percent: u8) -> usize {
    got.lock()
        .unwrap()
        .iter()
        .filter(|(_, v)| {
            v["text"]
                .as_str()
                .unwrap_or("")
                .contains(&format!("{lock}: lock body battery at {percent}%"))
        })
        .count()
}

async fn set_battery(sim_url: &str, lock: &str, percent: u8) {
    let r = reqwest::Client::new()
        .post(format!("{sim_url}/_sim/battery"))
        .json(&json!({ "lock_id": lock, "part": "lock", "percent": percent }))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success());
}

/// `watch --once` on every computer at the same moment.
async fn watch_all(homes: &[Home], org: &str) -> Vec<Done> {
    let args = ["--profile", "work", "--org", org, "watch", "--once"];
    let (a, b, c) = tokio::join!(
        run(&homes[0], USERS[0], &args),
        run(&homes[1], USERS[1], &args),
        run(&homes[2], USERS[2], &args)
    );
    vec![a, b, c]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_computers_watching_at_once_post_each_alert_once() {
    let server = Server::start().await;
    let address = server.source().address();
    let sim = start_sim();
    let sim_url = sim.base_url.clone();
    let homes: Vec<Home> = (0..3).map(|_| Home::new(sim.clone())).collect();
    let (base, got) = receiver().await;
    let hook = format!("{base}/services/T1/B1/ROOM");
    let mut org = String::new();
    for (home, user) in homes.iter().zip(USERS) {
        home.add_and_login("work", 0).await;
        let connected = run(home, user, &["team", "connect", &address]).await;
        assert_eq!(connected.code, 0, "{}", connected.stderr);
        org = first_org(home, user).await;
        let mut add = home.command(&[
            "--profile",
            "work",
            "--org",
            &org,
            "alerts",
            "destinations",
            "add",
            "--name",
            "総務チャット",
            "--kind",
            "slack",
            "--rule",
            "low-battery",
            "--lang",
            "en",
        ]);
        add.env("LOCKDESK_WEBHOOK_URL", &hook);
        let added = crate::procs::finish(&mut add).await;
        assert_eq!(added.code, 0, "{}", added.stderr);
    }
    let listed = run(
        &homes[0],
        "sato",
        &[
            "--profile",
            "work",
            "--org",
            &org,
            "--json",
            "locks",
            "list",
        ],
    )
    .await;
    let locks: serde_json::Value = serde_json::from_str(&listed.stdout).unwrap();
    let lock = |i: usize, what: &str| locks["locks"][i][what].as_str().unwrap().to_owned();
    let (first, first_name) = (lock(0, "id"), lock(0, "name"));
    let (second, second_name) = (lock(1, "id"), lock(1, "name"));

    // Each computer finds the low battery and shows it; the room gets it once.
    set_battery(&sim_url, &first, 4).await;
    for round in watch_all(&homes, &org).await {
        assert_eq!(round.code, 3, "{}", round.stderr);
    }
    assert_eq!(posts_at(&got, &first_name, 4), 1);
    // Rounds later: nothing new, nothing posted again.
    for round in watch_all(&homes, &org).await {
        assert_eq!(round.code, 0, "{}", round.stderr);
    }
    assert_eq!(posts_at(&got, &first_name, 4), 1);

    // The battery replaced, then low again: a new alert, posted once.
    set_battery(&sim_url, &first, 100).await;
    watch_all(&homes, &org).await;
    set_battery(&sim_url, &first, 5).await;
    watch_all(&homes, &org).await;
    assert_eq!(posts_at(&got, &first_name, 5), 1);

    // The database down: the alert is found and shown here, its post waits (no computer can
    // know whether another posted it); back, it is posted once.
    server.stop();
    set_battery(&sim_url, &second, 6).await;
    let down = run(
        &homes[1],
        "suzuki",
        &["--profile", "work", "--org", &org, "watch", "--once"],
    )
    .await;
    assert_eq!(down.code, 3, "{}", down.stderr);
    assert_eq!(posts_at(&got, &second_name, 6), 0);
    server.start_again();
    watch_all(&homes, &org).await;
    assert_eq!(posts_at(&got, &second_name, 6), 1);
    assert_eq!(
        posts_at(&got, &first_name, 4) + posts_at(&got, &first_name, 5),
        2
    );

    // Every alert the room got (the simulator's other low batteries too), each once.
    let lines: Vec<String> = got
        .lock()
        .unwrap()
        .iter()
        .flat_map(|(_, v)| {
            let text = v["text"].as_str().unwrap_or("").to_owned();
            text.lines()
                .filter(|l| l.contains("battery at"))
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect();
    let mut once = lines.clone();
    once.sort();
    once.dedup();
    assert_eq!(once.len(), lines.len(), "{lines:#?}");

    // Each computer lists the others that can send to the room too.
    let listed = run(
        &homes[0],
        "sato",
        &[
            "--profile",
            "work",
            "--org",
            &org,
            "alerts",
            "destinations",
            "list",
        ],
    )
    .await;
    assert_eq!(listed.code, 0, "{}", listed.stderr);
    assert!(listed.stdout.contains("ALSO ON"), "{}", listed.stdout);
    let listed = run(
        &homes[1],
        "suzuki",
        &[
            "--profile",
            "work",
            "--org",
            &org,
            "--json",
            "alerts",
            "destinations",
            "list",
        ],
    )
    .await;
    let listed: serde_json::Value = serde_json::from_str(&listed.stdout).unwrap();
    assert_eq!(
        listed["team"][0]["computers"].as_array().map(Vec::len),
        Some(2),
        "{listed}"
    );
}
