//! Scheduled reports against the simulator's two organizations (real HTTP, real SQLite, real
//! files): the history archive holds every lock the history sign-in sees, in both
//! organizations, and a report of one organization holds only that organization's locks; a lock
//! of the other is refused when the report is defined; the folder is named only by the handle
//! the folder dialog (here: the test) was granted.

use lockdesk_api::ApiVersion;
use lockdesk_core::app::context::AppContext;
use serde_json::{json, Value};

use crate::sim_world::{call, fail, SimWorld, HISTORY_PROFILE};

async fn lock_ids(ctx: &AppContext) -> Vec<String> {
    call(ctx, "locks_list", json!({})).await["locks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_report_holds_only_the_locks_of_its_organization() {
    let w = SimWorld::start().await;
    w.sign_in("org", ApiVersion::V3).await;
    w.sign_in(HISTORY_PROFILE, ApiVersion::V2).await;
    let ctx = w.app().await;
    let own = lock_ids(&ctx).await;
    // The account's other organization, as another window would see it.
    let other_ctx = AppContext::new(w.core());
    let orgs = call(&other_ctx, "orgs_list", json!({})).await;
    let second = orgs["organizations"][1]["id"].as_str().unwrap().to_owned();
    call(
        &other_ctx,
        "orgs_choose",
        json!({ "organization_id": second }),
    )
    .await;
    let other = lock_ids(&other_ctx).await;
    assert!(!other.is_empty() && own.iter().all(|l| !other.contains(l)));

    // The day before T0 (2026-11-24 in Japan): a record on a lock of each organization.
    for lock in [&own[0], &other[0]] {
        w.records(
            lock,
            json!([{ "at": "2026-11-23T12:00:00+09:00", "user_id": null,
                     "client_type": "mobile_app", "is_locked": false }]),
        )
        .await;
    }
    let folder = tempfile::tempdir().unwrap();
    let handle = ctx.grant_folder(folder.path());
    let add = |name: &str, what: Value, handle: &str| {
        json!({
            "name": name, "what": what, "schedule": { "every": "daily", "at": "00:00" },
            "format": "csv", "language": "en", "folder_handle": handle,
        })
    };

    // A lock of the other organization, or a folder handle never granted: refused.
    let e = fail(
        &ctx,
        "reports_add",
        add(
            "x",
            json!({ "kind": "history", "lock_ids": [&other[0]] }),
            &handle,
        ),
    )
    .await;
    assert_eq!(e.code.as_str(), "invalid_input");
    assert_eq!(e.details.field.as_deref(), Some("what.lock_ids"));
    let e = fail(
        &ctx,
        "reports_add",
        add("x", json!({ "kind": "history" }), "0123456789abcdef"),
    )
    .await;
    assert_eq!(e.details.field.as_deref(), Some("folder_handle"));
    assert!(call(&ctx, "reports_list", json!({})).await["reports"]
        .as_array()
        .unwrap()
        .is_empty());

    // Every lock of the organization: its own record only.
    call(
        &ctx,
        "reports_add",
        add("History", json!({ "kind": "history" }), &handle),
    )
    .await;
    let ran = call(&ctx, "reports_run", json!({})).await;
    let outcome = &ran["runs"][0]["outcome"];
    assert_eq!(outcome["kind"], "written", "{ran}");
    assert_eq!(outcome["records"], 1, "{ran}");
    let text = std::fs::read_to_string(outcome["file"].as_str().unwrap()).unwrap();
    assert!(text.contains(&own[0]), "{text}");
    assert!(
        !text.contains(&other[0]),
        "the other organization's lock: {text}"
    );
}
