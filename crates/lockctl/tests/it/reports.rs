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
    let office = Office::new(true, "共有 フォルダ").await;
    let (home, folder) = (&office.home, &office.folder);
    let with = |more: &[&str]| office.args(more);

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
    let refused = run(home, bad).await;
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
    let added = run(home, add).await;
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
    let (a, b) = tokio::join!(run(home, due.clone()), run(home, due.clone()));
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
    let files: Vec<String> = std::fs::read_dir(folder)
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
    let again = run(home, due.clone()).await;
    let v: Value = serde_json::from_str(&again.stdout).unwrap();
    assert_eq!(v["runs"][0]["outcome"]["kind"], "already_written");
    assert!(v["sync"].is_null(), "synced with nothing to write: {v}");
    let list = run(home, with(&["--json", "reports", "list"])).await;
    let list: Value = serde_json::from_str(&list.stdout).unwrap();
    assert_eq!(list["reports"][0]["last_run"]["state"], "done");

    // The folder went away: asked again by name, the run fails with its code and exit status,
    // and no partial file is left anywhere.
    std::fs::remove_dir_all(folder).unwrap();
    let mut by_name = with(&["reports", "run", "--again", "--history-profile", "hist"]);
    by_name.insert(by_name.len() - 3, id.clone());
    let failed = run(home, by_name).await;
    assert_eq!(failed.code, 1, "{}\n{}", failed.stdout, failed.stderr);
    assert!(
        failed.stdout.contains("failed (file_unwritable)"),
        "{}",
        failed.stdout
    );
    assert!(!folder.exists());
}

/// A home signed in to the organization (`org`, v3) and its history (`hist`, v2; only added,
/// not signed in, when `history_signed_in` is false), with an empty folder for the reports.
struct Office {
    home: Home,
    org: String,
    folder: std::path::PathBuf,
}

impl Office {
    async fn new(history_signed_in: bool, folder: &str) -> Office {
        let home = Home::new(start_sim_with(SimOptions {
            v2_rate_limit: 100_000,
            ..SimOptions::small()
        }));
        home.add_and_login("org", 0).await;
        if history_signed_in {
            home.add_and_login("hist", 1).await;
        } else {
            home.add_profile("hist", 1).await;
        }
        let orgs = home.run(&["--profile", "org", "--json", "orgs"]).await;
        assert_eq!(orgs.code, 0, "{}", orgs.stderr);
        let orgs: Value = serde_json::from_str(&orgs.stdout).unwrap();
        let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
        let folder = home.dir.path().join(folder);
        std::fs::create_dir_all(&folder).unwrap();
        Office { home, org, folder }
    }

    /// `--profile org --org <id>` and `more`.
    fn args(&self, more: &[&str]) -> Vec<String> {
        ["--profile", "org", "--org", &self.org]
            .iter()
            .chain(more)
            .map(|s| s.to_string())
            .collect()
    }

    fn folder_arg(&self) -> String {
        self.folder.display().to_string()
    }

    /// Adds a report per `(name, what, format)`, daily at 00:00 (about the day before).
    async fn add_daily(&self, reports: &[(&str, &str, &str)]) {
        let folder = self.folder_arg();
        for (name, what, format) in reports {
            let args = self.args(&[
                "reports", "add", "--name", name, "--what", what, "--every", "daily", "--at",
                "00:00", "--format", format, "--folder", &folder,
            ]);
            let added = run(&self.home, args).await;
            assert_eq!(added.code, 0, "{}", added.stderr);
        }
    }

    /// `reports run --due` as JSON; it must succeed.
    async fn run_due(&self) -> Value {
        let args = self.args(&[
            "--json",
            "reports",
            "run",
            "--due",
            "--history-profile",
            "hist",
        ]);
        let ran = run(&self.home, args).await;
        assert_eq!(ran.code, 0, "{}\n{}", ran.stdout, ran.stderr);
        serde_json::from_str(&ran.stdout).unwrap()
    }
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
    let office = Office::new(false, "reports").await;
    let (home, folder) = (&office.home, &office.folder);
    let args = |more: &[&str]| office.args(more);
    let folder_arg = office.folder_arg();
    let added = run(
        home,
        args(&[
            "reports",
            "add",
            "--name",
            "weekly",
            "--every",
            "weekly",
            "--weekday",
            "1",
            "--folder",
            &folder_arg,
        ]),
    )
    .await;
    assert_eq!(added.code, 0, "{}", added.stderr);

    let due = args(&["reports", "run", "--due", "--history-profile", "hist"]);
    let ran = run(home, due.clone()).await;
    assert_eq!(ran.code, 0, "{}\n{}", ran.stdout, ran.stderr);
    assert!(
        ran.stdout.contains("written to") && ran.stdout.contains("the archive reaches only until"),
        "{}",
        ran.stdout
    );
    let files: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1);
    // The workbook says it too, on a sheet after the records.
    {
        use calamine::{Data, Reader, Xlsx};
        let book = std::fs::read(&files[0]).unwrap();
        let mut book = Xlsx::new(std::io::Cursor::new(book)).unwrap();
        let note = book.worksheet_range("注記").unwrap();
        let Some(Data::String(text)) = note.get((0, 0)) else {
            panic!("no note: {:?}", note.get((0, 0)));
        };
        assert!(text.contains("までの記録しか含まれていません"), "{text}");
    }
    let list = run(home, args(&["--json", "reports", "list"])).await;
    let list: Value = serde_json::from_str(&list.stdout).unwrap();
    let last = &list["reports"][0]["last_run"];
    assert_eq!(last["state"], "done");
    assert!(last["archive_until"].is_string(), "{list}");
    let table = run(home, args(&["reports", "list"])).await;
    assert!(table.stdout.contains("incomplete"), "{}", table.stdout);
}

/// The other kinds: the time card of the period as a workbook (a row per person per day, the
/// headers in Japanese, times as date-times) and the watcher's alerts raised in the period as
/// CSV (only those of the period: one raised before and one after it are left out).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_time_card_and_the_alerts_of_the_period() {
    use calamine::{Data, Reader, Xlsx};
    use chrono::{Duration, Utc};
    use lockdesk_core::watch::{AlertStore, Finding, RuleKind};

    let office = Office::new(true, "reports").await;
    let (home, org) = (&office.home, &office.org);
    let args = |more: &[&str]| office.args(more);
    office
        .add_daily(&[("勤務表", "timecard", "xlsx"), ("通知", "alerts", "csv")])
        .await;
    let list = run(home, args(&["reports", "list"])).await;
    assert!(
        list.stdout.contains("time card") && list.stdout.contains("alerts"),
        "{}",
        list.stdout
    );

    // Alerts raised the day before (in the period), two days before and now (outside it).
    let store = AlertStore::new(&home.data());
    let now = Utc::now();
    for (key, raised) in [
        ("in", now - Duration::hours(24)),
        ("before", now - Duration::hours(72)),
        ("after", now),
    ] {
        let finding = Finding {
            key: key.into(),
            rule: RuleKind::OutsideHours,
            target: "L1".into(),
            lock_id: "L1".into(),
            lock_name: Some("=正面玄関".into()),
            at: raised,
            part: None,
            percent: None,
            user_id: Some("U1".into()),
            user_name: Some("佐藤".into()),
            user_mail: None,
            locked_at: None,
            is_locked: None,
        };
        store.raise(org, &[finding], raised).unwrap();
    }

    let ran = office.run_due().await;
    let outcome = |name: &str| {
        ran["runs"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .unwrap()["outcome"]
            .clone()
    };
    let card = outcome("勤務表");
    assert_eq!(card["kind"], "written", "{ran}");
    let alerts = outcome("通知");
    assert_eq!(alerts["kind"], "written", "{ran}");
    assert_eq!(alerts["records"], 1, "{ran}");
    assert!(alerts["archive_until"].is_null());

    let book = std::fs::read(card["file"].as_str().unwrap()).unwrap();
    let mut book = Xlsx::new(std::io::Cursor::new(book)).unwrap();
    let range = book.worksheet_range("タイムカード").unwrap();
    assert_eq!(range.get((0, 0)), Some(&Data::String("日付".into())));
    assert_eq!(range.get((0, 4)), Some(&Data::String("最初の入室".into())));
    assert_eq!(
        range.height() as u64 - 1,
        card["records"].as_u64().unwrap(),
        "a row per person per day"
    );
    // The simulator's records of the day before (none on a quiet day).
    if range.height() > 1 {
        assert!(matches!(range.get((1, 0)), Some(Data::DateTime(_))));
    }

    let csv = std::fs::read(alerts["file"].as_str().unwrap()).unwrap();
    assert!(csv.starts_with(b"\xEF\xBB\xBF"));
    let text = String::from_utf8(csv[3..].to_vec()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with("通知日時,種類,発生日時,錠ID,錠名"),
        "{text}"
    );
    assert!(lines[1].contains("時間外の入室"), "{text}");
    // A lock name that starts like a formula stays text in the CSV.
    assert!(lines[1].contains(",'=正面玄関,"), "{text}");
}

/// The battery replacement list when the report runs (a battery the simulator reads at 7%, with
/// its device in words) and the journal of the period as JSON Lines (an entry of the day before
/// in it, today's not).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_batteries_to_replace_and_the_journal_of_the_period() {
    use chrono::{Duration, Utc};
    use lockdesk_core::journal::{Journal, NewEntry, Operation, Target};

    let office = Office::new(true, "reports").await;
    let (home, org) = (&office.home, &office.org);
    let args = |more: &[&str]| office.args(more);
    let locks = run(home, args(&["--json", "locks", "list"])).await;
    let locks: Value = serde_json::from_str(&locks.stdout).unwrap();
    let lock = locks["locks"][0]["id"].as_str().unwrap().to_owned();
    let r = reqwest::Client::new()
        .post(format!("{}/_sim/battery", home.sim.base_url))
        .json(&serde_json::json!({ "lock_id": lock, "part": "lock", "percent": 7 }))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success());
    let journal = Journal::new(&home.data());
    for (name, at) in [
        ("昨日の変更", Utc::now() - Duration::hours(24)),
        ("今日の変更", Utc::now()),
    ] {
        journal
            .record(&NewEntry {
                at,
                connection: Some("org".into()),
                account: None,
                organization_id: Some(org.clone()),
                operation: Operation::LocksRename,
                target: Target::id("L1").name(name).set("name", Some(name)),
                outcome: "done".into(),
            })
            .unwrap();
    }
    office
        .add_daily(&[("電池", "batteries", "csv"), ("操作", "journal", "jsonl")])
        .await;
    let ran = office.run_due().await;
    let file = |name: &str| {
        let run = ran["runs"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .unwrap();
        assert_eq!(run["outcome"]["kind"], "written", "{ran}");
        std::fs::read_to_string(run["outcome"]["file"].as_str().unwrap()).unwrap()
    };
    let batteries = file("電池");
    let line = batteries
        .lines()
        .find(|l| l.starts_with(&lock) && l.contains(",錠本体,"))
        .unwrap_or_else(|| panic!("{lock} not listed: {batteries}"));
    assert!(line.contains(",錠本体,7,"), "{line}");
    assert!(batteries.starts_with("\u{feff}錠ID,錠名,部位,電池残量（%）,確認日時"));

    let journal = file("操作");
    let entries: Vec<Value> = journal
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(entries.len(), 1, "{journal}");
    assert_eq!(entries[0]["operation"], "locks_rename");
    assert_eq!(entries[0]["target_name"], "昨日の変更");
    assert!(
        entries[0]["at"].as_str().unwrap().contains('+'),
        "a time with its offset"
    );
}

/// A history report with History's filters: only unlockings by an IC card from outside; every
/// row of the file is one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_history_report_keeps_to_its_filters() {
    let office = Office::new(true, "reports").await;
    let folder = office.folder_arg();
    let args = office.args(&[
        "reports",
        "add",
        "--name",
        "外側カード",
        "--every",
        "monthly",
        "--day",
        "1",
        "--format",
        "csv",
        "--method",
        "nfc_outside",
        "--action",
        "unlocked",
        "--folder",
        &folder,
    ]);
    let added = run(&office.home, args).await;
    assert_eq!(added.code, 0, "{}", added.stderr);
    let list = run(&office.home, office.args(&["reports", "list"])).await;
    assert!(
        list.stdout.contains("history [nfc_outside, unlocked]"),
        "{}",
        list.stdout
    );
    let ran = office.run_due().await;
    let outcome = &ran["runs"][0]["outcome"];
    assert!(
        outcome["records"].as_u64().unwrap() > 0,
        "the month before holds such records: {ran}"
    );
    assert_eq!(outcome["kind"], "written", "{ran}");
    let text = std::fs::read_to_string(outcome["file"].as_str().unwrap()).unwrap();
    let rows: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(rows.len() as u64, outcome["records"].as_u64().unwrap());
    for row in rows {
        assert!(row.contains(",解錠,IC カード（室外）,"), "{row}");
    }
    // A method named in another way than the service's is refused, nothing stored.
    let bad = office.args(&[
        "reports", "add", "--name", "x", "--every", "daily", "--method", "IC Card", "--folder",
        &folder,
    ]);
    let refused = run(&office.home, bad).await;
    assert_eq!(refused.code, 1, "{}", refused.stderr);
    assert!(
        refused.stderr.contains("[invalid_input]"),
        "{}",
        refused.stderr
    );
}

/// Adds the daily report `name` (a workbook, about the day before) writing into `folder`.
async fn add_into(office: &Office, name: &str, folder: &std::path::Path) {
    let folder = folder.display().to_string();
    let args = office.args(&[
        "reports", "add", "--name", name, "--every", "daily", "--at", "00:00", "--folder", &folder,
    ]);
    let added = run(&office.home, args).await;
    assert_eq!(added.code, 0, "{}", added.stderr);
}

/// What the folder holds, by name, sorted.
fn listed(folder: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Two computers (two homes, each with its own run store, sign-in and service) write the same
/// report into one shared folder at the same moment: one whole workbook, written by one of
/// them; the other finds it being written or written, never writes it too, and its next run
/// finds it written.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_computers_writing_one_shared_folder_make_one_whole_file() {
    let share = tempfile::tempdir().unwrap();
    let (a, b) = tokio::join!(Office::new(true, "own"), Office::new(true, "own"));
    for office in [&a, &b] {
        add_into(office, "共有の月報", share.path()).await;
    }
    let (first, second) = tokio::join!(a.run_due(), b.run_due());
    let kinds: Vec<String> = [&first, &second]
        .iter()
        .map(|r| r["runs"][0]["outcome"]["kind"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        kinds.iter().filter(|k| *k == "written").count(),
        1,
        "{first}\n{second}"
    );
    assert!(
        kinds
            .iter()
            .all(|k| ["written", "busy", "already_written"].contains(&k.as_str())),
        "{kinds:?}"
    );
    let files = listed(share.path());
    assert_eq!(files.len(), 1, "claims or temporary files left: {files:?}");
    {
        use calamine::{Reader, Xlsx};
        let book = std::fs::read(share.path().join(&files[0])).unwrap();
        let book = Xlsx::new(std::io::Cursor::new(book)).expect("one whole workbook");
        assert!(!book.sheet_names().is_empty());
    }
    for office in [&a, &b] {
        let again = office.run_due().await;
        assert_eq!(
            again["runs"][0]["outcome"]["kind"], "already_written",
            "{again}"
        );
    }
    assert_eq!(listed(share.path()), files);
}

/// This computer's name, as a claim names it.
fn this_host() -> String {
    #[cfg(windows)]
    {
        std::env::var("COMPUTERNAME").unwrap()
    }
    #[cfg(not(windows))]
    {
        let out = std::process::Command::new("uname")
            .arg("-n")
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_owned()
    }
}

/// The claim a writer puts beside the report file: a live writer's is respected (the period is
/// busy, nothing written); one left by a process of this computer that is gone, or one older
/// than half an hour from another computer, is taken over and the file written.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_of_a_live_writer_is_respected_and_a_stale_one_taken_over() {
    let office = Office::new(true, "share").await;
    add_into(&office, "月報", &office.folder).await;
    let list = run(&office.home, office.args(&["--json", "reports", "list"])).await;
    let list: Value = serde_json::from_str(&list.stdout).unwrap();
    let id = list["reports"][0]["report"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let label = list["reports"][0]["due_period"]
        .as_str()
        .unwrap()
        .to_owned();
    let file = office.folder.join(format!("月報_{label}.xlsx"));
    let claim = office.folder.join(format!(".月報_{label}.xlsx.claim"));
    let plant = |host: &str, pid: u32, at: chrono::DateTime<chrono::Utc>| {
        let holder = serde_json::json!({ "host": host, "pid": pid, "at": at });
        std::fs::write(&claim, holder.to_string()).unwrap();
    };
    let now = chrono::Utc::now();

    // This test's own process holds it: busy, nothing written, the claim left alone.
    plant(&this_host(), std::process::id(), now);
    let busy = office.run_due().await;
    assert_eq!(busy["runs"][0]["outcome"]["kind"], "busy", "{busy}");
    assert!(!file.exists());
    assert!(claim.exists());

    // A process of this computer that has ended: taken over at once.
    let mut ended = crate::procs::start(
        tokio::process::Command::new(env!("CARGO_BIN_EXE_lockctl"))
            .arg("--version")
            .stdout(std::process::Stdio::null()),
    )
    .await;
    let gone = ended.id().unwrap();
    ended.wait().await.unwrap();
    plant(&this_host(), gone, now);
    let taken = office.run_due().await;
    assert_eq!(taken["runs"][0]["outcome"]["kind"], "written", "{taken}");
    assert_eq!(listed(&office.folder), vec![format!("月報_{label}.xlsx")]);

    // Another computer's claim, fresh: respected, also when asked again by name; half an hour
    // old: taken over.
    let again = office.args(&[
        "--json",
        "reports",
        "run",
        &id,
        "--again",
        "--history-profile",
        "hist",
    ]);
    let kind = |done: &Done| -> String {
        assert_eq!(done.code, 0, "{}{}", done.stdout, done.stderr);
        let v: Value = serde_json::from_str(&done.stdout).unwrap();
        v["runs"][0]["outcome"]["kind"].as_str().unwrap().to_owned()
    };
    plant("another-computer", 4242, now);
    assert_eq!(kind(&run(&office.home, again.clone()).await), "busy");
    plant(
        "another-computer",
        4242,
        now - chrono::Duration::minutes(31),
    );
    assert_eq!(kind(&run(&office.home, again).await), "written");
    assert_eq!(listed(&office.folder), vec![format!("月報_{label}.xlsx")]);
}

/// The access review as a workbook, read back: a row per user (and open invitation) with the
/// sign-off columns empty; what the directory (an HR export) says of each; a user who left but
/// is still there, the managers, and those with no record in 90 days marked; the last record
/// from the archive for those who have one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_access_review_marks_leavers_managers_and_the_idle() {
    use calamine::{Data, Reader, Xlsx};

    let office = Office::new(true, "棚卸し").await;
    let home = &office.home;
    let args = |more: &[&str]| office.args(more);
    let users = run(home, args(&["--json", "users", "list"])).await;
    assert_eq!(users.code, 0, "{}", users.stderr);
    let users: Value = serde_json::from_str(&users.stdout).unwrap();
    let users = users["users"].as_array().unwrap().clone();
    let invitations = run(home, args(&["--json", "invitations", "list"])).await;
    let invitations: Value = serde_json::from_str(&invitations.stdout).unwrap();
    let open = invitations["invitations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["status"]["kind"] != "expired")
        .count();
    // The HR export: every user with an e-mail address, one of them left last year.
    let with_mail: Vec<&Value> = users.iter().filter(|u| u["mail"].is_string()).collect();
    let leaver = with_mail
        .iter()
        .find(|u| u["authority"]["kind"] == "member")
        .unwrap();
    let mut csv = String::from("社員番号,氏名,メールアドレス,入社日,退職日\r\n");
    for (i, u) in with_mail.iter().enumerate() {
        let left = if u["id"] == leaver["id"] {
            "2020/03/31"
        } else {
            ""
        };
        // The service's user code is the employee number where it has one.
        let number = u["code"]
            .as_str()
            .map_or_else(|| format!("N{i:04}"), str::to_owned);
        csv.push_str(&format!(
            "{number},\"{}\",{},2019/04/01,{left}\r\n",
            u["name"].as_str().unwrap().replace('"', "\"\""),
            u["mail"].as_str().unwrap()
        ));
    }
    let export = home.dir.path().join("社員.csv");
    std::fs::write(&export, encoding_rs::SHIFT_JIS.encode(&csv).0).unwrap();
    let added = run(
        home,
        args(&[
            "directory",
            "sources",
            "add",
            "--name",
            "人事",
            "--hr-csv",
            export.to_str().unwrap(),
        ]),
    )
    .await;
    assert_eq!(added.code, 0, "{}", added.stderr);
    office
        .add_daily(&[("棚卸し", "access-review", "xlsx")])
        .await;

    let ran = office.run_due().await;
    let run0 = &ran["runs"][0]["outcome"];
    assert_eq!(run0["kind"], "written", "{ran}");
    let book = std::fs::read(run0["file"].as_str().unwrap()).unwrap();
    let mut book = Xlsx::new(std::io::Cursor::new(book)).unwrap();
    let range = book.worksheet_range("アクセス権の棚卸し").unwrap();
    let head: Vec<String> = (0..16)
        .map(|c| range.get((0, c)).unwrap().to_string())
        .collect();
    assert_eq!(
        head,
        [
            "要確認",
            "ユーザーID",
            "氏名",
            "メールアドレス",
            "ユーザーコード",
            "権限",
            "状態",
            "ユーザーグループ",
            "登録・招待日時",
            "最終利用日時",
            "経過日数",
            "ディレクトリ",
            "確認者",
            "確認日",
            "備考",
            "継続・削除"
        ]
    );
    assert_eq!(
        range.height() - 1,
        users.len() + open,
        "a row per user and invitation"
    );
    let text = |r: usize, c: usize| range.get((r, c)).map(|d| d.to_string()).unwrap_or_default();
    let row_of = |id: &Value| {
        (1..range.height())
            .find(|&r| text(r, 1) == id.as_str().unwrap())
            .unwrap_or_else(|| panic!("{id} has a row"))
    };
    let mut seen_some = false;
    for u in &users {
        let r = row_of(&u["id"]);
        let flags = text(r, 0);
        // The reviewer's columns are left empty.
        for c in 12..16 {
            assert!(matches!(range.get((r, c)), None | Some(Data::Empty)), "{u}");
        }
        let manager = matches!(
            u["authority"]["kind"].as_str(),
            Some("manager" | "super_manager")
        );
        assert_eq!(flags.contains("管理者"), manager, "{u}: {flags}");
        let directory = text(r, 11);
        if u["id"] == leaver["id"] {
            assert_eq!(directory, "退職・無効");
            assert!(flags.contains("退職者が残っている"), "{flags}");
        } else if u["mail"].is_string() {
            assert_eq!(directory, "在籍", "{u}");
            assert!(!flags.contains("退職者"), "{u}: {flags}");
        } else {
            assert_eq!(directory, "ディレクトリにない", "{u}");
        }
        match range.get((r, 9)) {
            Some(Data::DateTime(_)) => {
                seen_some = true;
                assert!(matches!(
                    range.get((r, 10)),
                    Some(Data::Float(_) | Data::Int(_))
                ));
            }
            _ => assert!(flags.contains("90日間記録なし"), "{u}: {flags}"),
        }
    }
    assert!(
        seen_some,
        "the archive's records give some users a last record"
    );
}
