//! History's first minute: a first sync of the demo organization (40 locks, 120,000 records: at
//! the service's 50 requests a minute, over 20 minutes in all) brings the last day of every lock
//! within the requests of its first minute, says truthfully how far back each lock is complete
//! at every moment, and loses and doubles nothing when it is stopped at any point.
//!
//! The service allows 50 requests in any rolling minute, and the client's limiter lets the first
//! 50 go at once: "within the first 50 requests" is "within the first minute". The rate window
//! here is shortened (the count per window is the service's) so the whole sync takes seconds.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use chrono::{DateTime, Utc};
use lockdesk_api::V2Client;
use lockdesk_archive::*;
use lockdesk_sim::{SimHandle, SimOptions};
use rand::{Rng, SeedableRng};

use crate::support::*;

const WINDOW: Duration = Duration::from_millis(250);
const PER_MINUTE: u64 = 50;
const DAY: chrono::TimeDelta = chrono::TimeDelta::days(1);

async fn demo_org() -> SimHandle {
    lockdesk_sim::spawn(SimOptions {
        history_records: 120_000,
        v2_rate_limit: PER_MINUTE as u32,
        v2_rate_window: WINDOW,
        ..SimOptions::default()
    })
    .await
    .expect("simulator starts")
}

/// Every lock's records straight from the service (its own sign-in, so its requests take
/// nothing from the sync's budget).
async fn the_service(sim: &SimHandle) -> (V2Client, HashMap<String, Vec<Key>>) {
    let probe = client(sim, sign_in(sim).await, PER_MINUTE as u32, WINDOW);
    let mut all = HashMap::new();
    for l in probe.locks().await.unwrap() {
        let keys = service_history(&probe, &l.id).await;
        all.insert(l.id, keys);
    }
    (probe, all)
}

/// Fails naming what differs (whole lists are too long to read).
fn same(got: &[Key], want: &[Key], what: &str) {
    if got != want {
        let missing: Vec<_> = want.iter().filter(|k| !got.contains(k)).take(3).collect();
        let extra: Vec<_> = got.iter().filter(|k| !want.contains(k)).take(3).collect();
        panic!(
            "{what}: {} records, the service has {}; missing {missing:?}, extra {extra:?}",
            got.len(),
            want.len()
        );
    }
}

/// A lock's records within `[from, til)`.
fn within(keys: &[Key], from: Option<DateTime<Utc>>, til: DateTime<Utc>) -> Vec<Key> {
    let from = from.map_or(i64::MIN, |f| f.timestamp_millis());
    keys.iter()
        .filter(|k| k.0 >= from && k.0 < til.timestamp_millis())
        .cloned()
        .collect()
}

/// What the archive says it holds completely, it holds: per lock, the records of its complete
/// stretch are exactly the service's.
fn completeness_is_true(archive: &Archive, service: &HashMap<String, Vec<Key>>) -> usize {
    let ids: Vec<String> = service.keys().cloned().collect();
    let (each, _) = archive.completeness(&ids).unwrap();
    let mut complete = 0;
    for (lock, c) in each {
        let Some(until) = c.until() else { continue };
        let held = within(&archived(archive.path(), &lock), c.since(), until);
        same(
            &held,
            &within(&service[&lock], c.since(), until),
            &format!("lock {lock}: {c:?}"),
        );
        complete += 1;
    }
    complete
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_last_day_of_every_lock_comes_in_the_first_minute() {
    let sim = demo_org().await;
    let (_probe, service) = the_service(&sim).await;
    let records: usize = service.values().map(Vec::len).sum();
    assert!(records >= 100_000, "{records}");
    assert!(service.len() >= 40);
    let client = client(&sim, sign_in(&sim).await, PER_MINUTE as u32, WINDOW);
    let dir = tempfile::tempdir().unwrap();
    let archive = Archive::open(dir.path().join("v2.sqlite")).unwrap();
    let til = Utc::now();

    // At the first moment the archive holds the last day of every lock: the requests sent so
    // far, and those records checked against the service then and there.
    let first_day_at: Mutex<Option<u64>> = Mutex::new(None);
    let on_progress = |p: &SyncProgress| {
        let mut at = first_day_at.lock().unwrap();
        if at.is_none() && p.complete.covers(til - DAY, til) {
            *at = Some(p.requests);
            for (lock, keys) in &service {
                let held = archived(archive.path(), lock);
                same(
                    &within(&held, Some(til - DAY), til),
                    &within(keys, Some(til - DAY), til),
                    &format!("lock {lock}'s last day"),
                );
            }
        }
    };
    let req = SyncRequest {
        until: Some(til),
        ..Default::default()
    };
    let report = sync(
        &archive,
        &client,
        &req,
        &on_progress,
        &CancellationToken::new(),
    )
    .await
    .unwrap();
    assert_eq!(report.outcome, SyncOutcome::Completed, "{report:?}");
    let first_day_at = first_day_at.lock().unwrap().expect("the last day arrived");
    assert!(
        first_day_at <= PER_MINUTE,
        "the last day of every lock took {first_day_at} requests"
    );
    // The whole sync takes many minutes at the service's bound.
    assert!(
        report.progress.requests > 10 * PER_MINUTE,
        "{}",
        report.progress.requests
    );
    assert!(matches!(
        report.progress.complete,
        Completeness::Whole { .. }
    ));
    println!(
        "{records} records of {} locks: {} requests in all; the last day of every lock after {first_day_at}",
        service.len(),
        report.progress.requests
    );
    for (lock, keys) in &service {
        same(
            &archived(archive.path(), lock),
            keys,
            &format!("lock {lock}"),
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_sync_stopped_anywhere_loses_and_doubles_nothing() {
    let sim = demo_org().await;
    let (_probe, service) = the_service(&sim).await;
    let client = client(&sim, sign_in(&sim).await, PER_MINUTE as u32, WINDOW);
    let dir = tempfile::tempdir().unwrap();
    let archive = Archive::open(dir.path().join("v2.sqlite")).unwrap();
    let mut rng = rand::rngs::StdRng::seed_from_u64(22);
    let mut stops = 0;
    let mut reached_day = false;
    loop {
        // Stopped after a random number of answered requests (or runs to the end).
        let stop_after: u64 = rng.gen_range(1..120);
        let cancel = CancellationToken::new();
        let on_progress = |p: &SyncProgress| {
            if p.requests >= stop_after {
                cancel.cancel();
            }
        };
        let report = sync(
            &archive,
            &client,
            &SyncRequest::default(),
            &on_progress,
            &cancel,
        )
        .await
        .unwrap();
        let complete = completeness_is_true(&archive, &service);
        if complete == service.len() {
            reached_day = true;
        }
        match report.outcome {
            SyncOutcome::Completed => break,
            SyncOutcome::Cancelled => {
                stops += 1;
                // A request cut off by the stop may still reach the service after the limiter
                // counted it as done; this client does not retry a 429 (the app's does), so
                // the next sync waits for it to land.
                tokio::time::sleep(WINDOW / 5).await;
            }
            // On a busy machine that wait can be too short: the service then refuses a request
            // of the next sync, which stops like any other stop (checkpoints intact) and is
            // resumed once the window has passed.
            SyncOutcome::Failed { ref code, .. } if code == "rate_limit_exceeded" => {
                stops += 1;
                tokio::time::sleep(WINDOW).await;
            }
            other => panic!("{other:?}"),
        }
        assert!(stops < 100, "no end after {stops} stops");
    }
    assert!(stops >= 5, "stopped only {stops} times");
    assert!(reached_day);
    for (lock, keys) in &service {
        same(
            &archived(archive.path(), lock),
            keys,
            &format!("lock {lock}"),
        );
    }
}
