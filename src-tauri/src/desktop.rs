//! Desktop conveniences: one instance at a time (a second launch focuses the first window and
//! exits), `--demo`'s folder deleted whichever way the process ends, and the main window's size
//! and position remembered between runs.

use std::path::{Path, PathBuf};

use lockdesk_core::app::context::DemoFolder;
use lockdesk_core::private_fs;
use tauri::plugin::TauriPlugin;
use tauri::{Manager, Runtime};
use tauri_plugin_window_state::{AppHandleExt, StateFlags};

/// The remembered size and position of the main window, in Lockdesk's config folder.
pub const WINDOW_STATE_FILE: &str = "window-state.json";

/// `--demo`'s folder, held as a resource of the app: Tauri drops its resources (and so the
/// folder is deleted) in its cleanup before the process exits, both when the app quits and when
/// a second launch hands over to the running app (the single-instance plugin cleans up and
/// exits at once, running no destructor of ours). Registered before that plugin, so the folder
/// is in the table by then.
pub fn demo_folder<R: Runtime>(folder: DemoFolder) -> TauriPlugin<R> {
    tauri::plugin::Builder::new("lockdesk-demo-folder")
        .setup(move |app, _| {
            app.resources_table().add(HeldFolder { _folder: folder });
            Ok(())
        })
        .build()
}

/// Kept for its drop, which deletes the folder.
struct HeldFolder {
    _folder: DemoFolder,
}

impl tauri::Resource for HeldFolder {}

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

/// WebKitGTK's cache model for a single local page, to keep idle memory down: the main window
/// loads one page from the app itself and never navigates, so the browser's memory caches
/// (decoded resources, the back-forward cache sized for web browsing) hold nothing useful.
/// `DocumentViewer` turns them off for the app's web context (the sign-in window shares it).
#[cfg(target_os = "linux")]
pub fn document_viewer_cache<R: Runtime>(app: &tauri::AppHandle<R>) {
    use webkit2gtk::{CacheModel, WebContextExt, WebViewExt};
    let Some(window) = app.get_webview_window("main") else {
        return;
    };
    let set = window.with_webview(|webview| {
        if let Some(context) = webview.inner().context() {
            context.set_cache_model(CacheModel::DocumentViewer);
        }
    });
    if let Err(e) = set {
        tracing::warn!("the web view keeps its default cache model: {e}");
    }
}

/// WebKitGTK draws the page without compositing layers and so without OpenGL: in its default
/// policy Lockdesk's page enters compositing mode (an empty static page does not), and the web
/// process then holds OpenGL (Mesa's llvmpipe where there
/// is no GPU, 56 MiB of it resident) and layer backing stores for good. Measured on the
/// first-run screen: the web process at 322 MiB with compositing and 192 MiB without, where the
/// empty Tauri app's takes 223 MiB (docs/performance.md). Lockdesk's screens are forms and
/// tables, which the CPU draws as well. It must be chosen before WebKit starts its web process
/// (WebKit's setting for it, changed on the running view, left OpenGL loaded: 305 MiB), so it is
/// the environment variable WebKit reads, set at the start of `main` unless the person set it.
/// Not under WebDriver (`TAURI_WEBVIEW_AUTOMATION`, set by tauri-driver): WebKitWebDriver never
/// completes a session with a page drawn without compositing, so the desktop tests draw with it.
/// It changes the process's environment: call it before any other thread starts.
#[cfg(target_os = "linux")]
pub fn without_compositing() {
    const VAR: &str = "WEBKIT_DISABLE_COMPOSITING_MODE";
    if std::env::var_os(VAR).is_none() && std::env::var_os("TAURI_WEBVIEW_AUTOMATION").is_none() {
        std::env::set_var(VAR, "1");
    }
}

/// When WebKit's web process of the main window ends (a crash, the system's memory limit, a
/// kill), the window would stay blank: the page is loaded again, and why it ended goes to the
/// log (`web process of the main window ended: Crashed`), so that a crash can be told from a
/// hang afterwards.
#[cfg(target_os = "linux")]
pub fn reload_when_the_page_dies<R: Runtime>(app: &tauri::AppHandle<R>) {
    use webkit2gtk::{WebProcessTerminationReason, WebViewExt};
    let Some(window) = app.get_webview_window("main") else {
        return;
    };
    let set = window.with_webview(|webview| {
        webview
            .inner()
            .connect_web_process_terminated(|view, reason| {
                let why = match reason {
                    WebProcessTerminationReason::Crashed => "Crashed",
                    WebProcessTerminationReason::ExceededMemoryLimit => "ExceededMemoryLimit",
                    WebProcessTerminationReason::TerminatedByApi => "TerminatedByApi",
                    _ => "other",
                };
                tracing::error!(
                    "web process of the main window ended: {why}; loading the page again"
                );
                if reason != WebProcessTerminationReason::TerminatedByApi {
                    view.reload();
                }
            });
    });
    if let Err(e) = set {
        tracing::warn!("a crashed page will not be loaded again by itself: {e}");
    }
}

/// The folder of the window state, in Lockdesk's config folder (a `--demo` run's throwaway
/// one): a private folder of its own, since the plugin writes with `std::fs::write`, which
/// follows a link planted where the file should be (the config folder may be a shared one,
/// `LOCKDESK_CONFIG_DIR`).
pub const WINDOW_STATE_DIR: &str = "window";

/// Where the window state is kept.
pub fn window_state_path(config_dir: &Path) -> PathBuf {
    config_dir.join(WINDOW_STATE_DIR).join(WINDOW_STATE_FILE)
}

/// The working copy beside the kept file (`window-state.json.open`): the plugin reads it at
/// setup and writes it at exit with `std::fs::write`, which a kill or a full disk can cut
/// short; the kept file is only ever replaced whole by [`keep_window_state`].
pub fn working_window_state(kept: &Path) -> PathBuf {
    let mut name = kept.as_os_str().to_owned();
    name.push(".open");
    PathBuf::from(name)
}

/// The file the window-state plugin is given. Nothing is created here (a second launch hands
/// over to the first before any plugin's setup): [`private_window_state`] makes the folder at
/// setup. When the folder is already a link or another user's, the plugin gets a file in a
/// folder that does not exist, under a random name, so its writes fail and nothing is written
/// through the link; the window is then not remembered.
pub fn window_state_file(config_dir: &Path) -> PathBuf {
    let path = window_state_path(config_dir);
    let Some(why) = path.parent().and_then(private_fs::not_own_dir) else {
        return working_window_state(&path);
    };
    tracing::warn!("the window's size and position are not remembered: its folder {why}");
    use std::hash::{BuildHasher, Hasher};
    let random = |_| {
        std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish()
    };
    let name: String = (0..2).map(random).map(|n| format!("{n:016x}")).collect();
    std::env::temp_dir()
        .join(format!("lockdesk-unremembered-{name}"))
        .join(WINDOW_STATE_FILE)
}

/// Size and position: what is remembered of the main window.
const REMEMBERED: StateFlags = StateFlags::SIZE.union(StateFlags::POSITION);

/// The window-state plugin for the main window only (the sign-in window always opens afresh),
/// size and position only. The plugin writes the file with `std::fs::write`, which keeps the
/// mode of an existing file and follows links: `path` comes from [`window_state_file`],
/// [`private_window_state`] makes its folder ours and the file private (0600) at setup, and
/// [`keep_window_state`] keeps what it saved at exit.
pub fn window_state<R: Runtime>(path: &Path) -> TauriPlugin<R> {
    tauri_plugin_window_state::Builder::new()
        .with_state_flags(REMEMBERED)
        .with_filter(|label| label == "main")
        // The plugin joins this to Tauri's own config folder; an absolute path replaces it.
        .with_filename(path.to_string_lossy())
        .build()
}

/// A plugin that, at setup, makes the window state's folder a private one of our own, removes a
/// link found in place of the file (nobody else can have put one there since), moves the file
/// from where earlier versions kept it, creates it private if missing, and gives the plugin its
/// working copy (a whole file, whatever a cut-short save left there). Plugins are set up
/// in order when the app is built: after the single-instance plugin, so a second launch that
/// hands over creates nothing; the window-state plugin only reads the file at setup and writes
/// it at exit.
pub fn private_window_state<R: Runtime>(config_dir: &Path, file: &Path) -> TauriPlugin<R> {
    let (config_dir, file) = (config_dir.to_owned(), file.to_owned());
    tauri::plugin::Builder::new("lockdesk-window-state")
        .setup(move |_, _| {
            let kept = window_state_path(&config_dir);
            if file == working_window_state(&kept) {
                if let Err(e) = prepare_window_state(&config_dir, &kept) {
                    tracing::warn!("the window state's folder: {e}");
                }
            }
            Ok(())
        })
        .build()
}

fn prepare_window_state(config_dir: &Path, file: &Path) -> std::io::Result<()> {
    let folder = file.parent().unwrap_or(config_dir);
    private_fs::own_private_dir(folder)?;
    match std::fs::symlink_metadata(file) {
        Ok(m) if m.file_type().is_symlink() => {
            tracing::warn!(path = %file.display(), "removed a link in place of the window state");
            std::fs::remove_file(file)?;
        }
        Ok(_) => {}
        // Where earlier versions kept it: moved once, if it is a plain file.
        Err(_) => {
            let old = config_dir.join(WINDOW_STATE_FILE);
            if std::fs::symlink_metadata(&old).is_ok_and(|m| m.is_file()) {
                std::fs::rename(&old, file)?;
            }
        }
    }
    set_aside_if_unusable(file)?;
    // Never through a link (`open_private` refuses one).
    private_fs::open_private(file).map(drop)?;
    // Replaced whole (a link planted there is replaced, not followed).
    private_fs::write_private_atomic(&working_window_state(file), &std::fs::read(file)?)
}

/// A window as the window-state plugin keeps it (its own type is private): every field is
/// needed, so a file this does not read is one the plugin would not read either.
#[derive(serde::Deserialize)]
#[allow(dead_code)]
struct RememberedWindow {
    width: u32,
    height: u32,
    x: i32,
    y: i32,
    prev_x: i32,
    prev_y: i32,
    maximized: bool,
    visible: bool,
    decorated: bool,
    fullscreen: bool,
}

/// Where a window-state file that could not be read is set aside.
pub fn set_aside_path(file: &Path) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(".broken");
    PathBuf::from(name)
}

/// The plugin reads a file it cannot use as no state (the window opens at its default size
/// and place) and would write over it at exit: so one that cannot be used (cut short, not
/// JSON, a wrong value) is first set aside as `window-state.json.broken`, kept for whoever
/// wants to look, and the problem is logged with its line and column. An empty file (made
/// private before the first save) is no state.
fn set_aside_if_unusable(file: &Path) -> std::io::Result<()> {
    let Ok(bytes) = std::fs::read(file) else {
        return Ok(());
    };
    if let Err(e) = remembered_windows(file, &bytes) {
        tracing::warn!("the window opens at its default size and place: {e}");
        std::fs::rename(file, set_aside_path(file))?;
    }
    Ok(())
}

/// Whether `bytes` (read from `file`) are windows the plugin would read; empty is none.
fn remembered_windows(file: &Path, bytes: &[u8]) -> Result<(), lockdesk_core::error::Error> {
    if bytes.is_empty() {
        return Ok(());
    }
    lockdesk_core::settings_file::parse::<std::collections::HashMap<String, RememberedWindow>>(
        file, bytes,
    )
    .map(drop)
}

/// After the plugin's save at exit: what it wrote into the working copy replaces the kept file
/// whole (a private temporary file, synced, renamed), when it is whole; a save cut short (a
/// full disk) leaves the kept file as it was. Nothing when the folder is a link: the state
/// then went elsewhere.
pub fn keep_window_state(config_dir: &Path) {
    let path = window_state_path(config_dir);
    let linked = path
        .parent()
        .and_then(|d| std::fs::symlink_metadata(d).ok())
        .is_none_or(|m| m.file_type().is_symlink());
    if linked {
        return;
    }
    let working = working_window_state(&path);
    let Ok(bytes) = std::fs::read(&working) else {
        return;
    };
    if bytes.is_empty() {
        return;
    }
    if let Err(e) = remembered_windows(&working, &bytes) {
        tracing::warn!("the window's size and place were not kept: {e}");
        return;
    }
    if let Err(e) = private_fs::write_private_atomic(&path, &bytes) {
        tracing::warn!("the window's size and place were not kept: {e}");
    }
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
        if let Some(ctx) = app.try_state::<lockdesk_core::app::context::AppContext>() {
            keep_window_state(&ctx.core().config_dir);
        }
    }
}
