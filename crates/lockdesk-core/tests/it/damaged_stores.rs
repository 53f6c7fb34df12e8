//! Damaged SQLite files, for real: each store's file damaged on disk as a crash during a disk
//! fault, a backup tool restoring half a file or an antivirus would leave it (its header
//! overwritten, a page in the middle zeroed, the file cut at half), then used through the
//! real use-cases against the simulator. The damaged file is moved aside and kept, the error
//! names the store, and the store starts again: the journal with its reset note, the archive
//! filled again by the next sync, the alert store and deliveries without a second raise or
//! send, the report runs without a period written twice, the offline cache refilled.

use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use lockdesk_api::ApiVersion;
use lockdesk_core::error::{ErrorCode, ErrorPayload};
use lockdesk_core::journal::{Journal, NewEntry, Operation, Target, DONE};
use lockdesk_core::team_alerts::deliveries::Target as Destination;
use lockdesk_core::team_alerts::DeliveryStore;
use lockdesk_core::watch::{AlertStore, Finding, RuleKind};
use serde_json::json;

use crate::sim_world::{call, fail, lock_ids, t, wait_job, SimWorld, HISTORY_PROFILE, T0};

/// How a file is damaged.
#[derive(Clone, Copy, Debug)]
enum Damage {
    /// The first bytes (SQLite's header) overwritten.
    Header,
    /// A page in the middle of the file zeroed.
    MiddlePage,
    /// Cut at half its length.
    Half,
}

fn damage(path: &Path, how: Damage) {
    let len = std::fs::metadata(path).unwrap().len();
    let mut f = std::fs::OpenOptions::new().write(true).open(path).unwrap();
    match how {
        Damage::Header => f.write_all(b"garbage, not a database header!!").unwrap(),
        Damage::MiddlePage => {
            f.seek(SeekFrom::Start((len / 4096 / 2) * 4096)).unwrap();
            f.write_all(&[0u8; 4096]).unwrap();
        }
        Damage::Half => f.set_len(len / 2).unwrap(),
    }
}

/// A finding of `rule` about lock `l` at `at`.
pub(crate) fn finding(rule: RuleKind, key: &str, at: DateTime<Utc>) -> Finding {
    Finding::new(rule, key.into(), "l".into(), "l", at)
}

/// The file a `store_damaged` error says the damaged one was kept as; it exists.
fn moved_to(e: &ErrorPayload, store: &str) -> PathBuf {
    assert_eq!(e.code, ErrorCode::StoreDamaged, "{e:?}");
    assert_eq!(
        serde_json::to_value(e.details.store).unwrap(),
        json!(store),
        "{e:?}"
    );
    let to = PathBuf::from(e.details.moved_to.clone().expect("moved"));
    assert!(to.exists(), "{to:?}");
    assert!(
        to.file_name()
            .unwrap()
            .to_string_lossy()
            .contains(".damaged-"),
        "{to:?}"
    );
    to
}

/// A journal of `n` entries written directly (many pages).
fn fill_journal(journal: &Journal, n: u32) {
    for i in 0..n {
        journal
            .record(&NewEntry {
                at: t(T0),
                connection: Some("office".into()),
                account: None,
                organization_id: None,
                operation: Operation::LocksRename,
                target: Target::id(format!("lock-{i}")).set("name", Some(format!("{i:0>100}"))),
                outcome: DONE.into(),
            })
            .unwrap();
    }
}

async fn office() -> (SimWorld, lockdesk_core::app::context::AppContext) {
    let w = SimWorld::start().await;
    w.sign_in("office", ApiVersion::V3).await;
    let ctx = w.app().await;
    (w, ctx)
}

/// [`office`] with the history (v2) connection signed in too.
async fn office_with_history() -> (SimWorld, lockdesk_core::app::context::AppContext) {
    let w = SimWorld::start().await;
    w.sign_in("office", ApiVersion::V3).await;
    w.sign_in(HISTORY_PROFILE, ApiVersion::V2).await;
    let ctx = w.app().await;
    (w, ctx)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_journal_is_set_aside_and_the_next_change_is_journaled_in_a_new_one() {
    for how in [Damage::Header, Damage::MiddlePage, Damage::Half] {
        let (_w, ctx) = office().await;
        let journal = Journal::new(&ctx.core().data_folder().unwrap());
        fill_journal(&journal, 300);
        damage(journal.path(), how);

        // Activity names the journal, not the archive.
        let e = fail(&ctx, "activity_list", json!({})).await;
        let to = moved_to(&e, "journal");
        assert!(e.message.contains("journal"), "{how:?}: {}", e.message);

        let locks = call(&ctx, "locks_list", json!({})).await;
        let lock = locks["locks"][0]["id"].as_str().unwrap();
        call(
            &ctx,
            "locks_rename",
            json!({ "lock_id": lock, "name": "After" }),
        )
        .await;
        let page = call(&ctx, "activity_list", json!({})).await;
        let mut entries = page["entries"].as_array().unwrap().clone();
        entries.sort_by_key(|e| e["id"].as_i64());
        assert_eq!(entries.len(), 2, "{how:?}: {page}");
        // The new journal's first entry says when and why, and the old file's new name.
        assert_eq!(entries[0]["operation"], "journal_reset");
        let name = to.file_name().unwrap().to_str().unwrap();
        assert_eq!(entries[0]["target_id"], name);
        assert_eq!(entries[1]["operation"], "locks_rename");
        assert_eq!(entries[1]["outcome"], "done");
        assert_eq!(page["set_aside"], json!([name]));

        // The old one is read, read-only, as far as SQLite can: every entry its damaged page
        // did not hold; nothing of a file whose header is gone or that is shorter than its
        // header says (SQLite reads no page of it), named as the journal.
        let old = dispatch_result(&ctx, json!({ "file": name })).await;
        match how {
            Damage::Header | Damage::Half => {
                assert_eq!(old.unwrap_err().code, ErrorCode::StoreFailed, "{how:?}")
            }
            Damage::MiddlePage => {
                let old = old.unwrap();
                let total = old["total"].as_u64().unwrap();
                assert!((1..=300).contains(&total), "{total}");
                assert_eq!(old["entries"][0]["operation"], "locks_rename");
            }
        }
        // Nothing else on the disk can be named.
        let e = dispatch_result(&ctx, json!({ "file": "../journal.sqlite3" }))
            .await
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidInput);
    }
}

async fn dispatch_result(
    ctx: &lockdesk_core::app::context::AppContext,
    args: serde_json::Value,
) -> Result<serde_json::Value, ErrorPayload> {
    lockdesk_core::app::dispatch::dispatch(ctx, "activity_list", args).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_archive_is_set_aside_and_filled_again_by_the_next_sync() {
    for how in [Damage::Header, Damage::MiddlePage, Damage::Half] {
        let (w, ctx) = office_with_history().await;
        let lock = lock_ids(&ctx).await.remove(0);
        let records: Vec<_> = (0..600)
            .map(|i| {
                json!({ "at": format!("2026-11-2{}T0{}:{:02}:{:02}+09:00", 1 + i / 240, 1 + (i / 60) % 4, i % 60, i % 7),
                        "user_id": null, "client_type": "autolock", "is_locked": i % 2 == 0 })
            })
            .collect();
        w.records(&lock, records).await;
        let sync = |ctx: lockdesk_core::app::context::AppContext| async move {
            let started = call(&ctx, "history_sync_start", json!({})).await;
            wait_job(&ctx, started["job_id"].as_str().unwrap()).await
        };
        assert_eq!(sync(ctx.clone()).await["state"], "finished");
        let held = call(&ctx, "history_sync_status", json!({})).await["records"].clone();
        assert_eq!(held, 600);
        let path = std::fs::read_dir(ctx.core().data_folder().unwrap().join("archive"))
            .unwrap()
            .flatten()
            .flat_map(|d| std::fs::read_dir(d.path()).unwrap().flatten())
            .map(|f| f.path())
            .find(|p| p.extension().is_some_and(|e| e == "sqlite"))
            .expect("the archive file");
        // Closed (the program restarts), then damaged.
        drop(ctx);
        damage(&path, how);
        let ctx = w.app().await;
        let e = fail(&ctx, "history_sync_status", json!({})).await;
        moved_to(&e, "archive");
        // The next sync fills a new archive from the service, with its progress.
        let done = sync(ctx.clone()).await;
        assert_eq!(done["state"], "finished", "{how:?}: {done}");
        assert_eq!(
            call(&ctx, "history_sync_status", json!({})).await["records"],
            held,
            "{how:?}"
        );
    }
}

/// An unlocking by `user` with NFC from outside at `at` (Japan time), locked a minute later.
fn unlock_and_lock(user: &str, at_jst: &str, lock_jst: &str) -> serde_json::Value {
    json!([
        { "at": format!("{at_jst}+09:00"), "user_id": user, "client_type": "nfc_outside", "is_locked": false },
        { "at": format!("{lock_jst}+09:00"), "user_id": null, "client_type": "autolock", "is_locked": true },
    ])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_alert_store_raises_nothing_again_through_the_watcher() {
    for how in [Damage::Header, Damage::MiddlePage, Damage::Half] {
        let (w, ctx) = office_with_history().await;
        let locks = lock_ids(&ctx).await;
        let user = call(&ctx, "users_list", json!({})).await["users"][0]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        w.full_batteries(&locks).await;
        w.battery(&locks[0], "lock", 10).await;
        // A holiday morning (2026-11-23): outside office hours, before the reset.
        w.records(
            &locks[1],
            unlock_and_lock(&user, "2026-11-23T10:30:00", "2026-11-23T10:31:00"),
        )
        .await;
        let first = call(&ctx, "watch_round", json!({})).await;
        let raised: Vec<&serde_json::Value> =
            first["new_alerts"].as_array().unwrap().iter().collect();
        let rules: Vec<&str> = raised
            .iter()
            .map(|a| a["finding"]["rule"].as_str().unwrap())
            .collect();
        assert!(
            rules.contains(&"low_battery") && rules.contains(&"outside_hours"),
            "{rules:?}"
        );

        damage(
            &ctx.core().data_folder().unwrap().join("watch.sqlite3"),
            how,
        );
        let e = fail(&ctx, "watch_round", json!({})).await;
        moved_to(&e, "alerts");
        // Started again: what may have been raised before is not raised again.
        w.advance(600).await;
        let again = call(&ctx, "watch_round", json!({})).await;
        assert_eq!(again["new_alerts"], json!([]), "{how:?}: {again}");
        assert!(again["findings"].as_u64().unwrap() >= 2, "{again}");
        // A record made after the reset is a new alert, once, under an id no alert had before:
        // a door unlocked at 10:15 and still open 35 minutes later (longer than 30).
        w.records(
            &locks[2],
            json!([{ "at": "2026-11-24T10:15:00+09:00", "user_id": user,
                     "client_type": "nfc_outside", "is_locked": false }]),
        )
        .await;
        w.advance(35 * 60).await;
        let later = call(&ctx, "watch_round", json!({})).await;
        let new = later["new_alerts"].as_array().unwrap();
        assert_eq!(new.len(), 1, "{how:?}: {later}");
        assert_eq!(new[0]["finding"]["rule"], "unlocked_too_long");
        let before = raised
            .iter()
            .map(|a| a["id"].as_i64().unwrap())
            .max()
            .unwrap();
        assert!(new[0]["id"].as_i64().unwrap() > before);
        assert_eq!(
            call(&ctx, "watch_round", json!({})).await["new_alerts"],
            json!([])
        );
    }
}

#[test]
fn after_a_reset_of_either_store_no_alert_is_raised_or_sent_twice() {
    let dir = tempfile::tempdir().unwrap();
    let alerts = AlertStore::new(dir.path());
    let deliveries = DeliveryStore::new(dir.path());
    let t0 = t(T0);
    let to = |due| {
        vec![Destination {
            destination_id: "d".into(),
            due,
        }]
    };
    let battery = finding(RuleKind::LowBattery, "battery", t0);
    let night = finding(RuleKind::OutsideHours, "night", t0);
    // Before: two alerts raised, queued and sent.
    let raised = alerts
        .raise("O", &[battery.clone(), night.clone()], t0)
        .unwrap();
    assert_eq!(raised.len(), 2);
    alerts.record_round("O", t0, "{}").unwrap();
    let queued: Vec<_> = raised.iter().map(|a| (a.clone(), to(t0))).collect();
    assert_eq!(deliveries.enqueue("O", &queued, t0).unwrap(), 2);
    let claimed = deliveries.claim_due("d", t0).unwrap();
    deliveries
        .settle(
            "d",
            &claimed,
            &lockdesk_core::team_alerts::deliveries::Settle::Sent,
            t0,
        )
        .unwrap();

    // The alert store is damaged: set aside at the next use, and started again.
    damage(alerts.path(), Damage::Header);
    let e = alerts.list("O", &Default::default()).unwrap_err();
    assert_eq!(e.code(), "store_damaged");
    // The first round after the reset (the store's reset time comes from the system clock
    // here: the test's findings are dated after it or long before).
    let later = Utc::now() + chrono::Duration::minutes(1);
    let after = finding(RuleKind::OutsideHours, "after-reset", later);
    let again = alerts
        .raise("O", &[battery.clone(), night.clone(), after.clone()], later)
        .unwrap();
    // What may have been raised before is stored, not raised; a record after the reset is.
    assert_eq!(again.len(), 1, "{again:?}");
    assert_eq!(again[0].finding.key, "after-reset");
    assert!(again[0].id > raised.iter().map(|a| a.id).max().unwrap());
    assert_eq!(alerts.list("O", &Default::default()).unwrap().1, 3);
    // Its delivery is queued (its id is not taken by an old one) and sent once.
    let queued = [(again[0].clone(), to(later))];
    assert_eq!(deliveries.enqueue("O", &queued, later).unwrap(), 1);
    assert_eq!(deliveries.claim_due("d", later).unwrap().len(), 1);

    // The deliveries are damaged: started again empty; the old alerts are not queued again
    // (only a round's new alerts are), so nothing is sent twice.
    damage(
        &dir.path().join(lockdesk_core::team_alerts::DELIVERIES_FILE),
        Damage::Half,
    );
    let e = deliveries.recent("O", 10).unwrap_err();
    assert_eq!(e.code(), "store_damaged");
    assert!(deliveries.claim_due("d", later).unwrap().is_empty());
    assert!(alerts
        .raise("O", &[battery, night, after], later)
        .unwrap()
        .is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn damaged_report_runs_never_write_a_period_twice() {
    for how in [Damage::Header, Damage::MiddlePage, Damage::Half] {
        let (w, ctx) = office().await;
        let folder = w.dir.path().join("reports");
        std::fs::create_dir_all(&folder).unwrap();
        call(
            &ctx,
            "reports_add",
            json!({ "name": "電池", "what": { "kind": "batteries" },
                    "schedule": { "every": "daily", "at": "00:00" }, "format": "csv",
                    "folder_handle": ctx.grant_folder(&folder) }),
        )
        .await;
        let first = call(&ctx, "reports_run", json!({})).await;
        assert_eq!(first["runs"][0]["outcome"]["kind"], "written", "{first}");
        let file = std::fs::read_dir(&folder)
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let written = std::fs::read(&file).unwrap();
        let runs = ctx
            .core()
            .data_folder()
            .unwrap()
            .join("report_runs.sqlite3");
        damage(&runs, how);
        // The run that finds the damage fails with it (the store is set aside, kept)…
        let found = call(&ctx, "reports_run", json!({})).await;
        assert_eq!(
            found["runs"][0]["outcome"]["code"], "store_damaged",
            "{found}"
        );
        let kept = std::fs::read_dir(runs.parent().unwrap())
            .unwrap()
            .flatten()
            .filter(|f| {
                let name = f.file_name().to_string_lossy().into_owned();
                name.starts_with("report_runs.damaged-") && name.ends_with(".sqlite3")
            })
            .count();
        assert_eq!(kept, 1);
        // …and the store starts again: the period's file is in the folder, so it is written, not written again.
        let again = call(&ctx, "reports_run", json!({})).await;
        assert_eq!(
            again["runs"][0]["outcome"]["kind"], "already_written",
            "{again}"
        );
        assert_eq!(std::fs::read(&file).unwrap(), written);
        assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_offline_cache_is_refilled_by_the_next_online_read() {
    for how in [Damage::Header, Damage::MiddlePage, Damage::Half] {
        let (w, ctx) = office().await;
        let online = call(&ctx, "locks_list", json!({})).await;
        let cache = ctx.core().data_folder().unwrap().join("offline.sqlite3");
        damage(&cache, how);
        // Online, a list answers; keeping it finds the damage, sets the file aside (logged).
        assert_eq!(call(&ctx, "locks_list", json!({})).await, online);
        let kept = std::fs::read_dir(cache.parent().unwrap())
            .unwrap()
            .flatten()
            .filter(|f| {
                f.file_name()
                    .to_string_lossy()
                    .starts_with("offline.damaged-")
            })
            .count();
        assert!(kept >= 1);
        // Read again online: kept in the new file, and offline it answers from there.
        call(&ctx, "locks_list", json!({})).await;
        let mut w = w;
        w.sim.stop_listening().await;
        let cached = call(&ctx, "locks_list", json!({})).await;
        assert!(!cached["cached"].is_null(), "{cached}");
        assert_eq!(cached["locks"], online["locks"]);
    }
}
