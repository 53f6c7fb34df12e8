//! The journal written by several real lockctl processes at once (a scheduled lockctl beside
//! another, or beside the app): every change is recorded, none is lost to a busy database.

use crate::procs::Home;
use crate::support::start_sim;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn processes_at_once_lose_no_entry() {
    let home = Home::new(start_sim());
    home.add_and_login("work", 0).await;
    let orgs = home.run(&["--json", "orgs"]).await;
    assert_eq!(orgs.code, 0, "{}", orgs.stderr);
    let orgs: serde_json::Value = serde_json::from_str(&orgs.stdout).unwrap();
    let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
    // Four processes, each refused five times (no such user): 20 entries.
    tokio::join!(
        refused(&home, &org, 0),
        refused(&home, &org, 1),
        refused(&home, &org, 2),
        refused(&home, &org, 3)
    );
    let listed = home
        .run(&[
            "--json",
            "activity",
            "--op",
            "users_remove",
            "--limit",
            "1000",
        ])
        .await;
    assert_eq!(listed.code, 0, "{}", listed.stderr);
    let page: serde_json::Value = serde_json::from_str(&listed.stdout).unwrap();
    assert_eq!(page["total"], 20, "{page}");
    assert!(page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["outcome"] != "done" && e["connection"] == "work"));
}

/// Five `users remove` of users that do not exist, one after the other.
async fn refused(home: &Home, org: &str, process: u32) {
    for i in 0..5 {
        let user = format!("U-jrnl{process}-{i:05}");
        let out = home.run(&["--org", org, "users", "remove", &user]).await;
        assert_eq!(out.code, 1, "{}", out.stderr);
    }
}
