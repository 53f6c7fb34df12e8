//! A job belongs to the space it started in: a bulk invitation started on the user's own
//! organization and the demo started meanwhile (the user agreeing to stop the job) never
//! sends a row to the demo, and its rows are journaled in the user's journal, not the demo's.

use std::time::Duration;

use lockdesk_api::ApiVersion;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::app::dispatch::dispatch;
use lockdesk_core::error::ErrorCode;
use lockdesk_sim::SimOptions;
use serde_json::{json, Value};

use crate::support::world;

async fn call(app: &AppContext, cmd: &str, args: Value) -> Value {
    match dispatch(app, cmd, args.clone()).await {
        Ok(v) => v,
        Err(e) => panic!("{cmd} {args}: {e:?}"),
    }
}

/// The bulk rows the journal in use holds, by address.
async fn bulk_rows(app: &AppContext) -> Vec<String> {
    let page = call(app, "activity_list", json!({ "limit": 500 })).await;
    page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["operation"] == "invitations_bulk_row")
        .map(|e| e["target_id"].as_str().unwrap_or_default().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bulk_invitation_stays_in_its_space_when_the_demo_starts() {
    let w = world().await;
    w.add_profile("work", ApiVersion::V3).await;
    w.sign_in("work").await;
    let app = AppContext::with_demo_options(
        lockdesk_core::core_context::Context::for_tests(w.dir.path(), w.secrets.clone()),
        SimOptions::small(),
    );
    let orgs = call(&app, "orgs_list", json!({})).await;
    let org = orgs["organizations"][0]["id"].clone();
    call(&app, "orgs_choose", json!({ "organization_id": org })).await;
    // Slow creates at the user's service, so the demo starts while rows are left.
    reqwest::Client::new()
        .post(format!("{}/_sim/faults", w.sim.base_url()))
        .json(&json!({ "latency_ms": 250, "methods": ["POST"], "path_prefix": "/v3/" }))
        .send()
        .await
        .unwrap()
        .error_for_status()
        .unwrap();
    let csv: String = std::iter::once("mail\n".to_owned())
        .chain((1..=12).map(|i| format!("space{i}@example.org\n")))
        .collect();
    let started = call(&app, "invitations_bulk_start", json!({ "csv": csv })).await;
    let id = started["job_id"].as_str().unwrap().to_owned();
    while call(&app, "jobs_get", json!({ "job_id": id })).await["done"] == 0 {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // Asked first: refused while the job runs.
    let refused = dispatch(&app, "session_start_demo", json!({}))
        .await
        .unwrap_err();
    assert_eq!(refused.code, ErrorCode::JobsRunning);
    assert!(!app.demo_running());
    // The user agreed: the job is cancelled and the demo starts.
    call(&app, "session_start_demo", json!({ "cancel_jobs": true })).await;
    let job = loop {
        let j = call(&app, "jobs_get", json!({ "job_id": id })).await;
        if j["state"] != "running" {
            break j;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(job["state"], "cancelled", "{job}");
    let sent = job["sent"].as_u64().unwrap() as usize;
    assert!((1..12).contains(&sent), "{job}");

    // Nothing of it in the demo: neither its journal nor its service.
    assert_eq!(bulk_rows(&app).await, Vec::<String>::new());
    let demo_orgs = call(&app, "orgs_list", json!({})).await;
    let demo_org = demo_orgs["organizations"][0]["id"].clone();
    call(&app, "orgs_choose", json!({ "organization_id": demo_org })).await;
    let demo_invited = call(&app, "invitations_list", json!({})).await;
    let to_space = |list: &Value| {
        list["invitations"]
            .as_array()
            .map(|l| {
                l.iter()
                    .filter(|i| i["mail"].as_str().unwrap_or("").starts_with("space"))
                    .count()
            })
            .unwrap_or(0)
    };
    assert_eq!(to_space(&demo_invited), 0, "no row went to the demo");

    // Back on the user's own: every row sent is there, journaled there.
    call(&app, "session_leave_demo", json!({})).await;
    let real_rows = bulk_rows(&app).await;
    assert_eq!(real_rows.len(), sent, "{real_rows:?}");
    let invited = call(&app, "invitations_list", json!({})).await;
    assert_eq!(to_space(&invited), sent);
}
