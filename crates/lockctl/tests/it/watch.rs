//! `lockctl watch --once` as real processes on one home: exit 3 with new alerts (one JSON line
//! each), 0 when nothing is new, and two processes at the same moment raise each alert once.

use std::collections::HashSet;

use serde_json::{json, Value};

use crate::procs::Home;
use lockdesk_sim::SimOptions;

use crate::support::start_sim_with;

async fn sim_post(base: &str, path: &str, body: Value) {
    let r = reqwest::Client::new()
        .post(format!("{base}{path}"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{path}: {}", r.status());
}

fn keys(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"));
            v["finding"]["key"].as_str().unwrap().to_owned()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_once_exit_status_and_two_processes_raise_once() {
    // No generated history, no per-token limit at the simulator: the battery rule is what is
    // tested here, and five rounds of syncs at the service's 50 requests per minute (shared
    // by every process with the token) would take minutes.
    let home = Home::new(start_sim_with(SimOptions {
        history_records: 0,
        v2_rate_limit: 100_000,
        ..SimOptions::small()
    }));
    home.add_and_login("org", 0).await;
    home.add_and_login("hist", 1).await;
    let orgs = home.run(&["--profile", "org", "--json", "orgs"]).await;
    assert_eq!(orgs.code, 0, "{}", orgs.stderr);
    let orgs: Value = serde_json::from_str(&orgs.stdout).unwrap();
    let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
    let locks = home
        .run(&["--profile", "org", "--org", &org, "--json", "locks", "list"])
        .await;
    assert_eq!(locks.code, 0, "{}", locks.stderr);
    let locks: Value = serde_json::from_str(&locks.stdout).unwrap();
    let lock = locks["locks"][0]["id"].as_str().unwrap().to_owned();

    // Only the battery rule, from the rules file the app would write, and one low battery.
    let rules = json!({
        "interval_minutes": 10,
        "low_battery": { "enabled": true, "threshold_percent": 20 },
        "unlocked_too_long": { "enabled": false, "minutes": 30 },
        "outside_hours": { "enabled": false, "days": [1, 2, 3, 4, 5], "start": "09:00",
            "end": "18:00", "holidays_off": true, "utc_offset_minutes": 540 },
        "listed_users": { "enabled": false, "users": [] },
        "silent_lock": { "enabled": false, "days": 7 }
    });
    let dir = home.config().join("watch");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{org}.json")), rules.to_string()).unwrap();
    let base = home.sim.base_url.clone();
    sim_post(
        &base,
        "/_sim/battery",
        json!({ "lock_id": lock, "part": "lock", "percent": 7 }),
    )
    .await;

    let args = [
        "--profile",
        "org",
        "--org",
        &org,
        "--json",
        "watch",
        "--once",
        "--history-profile",
        "hist",
    ];
    let (a, b) = tokio::join!(home.run(&args), home.run(&args));
    for d in [&a, &b] {
        assert!(d.code == 0 || d.code == 3, "exit {}: {}", d.code, d.stderr);
    }
    assert!(a.code == 3 || b.code == 3, "no process raised anything");
    let mut all = keys(&a.stdout);
    all.extend(keys(&b.stdout));
    let unique: HashSet<&String> = all.iter().collect();
    assert_eq!(unique.len(), all.len(), "raised twice: {all:?}");
    assert!(all.contains(&format!("low_battery:{lock}/lock")), "{all:?}");
    for line in a.stdout.lines().chain(b.stdout.lines()) {
        assert!(!line.chars().any(|c| c.is_control()), "{line:?}");
    }

    // Nothing new: exit 0 and no output.
    let again = home.run(&args).await;
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert_eq!(again.stdout, "");

    // A new low battery: exit 3 and exactly that alert, as a line of text without --json.
    sim_post(
        &base,
        "/_sim/battery",
        json!({ "lock_id": lock, "part": "nfc_reader_outside", "percent": 4 }),
    )
    .await;
    let text_args: Vec<&str> = args.iter().copied().filter(|a| *a != "--json").collect();
    // In this computer's local time (Tokyo here), with its offset.
    let text = crate::procs::finish(home.command(&text_args).env("TZ", "Asia/Tokyo")).await;
    assert_eq!(text.code, 3, "{}", text.stderr);
    let lines: Vec<&str> = text.stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{}", text.stdout);
    // The core's words for the alert, as the notification and the team's messages say it.
    assert!(
        lines[0].contains("Low battery: ") && lines[0].contains("outside reader battery at 4%"),
        "{}",
        lines[0]
    );
    // Windows takes its zone from the system settings, never from TZ.
    if cfg!(unix) {
        assert!(lines[0].contains(" +09:00)"), "{}", lines[0]);
    }

    // A history that cannot be synced (no history profile given: the organization's profile
    // is no history connection): the batteries are still checked, and stderr says what was not.
    let unsynced = home
        .run(&["--profile", "org", "--org", &org, "watch", "--once"])
        .await;
    assert_eq!(unsynced.code, 0, "{}", unsynced.stderr);
    assert!(
        unsynced
            .stderr
            .contains("warning: the history was not synced"),
        "{}",
        unsynced.stderr
    );

    // An error is neither 0 nor 3: an organization this account is not in.
    let broken = home
        .run(&[
            "--profile",
            "org",
            "--org",
            "O-00000-00000",
            "watch",
            "--once",
            "--history-profile",
            "hist",
        ])
        .await;
    assert!(broken.code != 0 && broken.code != 3, "{}", broken.stderr);
}
