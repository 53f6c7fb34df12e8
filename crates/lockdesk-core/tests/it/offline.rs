//! Offline reading: the lists and details the screens read are kept after every successful
//! read and answered from the cache when the service cannot be reached (the demo simulator
//! stopped, its data kept), marked with `cached`; a refusal is not offline; `--cached` mode
//! reads the cache only and refuses every change.

use std::sync::Arc;

use lockdesk_core::app::context::AppContext;
use lockdesk_core::app::dispatch::dispatch;
use lockdesk_core::core_context::Context;
use lockdesk_core::error::{ErrorCode, ErrorPayload};
use lockdesk_core::secrets::MemoryStore;
use lockdesk_sim::SimOptions;
use serde_json::{json, Value};

struct App {
    ctx: AppContext,
    _dir: tempfile::TempDir,
}

impl App {
    /// The demo signed in, its first organization chosen.
    async fn demo() -> App {
        let dir = tempfile::tempdir().unwrap();
        let core = Context::for_tests(dir.path(), Arc::new(MemoryStore::new()));
        let a = App {
            ctx: AppContext::with_demo_options(core, SimOptions::small()),
            _dir: dir,
        };
        a.call("session_start_demo", json!({})).await;
        let orgs = a.call("orgs_list", json!({})).await;
        let first = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
        a.call("orgs_choose", json!({ "organization_id": first }))
            .await;
        a
    }
    async fn call(&self, cmd: &str, args: Value) -> Value {
        match dispatch(&self.ctx, cmd, args.clone()).await {
            Ok(v) => v,
            Err(e) => panic!("{cmd} {args}: {e:?}"),
        }
    }
    async fn fail(&self, cmd: &str, args: Value) -> ErrorPayload {
        match dispatch(&self.ctx, cmd, args.clone()).await {
            Ok(v) => panic!("{cmd} {args} succeeded: {v}"),
            Err(e) => e,
        }
    }
    async fn service(&self, answering: bool) {
        self.ctx.demo_service_answering(answering).await.unwrap();
    }
}

/// The answer without its `cached` mark, and the mark.
fn split(mut v: Value) -> (Value, Value) {
    let cached = v
        .as_object_mut()
        .and_then(|o| o.remove("cached"))
        .unwrap_or(Value::Null);
    (v, cached)
}

const LISTS: [(&str, &str); 5] = [
    ("locks_list", "locks"),
    ("lock_groups_list", "lock_groups"),
    ("users_list", "users"),
    ("invitations_list", "invitations"),
    ("user_groups_list", "user_groups"),
];

#[tokio::test]
async fn lists_are_kept_and_answered_offline_with_their_time() {
    let a = App::demo().await;
    let mut online = Vec::new();
    for (cmd, key) in LISTS {
        let (answer, cached) = split(a.call(cmd, json!({})).await);
        assert_eq!(cached, Value::Null, "{cmd} online is not marked");
        assert!(
            !answer[key].as_array().unwrap().is_empty(),
            "{cmd}: {answer}"
        );
        online.push(answer);
    }
    let users = online[2]["users"].as_array().unwrap().clone();
    let group_id = online[1]["lock_groups"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let group = a
        .call("lock_groups_get", json!({ "lock_group_id": group_id }))
        .await;
    assert!(group["locks"].is_array(), "the detail lists its locks");

    // The cache: in the data folder, private, never a token.
    let file = a
        .ctx
        .demo_dir()
        .unwrap()
        .join("data")
        .join("offline.sqlite3");
    let bytes = std::fs::read(&file).expect("the cache file");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
    let text = String::from_utf8_lossy(&bytes);
    assert!(!text.contains("access_token") && !text.contains("refresh_token"));

    a.service(false).await;
    let before = chrono::Utc::now();
    for ((cmd, _), kept) in LISTS.iter().zip(&online) {
        let (answer, cached) = split(a.call(cmd, json!({})).await);
        assert_eq!(&answer, kept, "{cmd} offline answers what was kept");
        assert_eq!(cached["reason"], "unreachable", "{cmd}: {cached}");
        assert_eq!(cached["error"], "transport", "{cmd}: {cached}");
        let as_of: chrono::DateTime<chrono::Utc> =
            serde_json::from_value(cached["as_of"].clone()).unwrap();
        assert!(as_of <= before, "as of when it was read, not now");
    }
    // A detail read offline: the kept detail (with its members).
    let offline_group = a
        .call("lock_groups_get", json!({ "lock_group_id": group_id }))
        .await;
    assert_eq!(offline_group, group);
    // A page never read online is taken from the kept complete list.
    let page = a.call("users_list", json!({ "limit": 1 })).await;
    assert_eq!(page["users"].as_array().unwrap().len(), 1);
    assert_eq!(page["users"][0], users[0]);
    assert_eq!(page["next_id_after"], users[0]["id"]);
    assert_eq!(page["cached"]["reason"], "unreachable");
    // A lock's detail, never read online: from the kept list.
    let lock_id = online[0]["locks"][0]["id"].as_str().unwrap();
    let lock = a.call("locks_get", json!({ "lock_id": lock_id })).await;
    assert_eq!(lock, online[0]["locks"][0]);
    // A change is not queued: it fails as the service cannot be reached.
    let e = a
        .fail(
            "locks_rename",
            json!({ "lock_id": lock_id, "name": "Offline" }),
        )
        .await;
    assert_eq!(e.code, ErrorCode::Transport);

    // The service answers again: no mark, fresh data.
    a.service(true).await;
    let (_, cached) = split(a.call("locks_list", json!({})).await);
    assert_eq!(cached, Value::Null);
}

#[tokio::test]
async fn nothing_kept_gives_the_normal_error() {
    let a = App::demo().await;
    a.service(false).await;
    let e = a.fail("invitations_list", json!({})).await;
    assert_eq!(e.code, ErrorCode::Transport);
    let e = a
        .fail(
            "users_get",
            json!({ "user_id": "U-00000000-0000-0000-0000-000000000000" }),
        )
        .await;
    assert_ne!(e.code, ErrorCode::NotCached);
}

#[tokio::test]
async fn a_refusal_is_not_offline() {
    let a = App::demo().await;
    a.call("locks_list", json!({})).await;
    let st = a.call("session_status", json!({})).await;
    let base = st["demo_base_url"].as_str().unwrap();
    let r = reqwest::Client::new()
        .post(format!("{base}/_sim/scopes"))
        .header(
            lockdesk_sim::CONTROL_TOKEN_HEADER,
            st["demo_sim_token"].as_str().unwrap(),
        )
        .json(&json!({ "mail": "admin@example.com", "scope": "organization:lock:read", "enabled": false }))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success());
    let e = a.fail("locks_list", json!({})).await;
    assert_eq!(
        e.code,
        ErrorCode::InsufficientScope,
        "a 403 is the service speaking"
    );
}

#[tokio::test]
async fn cache_only_reads_without_the_service_and_refuses_changes() {
    let a = App::demo().await;
    let locks = split(a.call("locks_list", json!({})).await).0;
    a.call("users_list", json!({})).await;
    a.service(false).await;
    a.ctx.use_cache_only(true);

    let (answer, cached) = split(a.call("locks_list", json!({ "limit": 1 })).await);
    assert_eq!(answer["locks"].as_array().unwrap().len(), 1);
    assert_eq!(answer["locks"][0], locks["locks"][0]);
    assert_eq!(cached["reason"], "cache_only");
    assert_eq!(cached["error"], Value::Null);
    // lockctl's filters, from the kept complete list.
    let code = a.call("users_list", json!({})).await["users"][0]["code"].clone();
    if let Some(code) = code.as_str() {
        let found = a.call("users_list", json!({ "code": code })).await;
        assert!(found["users"]
            .as_array()
            .unwrap()
            .iter()
            .all(|u| u["code"] == code));
    }

    let e = a.fail("user_groups_list", json!({})).await;
    assert_eq!(e.code, ErrorCode::NotCached);
    let e = a.fail("orgs_list", json!({})).await;
    assert_eq!(
        e.code,
        ErrorCode::CachedOnly,
        "only the kept lists are read"
    );
    let lock_id = locks["locks"][0]["id"].as_str().unwrap();
    let e = a
        .fail(
            "locks_rename",
            json!({ "lock_id": lock_id, "name": "Cached" }),
        )
        .await;
    assert_eq!(e.code, ErrorCode::CachedOnly);
    assert!(e.message.contains("--cached"), "{}", e.message);
    // Refused, and journaled as refused.
    a.ctx.use_cache_only(false);
    let page = a.call("activity_list", json!({})).await;
    assert_eq!(page["entries"][0]["operation"], "locks_rename");
    assert_eq!(page["entries"][0]["outcome"], "cached_only");
}

/// The user switches organization while a list is on its way: the answer is kept under the
/// organization the request went to, never under the one chosen when it arrived.
#[tokio::test]
async fn an_answer_is_kept_under_the_organization_it_was_read_from() {
    let a = App::demo().await;
    let orgs = a.call("orgs_list", json!({})).await;
    let org = |i: usize| orgs["organizations"][i]["id"].as_str().unwrap().to_owned();
    let (first, second) = (org(0), org(1));
    let st = a.call("session_status", json!({})).await;
    let base = st["demo_base_url"].as_str().unwrap().to_owned();
    let token = st["demo_sim_token"].as_str().unwrap().to_owned();
    let faults = |body: Value| {
        let (base, token) = (base.clone(), token.clone());
        async move {
            let r = reqwest::Client::new()
                .post(format!("{base}/_sim/faults"))
                .header(lockdesk_sim::CONTROL_TOKEN_HEADER, token)
                .json(&body)
                .send()
                .await
                .unwrap();
            assert!(r.status().is_success());
        }
    };
    faults(json!({ "latency_ms": 800,
                   "path_prefix": format!("/v3/organizations/{first}/locks") }))
    .await;

    let ctx = a.ctx.clone();
    let slow = tokio::spawn(async move { dispatch(&ctx, "locks_list", json!({})).await });
    tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    a.call("orgs_choose", json!({ "organization_id": second }))
        .await;
    let read = split(slow.await.unwrap().unwrap()).0;
    faults(json!({})).await;

    a.service(false).await;
    let e = a.fail("locks_list", json!({})).await;
    assert_eq!(
        e.code,
        ErrorCode::Transport,
        "nothing was read for the second organization"
    );
    a.service(true).await;
    a.call("orgs_choose", json!({ "organization_id": first }))
        .await;
    a.service(false).await;
    let (kept, cached) = split(a.call("locks_list", json!({})).await);
    assert_eq!(cached["reason"], "unreachable");
    assert_eq!(kept, read, "kept under the organization it came from");
}

/// The answers deleted at sign-out are gone from the file's bytes, not only from its table
/// (`secure_delete`, and the write-ahead log folded in): someone who copies the data folder
/// afterwards finds no name the connection read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_deleted_at_sign_out_leave_no_trace_in_the_file() {
    use lockdesk_api::ApiVersion;
    let world = crate::sim_world::SimWorld::start().await;
    world.sign_in("org", ApiVersion::V3).await;
    let ctx = world.app().await;
    let call = |cmd: &'static str, args: Value| crate::sim_world::call(&ctx, cmd, args);
    let locks = call("locks_list", json!({})).await;
    let lock = locks["locks"][0]["id"].as_str().unwrap().to_owned();
    let marker = "秘密の会議室-QX7R2";
    call("locks_rename", json!({ "lock_id": lock, "name": marker })).await;
    let listed = call("locks_list", json!({})).await;
    assert!(listed.to_string().contains(marker));
    let data = world.core().data_folder().unwrap();
    let bytes = || -> Vec<u8> {
        ["offline.sqlite3", "offline.sqlite3-wal"]
            .iter()
            .flat_map(|f| std::fs::read(data.join(f)).unwrap_or_default())
            .collect()
    };
    let found = |hay: &[u8]| hay.windows(marker.len()).any(|w| w == marker.as_bytes());
    assert!(found(&bytes()), "the answer was not kept");

    call("session_sign_out", json!({ "profile": "org" })).await;
    assert!(
        !found(&bytes()),
        "the deleted answer is still in the file's bytes"
    );
}
