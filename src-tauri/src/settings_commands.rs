//! The UI's commands on the shell's settings (`settings.rs`): a change also relabels the tray
//! and the macOS menu bar.

use lockdesk_commands::shell::{ShellSettingsView, UiLanguage};
use lockdesk_core::app::args::NoArgs;
use lockdesk_core::error::ErrorPayload;
use tauri::{AppHandle, Runtime, State};

use crate::settings::{Settings, ShellSettings};
use crate::watcher::words::Lang;

fn view(s: ShellSettings) -> ShellSettingsView {
    ShellSettingsView {
        language: match s.language {
            Lang::En => UiLanguage::En,
            Lang::Ja => UiLanguage::Ja,
        },
        keep_watching_in_tray: s.keep_watching_in_tray,
    }
}

/// The shell's settings for the UI.
#[tauri::command]
pub async fn shell_settings_get(
    settings: State<'_, Settings>,
    req: NoArgs,
) -> Result<ShellSettingsView, ErrorPayload> {
    let _ = req;
    settings.checked().map(view)
}

/// Changes the shell's settings: the language (the UI sends it at start and on every change)
/// and the close-to-tray choice. The tray's labels (and the macOS menu bar) follow at once.
#[tauri::command]
pub async fn shell_settings_set<R: Runtime>(
    app: AppHandle<R>,
    settings: State<'_, Settings>,
    req: ShellSettingsView,
) -> Result<ShellSettingsView, ErrorPayload> {
    let new = ShellSettings {
        language: match req.language {
            UiLanguage::En => Lang::En,
            UiLanguage::Ja => Lang::Ja,
        },
        keep_watching_in_tray: req.keep_watching_in_tray,
        // Changed through `updates_automatic_set` only.
        updates_off: settings.checked()?.updates_off,
    };
    settings.set(new)?;
    crate::tray::refresh(&app);
    crate::app_menu::refresh(&app);
    Ok(view(new))
}
