//! The archive-backed history commands against the demo simulator: sync as a job, then query,
//! aggregates, time card and export agree with each other and with the archive.

use std::sync::Arc;

use lockdesk_core::app::context::AppContext;
use lockdesk_core::app::dispatch::dispatch;
use lockdesk_core::core_context::Context;
use lockdesk_core::history::{history_archive_export_to, HistoryExportRequest};
use lockdesk_core::secrets::MemoryStore;
use lockdesk_sim::SimOptions;
use serde_json::{json, Value};

use crate::sim_world::wait_job;

async fn call(ctx: &AppContext, cmd: &str, args: Value) -> Value {
    match dispatch(ctx, cmd, args.clone()).await {
        Ok(v) => v,
        Err(e) => panic!("{cmd} {args}: {e:?}"),
    }
}

fn n(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sync_then_query_aggregate_timecard_export() {
    let dir = tempfile::tempdir().unwrap();
    let core = Context::for_tests(dir.path(), Arc::new(MemoryStore::new()));
    let ctx = AppContext::with_demo_options(core, SimOptions::small());
    call(&ctx, "session_start_demo", json!({})).await;

    // Before any sync: an empty archive, nothing running.
    let st = call(&ctx, "history_sync_status", json!({})).await;
    assert_eq!(st["records"], 0);
    assert!(st["running"].is_null());

    let started = call(&ctx, "history_sync_start", json!({})).await;
    assert_eq!(started["job"]["kind"], "history_sync");
    let id = started["job_id"].as_str().unwrap().to_owned();
    let job = wait_job(&ctx, &id).await;
    assert_eq!(job["state"], "finished", "{job}");
    assert_eq!(job["done"], job["total"]);
    assert_eq!(job["sent"], 0);

    let st = call(&ctx, "history_sync_status", json!({})).await;
    let total = n(&st["records"]);
    assert!(total > 0, "{st}");
    assert_eq!(st["last"]["status"], "completed");
    let locks = st["locks"].as_array().unwrap();
    assert!(!locks.is_empty());
    let per_lock: u64 = locks.iter().map(|l| n(&l["records"])).sum();
    assert_eq!(per_lock, total);
    for l in locks {
        assert_eq!(l["state"], "idle");
        assert!(l["synced_until"].is_string(), "{l}");
    }

    // Query: everything, then one lock, then locked only.
    let q = |extra: Value| {
        let mut base = json!({ "limit": 20, "with_total": true });
        base.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        base
    };
    let all = call(&ctx, "history_archive_query", q(json!({}))).await;
    assert_eq!(n(&all["total"]), total);
    assert_eq!(all["rows"].as_array().unwrap().len(), 20);
    let lock0 = locks[0]["lock_id"].as_str().unwrap();
    let one = call(
        &ctx,
        "history_archive_query",
        q(json!({ "lock_ids": [lock0] })),
    )
    .await;
    assert_eq!(one["total"], locks[0]["records"]);
    let locked = call(
        &ctx,
        "history_archive_query",
        q(json!({ "is_locked": true })),
    )
    .await;
    let unlocked = call(
        &ctx,
        "history_archive_query",
        q(json!({ "is_locked": false })),
    )
    .await;
    assert_eq!(n(&locked["total"]) + n(&unlocked["total"]), total);

    // Aggregates agree with the query counts.
    let agg = call(
        &ctx,
        "history_archive_aggregates",
        json!({ "zone": "local" }),
    )
    .await;
    assert_eq!(n(&agg["total"]), total);
    let days: u64 = agg["per_day"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| n(&d["count"]))
        .sum();
    assert_eq!(days, total);
    let hours = agg["per_hour_of_week"].as_array().unwrap();
    assert_eq!(hours.len(), 168);
    assert_eq!(hours.iter().map(|h| n(&h["count"])).sum::<u64>(), total);
    let kinds: u64 = agg["per_kind"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| n(&k["count"]))
        .sum();
    assert_eq!(kinds, total);
    let agg1 = call(
        &ctx,
        "history_archive_aggregates",
        json!({ "zone": "utc", "lock_ids": [lock0] }),
    )
    .await;
    assert_eq!(agg1["total"], locks[0]["records"]);

    // Time card: rows per user and day, never more records than there are.
    let tc = call(&ctx, "history_archive_timecard", json!({ "zone": "local" })).await;
    let rows = tc["rows"].as_array().unwrap();
    assert!(!rows.is_empty());
    assert!(rows.iter().map(|r| n(&r["records"])).sum::<u64>() <= total);
    assert_eq!(n(&tc["total"]), rows.len() as u64);
    // A page of it: the same rows from the offset on, with the count of all of them.
    assert!(rows.len() > 3, "too few rows to page: {}", rows.len());
    let page = call(
        &ctx,
        "history_archive_timecard",
        json!({ "zone": "local", "offset": 2, "limit": 2 }),
    )
    .await;
    assert_eq!(page["rows"].as_array().unwrap()[..], rows[2..4]);
    assert_eq!(n(&page["total"]), rows.len() as u64);
    let beyond = call(
        &ctx,
        "history_archive_timecard",
        json!({ "zone": "local", "offset": rows.len(), "limit": 10 }),
    )
    .await;
    assert!(beyond["rows"].as_array().unwrap().is_empty());
    for limit in [0, 5_001] {
        let e = lockdesk_core::history::history_archive_timecard(
            &ctx,
            serde_json::from_value(json!({ "zone": "local", "limit": limit })).unwrap(),
        )
        .await
        .unwrap_err();
        assert_eq!(
            e.code(),
            lockdesk_core::error::ErrorCode::InvalidInput,
            "{limit}"
        );
    }

    // Export: CSV with BOM and one line per record plus the header, in Japanese.
    let csv = call(
        &ctx,
        "history_archive_export",
        json!({ "format": "csv", "language": "ja", "zone": "utc" }),
    )
    .await;
    assert_eq!(n(&csv["records"]), total);
    let text = csv["content"].as_str().unwrap();
    assert!(text.starts_with('\u{feff}'));
    assert_eq!(text.trim_end().split("\r\n").count() as u64, total + 1);
    assert!(
        !text.split("\r\n").next().unwrap().is_ascii(),
        "Japanese headers"
    );
    // JSON Lines to a file: only through history_archive_export_to (the desktop shell's save
    // dialog); a `path` sent to the command is ignored, so no IPC call can write a file.
    let path = dir.path().join("out.jsonl");
    let ignored = call(
        &ctx,
        "history_archive_export",
        json!({ "format": "jsonl", "lock_ids": [lock0], "path": path }),
    )
    .await;
    assert!(!path.exists(), "the command must never write a file");
    let export = |v: Value| serde_json::from_value::<HistoryExportRequest>(v).unwrap();
    let jl = history_archive_export_to(
        &ctx,
        export(json!({ "format": "jsonl", "lock_ids": [lock0] })),
        path.clone(),
    )
    .await
    .unwrap();
    assert_eq!(jl.records, n(&locks[0]["records"]));
    let written = std::fs::read_to_string(&path).unwrap();
    assert_eq!(written, ignored["content"].as_str().unwrap());
    assert_eq!(written.lines().count() as u64, n(&locks[0]["records"]));
    assert_eq!(jl.bytes, written.len() as u64);
    let e = history_archive_export_to(&ctx, export(json!({})), "relative.csv".into())
        .await
        .unwrap_err();
    assert_eq!(e.code(), lockdesk_core::error::ErrorCode::InvalidInput);
    // A folder that cannot be written gives a coded error and leaves no file behind.
    let missing = dir.path().join("no-such-folder").join("out.csv");
    let e = history_archive_export_to(&ctx, export(json!({})), missing.clone())
        .await
        .unwrap_err();
    assert_eq!(e.code(), lockdesk_core::error::ErrorCode::FileUnwritable);
    assert!(!missing.exists());

    // A second sync finds nothing new.
    let again = call(&ctx, "history_sync_start", json!({ "lock_ids": [lock0] })).await;
    let job = wait_job(&ctx, again["job_id"].as_str().unwrap()).await;
    assert_eq!(job["state"], "finished", "{job}");
    let st2 = call(&ctx, "history_sync_status", json!({})).await;
    assert_eq!(n(&st2["records"]), total);

    // The demo's archive lives under a temporary directory, not the user's data directory.
    drop(ctx);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn expired_history_sign_in_stops_the_sync_with_its_code() {
    let dir = tempfile::tempdir().unwrap();
    let core = Context::for_tests(dir.path(), Arc::new(MemoryStore::new()));
    let ctx = AppContext::with_demo_options(core, SimOptions::small());
    let st = call(&ctx, "session_start_demo", json!({})).await;
    let base = st["demo_base_url"].as_str().unwrap().to_owned();
    // The v2 token (two hours) expires at the service.
    let r = reqwest::Client::new()
        .post(format!("{base}/_sim/clock"))
        .header(
            lockdesk_sim::CONTROL_TOKEN_HEADER,
            st["demo_sim_token"].as_str().unwrap(),
        )
        .json(&json!({ "advance_seconds": 7300 }))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success());
    let started = dispatch(&ctx, "history_sync_start", json!({})).await;
    match started {
        Ok(s) => {
            let job = wait_job(&ctx, s["job_id"].as_str().unwrap()).await;
            assert_eq!(job["state"], "stopped", "{job}");
            assert_eq!(job["error"]["code"], "v2_session_expired");
            assert_eq!(job["error"]["category"], "sign_in_again_history");
            // Data only: each front end words the stop from the code.
            assert!(job.get("message").is_none(), "{job}");
            let st = call(&ctx, "history_sync_status", json!({})).await;
            assert_eq!(st["last"]["status"], "paused");
            assert!(st["running"].is_null());
        }
        // Refused before starting: the same code reaches the UI.
        Err(e) => assert_eq!(e.code, lockdesk_core::error::ErrorCode::V2SessionExpired),
    }
}
