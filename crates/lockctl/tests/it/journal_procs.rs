//! The journal written by several real lockctl processes at once (a scheduled lockctl beside
//! another, or beside the app): every change is recorded, none is lost to a busy database.

use crate::procs::Home;
use crate::support::start_sim;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn processes_at_once_lose_no_entry() {
    let (home, org) = signed_in_home().await;
    // Four processes, each refused five times (no such user): 20 entries.
    tokio::join!(
        refused(&home, &org, 0),
        refused(&home, &org, 1),
        refused(&home, &org, 2),
        refused(&home, &org, 3)
    );
    let page = entries_of(&home, "users_remove").await;
    assert_eq!(page["total"], 20, "{page}");
    assert!(page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["outcome"] != "done" && e["connection"] == "work"));
}

/// A home signed in as profile `work`, and its first organization.
async fn signed_in_home() -> (Home, String) {
    let home = Home::new(start_sim());
    home.add_and_login("work", 0).await;
    let orgs = home.run(&["--json", "orgs"]).await;
    assert_eq!(orgs.code, 0, "{}", orgs.stderr);
    let orgs: serde_json::Value = serde_json::from_str(&orgs.stdout).unwrap();
    let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
    (home, org)
}

/// `activity --json --op OP`: the journal's entries of one operation.
async fn entries_of(home: &Home, op: &str) -> serde_json::Value {
    let args = ["--json", "activity", "--op", op, "--limit", "1000"];
    let listed = home.run(&args).await;
    assert_eq!(listed.code, 0, "{}", listed.stderr);
    serde_json::from_str(&listed.stdout).unwrap()
}

/// Five `users remove` of users that do not exist, one after the other.
async fn refused(home: &Home, org: &str, process: u32) {
    for i in 0..5 {
        let user = format!("U-jrnl{process}-{i:05}");
        let out = home.run(&["--org", org, "users", "remove", &user]).await;
        assert_eq!(out.code, 1, "{}", out.stderr);
    }
}

/// `activity --keep` in one process while two others write (and may prune in the background
/// themselves): every old entry goes, every new one stays, and nobody meets a busy file.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_prune_beside_writing_processes_keeps_every_new_entry() {
    let (home, org) = signed_in_home().await;
    plant_old_entries(&home, 3000);

    let (keep, _, _) = tokio::join!(
        home.run(&["activity", "--keep", "30"]),
        refused(&home, &org, 0),
        refused(&home, &org, 1),
    );
    assert_eq!(keep.code, 0, "{}", keep.stderr);
    assert!(
        keep.stdout.starts_with("The journal now keeps 30 days"),
        "{}",
        keep.stdout
    );

    let page = entries_of(&home, "users_remove").await;
    assert_eq!(page["total"], 10, "{page}");
    let old = entries_of(&home, "user_groups_update").await;
    assert_eq!(old["total"], 0, "{old}");
}

/// `count` entries 400 days old in the home's journal, as an earlier year's use left them.
fn plant_old_entries(home: &Home, count: i64) {
    use chrono::{Duration, Utc};
    use lockdesk_core::journal::{Journal, NewEntry, Operation, Target, DONE};
    let journal = Journal::new(&home.data());
    let at = Utc::now() - Duration::days(400);
    for i in 0..count {
        journal
            .record(&NewEntry {
                at: at + Duration::seconds(i),
                connection: Some("work".into()),
                account: None,
                organization_id: None,
                operation: Operation::UserGroupsUpdate,
                target: Target::id(format!("old-{i}")),
                outcome: DONE.into(),
            })
            .unwrap();
    }
}
