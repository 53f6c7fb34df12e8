use std::time::Duration;

use lockdesk_api::RateLimiter;
use lockdesk_sim::SimOptions;

use crate::support::{take_requests, world, world_with};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_export_is_csv_with_bom_for_excel() {
    let w = world();
    w.add_profile("hist", 1).await;
    w.login("hist").await.ok();

    let locks = w.run(&["--json", "history", "locks"], "").await.ok().json();
    let lock = locks["locks"][0]["id"].as_str().unwrap().to_owned();

    let csv = w
        .run(
            &["history", "accesses", "--lock", &lock, "--format", "csv"],
            "",
        )
        .await
        .ok();
    assert!(csv.stdout.starts_with(&[0xEF, 0xBB, 0xBF]), "no BOM");
    let text = csv.out();
    let mut lines = text.trim_start_matches('\u{feff}').lines();
    assert_eq!(
        lines.next().unwrap(),
        "created_at,action,client_type,user_id,user_name,user_mail,lock_id,lock_name"
    );
    // Each method in the app's words (`IC card (outside)`), as the archive's exports write it:
    // every kind the simulator sends, in the archive's English words.
    let known: Vec<&str> = lockdesk_sim::backend::state::CLIENT_TYPES
        .iter()
        .map(|k| lockdesk_archive::kind_label(lockdesk_archive::Language::En, k))
        .collect();
    let methods: Vec<String> = lines
        .map(|l| l.split(',').nth(2).unwrap().to_owned())
        .collect();
    assert!(!methods.is_empty(), "no records");
    for m in &methods {
        assert!(known.contains(&m.as_str()), "{m} is not one of {known:?}");
    }

    let json = w
        .run(
            &[
                "--json",
                "history",
                "accesses",
                "--lock",
                &lock,
                "--from",
                "2000-01-01",
            ],
            "",
        )
        .await
        .ok()
        .json();
    assert!(!json.as_array().unwrap().is_empty());

    // A v3 command on a v2 profile says what is wrong.
    let wrong = w.run(&["locks", "list"], "").await;
    assert_eq!(wrong.code, 1);
    assert!(wrong.stderr.contains("[wrong_api]"), "{}", wrong.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn archive_sync_query_and_export() {
    let w = world();
    w.add_profile("hist", 1).await;
    w.login("hist").await.ok();
    let db = w._dir.path().join("archive.sqlite");
    let db = db.to_str().unwrap();
    let locks = w.run(&["--json", "history", "locks"], "").await.ok().json();
    let lock = locks["locks"][0]["id"].as_str().unwrap().to_owned();

    let report = w
        .run(
            &[
                "--json",
                "history",
                "sync",
                "--lock",
                &lock,
                "--archive",
                db,
            ],
            "",
        )
        .await
        .ok()
        .json();
    assert_eq!(report["status"], "completed", "{report}");
    let received = report["progress"]["new_records"].as_u64().unwrap();
    assert!(received > 0);

    let page = w
        .run(
            &[
                "--json",
                "history",
                "query",
                "--lock",
                &lock,
                "--limit",
                "5",
                "--archive",
                db,
            ],
            "",
        )
        .await
        .ok()
        .json();
    assert_eq!(page["total"].as_u64().unwrap(), received);
    assert_eq!(page["rows"].as_array().unwrap().len(), 5);

    let out = w._dir.path().join("out.csv");
    w.run(
        &[
            "history",
            "export",
            "--archive",
            db,
            "--tz",
            "utc",
            "--lang",
            "ja",
            "--output",
            out.to_str().unwrap(),
        ],
        "",
    )
    .await
    .ok();
    let bytes = std::fs::read(&out).unwrap();
    assert!(bytes.starts_with(&[0xEF, 0xBB, 0xBF]));
    let text = String::from_utf8(bytes[3..].to_vec()).unwrap();
    assert!(text.starts_with("日時 (UTC),操作"), "{text}");
    assert_eq!(text.lines().count() as u64, received + 1);

    // The same records as an Excel workbook: the header and a row each.
    let book = w._dir.path().join("out.xlsx");
    w.run(
        &[
            "history",
            "export",
            "--archive",
            db,
            "--format",
            "xlsx",
            "--lang",
            "ja",
            "--output",
            book.to_str().unwrap(),
        ],
        "",
    )
    .await
    .ok();
    let mut xlsx: calamine::Xlsx<_> = calamine::open_workbook(&book).unwrap();
    use calamine::Reader;
    let sheet = xlsx.worksheet_range("入退室履歴 1").unwrap();
    assert_eq!(sheet.rows().count() as u64, received + 1);
    assert_eq!(
        sheet.get((0, 1)),
        Some(&calamine::Data::String("操作".into()))
    );

    // Again: nothing new.
    let again = w
        .run(&["history", "sync", "--lock", &lock, "--archive", db], "")
        .await
        .ok();
    assert!(again.out().contains("0 new"), "{}", again.out());
}

/// A lock named like a formula reaches Excel as text: the CSV cell gets a leading `'`, while
/// JSON keeps the name as it is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_csv_neutralises_formulas() {
    let w = world();
    w.add_profile("org", 0).await;
    w.login("org").await.ok();
    w.add_profile("hist", 1).await;
    w.login("hist").await.ok();
    let locks = w
        .run(&["--json", "--profile", "hist", "history", "locks"], "")
        .await
        .ok()
        .json();
    let lock = locks["locks"][0]["id"].as_str().unwrap().to_owned();
    let name = "=HYPERLINK(\"http://evil.example\",\"open\")";
    rename_everywhere(&w, &lock, name).await;

    let csv = w.run(&accesses_csv(&lock), "").await.ok().out();
    let mut reader = csv::Reader::from_reader(csv.trim_start_matches('\u{feff}').as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert!(!rows.is_empty());
    for row in &rows {
        assert_eq!(&row[7], format!("'{name}"), "{row:?}");
    }

    let mut json_args = accesses_csv(&lock);
    json_args.truncate(json_args.len() - 2);
    json_args.insert(0, "--json");
    let json = w.run(&json_args, "").await.ok().json();
    assert_eq!(json[0]["lock_name"], name);

    // At a terminal the cells are cleaned of control characters; to a pipe or a file they stay
    // as the service sent them (the CSV keeps the data).
    let name = "Side\u{1b}[2J door";
    rename_everywhere(&w, &lock, name).await;
    let screen = w.run_at_terminal(&accesses_csv(&lock)).await.ok().out();
    assert!(screen.contains("Side[2J door"), "{screen:?}");
    assert!(!screen.contains('\u{1b}'), "{screen:?}");
    let piped = w.run(&accesses_csv(&lock), "").await.ok().out();
    assert!(piped.contains(name), "{piped:?}");
}

/// `history accesses` of `lock` as CSV, with the history profile.
fn accesses_csv(lock: &str) -> Vec<&str> {
    vec![
        "--profile",
        "hist",
        "history",
        "accesses",
        "--lock",
        lock,
        "--from",
        "2000-01-01",
        "--format",
        "csv",
    ]
}

/// Renames `lock` in whichever organization of the `org` profile holds it.
async fn rename_everywhere(w: &crate::support::World, lock: &str, name: &str) {
    let orgs = w
        .run(&["--json", "--profile", "org", "orgs"], "")
        .await
        .ok()
        .json();
    let mut renamed = false;
    for org in orgs["organizations"].as_array().unwrap() {
        let org = org["id"].as_str().unwrap();
        let args = [
            "--profile",
            "org",
            "--org",
            org,
            "locks",
            "rename",
            lock,
            name,
        ];
        renamed |= w.run(&args, "").await.code == 0;
    }
    assert!(renamed, "no organization holds {lock}");
}

/// A service that never ends its pages: `history accesses` stops where every list stops
/// (100,000 records: 1,000 pages of 100) with `too_many_pages`, a hint and exit status 1,
/// instead of reading (and writing) for ever.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_accesses_stops_a_history_that_never_ends() {
    // At the service's 50 requests a minute, 1,000 pages would take 20 minutes.
    let w = world_with(SimOptions::small(), |ctx| {
        ctx.with_v2_limiter("hist", RateLimiter::new(100_000, Duration::from_secs(60)))
    });
    w.add_profile("hist", 1).await;
    w.login("hist").await.ok();
    let locks = w.run(&["--json", "history", "locks"], "").await.ok().json();
    let lock = locks["locks"][0]["id"].as_str().unwrap().to_owned();
    let faults = reqwest::Client::new()
        .post(format!("{}/_sim/faults", w.sim.base_url))
        .json(&serde_json::json!({
            "path_prefix": "/v2/external/accesses", "endless_pages": true
        }))
        .send()
        .await
        .unwrap();
    assert!(faults.status().is_success());
    take_requests(&w.sim.base_url).await;

    let args = ["history", "accesses", "--lock", &lock, "--format", "csv"];
    let out = tokio::time::timeout(Duration::from_secs(300), w.run(&args, ""))
        .await
        .expect("the endless history is stopped");
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("[too_many_pages]"), "{}", out.stderr);
    assert!(out.stderr.contains("1000 read"), "{}", out.stderr);
    assert!(
        out.stderr.contains("more than Lockdesk reads at once"),
        "{}",
        out.stderr
    );
    let max = lockdesk_api::v3::MAX_LISTING_ITEMS as usize;
    assert_eq!(
        out.out().lines().count(),
        1 + max,
        "the header and the capped records"
    );
    let pages = take_requests(&w.sim.base_url)
        .await
        .iter()
        .filter(|r| r.path == "/v2/external/accesses")
        .count();
    assert_eq!(pages, max / 100);
}

/// `history accesses` as CSV writes times in this computer's zone with their offset (Tokyo here,
/// as a Japanese office's computer), the same instants as the JSON's UTC; `--tz utc` writes UTC.
/// Real processes, as the zone is the process's own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accesses_csv_times_are_local_with_their_offset() {
    let home = crate::procs::Home::new(crate::support::start_sim_with(SimOptions {
        history_records: 300,
        v2_rate_limit: 100_000,
        ..SimOptions::small()
    }));
    home.add_and_login("hist", 1).await;
    let locks = home.run(&["--json", "history", "locks"]).await;
    assert_eq!(locks.code, 0, "{}", locks.stderr);
    let locks: serde_json::Value = serde_json::from_str(&locks.stdout).unwrap();
    let lock = locks["locks"][0]["id"].as_str().unwrap().to_owned();
    let run = |extra: &[&str]| {
        // The history profile's `history accesses`, without its `--format csv`.
        let mut args = accesses_csv(&lock);
        args.truncate(args.len() - 2);
        args.extend_from_slice(extra);
        let mut command = home.command(&args);
        command.env("TZ", "Asia/Tokyo");
        async move { crate::procs::finish(&mut command).await }
    };
    let times = |out: crate::procs::Done| -> Vec<String> {
        assert_eq!(out.code, 0, "{}", out.stderr);
        let text = out.stdout.trim_start_matches('\u{feff}').to_owned();
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        reader.records().map(|r| r.unwrap()[0].to_owned()).collect()
    };

    let local = times(run(&["--format", "csv"]).await);
    let utc = times(run(&["--format", "csv", "--tz", "utc"]).await);
    let json = run(&["--format", "json"]).await;
    assert_eq!(json.code, 0, "{}", json.stderr);
    let json: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let instants: Vec<chrono::DateTime<chrono::Utc>> = json
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["created_at"].as_str().unwrap().parse().unwrap())
        .collect();
    assert!(!instants.is_empty(), "no records");
    assert_eq!(local.len(), instants.len());
    assert_eq!(utc.len(), instants.len());
    for ((l, u), at) in local.iter().zip(&utc).zip(&instants) {
        let parsed = chrono::DateTime::parse_from_rfc3339(l).unwrap();
        assert_eq!(parsed, *at, "{l}");
        assert!(u.ends_with('Z'), "{u}");
        assert_eq!(chrono::DateTime::parse_from_rfc3339(u).unwrap(), *at, "{u}");
        // Windows takes its zone from the system settings, never from TZ.
        if cfg!(unix) {
            assert!(l.ends_with("+09:00"), "{l}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_archive_of_an_earlier_version_is_updated_once_and_said_so() {
    let w = world();
    w.add_profile("hist", 1).await;
    w.login("hist").await.ok();
    // An archive as the first release wrote it: two records of one lock.
    let path = w._dir.path().join("old.sqlite");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(include_str!(
            "../../../lockdesk-archive/migrations/0001_init.sql"
        ))
        .unwrap();
        conn.execute_batch(
            "PRAGMA user_version = 1;
             INSERT INTO locks (lock_id, name) VALUES ('A1', '正面玄関');
             INSERT INTO accesses (lock_ref, created_at_ms, user_ref, kind_ref, is_locked)
                 VALUES (1, 1772411400000, 0, 5, 1), (1, 1772411405000, 0, 6, 0);",
        )
        .unwrap();
    }
    let db = path.to_str().unwrap();
    let query = ["--json", "history", "query", "--archive", db];
    let first = w.run(&query, "").await.ok();
    assert!(
        first.stderr.contains("Updating the archive") && first.stderr.contains(db),
        "{}",
        first.stderr
    );
    assert_eq!(first.json()["total"].as_u64(), Some(2));
    let again = w.run(&query, "").await.ok();
    assert!(!again.stderr.contains("Updating"), "{}", again.stderr);
    assert_eq!(again.json()["total"].as_u64(), Some(2));
}
