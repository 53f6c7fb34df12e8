//! The desktop shell under Tauri's mock runtime: commands reach lockdesk-core through IPC from
//! the main window, the sign-in window has no IPC access at all, and the capability file grants
//! exactly the app's commands.

use std::sync::Arc;

use lockdesk_commands::{COMMANDS, DESKTOP_COMMANDS};
use lockdesk_core::app::context::AppContext;
use lockdesk_core::core_context::Context;
use lockdesk_core::secrets::MemoryStore;
use serde_json::{json, Value};
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, mock_builder, INVOKE_KEY};
use tauri::webview::InvokeRequest;
use tauri::{Manager, WebviewWindowBuilder};

fn request(cmd: &str, req: Value) -> InvokeRequest {
    InvokeRequest {
        cmd: cmd.into(),
        callback: CallbackFn(0),
        error: CallbackFn(1),
        url: if cfg!(windows) {
            "http://tauri.localhost"
        } else {
            "tauri://localhost"
        }
        .parse()
        .unwrap(),
        body: InvokeBody::Json(json!({ "req": req })),
        headers: Default::default(),
        invoke_key: INVOKE_KEY.to_string(),
    }
}

fn app() -> (tauri::App<tauri::test::MockRuntime>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let ctx = AppContext::new(Context::for_tests(dir.path(), Arc::new(MemoryStore::new())));
    let builder = mock_builder()
        .manage(ctx)
        .invoke_handler(lockdesk_app::handler());
    let app = builder.build(tauri::generate_context!()).unwrap();
    (app, dir)
}

#[test]
fn main_window_reaches_the_core_and_errors_keep_their_code() {
    let (app, _dir) = app();
    let main = WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .unwrap();
    let ok = get_ipc_response(&main, request("profiles_list", json!({}))).unwrap();
    let v: Value = ok.deserialize().unwrap();
    assert_eq!(v["profiles"], json!([]));
    let err = get_ipc_response(&main, request("locks_list", json!({}))).unwrap_err();
    assert_eq!(err["code"], "not_signed_in", "{err}");
    assert!(err["message"].as_str().unwrap().contains("sign in"));
}

#[test]
fn sign_in_window_has_no_ipc_access() {
    let (app, _dir) = app();
    let signin = WebviewWindowBuilder::new(&app, "signin", Default::default())
        .build()
        .unwrap();
    for cmd in ["profiles_list", "session_status", "sign_in_window_close"] {
        let err = get_ipc_response(&signin, request(cmd, json!({}))).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("not allowed"), "{cmd}: {text}");
    }
}

#[test]
fn capability_grants_exactly_the_app_commands() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src-tauri/capabilities/main.json"
    ))
    .unwrap();
    let cap: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(cap["windows"], json!(["main"]));
    let granted: Vec<String> = cap["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p.as_str())
        .filter_map(|p| p.strip_prefix("allow-"))
        .map(|p| p.replace('-', "_"))
        .collect();
    let mut expected: Vec<String> = COMMANDS.iter().map(|s| s.to_string()).collect();
    expected.extend(DESKTOP_COMMANDS.iter().map(|s| s.to_string()));
    assert_eq!(granted, expected);
    let others: Vec<&str> = cap["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p.as_str())
        .filter(|p| !p.starts_with("allow-"))
        .collect();
    assert_eq!(
        others,
        ["core:event:allow-listen", "core:event:allow-unlisten"]
    );
    assert!(cap.get("remote").is_none(), "no remote URL may use IPC");
}

#[test]
fn csp_is_strict() {
    let conf: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tauri.conf.json")).unwrap(),
    )
    .unwrap();
    let csp = &conf["app"]["security"]["csp"];
    assert_eq!(csp["default-src"], "'self'");
    assert_eq!(csp["script-src"], "'self'");
    assert_eq!(csp["connect-src"], "ipc: http://ipc.localhost");
    // No remote content in the main window: service images come through `images_get`.
    for mode in ["csp", "devCsp"] {
        assert_eq!(
            conf["app"]["security"][mode]["img-src"], "'self' data: blob:",
            "{mode}"
        );
    }
    // Object.prototype frozen before the UI runs; the charts work with it through
    // ui/src/lib/screens/history/tslib-frozen.ts (the browser e2e runs under the same freeze).
    assert_eq!(conf["app"]["security"]["freezePrototype"], true);
}

/// The web view's own folder is private before the window opens, also when an older version
/// or WebKit left it open to others.
#[cfg(unix)]
#[test]
fn the_web_views_folder_is_private() {
    use std::os::unix::fs::PermissionsExt;
    let base = tempfile::tempdir().unwrap();
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    lockdesk_app::private_webview_folder(base.path(), "com.lockdesk.desktop").unwrap();
    assert_eq!(mode(&base.path().join("com.lockdesk.desktop")), 0o700);
    let old = base.path().join("com.example.older");
    std::fs::create_dir(&old).unwrap();
    std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o755)).unwrap();
    lockdesk_app::private_webview_folder(base.path(), "com.example.older").unwrap();
    assert_eq!(mode(&old), 0o700);
}

/// The app as `run` builds it (the shell's plugins, settings and watcher) on the mock runtime,
/// with its main window; the mock builder carries the invoke key the test requests use.
fn whole_app() -> (
    tauri::App<tauri::test::MockRuntime>,
    tauri::WebviewWindow<tauri::test::MockRuntime>,
    tempfile::TempDir,
) {
    whole_app_in(tempfile::tempdir().unwrap())
}

/// [`whole_app`] over `dir`'s config and data, prepared by the test.
fn whole_app_in(
    dir: tempfile::TempDir,
) -> (
    tauri::App<tauri::test::MockRuntime>,
    tauri::WebviewWindow<tauri::test::MockRuntime>,
    tempfile::TempDir,
) {
    let ctx = AppContext::new(Context::for_tests(dir.path(), Arc::new(MemoryStore::new())));
    let app = lockdesk_app::builder_with(mock_builder(), ctx, lockdesk_app::WatchOptions::app())
        .build(tauri::generate_context!())
        .unwrap();
    let main = WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .unwrap();
    (app, main, dir)
}

/// The UI tells the shell its language and the close-to-tray choice through the main window;
/// notifications are raised from Rust only, so the window may not call the notification
/// plugin.
#[test]
fn shell_settings_through_ipc_and_no_notifications_from_the_window() {
    let (_app, main, dir) = whole_app();
    let v: Value = get_ipc_response(&main, request("shell_settings_get", json!({})))
        .unwrap()
        .deserialize()
        .unwrap();
    assert_eq!(v, json!({"language": "en", "keep_watching_in_tray": false}));
    let set = json!({"language": "ja", "keep_watching_in_tray": true});
    let v: Value = get_ipc_response(&main, request("shell_settings_set", set.clone()))
        .unwrap()
        .deserialize()
        .unwrap();
    assert_eq!(v, set);
    let stored = lockdesk_app::settings::Settings::load(dir.path()).get();
    assert_eq!(stored.language, lockdesk_app::watcher::Lang::Ja);
    assert!(stored.keep_watching_in_tray);

    for cmd in [
        "plugin:notification|notify",
        "plugin:notification|request_permission",
        "plugin:notification|is_permission_granted",
    ] {
        let err = get_ipc_response(&main, request(cmd, json!({}))).unwrap_err();
        assert!(err.to_string().contains("not allowed"), "{cmd}: {err}");
    }
}

/// A `shell.json` that cannot be used (cut short, not JSON, a wrong value): the app starts with
/// the defaults, the Account screen's read names the file, line and column, a change is
/// refused and the file left as it was; once the person fixed it, it is read without a restart.
#[test]
fn a_broken_shell_settings_file_is_named_and_never_replaced() {
    for (text, kind, place) in [
        (
            "{\n  \"language\": \"ja\",\n  \"keep_wat",
            "cut_short",
            (3, 11),
        ),
        ("{\n  \"language\": ja\n}\n", "not_json", (2, 15)),
        ("{\n  \"language\": \"fr\"\n}\n", "wrong_value", (2, 18)),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(lockdesk_app::settings::SETTINGS_FILE);
        std::fs::write(&path, text).unwrap();
        let (_app, main, dir) = whole_app_in(dir);
        let err = get_ipc_response(&main, request("shell_settings_get", json!({}))).unwrap_err();
        assert_eq!(err["code"], "config_invalid", "{err}");
        assert_eq!(err["details"]["path"], path.to_str().unwrap(), "{err}");
        assert_eq!(err["details"]["config_problem"], kind, "{err}");
        assert_eq!(
            (&err["details"]["line"], &err["details"]["column"]),
            (&json!(place.0), &json!(place.1)),
            "{kind}: {err}"
        );
        let set = json!({"language": "en", "keep_watching_in_tray": true});
        let refused = get_ipc_response(&main, request("shell_settings_set", set.clone()));
        assert_eq!(refused.unwrap_err()["code"], "config_invalid");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "{kind}");
        // The defaults are in use meanwhile: English, closing the window quits.
        let held = lockdesk_app::settings::Settings::load(dir.path()).get();
        assert_eq!(held, Default::default());

        std::fs::remove_file(&path).unwrap();
        get_ipc_response(&main, request("shell_settings_get", json!({}))).unwrap();
        get_ipc_response(&main, request("shell_settings_set", set)).unwrap();
        let backup = lockdesk_core::settings_file::backup_path(&path);
        assert!(!backup.exists(), "nothing replaced: no backup");
    }
}

/// The Watch screen pauses and resumes background watching through the main window, the same
/// switch as the tray's, and reads how it stands.
#[test]
fn watching_paused_and_resumed_through_ipc() {
    let (app, main, _dir) = whole_app();
    let call = |cmd: &str, req: Value| -> Value {
        get_ipc_response(&main, request(cmd, req))
            .unwrap()
            .deserialize()
            .unwrap()
    };
    let watcher = app
        .state::<lockdesk_app::watcher::Watcher>()
        .inner()
        .clone();
    let v = call("watcher_status_get", json!({}));
    assert_eq!(v["paused"], false, "{v}");
    let v = call("watcher_pause_set", json!({ "paused": true }));
    assert_eq!(v["paused"], true, "{v}");
    assert!(watcher.is_paused());
    // Paused from the tray: the screen reads it.
    lockdesk_app::tray::on_menu(app.handle(), lockdesk_app::tray::PAUSE);
    assert_eq!(call("watcher_status_get", json!({}))["paused"], false);
    let v = call("watcher_pause_set", json!({ "paused": false }));
    assert_eq!(v["paused"], false);
    assert!(!watcher.is_paused());
}

/// The macOS menu bar (installed on macOS only; built here on the mock runtime): the
/// application, Edit and Window menus in both languages, and Settings… showing Account.
#[test]
fn the_macos_menu_bar_in_both_languages_and_settings_shows_account() {
    use lockdesk_app::app_menu;
    use lockdesk_app::watcher::words::{menu_label, Lang, MenuEntry};
    use lockdesk_commands::shell::OPEN_SCREEN_EVENT;
    use tauri::menu::MenuItemKind;
    use tauri::Listener;

    fn text(item: &MenuItemKind<tauri::test::MockRuntime>) -> String {
        match item {
            MenuItemKind::Submenu(s) => s.text(),
            MenuItemKind::MenuItem(i) => i.text(),
            MenuItemKind::Predefined(p) => p.text(),
            MenuItemKind::Check(c) => c.text(),
            MenuItemKind::Icon(i) => i.text(),
        }
        .unwrap()
    }

    let (app, _main, _dir) = whole_app();
    for lang in Lang::ALL {
        let menu = app_menu::build(app.handle(), lang).unwrap();
        let bar = menu.items().unwrap();
        let titles: Vec<String> = bar.iter().map(text).collect();
        let w = |e| menu_label(lang, e).to_owned();
        assert_eq!(
            titles,
            [w(MenuEntry::App), w(MenuEntry::Edit), w(MenuEntry::Window)]
        );
        let entries = |i: usize| -> Vec<String> {
            bar[i]
                .as_submenu()
                .unwrap()
                .items()
                .unwrap()
                .iter()
                .map(text)
                .filter(|t| !t.is_empty())
                .collect()
        };
        let app_entries = entries(0);
        for e in [
            MenuEntry::About,
            MenuEntry::Settings,
            MenuEntry::Hide,
            MenuEntry::HideOthers,
            MenuEntry::Quit,
        ] {
            assert!(
                app_entries.contains(&w(e)),
                "{lang:?} {e:?}: {app_entries:?}"
            );
        }
        let edit = entries(1);
        for e in [
            MenuEntry::Cut,
            MenuEntry::Copy,
            MenuEntry::Paste,
            MenuEntry::SelectAll,
        ] {
            assert!(edit.contains(&w(e)), "{lang:?} {e:?}: {edit:?}");
        }
        assert!(entries(2).contains(&w(MenuEntry::CloseWindow)));
        // Lockdesk's own entries carry its ids (their shortcuts, ⌘, and ⌘Q, are set in build).
        let own: Vec<String> = bar[0]
            .as_submenu()
            .unwrap()
            .items()
            .unwrap()
            .iter()
            .filter_map(|i| i.as_menuitem().map(|m| m.id().0.clone()))
            .collect();
        assert_eq!(own, [app_menu::SETTINGS, app_menu::QUIT]);
    }

    let (tx, rx) = std::sync::mpsc::channel();
    app.listen_any(OPEN_SCREEN_EVENT, move |e| {
        let _ = tx.send(e.payload().to_owned());
    });
    app_menu::on_menu(app.handle(), app_menu::SETTINGS);
    let payload: Value = serde_json::from_str(
        &rx.recv_timeout(std::time::Duration::from_secs(5))
            .expect("Settings… asks the window for a screen"),
    )
    .unwrap();
    assert_eq!(payload, json!({ "screen": "account" }));
}

/// The app prunes the journal when it starts, in the background: an entry past the retention
/// (a year) goes, a newer one stays, and the window's commands answer meanwhile.
#[test]
fn the_journal_is_pruned_in_the_background_when_the_app_starts() {
    use chrono::{Duration, Utc};
    use lockdesk_core::journal::{Journal, JournalQuery, NewEntry, Operation, Target, DONE};
    let dir = tempfile::tempdir().unwrap();
    let journal = Journal::new(&dir.path().join("data"));
    for (days, name) in [(400, "last year"), (10, "this month")] {
        let entry = NewEntry {
            at: Utc::now() - Duration::days(days),
            connection: None,
            account: None,
            organization_id: None,
            operation: Operation::LocksRename,
            target: Target::id("lock-1").name(name),
            outcome: DONE.into(),
        };
        journal.record(&entry).unwrap();
    }
    let (_app, main, _dir) = whole_app_in(dir);
    let names = || {
        let all = JournalQuery {
            limit: 10,
            ..JournalQuery::default()
        };
        let entries = journal.list(&all).unwrap().0;
        entries
            .into_iter()
            .filter_map(|e| e.target_name)
            .collect::<Vec<_>>()
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while names().len() > 1 && std::time::Instant::now() < deadline {
        let v: Value = get_ipc_response(&main, request("activity_storage_get", json!({})))
            .unwrap()
            .deserialize()
            .unwrap();
        assert_eq!(v["keep_days"], 365);
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(names(), ["this month"]);
}

/// `--demo`'s folder goes with the app's cleanup before the process exits: what Tauri does when
/// the app quits, and what the single-instance plugin does when a second `--demo` hands over to
/// the running app and exits at once (no destructor of ours runs then).
#[test]
fn the_demo_folder_goes_with_the_app_s_cleanup() {
    let folder = lockdesk_core::app::context::DemoFolder::new().unwrap();
    let path = folder.path().to_owned();
    let app = mock_builder()
        .plugin(lockdesk_app::desktop::demo_folder(folder))
        .build(tauri::generate_context!())
        .unwrap();
    assert!(path.is_dir());
    app.cleanup_before_exit();
    assert!(!path.exists(), "{} left", path.display());
}
