//! The main window's size and position are remembered (tauri-plugin-window-state) in
//! Lockdesk's config folder, in a private file, and the sign-in window's are not.

use std::sync::Arc;

use lockdesk_app::desktop::WINDOW_STATE_FILE;
use lockdesk_core::app::AppContext;
use lockdesk_core::{Context, MemoryStore};
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
    // What the plugin does when the app exits.
    app.handle().save_window_state(StateFlags::all()).unwrap();

    let path = config.join(WINDOW_STATE_FILE);
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
    }
}
