//! Desktop conveniences: one instance at a time (a second launch focuses the first window and
//! exits) and the main window's size and position remembered between runs.

use std::path::{Path, PathBuf};

use lockdesk_core::private_fs;
use tauri::plugin::TauriPlugin;
use tauri::{Manager, Runtime};
use tauri_plugin_window_state::{AppHandleExt, StateFlags};

/// The remembered size and position of the main window, in Lockdesk's config folder.
pub const WINDOW_STATE_FILE: &str = "window-state.json";

/// The single-instance plugin: a second launch (also a second `--demo`) hands over to the first
/// through the session D-Bus (Linux), a named mutex (Windows) or a socket (macOS), which brings
/// its main window to the front; the second process then exits with status 0. Without a session
/// bus every launch runs on its own. Registered by `run` only, never in tests, which must not
/// hand over to (and exit for) a Lockdesk the developer has open.
pub fn single_instance<R: Runtime>() -> TauriPlugin<R> {
    tauri_plugin_single_instance::init(|app, _args, _cwd| focus_main(app))
}

/// Brings the main window back: out of the taskbar or tray, restored and focused.
pub fn focus_main<R: Runtime>(app: &tauri::AppHandle<R>) {
    let Some(window) = app.get_webview_window("main") else {
        return;
    };
    let _ = window.unminimize();
    let _ = window.show();
    let _ = window.set_focus();
}

/// Where the window state lives: Lockdesk's config folder (a `--demo` run's throwaway one).
pub fn window_state_path(config_dir: &Path) -> PathBuf {
    config_dir.join(WINDOW_STATE_FILE)
}

/// Size and position: what is remembered of the main window.
const REMEMBERED: StateFlags = StateFlags::SIZE.union(StateFlags::POSITION);

/// The window-state plugin for the main window only (the sign-in window always opens afresh),
/// size and position only. The plugin writes the file with `std::fs::write`, which keeps the
/// mode of an existing file: [`private_window_state`] creates the folder and the file private
/// (0700/0600) at setup, and [`tighten_window_state`] narrows it again after the save at exit.
pub fn window_state<R: Runtime>(config_dir: &Path) -> TauriPlugin<R> {
    let path = window_state_path(config_dir);
    tauri_plugin_window_state::Builder::new()
        .with_state_flags(REMEMBERED)
        .with_filter(|label| label == "main")
        // The plugin joins this to Tauri's own config folder; an absolute path replaces it.
        .with_filename(path.to_string_lossy())
        .build()
}

/// A plugin that creates the config folder and an empty window-state file, both private, if
/// missing. Plugins are set up in order when the app is built: after the single-instance plugin,
/// so a second launch that hands over creates nothing; the window-state plugin only reads the
/// file at setup and writes it at exit.
pub fn private_window_state<R: Runtime>(config_dir: &Path) -> TauriPlugin<R> {
    let dir = config_dir.to_owned();
    tauri::plugin::Builder::new("lockdesk-window-state")
        .setup(move |_, _| {
            if private_fs::create_private_dir_all(&dir).is_ok() {
                let _ = private_fs::open_private(&window_state_path(&dir));
            }
            Ok(())
        })
        .build()
}

/// Narrows the window-state file to 0600 should anything have widened it.
pub fn tighten_window_state(config_dir: &Path) {
    let _ = private_fs::tighten(&window_state_path(config_dir));
}

/// Saves the window state as soon as the main window is asked to close, not only when the app
/// exits: a process ended right after its window closed (a session ending, a driver quitting)
/// still remembers where the window was.
pub fn on_window_event<R: Runtime>(window: &tauri::Window<R>, event: &tauri::WindowEvent) {
    if window.label() == "main" && matches!(event, tauri::WindowEvent::CloseRequested { .. }) {
        let app = window.app_handle();
        if let Err(e) = app.save_window_state(REMEMBERED) {
            tracing::warn!("window state not saved: {e}");
        }
        if let Some(ctx) = app.try_state::<lockdesk_core::app::AppContext>() {
            tighten_window_state(&ctx.core().config_dir);
        }
    }
}
