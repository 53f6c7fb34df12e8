//! A new alert of a watch round reaches a notification server on the session D-Bus: the
//! shell's real notifier (tauri-plugin-notification) against tests/desktop/notification_server.py,
//! which records every `Notify` call. Needs a session bus and python3-gi, so it is ignored by
//! default; scripts/test runs it under `dbus-run-session`:
//! `cargo test -p lockdesk --test notification_dbus -- --ignored`.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use lockdesk_app::watcher::{RoundFuture, Watcher};
use lockdesk_app::WatchOptions;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::core_context::Context;
use lockdesk_core::secrets::MemoryStore;
use lockdesk_core::watch::rules::RuleKind;
use serde_json::Value;
use tauri::test::mock_builder;
use tauri::Manager;

#[path = "support/alerts.rs"]
mod sample;

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start_server(out: &std::path::Path) -> Server {
    let python = std::env::var("LOCKDESK_SYSTEM_PYTHON").unwrap_or("/usr/bin/python3".into());
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/desktop/notification_server.py"
    );
    let mut child = Command::new(python)
        .arg(script)
        .arg(out)
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the test notification server");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert_eq!(
        line.trim(),
        "ready",
        "the test notification server did not start"
    );
    Server(child)
}

#[test]
#[ignore = "needs a session D-Bus and python3-gi: run by scripts/test under dbus-run-session"]
fn a_new_alert_reaches_the_notification_server_on_the_session_bus() {
    assert!(
        std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some(),
        "run under dbus-run-session"
    );
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("notifications.jsonl");
    let _server = start_server(&out);

    let ctx = AppContext::new(Context::for_tests(
        dir.path().join("config"),
        Arc::new(MemoryStore::new()),
    ));
    let watch = WatchOptions {
        round: Arc::new(|_ctx: AppContext, _asked: bool| {
            Box::pin(async {
                Ok(vec![sample::alert(
                    RuleKind::UnlockedTooLong,
                    "Front <door>",
                    None,
                )])
            }) as RoundFuture
        }),
        // The app's own notifier: the notification plugin.
        notifier: None,
        interval: Duration::from_secs(3600),
    };
    let app = lockdesk_app::builder_with(mock_builder(), ctx, watch)
        .build(tauri::generate_context!())
        .unwrap();
    let watcher = app.state::<Watcher>().inner().clone();
    watcher.run_now();
    tauri::async_runtime::block_on(watcher.wait_rounds(1, Duration::from_secs(10)));

    let end = Instant::now() + Duration::from_secs(20);
    let seen: Vec<Value> = loop {
        let text = std::fs::read_to_string(&out).unwrap_or_default();
        let seen: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        if !seen.is_empty() || Instant::now() > end {
            break seen;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(
        seen.len(),
        1,
        "exactly one notification for one alert: {seen:?}"
    );
    assert_eq!(seen[0]["summary"], "Door left unlocked");
    // The core's words for the alert, the lock's name escaped for the server's markup.
    let body = seen[0]["body"].as_str().unwrap();
    assert!(
        body.starts_with("Front &lt;door&gt;: unlocked at 2026-11-2")
            && body.ends_with(" and not locked again"),
        "{body}"
    );
    // Nothing more arrives later (one alert, one notification).
    std::thread::sleep(Duration::from_millis(500));
    let lines = std::fs::read_to_string(&out).unwrap().lines().count();
    assert_eq!(lines, 1);
}
