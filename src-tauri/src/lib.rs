//! The Lockdesk desktop shell: window setup, the IPC glue (one thin command per use-case of
//! `lockdesk_core::app`), the sign-in window, file drops and the save dialog. No business logic
//! lives here.

mod commands;
mod dragdrop;
mod files;
pub mod signin;

use std::sync::Arc;

use lockdesk_core::app::AppContext;
use lockdesk_core::{Context, MemoryStore};

/// `--demo` (or `LOCKDESK_DEMO=1`): a throwaway config dir and an in-memory keychain, so the
/// demo needs no OS keychain and leaves nothing behind.
fn demo_mode() -> bool {
    std::env::args().any(|a| a == "--demo")
        || std::env::var("LOCKDESK_DEMO").is_ok_and(|v| v == "1")
}

fn app_context() -> Result<AppContext, String> {
    if demo_mode() {
        let dir = std::env::temp_dir().join(format!("lockdesk-demo-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        return Ok(AppContext::new(Context::for_tests(
            dir,
            Arc::new(MemoryStore::new()),
        )));
    }
    Context::from_platform()
        .map(AppContext::new)
        .map_err(|e| e.to_string())
}

pub use commands::handler;

/// The builder with every command and handler, shared by `run` and the mock-runtime tests.
pub fn builder<R: tauri::Runtime>(ctx: AppContext) -> tauri::Builder<R> {
    tauri::Builder::<R>::new()
        .manage(ctx)
        // Used from Rust only (files.rs); the main window is granted none of its commands.
        .plugin(tauri_plugin_dialog::init())
        .invoke_handler(commands::handler())
        .on_window_event(dragdrop::on_window_event)
}

pub fn run() {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .init();
    let ctx = match app_context() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("lockdesk: {e}");
            std::process::exit(1);
        }
    };
    if let Err(e) = builder::<tauri::Wry>(ctx).run(tauri::generate_context!()) {
        eprintln!("lockdesk: {e}");
        std::process::exit(1);
    }
}
