//! The sync engine against the simulator: equal to the service, idempotent, incremental, page
//! size discovery, an expired v2 sign-in, cancellation.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use lockdesk_api::V2Client;
use lockdesk_archive::*;
use serde_json::json;

use crate::support::*;

const WINDOW: Duration = Duration::from_secs(1);

async fn run(archive: &Archive, client: &V2Client, req: &SyncRequest) -> SyncReport {
    sync(archive, client, req, &|_| {}, &CancellationToken::new())
        .await
        .unwrap()
}

fn one(lock: &str) -> SyncRequest {
    SyncRequest {
        lock_ids: vec![lock.to_owned()],
        ..Default::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_then_incremental_sync_equals_the_service() {
    let sim = sim(50, WINDOW).await;
    let client = client(&sim, sign_in(&sim).await, 50, WINDOW);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("v2.sqlite");
    let archive = Archive::open(&db).unwrap();

    let report = run(&archive, &client, &SyncRequest::default()).await;
    assert_eq!(report.outcome, SyncOutcome::Completed, "{report:?}");
    let locks = client.locks().await.unwrap();
    assert_eq!(report.locks.len(), locks.len());
    let mut expected_total = 0;
    for l in &locks {
        let expected = service_history(&client, &l.id).await;
        expected_total += expected.len();
        assert_eq!(archived(&db, &l.id), expected, "lock {}", l.id);
    }
    assert_eq!(report.progress.new_records as usize, expected_total);
    assert_eq!(archive.stats().unwrap().records as usize, expected_total);

    // Again: only the overlap is fetched, nothing is new.
    let again = run(&archive, &client, &SyncRequest::default()).await;
    assert_eq!(again.outcome, SyncOutcome::Completed);
    assert_eq!(again.progress.new_records, 0);
    assert!(again.progress.records < report.progress.records / 4);

    // New events arrive; the incremental sync takes exactly those.
    let lock = &locks[0].id;
    control(&sim, "history", json!({"lock_id": lock, "count": 250})).await;
    // `til` is pinned to the millisecond: an event in the very millisecond the run starts
    // belongs to the next run. Step past it so this run sees all 250.
    tokio::time::sleep(Duration::from_millis(5)).await;
    let inc = run(&archive, &client, &one(lock)).await;
    assert_eq!(inc.outcome, SyncOutcome::Completed);
    assert_eq!(inc.progress.new_records, 250);
    assert_eq!(archived(&db, lock), service_history(&client, lock).await);
    assert!(archive
        .stats()
        .unwrap()
        .locks
        .iter()
        .all(|l| l.synced_until.is_some()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backfill_takes_exactly_the_range() {
    let sim = sim(50, WINDOW).await;
    let client = client(&sim, sign_in(&sim).await, 50, WINDOW);
    let dir = tempfile::tempdir().unwrap();
    let archive = Archive::open(dir.path().join("v2.sqlite")).unwrap();
    let lock = client.locks().await.unwrap()[0].id.clone();
    let all = service_history(&client, &lock).await;
    let (from, til) = (all[all.len() / 4].0, all[all.len() / 2].0);
    let req = SyncRequest {
        backfill: Some(Backfill {
            from: chrono::DateTime::from_timestamp_millis(from).unwrap(),
            til: chrono::DateTime::from_timestamp_millis(til).unwrap(),
        }),
        ..one(&lock)
    };
    let report = run(&archive, &client, &req).await;
    assert_eq!(report.outcome, SyncOutcome::Completed);
    let expected: Vec<_> = all
        .iter()
        .filter(|k| k.0 >= from && k.0 < til)
        .cloned()
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(archived(archive.path(), &lock), expected);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn page_size_settles_on_what_the_service_accepts() {
    let sim = sim(50, WINDOW).await;
    control(&sim, "config", json!({"v2_max_limit": 30})).await;
    let client = client(&sim, sign_in(&sim).await, 50, WINDOW);
    let lock = client.locks().await.unwrap()[1].id.clone();
    control(&sim, "history", json!({"lock_id": lock, "count": 400})).await;
    let dir = tempfile::tempdir().unwrap();
    let archive = Archive::open(dir.path().join("v2.sqlite")).unwrap();
    let report = run(&archive, &client, &one(&lock)).await;
    assert_eq!(report.outcome, SyncOutcome::Completed, "{report:?}");
    assert_eq!(report.progress.page_size, 30);
    assert_eq!(
        archived(archive.path(), &lock),
        service_history_by(&client, &lock, 30).await
    );
    // Remembered: the next sync asks for 30 at once.
    let next = run(&archive, &client, &one(&lock)).await;
    assert_eq!(next.progress.requests, next.progress.pages);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn expired_sign_in_pauses_and_a_new_one_resumes() {
    let sim = sim(10, WINDOW).await;
    let client1 = client(&sim, sign_in(&sim).await, 10, WINDOW);
    let lock = client1.locks().await.unwrap()[2].id.clone();
    control(&sim, "history", json!({"lock_id": lock, "count": 1500})).await;
    let dir = tempfile::tempdir().unwrap();
    let archive = Archive::open(dir.path().join("v2.sqlite")).unwrap();

    let pages = Arc::new(AtomicU64::new(0));
    let seen = pages.clone();
    let on_progress = move |p: &SyncProgress| seen.store(p.pages, Ordering::SeqCst);
    let req = one(&lock);
    let cancel = CancellationToken::new();
    let syncing = sync(&archive, &client1, &req, &on_progress, &cancel);
    let expire = async {
        while pages.load(Ordering::SeqCst) < 3 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        // The v2 token (two hours) expires at the service.
        control(&sim, "clock", json!({"advance_seconds": 7300})).await;
    };
    let (report, ()) = tokio::join!(syncing, expire);
    let report = report.unwrap();
    match &report.outcome {
        SyncOutcome::Paused { reason, message } => {
            assert_eq!(reason, "v2_session_expired");
            assert!(message.contains("Sign in again"), "{message}");
        }
        other => panic!("expected a pause, got {other:?}"),
    }
    let kept = archive.stats().unwrap().records;
    assert!(kept >= 300, "committed pages are kept: {kept}");
    assert!(kept < 1500);

    // Signed in again: the same run resumes and completes.
    let client2 = client(&sim, sign_in(&sim).await, 10, WINDOW);
    let report = run(&archive, &client2, &req).await;
    assert_eq!(report.outcome, SyncOutcome::Completed, "{report:?}");
    assert_eq!(
        archived(archive.path(), &lock),
        service_history(&client2, &lock).await
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancel_stops_and_the_next_sync_resumes() {
    let sim = sim(20, WINDOW).await;
    let client = client(&sim, sign_in(&sim).await, 20, WINDOW);
    let lock = client.locks().await.unwrap()[3].id.clone();
    control(&sim, "history", json!({"lock_id": lock, "count": 1000})).await;
    let dir = tempfile::tempdir().unwrap();
    let archive = Archive::open(dir.path().join("v2.sqlite")).unwrap();
    let cancel = CancellationToken::new();
    let c = cancel.clone();
    let estimates = Arc::new(std::sync::Mutex::new(Vec::new()));
    let e = estimates.clone();
    let on_progress = move |p: &SyncProgress| {
        e.lock().unwrap().push(p.estimated_seconds_left);
        if p.pages >= 2 {
            c.cancel();
        }
    };
    let report = sync(&archive, &client, &one(&lock), &on_progress, &cancel)
        .await
        .unwrap();
    assert_eq!(report.outcome, SyncOutcome::Cancelled);
    assert_eq!(report.progress.pages, 2);
    let report = run(&archive, &client, &one(&lock)).await;
    assert_eq!(report.outcome, SyncOutcome::Completed);
    assert_eq!(
        archived(archive.path(), &lock),
        service_history(&client, &lock).await
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_sync_of_one_archive_is_refused_while_one_runs() {
    let sim = sim(50, WINDOW).await;
    let client = client(&sim, sign_in(&sim).await, 50, WINDOW);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("v2.sqlite");
    let archive = Archive::open(&db).unwrap();
    // Another process (here: another handle on the same file) holds the sync lock.
    let other = Archive::open(&db).unwrap();
    let held = other.lock_for_sync().unwrap();
    let e = sync(
        &archive,
        &client,
        &SyncRequest::default(),
        &|_| {},
        &CancellationToken::new(),
    )
    .await
    .unwrap_err();
    assert_eq!(e.code(), "sync_running");
    assert_eq!(archive.stats().unwrap().records, 0, "nothing was fetched");
    // Released with its holder: the sync runs.
    drop(held);
    let report = run(&archive, &client, &SyncRequest::default()).await;
    assert_eq!(report.outcome, SyncOutcome::Completed, "{report:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn until_pins_the_end_of_the_run() {
    let sim = sim(50, WINDOW).await;
    let client = client(&sim, sign_in(&sim).await, 50, WINDOW);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("v2.sqlite");
    let archive = Archive::open(&db).unwrap();
    let lock = client.locks().await.unwrap()[0].id.clone();
    let all = service_history(&client, &lock).await;
    assert!(all.len() > 10);
    // Up to the time of the 10th newest record (exclusive): the newest ones are left out.
    let cut_ms = all[all.len() - 10].0;
    let req = SyncRequest {
        until: chrono::DateTime::from_timestamp_millis(cut_ms),
        ..one(&lock)
    };
    let report = run(&archive, &client, &req).await;
    assert_eq!(report.outcome, SyncOutcome::Completed, "{report:?}");
    let expected: Vec<_> = all.into_iter().filter(|k| k.0 < cut_ms).collect();
    assert!(expected.len() <= 10_000 && !expected.is_empty());
    assert_eq!(archived(&db, &lock), expected);
}

/// A lock's log can reach the service after its time (uploaded late): the next sync starts a
/// little before the lock's newest archived record, not where the last sync ended, so a record
/// that arrived since, dated after the newest one, is fetched.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_that_reaches_the_service_late_is_fetched_by_the_next_sync() {
    let sim = sim(50, WINDOW).await;
    let client = client(&sim, sign_in(&sim).await, 50, WINDOW);
    let lock = client.locks().await.unwrap()[2].id.clone();
    let dir = tempfile::tempdir().unwrap();
    let archive = Archive::open(dir.path().join("v2.sqlite")).unwrap();
    let first = run(&archive, &client, &one(&lock)).await;
    assert_eq!(first.outcome, SyncOutcome::Completed);
    let newest = archived(archive.path(), &lock).last().unwrap().0;
    // Dated a second after the newest record, long before the first sync ended.
    let at = chrono::DateTime::from_timestamp_millis(newest + 1000).unwrap();
    control(
        &sim,
        "history/records",
        json!({"lock_id": lock, "records": [
            {"at": at.to_rfc3339(), "user_id": null, "client_type": "autolock", "is_locked": true}
        ]}),
    )
    .await;
    let next = run(&archive, &client, &one(&lock)).await;
    assert_eq!(next.outcome, SyncOutcome::Completed);
    assert_eq!(next.progress.new_records, 1);
    assert_eq!(
        archived(archive.path(), &lock),
        service_history(&client, &lock).await
    );
}

/// A lock with more records than one listing may hold (a big office's main entrance in a
/// year) is synced whole in one sync: only pages that bring nothing new stop at the cap.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lock_with_more_records_than_the_listing_cap_is_synced_in_one_sync() {
    let sim = sim(100_000, WINDOW).await;
    let client = client(&sim, sign_in(&sim).await, 100_000, WINDOW);
    let lock = client.locks().await.unwrap()[0].id.clone();
    let cap = u64::from(lockdesk_api::v3::MAX_LISTING_ITEMS);
    let total = control(
        &sim,
        "history",
        json!({"lock_id": lock, "count": cap + 1_500}),
    )
    .await["total"]
        .as_u64()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let archive = Archive::open(dir.path().join("v2.sqlite")).unwrap();
    let report = run(&archive, &client, &one(&lock)).await;
    assert_eq!(report.outcome, SyncOutcome::Completed, "{report:?}");
    assert_eq!(report.locks[0].records, total);
    assert!(report.locks[0].done);
    assert_eq!(archive.stats().unwrap().records, total);
}

/// A service whose history pages never end: the lock stops at the listing cap with
/// `too_many_pages` (not read for ever), keeping what it read with its checkpoint.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_history_that_never_ends_stops_at_the_listing_cap() {
    let sim = sim(100_000, WINDOW).await;
    let client = client(&sim, sign_in(&sim).await, 100_000, WINDOW);
    let lock = client.locks().await.unwrap()[0].id.clone();
    let dir = tempfile::tempdir().unwrap();
    let archive = Archive::open(dir.path().join("v2.sqlite")).unwrap();
    control(
        &sim,
        "faults",
        json!({ "path_prefix": "/v2/external/accesses", "endless_pages": true }),
    )
    .await;
    let report = tokio::time::timeout(
        Duration::from_secs(600),
        run(&archive, &client, &one(&lock)),
    )
    .await
    .expect("stopped, not read for ever");
    match &report.outcome {
        SyncOutcome::Failed { code, .. } => assert_eq!(code, "too_many_pages", "{report:?}"),
        other => panic!("{other:?}"),
    }
    let cap = u64::from(lockdesk_api::v3::MAX_LISTING_ITEMS);
    let read = report.locks[0].records;
    assert!((cap..cap + 1000).contains(&read), "{report:?}");
    assert!(!report.locks[0].done);
}
