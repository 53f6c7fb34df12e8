//! The Lockdesk desktop shell: window setup, the IPC glue (one thin command per use-case of
//! `lockdesk_core::app`), the sign-in window, file drops, the save dialog, and watching in the
//! background (the watch loop, desktop notifications, the tray). No business logic lives here.

pub mod app_menu;
mod commands;
pub mod desktop;
mod dragdrop;
mod files;
pub mod settings;
mod settings_commands;
pub mod signin;
pub mod tray;
pub mod updates;
pub mod watcher;

use std::sync::Arc;
use std::time::Duration;

use tauri::Manager;
use watcher::{Notice, Notifier, Round, WatchSetup, Watcher};

use lockdesk_core::app::context::{AppContext, DemoFolder};
use lockdesk_core::core_context::Context;

/// `--demo` (or `LOCKDESK_DEMO=1`): the user's own space is a throwaway too (a temporary config
/// folder and an in-memory keychain), for running the app with nothing of the user's at all.
/// "Try the demo" needs no such flag: it always runs in a sandbox of its own.
fn demo_mode() -> bool {
    std::env::args().any(|a| a == "--demo")
        || std::env::var("LOCKDESK_DEMO").is_ok_and(|v| v == "1")
}

/// The app's context, and the folder deleted when the app exits (`--demo`'s: a private
/// temporary folder of its own, as "Try the demo" has).
fn app_context() -> Result<(AppContext, Option<DemoFolder>), String> {
    if demo_mode() {
        let folder = DemoFolder::new().map_err(|e| e.to_string())?;
        let core = Context::throwaway(folder.path());
        return Ok((with_demo(core), Some(folder)));
    }
    Context::from_platform()
        .map(|c| (with_demo(c), None))
        .map_err(|e| e.to_string())
}

/// `LOCKDESK_DEMO_SIZE=big`: "Try the demo" opens a big office (1,000 locks, 20,000 people),
/// for measuring the app at that size (`tests/desktop/big_office_bench.py`).
fn with_demo(core: Context) -> AppContext {
    if std::env::var("LOCKDESK_DEMO_SIZE").is_ok_and(|v| v == "big") {
        AppContext::with_big_office_demo(core)
    } else {
        AppContext::new(core)
    }
}

pub use commands::handler;

/// How the app watches: the round, where notices go, how often.
pub struct WatchOptions {
    pub round: Round,
    /// `None`: desktop notifications (tauri-plugin-notification; without the `notifications`
    /// feature, the log).
    pub notifier: Option<Notifier>,
    pub interval: Duration,
}

impl WatchOptions {
    /// The app's: the core's watch round when the organization's interval is due,
    /// notifications, a tick of `LOCKDESK_WATCH_INTERVAL_SECS` or 1 minute.
    pub fn app() -> WatchOptions {
        WatchOptions {
            round: watcher::core_round(),
            notifier: None,
            interval: watcher::interval_from_env(),
        }
    }
}

/// The builder with every command and handler, shared by `run` and the mock-runtime tests.
pub fn builder<R: tauri::Runtime>(ctx: AppContext) -> tauri::Builder<R> {
    builder_with(tauri::Builder::<R>::new(), ctx, WatchOptions::app())
}

/// [`builder`] on top of `base` (`run` puts the single-instance plugin first in it) with the
/// watching of `watch` (tests give their own round and notifier).
pub fn builder_with<R: tauri::Runtime>(
    base: tauri::Builder<R>,
    ctx: AppContext,
    watch: WatchOptions,
) -> tauri::Builder<R> {
    let config_dir = ctx.core().config_dir.clone();
    let window_state = desktop::window_state_file(&config_dir);
    let watch_ctx = ctx.clone();
    let base = base
        .manage(ctx)
        .manage(settings::Settings::load(&config_dir))
        .plugin(desktop::private_window_state(&config_dir, &window_state))
        .plugin(desktop::window_state(&window_state))
        // Used from Rust only (files.rs); the main window is granted none of its commands.
        .plugin(tauri_plugin_dialog::init())
        // Used from Rust only (updates/); the main window is granted none of its commands.
        .plugin(tauri_plugin_updater::Builder::new().build())
        .plugin(updates::plugin(demo_mode()));
    // Used from Rust only (the watcher); the main window is granted none of its commands.
    #[cfg(feature = "notifications")]
    let base = base.plugin(tauri_plugin_notification::init());
    base.invoke_handler(commands::handler())
        .plugin(journal_upkeep_plugin(watch_ctx.clone()))
        .plugin(watch_plugin(watch_ctx, watch))
        .on_window_event(|window, event| {
            dragdrop::on_window_event(window, event);
            desktop::on_window_event(window, event);
        })
}

/// Keeps the journal within its retention while the app runs (it may stay open for weeks):
/// asks the core at start and every hour, and the core prunes, off the async threads, only
/// when no program sharing the journal has in the last day.
fn journal_upkeep_plugin<R: tauri::Runtime>(ctx: AppContext) -> tauri::plugin::TauriPlugin<R> {
    tauri::plugin::Builder::new("lockdesk-journal")
        .setup(move |_, _| {
            tauri::async_runtime::spawn(async move {
                loop {
                    lockdesk_core::journal::activity::activity_prune_when_due(&ctx);
                    tokio::time::sleep(Duration::from_secs(60 * 60)).await;
                }
            });
            Ok(())
        })
        .build()
}

/// Starts the watch loop when the app is built (plugins are set up in order at build, so the
/// notification plugin is there) and hands it to the app as managed state ([`Watcher`]).
fn watch_plugin<R: tauri::Runtime>(
    ctx: AppContext,
    watch: WatchOptions,
) -> tauri::plugin::TauriPlugin<R> {
    tauri::plugin::Builder::new("lockdesk-watch")
        .setup(move |app, _| {
            let handle = app.clone();
            let notifier = watch
                .notifier
                .unwrap_or_else(|| desktop_notifier(handle.clone()));
            let watcher = Watcher::start(
                ctx,
                WatchSetup {
                    round: watch.round,
                    notifier,
                    lang: Arc::new(move || settings::current(&handle).language),
                    interval: watch.interval,
                },
            );
            app.manage(watcher);
            Ok(())
        })
        .build()
}

/// Each notice as one desktop notification (on Linux a `Notify` call to the session bus's
/// `org.freedesktop.Notifications`).
#[cfg(feature = "notifications")]
fn desktop_notifier<R: tauri::Runtime>(app: tauri::AppHandle<R>) -> Notifier {
    use tauri_plugin_notification::NotificationExt;
    Arc::new(move |n: Notice| {
        let shown = app
            .notification()
            .builder()
            .title(n.title)
            .body(n.body)
            .show();
        if let Err(e) = shown {
            tracing::warn!("notification not shown: {e}");
        }
    })
}

/// Built without notifications (the macOS check on Linux): each notice goes to the log, so a
/// round's alerts are still seen somewhere (and stay in the alert store for the Watch screen).
#[cfg(not(feature = "notifications"))]
fn desktop_notifier<R: tauri::Runtime>(_app: tauri::AppHandle<R>) -> Notifier {
    Arc::new(|n: Notice| tracing::info!("alert: {}: {}", n.title, n.body))
}

/// What the app does with the events of its run loop (besides `run`'s cleanup at exit):
/// closing the main window into the tray when the setting says so.
pub fn on_run_event<R: tauri::Runtime>(app: &tauri::AppHandle<R>, event: &tauri::RunEvent) {
    tray::on_run_event(app, event);
    // macOS: clicking the Dock icon while the window is hidden (in the tray, or closed with
    // ⌘W) brings it back, as Mac apps do.
    #[cfg(target_os = "macos")]
    if let tauri::RunEvent::Reopen {
        has_visible_windows: false,
        ..
    } = event
    {
        desktop::focus_main(app);
    }
}

/// Where the log goes: the file `LOCKDESK_LOG_FILE` names (appended to; for support, and for
/// the desktop test, whose WebDriver does not pass the app's standard error on), else
/// standard error. `RUST_LOG` says how much (errors only when unset).
fn start_logging() {
    let filter = tracing_subscriber::EnvFilter::from_default_env();
    let file = std::env::var_os("LOCKDESK_LOG_FILE").and_then(|path| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .inspect_err(|e| eprintln!("LOCKDESK_LOG_FILE {}: {e}", path.to_string_lossy()))
            .ok()
    });
    let log = tracing_subscriber::fmt().with_env_filter(filter);
    match file {
        Some(file) => log
            .with_ansi(false)
            .with_writer(std::sync::Mutex::new(file))
            .init(),
        None => log.with_writer(std::io::stderr).init(),
    }
}

pub fn run() {
    start_logging();
    // What a killed app left of "Try the demo" goes now.
    lockdesk_core::app::context::sweep_stale_demos();
    let (ctx, throwaway) = match app_context() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("lockdesk: {e}");
            std::process::exit(1);
        }
    };
    let context = tauri::generate_context!();
    #[cfg(target_os = "linux")]
    if let Some(base) = dirs::data_local_dir() {
        if let Err(e) = private_webview_folder(&base, &context.config().identifier) {
            tracing::warn!("the web view's folder stays as it is: {e}");
        }
    }
    let config_dir = ctx.core().config_dir.clone();
    // First of all plugins: a second launch hands over to the first before anything else runs
    // (with `--demo`, once its folder is where that hand-over's cleanup deletes it).
    let mut base = tauri::Builder::<tauri::Wry>::new();
    if let Some(folder) = throwaway {
        base = base.plugin(desktop::demo_folder(folder));
    }
    let base = base.plugin(desktop::single_instance());
    let app = match builder_with(base, ctx.clone(), WatchOptions::app()).build(context) {
        Ok(app) => app,
        Err(e) => {
            eprintln!("lockdesk: {e}");
            std::process::exit(1);
        }
    };
    #[cfg(target_os = "linux")]
    {
        desktop::document_viewer_cache(app.handle());
        desktop::reload_when_the_page_dies(app.handle());
    }
    if let Err(e) = app_menu::install(app.handle()) {
        tracing::warn!("no menu bar: {e}");
    }
    if let Err(e) = tray::install(app.handle()) {
        tracing::warn!("no tray icon: {e}");
    }
    app.run(move |handle, event| {
        on_run_event(handle, &event);
        // The demo's sandbox (simulator, temporary folder) goes with the app, so a restart
        // finds nothing of it.
        if let tauri::RunEvent::Exit = event {
            // The window-state plugin saved its working copy just before (plugins see the
            // event first): kept whole now.
            desktop::keep_window_state(&config_dir);
            // A verified update waiting is installed as the app quits.
            if let Err(e) = updates::install_pending(handle) {
                tracing::warn!("the update was not installed: {} ({})", e.message, e.code);
            }
            tauri::async_runtime::block_on(ctx.leave_demo());
            // `--demo`'s folder goes with Tauri's cleanup, right after (`desktop::demo_folder`).
        }
    });
}

/// WebKitGTK keeps the window's own data (caches, HSTS, storage) in
/// `$XDG_DATA_HOME/<identifier>`, created with the umask's modes (0755 and 0644 under 022).
/// Made 0700 before the window opens, nothing in it is readable by other users. (macOS and
/// Windows keep it in per-user folders.)
#[cfg(unix)]
pub fn private_webview_folder(
    data_local: &std::path::Path,
    identifier: &str,
) -> std::io::Result<()> {
    let dir = data_local.join(identifier);
    lockdesk_core::private_fs::create_private_dir_all(&dir)?;
    lockdesk_core::private_fs::tighten(&dir)
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    /// `--demo`: the user's own space lives in a private temporary folder made new with an
    /// unpredictable name, as "Try the demo"'s, never `lockdesk-demo-<pid>` (which another user
    /// of the temporary folder could make first), and the folder goes with the app.
    #[test]
    fn demo_mode_runs_in_a_new_private_folder() {
        std::env::set_var("LOCKDESK_DEMO", "1");
        let made = super::app_context();
        std::env::remove_var("LOCKDESK_DEMO");
        let (ctx, folder) = made.unwrap();
        let folder = folder.expect("a folder of its own");
        let name = folder.path().file_name().unwrap().to_string_lossy();
        assert!(name.starts_with("lockdesk-demo-"), "{name}");
        assert_ne!(name, format!("lockdesk-demo-{}", std::process::id()));
        let mode = std::fs::metadata(folder.path())
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o700);
        assert!(ctx.core().config_dir.starts_with(folder.path()));
        let path = folder.path().to_owned();
        drop(ctx);
        drop(folder);
        assert!(!path.exists());
    }
}
