//! Alerts sent once for the team: three computers (three homes, three keychains, real lockctl
//! processes) share the chat room one of them added (each given its address on its own), and
//! watching at the same moment raise each alert once for the team and post it once; a battery replaced and low again is posted
//! again, once; an alert found while the team's database is down waits, and is posted once
//! when it is back; the room removed on one computer is gone on every one.

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
    }
    // One administrator adds the room; the others find it in their list, without its address,
    // and are refused adding it again.
    let added = add_room(&homes[0], &org, &hook).await;
    assert_eq!(added.code, 0, "{}", added.stderr);
    let again = add_room(&homes[1], &org, &hook).await;
    assert_ne!(again.code, 0);
    assert!(
        again.stderr.contains("[destination_exists]"),
        "{}",
        again.stderr
    );
    let mut ids = Vec::new();
    for (home, user) in homes.iter().zip(USERS) {
        let listed = destinations(home, user, &org).await;
        let found = &listed["destinations"][0];
        assert_eq!(found["name"], "総務チャット", "{listed}");
        assert_eq!(
            listed["destinations"].as_array().unwrap().len(),
            1,
            "{listed}"
        );
        let needs = listed["no_secret_here"].as_array().unwrap().len();
        assert_eq!(needs, usize::from(user != USERS[0]), "{listed}");
        ids.push(found["id"].as_str().unwrap().to_owned());
    }
    // The address each computer is given is checked as in an add, and kept in its keychain.
    let refused = give_address(&homes[2], &ids[2], "http://hooks.example.com/x").await;
    assert_ne!(refused.code, 0);
    assert!(
        refused.stderr.contains("[invalid_input]"),
        "{}",
        refused.stderr
    );
    assert_eq!(
        destinations(&homes[2], USERS[2], &org).await["no_secret_here"],
        json!([ids[2]])
    );
    for i in 1..3 {
        let given = give_address(&homes[i], &ids[i], &hook).await;
        assert_eq!(given.code, 0, "{}", given.stderr);
        let listed = destinations(&homes[i], USERS[i], &org).await;
        assert_eq!(listed["no_secret_here"], json!([]), "{listed}");
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

    // Each computer finds the low battery; the team raises it once (one round says so, exit
    // 3; the others find it raised), and the room gets it once.
    set_battery(&sim_url, &first, 4).await;
    let mut codes: Vec<i32> = watch_all(&homes, &org)
        .await
        .iter()
        .map(|round| round.code)
        .collect();
    codes.sort();
    assert_eq!(codes, [0, 0, 3]);
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
    // Nor is a shared destination removed meanwhile: the team's list cannot be changed.
    let kept = run(&homes[1], "suzuki", &remove_of(&ids[1])).await;
    assert_ne!(kept.code, 0);
    assert!(
        kept.stderr.contains("[team_shared_unreachable]"),
        "{}",
        kept.stderr
    );
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
    assert!(listed.stdout.contains("SENT BY"), "{}", listed.stdout);
    assert!(
        listed.stdout.contains("this computer, "),
        "{}",
        listed.stdout
    );
    let listed = destinations(&homes[1], USERS[1], &org).await;
    assert_eq!(
        listed["team"][0]["computers"].as_array().map(Vec::len),
        Some(2),
        "{listed}"
    );

    // Removed on one computer, the room is gone from every computer's list.
    let removed = run(&homes[2], "takahashi", &remove_of(&ids[2])).await;
    assert_eq!(removed.code, 0, "{}", removed.stderr);
    for (home, user) in homes.iter().zip(USERS) {
        let listed = destinations(home, user, &org).await;
        assert_eq!(listed["destinations"], json!([]), "{listed}");
    }
}

fn remove_of(id: &str) -> Vec<&str> {
    vec!["--profile", "work", "alerts", "destinations", "remove", id]
}

/// `alerts destinations add` of the team's room, its address from the environment.
async fn add_room(home: &Home, org: &str, hook: &str) -> Done {
    let mut add = home.command(&[
        "--profile",
        "work",
        "--org",
        org,
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
    add.env("LOCKDESK_WEBHOOK_URL", hook);
    crate::procs::finish(&mut add).await
}

/// `alerts destinations secret ID`, the address from the environment.
async fn give_address(home: &Home, id: &str, hook: &str) -> Done {
    let mut give = home.command(&["--profile", "work", "alerts", "destinations", "secret", id]);
    give.env("LOCKDESK_WEBHOOK_URL", hook);
    crate::procs::finish(&mut give).await
}

/// `alerts destinations list` as JSON.
async fn destinations(home: &Home, user: &str, org: &str) -> serde_json::Value {
    let listed = run(
        home,
        user,
        &[
            "--profile",
            "work",
            "--org",
            org,
            "--json",
            "alerts",
            "destinations",
            "list",
        ],
    )
    .await;
    assert_eq!(listed.code, 0, "{}", listed.stderr);
    serde_json::from_str(&listed.stdout).unwrap()
}
