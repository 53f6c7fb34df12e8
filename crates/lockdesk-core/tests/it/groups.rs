//! Lock groups and user groups through the app's commands, against the demo simulator: both
//! kinds run the same use-cases, so every check here runs for each kind.

use std::sync::Arc;

use lockdesk_core::app::context::AppContext;
use lockdesk_core::app::dispatch::dispatch;
use lockdesk_core::core_context::Context;
use lockdesk_core::secrets::MemoryStore;
use lockdesk_sim::SimOptions;
use serde_json::{json, Value};

/// The demo signed in with its first organization chosen.
async fn demo(dir: &tempfile::TempDir) -> AppContext {
    let core = Context::for_tests(dir.path(), Arc::new(MemoryStore::new()));
    let ctx = AppContext::with_demo_options(core, SimOptions::small());
    call(&ctx, "session_start_demo", json!({})).await;
    let orgs = call(&ctx, "orgs_list", json!({})).await;
    let first = orgs["organizations"][0]["id"].clone();
    call(&ctx, "orgs_choose", json!({ "organization_id": first })).await;
    ctx
}

async fn call(ctx: &AppContext, cmd: &str, args: Value) -> Value {
    match dispatch(ctx, cmd, args.clone()).await {
        Ok(v) => v,
        Err(e) => panic!("{cmd} {args}: {e:?}"),
    }
}

/// `prefix` is `lock_groups` or `user_groups`, `id_key` the request's id field.
async fn update_keeps_what_is_not_given(prefix: &str, id_key: &str) {
    let dir = tempfile::tempdir().unwrap();
    let ctx = demo(&dir).await;
    let cmd = |name: &str| format!("{prefix}_{name}");
    let created = call(
        &ctx,
        &cmd("create"),
        json!({ "name": "Floor 3", "memo": "east" }),
    )
    .await;
    let id = created["id"].clone();

    let g = call(&ctx, &cmd("update"), json!({ id_key: id, "memo": "west" })).await;
    assert_eq!(
        (&g["name"], &g["memo"]),
        (&json!("Floor 3"), &json!("west"))
    );
    let g = call(
        &ctx,
        &cmd("update"),
        json!({ id_key: id, "name": "Floor 4" }),
    )
    .await;
    assert_eq!(
        (&g["name"], &g["memo"]),
        (&json!("Floor 4"), &json!("west"))
    );
    let g = call(&ctx, &cmd("update"), json!({ id_key: id, "memo": "" })).await;
    assert_eq!((&g["name"], &g["memo"]), (&json!("Floor 4"), &json!("")));
    let g = call(
        &ctx,
        &cmd("update"),
        json!({ id_key: id, "name": "Floor 5", "memo": "north" }),
    )
    .await;
    assert_eq!(
        (&g["name"], &g["memo"]),
        (&json!("Floor 5"), &json!("north"))
    );

    // A blank name is refused, not replaced by the current one; the group stays as it was.
    let blank = dispatch(&ctx, &cmd("update"), json!({ id_key: id, "name": " " })).await;
    assert!(blank.is_err(), "{blank:?}");
    let got = call(&ctx, &cmd("get"), json!({ id_key: id })).await;
    assert_eq!((&got["name"], &got["memo"]), (&g["name"], &g["memo"]));
    let listed = call(&ctx, &cmd("list"), json!({})).await;
    assert!(listed[prefix]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["id"] == id && l["name"] == "Floor 5"));
}

#[tokio::test]
async fn lock_group_update_keeps_what_is_not_given() {
    update_keeps_what_is_not_given("lock_groups", "lock_group_id").await;
}

#[tokio::test]
async fn user_group_update_keeps_what_is_not_given() {
    update_keeps_what_is_not_given("user_groups", "user_group_id").await;
}
