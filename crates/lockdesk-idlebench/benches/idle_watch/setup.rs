//! What the app finds when it starts: a keychain (gnome-keyring on the session bus), the
//! simulator in this process, and a config folder with a v3 and a v2 profile signed in through
//! the real OAuth flow (the demo's `start_demo`) and the first organization chosen, so a normal
//! launch (no `--demo`) is signed in and its watch rounds sync and evaluate for real.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;

use lockdesk_api::clock::SystemClock;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::app::dispatch::dispatch;
use lockdesk_core::core_context::Context;
use lockdesk_core::demo::{start_demo, Demo};
use lockdesk_core::secrets::KeyringStore;
use lockdesk_sim::SimOptions;
use serde_json::{json, Value};

/// Starts gnome-keyring's secret service on the session bus (a throwaway HOME keeps its
/// keyring out of the user's own), as the keychain step of scripts/test does.
pub fn start_keyring(home: &Path) {
    if std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_none() {
        eprintln!("idle_watch: no session bus; run under dbus-run-session (see the file's header)");
        std::process::exit(2);
    }
    let mut daemon = Command::new("gnome-keyring-daemon")
        .args(["--unlock", "--components=secrets"])
        .env("HOME", home)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("start gnome-keyring-daemon (package gnome-keyring)");
    let _ = daemon
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"lockdesk-bench");
    // The daemon forks into the background; the first process ends once it is unlocked.
    let status = daemon.wait().expect("gnome-keyring-daemon");
    assert!(status.success(), "gnome-keyring-daemon failed: {status}");
}

/// The app's folders for one run: given to the app as `LOCKDESK_CONFIG_DIR`/`LOCKDESK_DATA_DIR`,
/// the same the bench's own [`Context`] uses.
pub struct Dirs {
    pub config: PathBuf,
    pub data: PathBuf,
}

/// A signed-in space for the app: the simulator (alive as long as the returned [`Demo`]) and
/// the organization chosen.
pub struct Prepared {
    pub demo: Demo,
    pub org: String,
    pub history_records: usize,
}

/// The simulator (real "now", `history_records` records), both profiles signed in through the
/// authorization page with the OS keychain, the first organization chosen through the command
/// table, and the organization's watch interval set to `interval_minutes` when given.
pub async fn prepare(
    dirs: &Dirs,
    history_records: usize,
    interval_minutes: Option<u32>,
) -> Prepared {
    let core = Context::new(
        dirs.config.clone(),
        Arc::new(KeyringStore::new()),
        Arc::new(SystemClock),
    )
    .with_data_dir(dirs.data.clone());
    let options = SimOptions {
        history_records,
        ..SimOptions::small()
    };
    let demo = start_demo(&core, options)
        .await
        .expect("simulator started and both profiles signed in (keychain reachable?)");
    let ctx = AppContext::new(core);
    let orgs = call(&ctx, "orgs_list", Value::Null).await;
    let org = orgs["organizations"][0]["id"]
        .as_str()
        .expect("the simulator's account has an organization")
        .to_owned();
    call(&ctx, "orgs_choose", json!({ "organization_id": org })).await;
    if let Some(minutes) = interval_minutes {
        let mut rules = call(&ctx, "watch_rules_get", Value::Null).await;
        rules["interval_minutes"] = json!(minutes);
        call(&ctx, "watch_rules_set", json!({ "rules": rules })).await;
    }
    Prepared {
        demo,
        org,
        history_records,
    }
}

async fn call(ctx: &AppContext, command: &str, args: Value) -> Value {
    dispatch(ctx, command, args)
        .await
        .unwrap_or_else(|e| panic!("{command}: {} ({})", e.message, e.code))
}
