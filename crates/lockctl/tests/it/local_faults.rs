//! Real lockctl processes on a computer whose own files fail: a damaged journal (named as the
//! journal, set aside, a new one started whose first entry says so, the old one still read
//! with `activity --file`), and a full disk (a change refused before it is sent, named with
//! its folder, done once space is back).

use std::io::Write;

use serde_json::Value;

use crate::procs::Home;
use crate::support::start_sim;

/// A home signed in as profile `work`, its first organization and that organization's first
/// lock.
async fn office(home: Home) -> (Home, String, String) {
    home.add_and_login("work", 0).await;
    let orgs = json(&home, &["--json", "orgs"]).await;
    let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
    let locks = json(&home, &["--json", "--org", &org, "locks", "list"]).await;
    let lock = locks["locks"][0]["id"].as_str().unwrap().to_owned();
    (home, org, lock)
}

async fn json(home: &Home, args: &[&str]) -> Value {
    let out = home.run(args).await;
    assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
    serde_json::from_str(&out.stdout).unwrap()
}

/// The lock's name at the service (read through lockctl, from the simulator).
async fn name_of(home: &Home, org: &str, lock: &str) -> String {
    let locks = json(home, &["--json", "--org", org, "locks", "list"]).await;
    locks["locks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["id"] == lock)
        .unwrap()["name"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_journal_is_named_set_aside_and_the_next_change_is_journaled() {
    let (home, org, lock) = office(Home::new(start_sim())).await;
    let renamed = home
        .run(&["--org", &org, "locks", "rename", &lock, "Before"])
        .await;
    assert_eq!(renamed.code, 0, "{}", renamed.stderr);
    let journal = home.data().join("journal.sqlite3");
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .open(&journal)
        .unwrap();
    f.write_all(b"garbage, not a database header!!").unwrap();
    drop(f);

    // The journal is named, not the archive.
    let listed = home.run(&["activity"]).await;
    assert_eq!(listed.code, 1, "{}", listed.stdout);
    assert!(
        listed.stderr.contains("[store_damaged]"),
        "{}",
        listed.stderr
    );
    assert!(!listed.stderr.contains("archive_db"), "{}", listed.stderr);
    assert!(listed.stderr.contains("journal"), "{}", listed.stderr);
    let kept: Vec<String> = std::fs::read_dir(home.data())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("journal.damaged-") && n.ends_with(".sqlite3"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(listed.stderr.contains(&kept[0]), "{}", listed.stderr);

    // The next change is journaled, in a new journal whose first entry is the reset note.
    let renamed = home
        .run(&["--org", &org, "locks", "rename", &lock, "After"])
        .await;
    assert_eq!(renamed.code, 0, "{}", renamed.stderr);
    let page = json(&home, &["--json", "activity"]).await;
    let mut entries = page["entries"].as_array().unwrap().clone();
    entries.sort_by_key(|e| e["id"].as_i64());
    assert_eq!(entries.len(), 2, "{page}");
    assert_eq!(entries[0]["operation"], "journal_reset");
    assert_eq!(entries[0]["target_id"], kept[0].as_str());
    assert_eq!(entries[1]["operation"], "locks_rename");
    assert_eq!(entries[1]["changes"][0]["new"], "After");
    assert_eq!(page["set_aside"][0], kept[0].as_str());
    // The table says where the old one is; its header is gone, so nothing of it reads.
    let table = home.run(&["activity"]).await;
    assert!(table.stderr.contains(&kept[0]), "{}", table.stderr);
    let old = home.run(&["activity", "--file", &kept[0]]).await;
    assert_eq!(old.code, 1);
    assert!(old.stderr.contains("[store_failed]"), "{}", old.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_is_refused_unsent_while_the_journal_cannot_be_written() {
    let Some(disk) = lockdesk_sim::small_disk!(
        a_change_is_refused_unsent_while_the_journal_cannot_be_written,
        2048
    ) else {
        return;
    };
    let mut home = Home::new(start_sim());
    home.dir = tempfile::tempdir_in(disk.path()).unwrap();
    let (home, org, lock) = office(home).await;
    let before = name_of(&home, &org, &lock).await;

    disk.fill();
    let refused = home
        .run(&["--org", &org, "locks", "rename", &lock, "During"])
        .await;
    assert_eq!(refused.code, 1, "{}", refused.stdout);
    assert!(refused.stderr.contains("[disk_full]"), "{}", refused.stderr);
    let data = home.data();
    assert!(
        refused.stderr.contains(data.to_str().unwrap()),
        "{}",
        refused.stderr
    );
    assert_eq!(name_of(&home, &org, &lock).await, before);

    disk.free();
    let renamed = home
        .run(&["--org", &org, "locks", "rename", &lock, "After"])
        .await;
    assert_eq!(renamed.code, 0, "{}", renamed.stderr);
    assert_eq!(name_of(&home, &org, &lock).await, "After");
    let page = json(&home, &["--json", "activity", "--op", "locks_rename"]).await;
    assert_eq!(page["total"], 1, "{page}");
    assert_eq!(page["entries"][0]["outcome"], "done");
}
