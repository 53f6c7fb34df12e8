//! "Try the demo" is its own sandbox: it works where the OS keychain does not, writes nothing
//! to the user's profiles, keychain or data folder, and leaving it returns to the user's own
//! connections with nothing of the demo left.

use std::sync::{Arc, Mutex};

use lockdesk_api::ApiVersion;
use lockdesk_core::app::{dispatch, AppContext};
use lockdesk_core::{Context, Error, Result, SecretStore};
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
