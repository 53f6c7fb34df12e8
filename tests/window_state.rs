//! The main window's size and position are remembered (tauri-plugin-window-state) in
//! Lockdesk's config folder, in a private file, and the sign-in window's are not. The plugin
//! writes a working copy; the kept file is replaced whole, so a save cut short loses nothing.

use std::sync::Arc;

use lockdesk_app::desktop::{keep_window_state, window_state_path, working_window_state};
use lockdesk_core::app::context::AppContext;
use lockdesk_core::core_context::Context;
use lockdesk_core::secrets::MemoryStore;
use serde_json::Value;
use tauri::test::MockRuntime;
use tauri::WebviewWindowBuilder;
use tauri_plugin_window_state::{AppHandleExt, StateFlags};

#[test]
fn main_window_state_is_saved_privately_in_the_config_folder() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config");
    let ctx = AppContext::new(Context::for_tests(&config, Arc::new(MemoryStore::new())));
    let app = lockdesk_app::builder::<MockRuntime>(ctx)
        .build(tauri::generate_context!())
        .unwrap();
    for label in ["main", "signin"] {
        WebviewWindowBuilder::new(&app, label, Default::default())
            .build()
            .unwrap();
    }
    // What the plugin, then the app, do when the app exits.
    app.handle().save_window_state(StateFlags::all()).unwrap();
    keep_window_state(&config);

    let path = window_state_path(&config);
    let state: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let labels: Vec<&String> = state.as_object().unwrap().keys().collect();
    assert_eq!(labels, ["main"], "{state}");
    for field in ["width", "height", "x", "y"] {
        assert!(state["main"].get(field).is_some(), "{field} in {state}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), 0o600, "the window-state file");
        assert_eq!(mode(&config), 0o700, "the config folder");
        assert_eq!(mode(path.parent().unwrap()), 0o700, "its own folder");
    }
}

/// The app over `config` opens its main window and saves the window state, as at exit;
/// whether the save wrote its file.
#[cfg(unix)]
fn main_window_saved(config: &std::path::Path) -> bool {
    let app = app_with_main_window(config);
    let saved = app.handle().save_window_state(StateFlags::all()).is_ok();
    keep_window_state(config);
    saved
}

/// The app over `config`, started, with its main window open.
fn app_with_main_window(config: &std::path::Path) -> tauri::App<MockRuntime> {
    let ctx = AppContext::new(Context::for_tests(config, Arc::new(MemoryStore::new())));
    let app = lockdesk_app::builder::<MockRuntime>(ctx)
        .build(tauri::generate_context!())
        .unwrap();
    WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .unwrap();
    app
}

/// A link planted where the window state goes (the config folder may be a shared one) is
/// never written through: the file it names stays as it was, and the state is kept in a
/// plain private file.
#[cfg(unix)]
#[test]
fn window_state_is_never_written_through_a_planted_link() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config");
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    let path = window_state_path(&config);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(&victim, &path).unwrap();
    // The old place, too (moved from there only when it is a plain file).
    let old_place = config.join(lockdesk_app::desktop::WINDOW_STATE_FILE);
    std::os::unix::fs::symlink(&victim, old_place).unwrap();

    assert!(main_window_saved(&config));

    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    let meta = std::fs::symlink_metadata(&path).unwrap();
    assert!(meta.is_file(), "a plain file now");
    let state: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(state.get("main").is_some(), "{state}");
}

/// A window-state folder that is a link (to another user's folder, say) is refused: the
/// state goes elsewhere and nothing is written into the link's target.
#[cfg(unix)]
#[test]
fn a_linked_window_state_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config");
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, window_state_path(&config).parent().unwrap()).unwrap();

    assert!(
        !main_window_saved(&config),
        "the state had nowhere safe to go"
    );
    assert_eq!(
        std::fs::read_dir(&elsewhere).unwrap().count(),
        0,
        "nothing written through the link"
    );
}

/// A window-state file that cannot be read (cut short, not JSON, a wrong value): the app
/// starts and its main window opens (at the default size and place, as the plugin reads no
/// state); the file is kept beside as `window-state.json.broken`, not written over by the save
/// at exit, which writes a good one.
#[test]
fn a_broken_window_state_is_set_aside_and_the_window_opens() {
    for broken in [
        "{\"main\": {\"width\": 900, \"hei",
        "<html>not JSON</html>",
        "{\"main\": {\"width\": -5, \"height\": 600}}",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("config");
        let path = window_state_path(&config);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, broken).unwrap();
        let app = app_with_main_window(&config);
        let aside = lockdesk_app::desktop::set_aside_path(&path);
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), broken);
        app.handle().save_window_state(StateFlags::all()).unwrap();
        keep_window_state(&config);
        let saved: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert!(saved["main"]["width"].is_u64(), "{saved}");
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), broken);
    }
}

/// A save at exit cut short (the program killed while the plugin wrote, a full disk) leaves the
/// kept file as the last whole save, and the next start gives the plugin that one.
#[test]
fn a_save_cut_short_keeps_the_last_whole_state() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config");
    let path = window_state_path(&config);
    let working = working_window_state(&path);
    {
        let app = app_with_main_window(&config);
        app.handle().save_window_state(StateFlags::all()).unwrap();
        keep_window_state(&config);
    }
    let whole = std::fs::read_to_string(&path).unwrap();
    assert!(serde_json::from_str::<Value>(&whole).unwrap()["main"]["width"].is_u64());

    // Killed halfway through the plugin's write: the working copy is cut short.
    std::fs::write(&working, &whole[..whole.len() / 2]).unwrap();
    keep_window_state(&config);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), whole);

    let _app = app_with_main_window(&config);
    assert_eq!(std::fs::read_to_string(&working).unwrap(), whole);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), whole);
    assert!(!lockdesk_app::desktop::set_aside_path(&path).exists());
}
