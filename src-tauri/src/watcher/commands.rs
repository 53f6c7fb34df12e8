//! The UI's view of background watching (desktop only): whether it is paused, and pausing or
//! resuming it from the Watch screen, the same switch as the tray's.

use lockdesk_commands::shell::{WatcherPauseRequest, WatcherStatusView};
use lockdesk_core::app::args::NoArgs;
use lockdesk_core::error::ErrorPayload;
use tauri::{AppHandle, Runtime, State};

use super::Watcher;

fn view(w: &Watcher) -> WatcherStatusView {
    let s = w.status();
    WatcherStatusView {
        paused: s.paused,
        running: s.running,
        rounds: s.rounds,
        last_error: s.last_error,
    }
}

/// How background watching stands.
#[tauri::command]
pub async fn watcher_status_get(
    watcher: State<'_, Watcher>,
    req: NoArgs,
) -> Result<WatcherStatusView, ErrorPayload> {
    let _ = req;
    Ok(view(&watcher))
}

/// Pauses or resumes background watching; the tray's label and tooltip follow.
#[tauri::command]
pub async fn watcher_pause_set<R: Runtime>(
    app: AppHandle<R>,
    watcher: State<'_, Watcher>,
    req: WatcherPauseRequest,
) -> Result<WatcherStatusView, ErrorPayload> {
    if req.paused {
        watcher.pause();
    } else {
        watcher.resume();
    }
    crate::tray::refresh(&app);
    Ok(view(&watcher))
}
