//! A real sync process killed with SIGKILL in the middle, twice, then run to the end: the
//! archive holds exactly the service's history, nothing lost and nothing doubled.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use lockdesk_archive::checkpoints;
use serde_json::json;

use crate::support::*;

/// A sync process whose progress and error lines go to `log`.
fn spawn_sync(base: &str, token: &str, db: &Path, lock: &str, log: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_lockdesk-archive-sync"))
        .env("LOCKDESK_SYNC_BASE_URL", base)
        .env("LOCKDESK_SYNC_TOKEN", token)
        .env("LOCKDESK_SYNC_DB", db)
        .env("LOCKDESK_SYNC_RATE", "10/1000")
        .env("LOCKDESK_SYNC_LOCKS", lock)
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .unwrap()
}

/// Pages committed by the runs (0 before they exist).
fn committed_pages(db: &Path) -> u64 {
    let Ok(conn) = rusqlite::Connection::open(db) else {
        return 0;
    };
    conn.query_row("SELECT coalesce(sum(pages), 0) FROM sync_runs", [], |r| {
        r.get::<_, i64>(0)
    })
    .map(|n| n as u64)
    .unwrap_or(0)
}

/// Starts a sync and waits until the archive holds `at_least` committed pages; returns the
/// still running process. An early exit fails the test with the process's log.
async fn sync_until(start: impl Fn() -> Child, db: &Path, at_least: u64, log: &Path) -> Child {
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut child = start();
    while committed_pages(db) < at_least {
        let said = || std::fs::read_to_string(log).unwrap_or_default();
        if let Some(status) = child.try_wait().unwrap() {
            panic!(
                "the sync exited ({status}) before {at_least} pages:\n{}",
                said()
            );
        }
        assert!(
            Instant::now() < deadline,
            "no progress past {} of {at_least} pages:\n{}",
            committed_pages(db),
            said()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    child
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_sync_resumes_with_nothing_lost_or_doubled() {
    let sim = sim(10, Duration::from_secs(1)).await;
    let tokens = sign_in(&sim).await;
    let token_json = serde_json::to_string(&tokens).unwrap();
    let probe = client(&sim, sign_in(&sim).await, 10, Duration::from_secs(1));
    let lock = probe.locks().await.unwrap()[4].id.clone();
    control(&sim, "history", json!({"lock_id": lock, "count": 3000})).await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("archive/v2.sqlite");

    let log = dir.path().join("sync.log");
    let start = || spawn_sync(sim.base_url(), &token_json, &db, &lock, &log);

    let mut child = sync_until(start, &db, 4, &log).await;
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let first = committed_pages(&db);

    let mut child = sync_until(start, &db, first + 5, &log).await;
    child.kill().unwrap();
    child.wait().unwrap();

    // The checkpoints hold: the runs (the last day first, then the week, then the rest) have
    // neither restarted nor finished, and the records their pages counted as new are exactly
    // the records stored (a page and its checkpoint commit together).
    let conn = rusqlite::Connection::open(&db).unwrap();
    let open = checkpoints::all_open(&conn).unwrap();
    assert!(!open.is_empty());
    let counted_new: i64 = conn
        .query_row("SELECT sum(new_records) FROM sync_runs", [], |r| r.get(0))
        .unwrap();
    assert!(counted_new >= 500, "{counted_new} records in {open:?}");
    let stored: i64 = conn
        .query_row("SELECT count(*) FROM accesses", [], |r| r.get(0))
        .unwrap();
    assert_eq!(stored, counted_new, "records and checkpoints agree");
    drop(conn);

    let out = start().wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "the last sync failed:\n{}",
        std::fs::read_to_string(&log).unwrap_or_default()
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["status"], "completed", "{report}");

    let expected = service_history(&probe, &lock).await;
    assert!(expected.len() > 3000);
    let got = archived(&db, &lock);
    assert_eq!(got.len(), expected.len());
    assert_eq!(got, expected);
}
