//! A full disk, for real: the config and data folders on a small tmpfs of the test's own
//! (`lockdesk_sim::test_disk`), filled to the last byte. Every writer fails with `disk_full`
//! naming its folder, nothing that was there is lost, no change goes to the service without
//! its journal entry, and everything works again once space is freed.

use lockdesk_api::ApiVersion;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::error::ErrorCode;
use lockdesk_core::history::{history_archive_export_to, HistoryExportRequest};
use lockdesk_core::journal::{Journal, JournalQuery, Operation, DONE};
use lockdesk_core::team_alerts::DeliveryStore;
use lockdesk_core::watch::{AlertView, RuleKind};
use lockdesk_sim::test_disk::SmallDisk;
use serde_json::{json, Value};

use crate::damaged_stores::finding;
use crate::sim_world::{call, fail, wait_job, SimWorld, HISTORY_PROFILE};

/// The organization's first lock: its id and name, as the service answers now.
async fn first_lock(ctx: &AppContext) -> (String, String) {
    let locks = call(ctx, "locks_list", json!({})).await;
    let lock = &locks["locks"][0];
    (
        lock["id"].as_str().unwrap().to_owned(),
        lock["name"].as_str().unwrap().to_owned(),
    )
}

/// The simulator with its config and data folders on `disk`, signed in to the organization.
async fn office_on(disk: &SmallDisk) -> (SimWorld, AppContext) {
    let w = SimWorld::start_in(disk.path()).await;
    w.sign_in("office", ApiVersion::V3).await;
    let ctx = w.app().await;
    (w, ctx)
}

fn entries(ctx: &AppContext) -> Vec<lockdesk_core::journal::JournalEntry> {
    let q = JournalQuery {
        limit: 1000,
        ..JournalQuery::default()
    };
    Journal::new(&ctx.core().data_folder().unwrap())
        .list(&q)
        .unwrap()
        .0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lock_is_not_renamed_while_the_journal_cannot_be_written() {
    let Some(disk) = lockdesk_sim::small_disk!(
        a_lock_is_not_renamed_while_the_journal_cannot_be_written,
        2048
    ) else {
        return;
    };
    let (_w, ctx) = office_on(&disk).await;
    let (lock, _) = first_lock(&ctx).await;
    call(
        &ctx,
        "locks_rename",
        json!({ "lock_id": lock, "name": "Before" }),
    )
    .await;

    disk.fill();
    let e = fail(
        &ctx,
        "locks_rename",
        json!({ "lock_id": lock, "name": "During" }),
    )
    .await;
    assert_eq!(e.code, ErrorCode::DiskFull, "{e:?}");
    let data = ctx.core().data_folder().unwrap();
    assert_eq!(e.details.path.as_deref(), Some(data.to_str().unwrap()));
    assert!(e.details.needed_bytes.unwrap() > 0);
    // Refused before it was sent: the service still has the old name.
    assert_eq!(first_lock(&ctx).await.1, "Before");

    disk.free();
    call(
        &ctx,
        "locks_rename",
        json!({ "lock_id": lock, "name": "After" }),
    )
    .await;
    assert_eq!(first_lock(&ctx).await.1, "After");
    let renames: Vec<(String, String)> = entries(&ctx)
        .iter()
        .filter(|e| e.operation == Operation::LocksRename)
        .map(|e| (e.changes[0].new.clone().unwrap(), e.outcome.clone()))
        .collect();
    assert_eq!(
        renames,
        [
            ("After".into(), DONE.into()),
            ("Before".into(), DONE.into())
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_writer_names_the_full_folder_keeps_what_was_there_and_works_again() {
    let Some(disk) = lockdesk_sim::small_disk!(
        every_writer_names_the_full_folder_keeps_what_was_there_and_works_again,
        2048
    ) else {
        return;
    };
    let (_w, ctx) = office_on(&disk).await;
    let config = ctx.core().config_dir.clone();
    let data = ctx.core().data_folder().unwrap();
    let rules = call(&ctx, "watch_rules_get", json!({})).await;
    call(&ctx, "watch_rules_set", json!({ "rules": rules })).await;
    let locks = call(&ctx, "locks_list", json!({})).await;
    let round = call(&ctx, "watch_round", json!({})).await;
    let reports = disk.path().join("reports");
    std::fs::create_dir(&reports).unwrap();
    call(
        &ctx,
        "reports_add",
        json!({ "name": "電池", "what": { "kind": "batteries" },
                "schedule": { "every": "daily", "at": "00:00" }, "format": "csv",
                "folder_handle": ctx.grant_folder(&reports) }),
    )
    .await;
    let kept_rules = std::fs::read_dir(config.join("watch")).unwrap().count();

    disk.fill();
    let full_at = |e: &lockdesk_core::error::ErrorPayload, folder: &std::path::Path| {
        assert_eq!(e.code, ErrorCode::DiskFull, "{e:?}");
        assert_eq!(e.details.path.as_deref(), Some(folder.to_str().unwrap()));
    };
    // Settings: the file under its name is left as it was.
    let mut changed = rules.clone();
    changed["interval_minutes"] = json!(30);
    let e = fail(&ctx, "watch_rules_set", json!({ "rules": changed })).await;
    full_at(&e, &config.join("watch"));
    assert_eq!(call(&ctx, "watch_rules_get", json!({})).await, rules);
    assert_eq!(
        std::fs::read_dir(config.join("watch")).unwrap().count(),
        kept_rules
    );
    let e = fail(&ctx, "activity_retention_set", json!({ "keep_days": 30 })).await;
    full_at(&e, &config);
    // The alert store (a round stores its result): refused, the last round kept.
    let e = fail(&ctx, "watch_round", json!({})).await;
    full_at(&e, &data);
    // The deliveries and the offline cache, written behind a round and a list.
    let store = DeliveryStore::new(&data);
    let at = chrono::Utc::now();
    let alert = AlertView {
        id: 1,
        raised_at: at,
        acknowledged_at: None,
        muted: false,
        finding: finding(RuleKind::LowBattery, "k", at),
    };
    let target = lockdesk_core::team_alerts::deliveries::Target {
        destination_id: "d".into(),
        due: chrono::Utc::now(),
    };
    let e = store
        .enqueue("o", &[(alert, vec![target])], chrono::Utc::now())
        .unwrap_err();
    assert_eq!(e.code(), "disk_full");
    // A report's run (its claim in the run store) names the data folder; no file is made.
    let run = call(&ctx, "reports_run", json!({})).await;
    assert_eq!(run["runs"][0]["outcome"]["code"], "disk_full", "{run}");
    assert_eq!(std::fs::read_dir(&reports).unwrap().count(), 0);
    // A list still answers (its offline copy could not be kept: logged).
    assert_eq!(call(&ctx, "locks_list", json!({})).await, locks);

    disk.free();
    let status = call(&ctx, "watch_status", json!({})).await;
    assert_eq!(status["last_round"]["at"], round["at"]);
    call(&ctx, "watch_rules_set", json!({ "rules": changed })).await;
    call(&ctx, "activity_retention_set", json!({ "keep_days": 30 })).await;
    call(&ctx, "watch_round", json!({})).await;
    let run = call(&ctx, "reports_run", json!({})).await;
    assert_eq!(run["runs"][0]["outcome"]["kind"], "written", "{run}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_history_sync_and_an_export_stop_on_a_full_disk_and_go_on_once_space_is_back() {
    let Some(disk) = lockdesk_sim::small_disk!(
        a_history_sync_and_an_export_stop_on_a_full_disk_and_go_on_once_space_is_back,
        40 * 1024
    ) else {
        return;
    };
    let (w, _) = office_on(&disk).await;
    w.sign_in(HISTORY_PROFILE, ApiVersion::V2).await;
    let ctx = w.app().await;
    let (lock, _) = first_lock(&ctx).await;
    let records = |from: u32, n: u32| -> Value {
        (from..from + n)
            .map(|i| {
                json!({ "at": format!("2026-11-2{}T0{}:{:02}:00+09:00", 1 + i / 500, 1 + (i / 60) % 8, i % 60),
                        "user_id": null, "client_type": "autolock", "is_locked": true })
            })
            .collect()
    };
    w.records(&lock, records(0, 40)).await;
    let sync = |ctx: AppContext| async move {
        let started = call(&ctx, "history_sync_start", json!({})).await;
        wait_job(&ctx, started["job_id"].as_str().unwrap()).await
    };
    let first = sync(ctx.clone()).await;
    assert_eq!(first["state"], "finished", "{first}");
    let held = call(&ctx, "history_sync_status", json!({})).await["records"].clone();
    assert_eq!(held, 40);

    w.records(&lock, records(100, 40)).await;
    disk.fill();
    let stopped = sync(ctx.clone()).await;
    assert_eq!(stopped["state"], "failed", "{stopped}");
    assert_eq!(stopped["error"]["code"], "disk_full", "{stopped}");
    let data = ctx.core().data_folder().unwrap();
    let folder = stopped["error"]["details"]["path"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(folder.starts_with(data.to_str().unwrap()), "{folder}");
    // What the archive held is intact.
    assert_eq!(
        call(&ctx, "history_sync_status", json!({})).await["records"],
        held
    );
    // An export to a file on the full disk: named, and nothing left behind.
    let path = disk.path().join("export.csv");
    let export: HistoryExportRequest = serde_json::from_value(json!({ "format": "csv" })).unwrap();
    let e = history_archive_export_to(&ctx, export.clone(), path.clone())
        .await
        .unwrap_err();
    assert_eq!(e.code(), ErrorCode::DiskFull, "{e:?}");
    assert_eq!(e.details().path.as_deref(), disk.path().to_str());
    assert!(!path.exists());

    disk.free();
    let done = sync(ctx.clone()).await;
    assert_eq!(done["state"], "finished", "{done}");
    assert_eq!(
        call(&ctx, "history_sync_status", json!({})).await["records"],
        80
    );
    history_archive_export_to(&ctx, export, path.clone())
        .await
        .unwrap();
    assert!(path.exists());
}
