//! "Try the demo" is its own sandbox: it works where the OS keychain does not, writes nothing
//! to the user's profiles, keychain or data folder, and leaving it returns to the user's own
//! connections with nothing of the demo left.

use std::sync::{Arc, Mutex};

use lockdesk_api::ApiVersion;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::app::dispatch::dispatch;
use lockdesk_core::core_context::Context;
use lockdesk_core::error::{Error, Result};
use lockdesk_core::secrets::SecretStore;
use lockdesk_sim::SimOptions;
use serde_json::{json, Value};

use crate::support;

/// A keychain that is not there (a Linux server without a Secret Service); counts its uses.
#[derive(Default)]
struct NoKeychain {
    calls: Mutex<u32>,
}

impl SecretStore for NoKeychain {
    fn get(&self, _key: &str) -> Result<Option<String>> {
        *self.calls.lock().unwrap() += 1;
        Err(Error::KeychainUnavailable {
            reason: "no Secret Service".into(),
        })
    }
    fn set(&self, key: &str, _value: &str) -> Result<()> {
        self.get(key).map(|_| ())
    }
    fn delete(&self, key: &str) -> Result<()> {
        self.get(key).map(|_| ())
    }
}

async fn call(ctx: &AppContext, cmd: &str, args: Value) -> Value {
    match dispatch(ctx, cmd, args.clone()).await {
        Ok(v) => v,
        Err(e) => panic!("{cmd} {args}: {e:?}"),
    }
}

/// Every file under `dir`, relative.
fn files(dir: &std::path::Path) -> Vec<String> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(files(&p));
        } else {
            out.push(p.display().to_string());
        }
    }
    out
}

/// Every folder under `dir` is 0700 and every file 0600 (whatever this process's umask).
#[cfg(unix)]
fn assert_private(dir: &std::path::Path) {
    use std::os::unix::fs::PermissionsExt;
    let meta = std::fs::symlink_metadata(dir).unwrap();
    let mode = meta.permissions().mode() & 0o777;
    let wanted = if meta.is_dir() { 0o700 } else { 0o600 };
    assert_eq!(mode, wanted, "{} is {mode:o}", dir.display());
    if meta.is_dir() {
        for e in std::fs::read_dir(dir).unwrap() {
            assert_private(&e.unwrap().path());
        }
    }
}

#[tokio::test]
async fn demo_without_a_keychain_leaves_nothing_behind() {
    let home = tempfile::tempdir().unwrap();
    let keychain = Arc::new(NoKeychain::default());
    let core = Context::new(
        home.path().join("config"),
        keychain.clone(),
        Arc::new(lockdesk_api::clock::SystemClock),
    )
    .with_data_dir(home.path().join("data"));
    let ctx = AppContext::with_demo_options(core, SimOptions::small());

    let st = call(&ctx, "session_start_demo", json!({})).await;
    assert_eq!(st["demo"], true);
    assert_eq!(st["active"]["name"], "demo");
    assert_eq!(st["active"]["signed_in"], true);
    // The demo works: organizations, locks, a rename, the history archive.
    let orgs = call(&ctx, "orgs_list", json!({})).await;
    let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
    call(&ctx, "orgs_choose", json!({ "organization_id": org })).await;
    let locks = call(&ctx, "locks_list", json!({})).await;
    let lock = locks["locks"][0]["id"].as_str().unwrap().to_owned();
    let renamed = call(
        &ctx,
        "locks_rename",
        json!({ "lock_id": lock, "name": "Demo door" }),
    )
    .await;
    assert_eq!(renamed["name"], "Demo door");
    call(&ctx, "history_sync_status", json!({})).await;
    let sandbox = ctx.demo_dir().expect("the demo's folder");
    assert!(sandbox.starts_with(std::env::temp_dir()));
    assert!(
        files(&sandbox).iter().any(|f| f.ends_with(".sqlite")),
        "the demo's archive is in its sandbox"
    );
    #[cfg(unix)]
    assert_private(&sandbox);

    let st = call(&ctx, "session_leave_demo", json!({})).await;
    assert_eq!(st["demo"], false);
    assert!(
        st["active"].is_null(),
        "no demo connection after leaving: {st}"
    );
    let profiles = call(&ctx, "profiles_list", json!({})).await;
    assert_eq!(profiles["profiles"], json!([]));
    assert_eq!(
        *keychain.calls.lock().unwrap(),
        0,
        "the keychain was never asked"
    );
    assert_eq!(
        files(home.path()),
        Vec::<String>::new(),
        "nothing in the user's folders"
    );
    assert!(!sandbox.exists(), "the sandbox folder is deleted");
    assert!(ctx.demo_dir().is_none());
}

#[tokio::test]
async fn leaving_the_demo_returns_to_the_users_connection() {
    let w = support::world().await;
    w.add_profile("acme", ApiVersion::V3).await;
    w.sign_in("acme").await;
    let core = Context::for_tests(w.dir.path(), w.secrets.clone());
    let ctx = AppContext::with_demo_options(core, SimOptions::small());
    call(&ctx, "profiles_use", json!({ "profile": "acme" })).await;
    let orgs = call(&ctx, "orgs_list", json!({})).await;
    let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
    call(&ctx, "orgs_choose", json!({ "organization_id": org })).await;
    let keys_before = w.secrets.keys();

    call(&ctx, "session_start_demo", json!({})).await;
    let profiles = call(&ctx, "profiles_list", json!({})).await;
    let names: Vec<&str> = profiles["profiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["demo", "demo-history"],
        "the demo shows its own connections"
    );
    // A second start gives fresh data and still touches nothing of the user's.
    call(&ctx, "session_start_demo", json!({})).await;

    let st = call(&ctx, "session_leave_demo", json!({})).await;
    assert_eq!(st["demo"], false);
    assert_eq!(st["active"]["name"], "acme");
    assert_eq!(st["active"]["signed_in"], true);
    let profiles = call(&ctx, "profiles_list", json!({})).await;
    assert_eq!(profiles["profiles"].as_array().unwrap().len(), 1);
    assert_eq!(
        w.secrets.keys(),
        keys_before,
        "the keychain holds only the user's entries"
    );
    let locks = call(&ctx, "locks_list", json!({})).await;
    assert!(!locks["locks"].as_array().unwrap().is_empty());
}

/// The demo's simulator listens on loopback beside the user's browser: its control API needs
/// the random token the session status hands the app (401 without), every route its own
/// address as Host (421), and the demo itself keeps working (the sign-in, the API and the lock
/// images: `demo_locks_rename_image_and_reset` loads one through the image fetcher).
#[tokio::test]
async fn the_demo_simulator_needs_its_token_and_its_own_host() {
    let dir = tempfile::tempdir().unwrap();
    let core = Context::for_tests(
        dir.path(),
        Arc::new(lockdesk_core::secrets::MemoryStore::new()),
    );
    let ctx = AppContext::with_demo_options(core, SimOptions::small());
    let st = call(&ctx, "session_start_demo", json!({})).await;
    let base = st["demo_base_url"].as_str().unwrap().to_owned();
    let token = st["demo_sim_token"].as_str().unwrap().to_owned();
    assert_eq!(token.len(), 64);
    let port = url::Url::parse(&base).unwrap().port().unwrap();
    let clock = |token: Option<&str>, host: Option<String>| {
        let mut r = reqwest::Client::new()
            .post(format!("{base}/_sim/clock"))
            .json(&json!({ "advance_seconds": 60 }));
        if let Some(t) = token {
            r = r.header(lockdesk_sim::CONTROL_TOKEN_HEADER, t);
        }
        if let Some(h) = host {
            r = r.header(reqwest::header::HOST, h);
        }
        async { r.send().await.unwrap().status().as_u16() }
    };
    assert_eq!(clock(None, None).await, 401);
    assert_eq!(clock(Some(&"0".repeat(64)), None).await, 401);
    assert_eq!(
        clock(Some(&token), Some(format!("rebound.example:{port}"))).await,
        421
    );
    assert_eq!(clock(Some(&token), None).await, 200);
    assert_eq!(
        clock(Some(&token), Some(format!("localhost:{port}"))).await,
        200
    );
    // The app's own client passes.
    let orgs = call(&ctx, "orgs_list", json!({})).await;
    assert!(!orgs["organizations"].as_array().unwrap().is_empty());

    // Each start has its own token; leaving the demo drops it.
    let again = call(&ctx, "session_start_demo", json!({})).await;
    assert_ne!(again["demo_sim_token"].as_str().unwrap(), token);
    let left = call(&ctx, "session_leave_demo", json!({})).await;
    assert!(left["demo_sim_token"].is_null());
}
