//! `lockctl reports` as real processes on one home: a report added, its due period written as
//! an Excel workbook into the folder, never twice (two processes at the same moment write it
//! once), written again only when asked by name; a folder that went away fails with its code
//! and leaves nothing half-written.

use serde_json::Value;

use crate::procs::{Done, Home};
use crate::support::start_sim_with;
use lockdesk_sim::SimOptions;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_due_report_is_written_once_into_its_folder() {
    let home = Home::new(start_sim_with(SimOptions {
        v2_rate_limit: 100_000,
        ..SimOptions::small()
    }));
    home.add_and_login("org", 0).await;
    home.add_and_login("hist", 1).await;
    let orgs = home.run(&["--profile", "org", "--json", "orgs"]).await;
    assert_eq!(orgs.code, 0, "{}", orgs.stderr);
    let orgs: Value = serde_json::from_str(&orgs.stdout).unwrap();
    let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
    let folder = home.dir.path().join("共有 フォルダ");
    std::fs::create_dir_all(&folder).unwrap();
    let base = ["--profile", "org", "--org", &org];
    let with = |more: &[&'static str]| -> Vec<String> {
        base.iter()
            .map(|s| s.to_string())
            .chain(more.iter().map(|s| s.to_string()))
            .collect()
    };

    // Refused: a folder that does not exist, a day no month has.
    let mut bad = with(&[
        "reports",
        "add",
        "--name",
        "入退室履歴",
        "--every",
        "monthly",
        "--day",
        "31",
        "--folder",
    ]);
    bad.push(folder.display().to_string());
    let refused = run(&home, bad).await;
    assert_eq!(refused.code, 1, "{}", refused.stderr);
    assert!(
        refused.stderr.contains("[invalid_input]"),
        "{}",
        refused.stderr
    );

    let mut add = with(&[
        "--json",
        "reports",
        "add",
        "--name",
        "入退室履歴",
        "--every",
        "daily",
        "--at",
        "00:00",
        "--folder",
    ]);
    add.push(folder.display().to_string());
    let added = run(&home, add).await;
    assert_eq!(added.code, 0, "{}", added.stderr);
    let report: Value = serde_json::from_str(&added.stdout).unwrap();
    let id = report["id"].as_str().unwrap().to_owned();

    // Two programs at the same moment: the period is written once.
    let due = with(&[
        "--json",
        "reports",
        "run",
        "--due",
        "--history-profile",
        "hist",
    ]);
    let (a, b) = tokio::join!(run(&home, due.clone()), run(&home, due.clone()));
    let mut written = 0;
    for d in [&a, &b] {
        assert_eq!(d.code, 0, "{}", d.stderr);
        let v: Value = serde_json::from_str(&d.stdout).unwrap();
        let kind = v["runs"][0]["outcome"]["kind"].as_str().unwrap().to_owned();
        assert!(
            ["written", "already_written", "busy"].contains(&kind.as_str()),
            "{kind}"
        );
        written += usize::from(kind == "written");
    }
    assert_eq!(written, 1, "{}\n{}", a.stdout, b.stdout);
    let files: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(
        files[0].starts_with("入退室履歴_") && files[0].ends_with(".xlsx"),
        "{files:?}"
    );
    let book = std::fs::read(folder.join(&files[0])).unwrap();
    assert!(book.starts_with(b"PK\x03\x04"), "not a workbook");

    // Again with --due: written before, nothing new.
    let again = run(&home, due.clone()).await;
    let v: Value = serde_json::from_str(&again.stdout).unwrap();
    assert_eq!(v["runs"][0]["outcome"]["kind"], "already_written");
    assert!(v["sync"].is_null(), "synced with nothing to write: {v}");
    let list = run(&home, with(&["--json", "reports", "list"])).await;
    let list: Value = serde_json::from_str(&list.stdout).unwrap();
    assert_eq!(list["reports"][0]["last_run"]["state"], "done");

    // The folder went away: asked again by name, the run fails with its code and exit status,
    // and no partial file is left anywhere.
    std::fs::remove_dir_all(&folder).unwrap();
    let mut by_name = with(&["reports", "run", "--again", "--history-profile", "hist"]);
    by_name.insert(by_name.len() - 3, id.clone());
    let failed = run(&home, by_name).await;
    assert_eq!(failed.code, 1, "{}\n{}", failed.stdout, failed.stderr);
    assert!(
        failed.stdout.contains("failed (file_unwritable)"),
        "{}",
        failed.stdout
    );
    assert!(!folder.exists());
}

async fn run(home: &Home, args: Vec<String>) -> Done {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    home.run(&refs).await
}

/// The history sign-in is not there (v2 sign-ins last two hours): the report is still written
/// from the archive as it stands, and the run says how far the archive reaches and what to do;
/// the list marks the run incomplete.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_history_sign_in_the_report_says_how_far_the_archive_reaches() {
    let home = Home::new(start_sim_with(SimOptions::small()));
    home.add_and_login("org", 0).await;
    home.add_profile("hist", 1).await;
    let orgs = home.run(&["--profile", "org", "--json", "orgs"]).await;
    let orgs: Value = serde_json::from_str(&orgs.stdout).unwrap();
    let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
    let folder = home.dir.path().join("reports");
    std::fs::create_dir_all(&folder).unwrap();
    let base = ["--profile".to_owned(), "org".into(), "--org".into(), org];
    let args = |more: &[&str]| -> Vec<String> {
        base.iter()
            .cloned()
            .chain(more.iter().map(|s| s.to_string()))
            .collect()
    };
    let folder_arg = folder.display().to_string();
    let added = run(
        &home,
        args(&[
            "reports",
            "add",
            "--name",
            "weekly",
            "--every",
            "weekly",
            "--weekday",
            "1",
            "--format",
            "csv",
            "--folder",
            &folder_arg,
        ]),
    )
    .await;
    assert_eq!(added.code, 0, "{}", added.stderr);

    let due = args(&["reports", "run", "--due", "--history-profile", "hist"]);
    let ran = run(&home, due.clone()).await;
    assert_eq!(ran.code, 0, "{}\n{}", ran.stdout, ran.stderr);
    assert!(
        ran.stdout.contains("written to") && ran.stdout.contains("the archive reaches only until"),
        "{}",
        ran.stdout
    );
    let files: Vec<_> = std::fs::read_dir(&folder).unwrap().collect();
    assert_eq!(files.len(), 1);
    let list = run(&home, args(&["--json", "reports", "list"])).await;
    let list: Value = serde_json::from_str(&list.stdout).unwrap();
    let last = &list["reports"][0]["last_run"];
    assert_eq!(last["state"], "done");
    assert!(last["archive_until"].is_string(), "{list}");
    let table = run(&home, args(&["reports", "list"])).await;
    assert!(table.stdout.contains("incomplete"), "{}", table.stdout);
}
