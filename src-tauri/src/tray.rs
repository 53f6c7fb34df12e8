//! The tray icon: Open, Sync now, Pause/Resume watching and Quit, worded in the UI's language
//! (`watcher::words`), and closing the main window into the tray when the setting
//! `keep_watching_in_tray` is on (off by default: closing quits).

use tauri::menu::{IsMenuItem, Menu, MenuItem, PredefinedMenuItem};
use tauri::tray::TrayIconBuilder;
use tauri::{AppHandle, Manager, Runtime};

use crate::watcher::words::{tray_label, tray_tooltip, TrayEntry};
use crate::watcher::Watcher;
use crate::{desktop, settings};

pub const TRAY_ID: &str = "lockdesk";
pub const OPEN: &str = "open";
pub const SYNC_NOW: &str = "sync-now";
pub const PAUSE: &str = "pause";
pub const QUIT: &str = "quit";

/// The menu's items, kept to reword them.
struct TrayMenu<R: Runtime> {
    open: MenuItem<R>,
    sync_now: MenuItem<R>,
    pause: MenuItem<R>,
    quit: MenuItem<R>,
}

/// Puts the icon in the tray (the app's window icon; on macOS a monochrome template image,
/// icons/tray-template.png). Called by `run` only: the mock runtime
/// of the tests has no tray.
pub fn install<R: Runtime>(app: &AppHandle<R>) -> tauri::Result<()> {
    let lang = settings::current(app).language;
    let paused = paused(app);
    let item =
        |id: &str, entry| MenuItem::with_id(app, id, tray_label(lang, entry), true, None::<&str>);
    let items = TrayMenu {
        open: item(OPEN, TrayEntry::Open)?,
        sync_now: item(SYNC_NOW, TrayEntry::SyncNow)?,
        pause: item(PAUSE, TrayEntry::Pause { paused })?,
        quit: item(QUIT, TrayEntry::Quit)?,
    };
    let separator = PredefinedMenuItem::separator(app)?;
    let entries: [&dyn IsMenuItem<R>; 5] = [
        &items.open,
        &items.sync_now,
        &items.pause,
        &separator,
        &items.quit,
    ];
    let menu = Menu::with_items(app, &entries)?;
    let mut tray = TrayIconBuilder::with_id(TRAY_ID)
        .menu(&menu)
        .tooltip(tray_tooltip(lang, paused))
        .on_menu_event(|app, event| on_menu(app, event.id().as_ref()));
    if cfg!(target_os = "macos") {
        // The menu bar draws template images in its own colour (dark, light, highlighted), as
        // it does the system's icons; a coloured app icon there looks out of place.
        tray = tray
            .icon(tauri::include_image!("icons/tray-template.png"))
            .icon_as_template(true);
    } else if let Some(icon) = app.default_window_icon() {
        tray = tray.icon(icon.clone());
    }
    tray.build(app)?;
    app.manage(items);
    Ok(())
}

fn paused<R: Runtime>(app: &AppHandle<R>) -> bool {
    app.try_state::<Watcher>().is_some_and(|w| w.is_paused())
}

/// What a menu entry does.
pub fn on_menu<R: Runtime>(app: &AppHandle<R>, id: &str) {
    match id {
        OPEN => desktop::focus_main(app),
        SYNC_NOW => {
            if let Some(w) = app.try_state::<Watcher>() {
                w.run_now();
            }
        }
        PAUSE => {
            if let Some(w) = app.try_state::<Watcher>() {
                if w.is_paused() {
                    w.resume();
                } else {
                    w.pause();
                }
            }
            refresh(app);
        }
        QUIT => app.exit(0),
        _ => {}
    }
}

/// Rewords the menu and tooltip (after a language change or pause/resume).
pub fn refresh<R: Runtime>(app: &AppHandle<R>) {
    let lang = settings::current(app).language;
    let paused = paused(app);
    if let Some(items) = app.try_state::<TrayMenu<R>>() {
        let _ = items.open.set_text(tray_label(lang, TrayEntry::Open));
        let _ = items
            .sync_now
            .set_text(tray_label(lang, TrayEntry::SyncNow));
        let _ = items
            .pause
            .set_text(tray_label(lang, TrayEntry::Pause { paused }));
        let _ = items.quit.set_text(tray_label(lang, TrayEntry::Quit));
    }
    if let Some(tray) = app.tray_by_id(TRAY_ID) {
        let _ = tray.set_tooltip(Some(tray_tooltip(lang, paused)));
    }
}

/// Closing the main window: with `keep_watching_in_tray` on, the window hides and the app (and
/// watching) goes on; off, the window closes and the app quits. Called from the app's
/// run loop (`lockdesk_app::on_run_event`), where Tauri reports the close request.
pub fn on_run_event<R: Runtime>(app: &AppHandle<R>, event: &tauri::RunEvent) {
    if let tauri::RunEvent::WindowEvent {
        label,
        event: tauri::WindowEvent::CloseRequested { api, .. },
        ..
    } = event
    {
        if label == "main" && settings::current(app).keep_watching_in_tray {
            api.prevent_close();
            if let Some(window) = app.get_webview_window(label) {
                let _ = window.hide();
            }
        }
    }
}
