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

/// The rule "someone who left still has access": with an HR export as the directory, a user
/// who left last year is raised once (one alert for the person, in words), one on the
/// exceptions list is not, and the next round raises nothing again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leaver_still_a_user_is_raised_once() {
    let home = Home::new(start_sim_with(SimOptions {
        history_records: 0,
        v2_rate_limit: 100_000,
        ..SimOptions::small()
    }));
    home.add_and_login("org", 0).await;
    let orgs = home.run(&["--profile", "org", "--json", "orgs"]).await;
    let orgs: Value = serde_json::from_str(&orgs.stdout).unwrap();
    let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
    let with = |more: &[&str]| -> Vec<String> {
        ["--profile", "org", "--org", org.as_str()]
            .iter()
            .chain(more)
            .map(|s| s.to_string())
            .collect()
    };
    let run = |args: Vec<String>| {
        let home = &home;
        async move {
            let refs: Vec<&str> = args.iter().map(String::as_str).collect();
            home.run(&refs).await
        }
    };
    let users = run(with(&["--json", "users", "list"])).await;
    let users: Value = serde_json::from_str(&users.stdout).unwrap();
    let members: Vec<&Value> = users["users"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|u| u["authority"]["kind"] == "member" && u["mail"].is_string())
        .collect();
    let (left, excepted) = (members[0], members[1]);
    // Everyone with an e-mail address is in the export; two of them left last year.
    let mut csv = String::from("社員番号,氏名,メールアドレス,入社日,退職日\r\n");
    for (i, u) in users["users"].as_array().unwrap().iter().enumerate() {
        let Some(mail) = u["mail"].as_str() else {
            continue;
        };
        let gone = u["id"] == left["id"] || u["id"] == excepted["id"];
        let number = u["code"]
            .as_str()
            .map_or_else(|| format!("N{i:04}"), str::to_owned);
        csv.push_str(&format!(
            "{number},\"{}\",{mail},2019/04/01,{}\r\n",
            u["name"].as_str().unwrap().replace('"', "\"\""),
            if gone { "2025/03/31" } else { "" }
        ));
    }
    let file = home.dir.path().join("社員.csv");
    std::fs::write(&file, encoding_rs::SHIFT_JIS.encode(&csv).0).unwrap();
    let added = run(with(&[
        "directory",
        "sources",
        "add",
        "--name",
        "人事",
        "--hr-csv",
        file.to_str().unwrap(),
    ]))
    .await;
    assert_eq!(added.code, 0, "{}", added.stderr);
    let kept = run(with(&[
        "directory",
        "exceptions",
        "add",
        excepted["mail"].as_str().unwrap(),
        "--reason",
        "引き継ぎ中",
        "--until",
        "2099-12-31",
    ]))
    .await;
    assert_eq!(kept.code, 0, "{}", kept.stderr);

    // Only this rule.
    let rules = json!({
        "interval_minutes": 10,
        "low_battery": { "enabled": false, "threshold_percent": 20 },
        "unlocked_too_long": { "enabled": false, "minutes": 30 },
        "outside_hours": { "enabled": false, "days": [1, 2, 3, 4, 5], "start": "09:00",
            "end": "18:00", "holidays_off": true, "utc_offset_minutes": 540 },
        "listed_users": { "enabled": false, "users": [] },
        "silent_lock": { "enabled": false, "days": 7 },
        "leaver_still_user": { "enabled": true }
    });
    let dir = home.config().join("watch");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{org}.json")), rules.to_string()).unwrap();

    let first = run(with(&["--json", "watch", "--once"])).await;
    assert_eq!(first.code, 3, "{}", first.stderr);
    // The leaver, and the users the export cannot list (no e-mail address), managers too; not
    // the one on the exceptions list.
    let mut want: Vec<String> = users["users"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|u| u["id"] == left["id"] || !u["mail"].is_string())
        .map(|u| format!("leaver_still_user:{}", u["id"].as_str().unwrap()))
        .collect();
    let mut got = keys(&first.stdout);
    want.sort();
    got.sort();
    assert_eq!(got, want);
    let alert: Value = first
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|a| a["finding"]["user_id"] == left["id"])
        .unwrap();
    assert_eq!(alert["finding"]["user_name"], left["name"], "{alert}");
    assert_eq!(alert["finding"]["rule"], "leaver_still_user", "{alert}");

    // The next round: nothing new.
    let again = run(with(&["watch", "--once"])).await;
    assert_eq!(again.code, 0, "{}\n{}", again.stdout, again.stderr);
    assert_eq!(again.stdout, "");
}
