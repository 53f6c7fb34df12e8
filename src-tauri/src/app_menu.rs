//! The macOS menu bar, as every Mac app has it: the application menu (About Lockdesk,
//! Settings… ⌘, which shows Account, Services, Hide ⌘H, Hide Others ⌥⌘H, Show All, Quit ⌘Q),
//! Edit (so ⌘C/⌘V/⌘X/⌘A/⌘Z reach text fields: on macOS these shortcuts exist only as menu
//! items) and Window (Minimize ⌘M, Zoom, Close Window ⌘W). Worded in the UI's language by
//! `watcher::words`, and reworded when it changes.
//!
//! Installed on macOS only (`run` and [`refresh`]); the menu is built on every platform so the
//! Linux tests build it on the mock runtime and `scripts/check-macos` checks the macOS glue.

use tauri::menu::{
    AboutMetadata, IsMenuItem, Menu, MenuItem, PredefinedMenuItem, Submenu, WINDOW_SUBMENU_ID,
};
use tauri::{AppHandle, Emitter, Runtime};

use lockdesk_commands::shell::{OpenScreenEvent, ShellScreen, OPEN_SCREEN_EVENT};

use crate::watcher::words::{menu_label, Lang, MenuEntry};
use crate::{desktop, settings};

/// Ids of the entries Lockdesk handles itself (the others are macOS's own actions). Distinct
/// from the tray's ids: every menu listener sees every menu's events.
pub const SETTINGS: &str = "app-settings";
pub const QUIT: &str = "app-quit";

/// The whole menu bar in `lang`.
pub fn build<R: Runtime>(app: &AppHandle<R>, lang: Lang) -> tauri::Result<Menu<R>> {
    let w = |entry| Some(menu_label(lang, entry));
    let info = app.package_info();
    let about = AboutMetadata {
        name: Some(info.name.clone()),
        version: Some(info.version.to_string()),
        ..Default::default()
    };
    let sep = || PredefinedMenuItem::separator(app);
    let settings = MenuItem::with_id(
        app,
        SETTINGS,
        menu_label(lang, MenuEntry::Settings),
        true,
        Some("CmdOrCtrl+,"),
    )?;
    // Our own Quit rather than the predefined one (which terminates the process through
    // AppKit): `app.exit` goes through Tauri's exit events like the tray's Quit, so the demo's
    // sandbox is deleted and the window's place saved.
    let quit = MenuItem::with_id(
        app,
        QUIT,
        menu_label(lang, MenuEntry::Quit),
        true,
        Some("CmdOrCtrl+Q"),
    )?;
    let app_items: [&dyn IsMenuItem<R>; 11] = [
        &PredefinedMenuItem::about(app, w(MenuEntry::About), Some(about))?,
        &sep()?,
        &settings,
        &sep()?,
        &PredefinedMenuItem::services(app, w(MenuEntry::Services))?,
        &sep()?,
        &PredefinedMenuItem::hide(app, w(MenuEntry::Hide))?,
        &PredefinedMenuItem::hide_others(app, w(MenuEntry::HideOthers))?,
        &PredefinedMenuItem::show_all(app, w(MenuEntry::ShowAll))?,
        &sep()?,
        &quit,
    ];
    let app_menu = Submenu::with_items(app, menu_label(lang, MenuEntry::App), true, &app_items)?;
    let edit = Submenu::with_items(
        app,
        menu_label(lang, MenuEntry::Edit),
        true,
        &[
            &PredefinedMenuItem::undo(app, w(MenuEntry::Undo))?,
            &PredefinedMenuItem::redo(app, w(MenuEntry::Redo))?,
            &sep()?,
            &PredefinedMenuItem::cut(app, w(MenuEntry::Cut))?,
            &PredefinedMenuItem::copy(app, w(MenuEntry::Copy))?,
            &PredefinedMenuItem::paste(app, w(MenuEntry::Paste))?,
            &PredefinedMenuItem::select_all(app, w(MenuEntry::SelectAll))?,
        ],
    )?;
    // Tauri's Window id makes macOS list the open windows in it.
    let window = Submenu::with_id_and_items(
        app,
        WINDOW_SUBMENU_ID,
        menu_label(lang, MenuEntry::Window),
        true,
        &[
            &PredefinedMenuItem::minimize(app, w(MenuEntry::Minimize))?,
            &PredefinedMenuItem::maximize(app, w(MenuEntry::Zoom))?,
            &sep()?,
            // ⌘W: closes the key window (the main window closes into the tray when the
            // setting says so, as its close button does).
            &PredefinedMenuItem::close_window(app, w(MenuEntry::CloseWindow))?,
        ],
    )?;
    // No Help menu: Lockdesk has no help book for it to search.
    Menu::with_items(app, &[&app_menu, &edit, &window])
}

/// Puts the menu bar in place, replacing Tauri's default one, and handles its entries (macOS;
/// elsewhere the window keeps no menu bar). Called by `run` only.
pub fn install<R: Runtime>(app: &AppHandle<R>) -> tauri::Result<()> {
    if cfg!(target_os = "macos") {
        app.set_menu(build(app, settings::current(app).language)?)?;
        app.on_menu_event(|app, event| on_menu(app, event.id().as_ref()));
    }
    Ok(())
}

/// Rewords the menu bar after a language change (macOS).
pub fn refresh<R: Runtime>(app: &AppHandle<R>) {
    if !cfg!(target_os = "macos") {
        return;
    }
    match build(app, settings::current(app).language) {
        Ok(menu) => {
            if let Err(e) = app.set_menu(menu) {
                tracing::warn!("menu bar not reworded: {e}");
            }
        }
        Err(e) => tracing::warn!("menu bar not reworded: {e}"),
    }
}

/// What Lockdesk's own entries do; the predefined ones are handled by macOS.
pub fn on_menu<R: Runtime>(app: &AppHandle<R>, id: &str) {
    match id {
        SETTINGS => {
            desktop::focus_main(app);
            let event = OpenScreenEvent {
                screen: ShellScreen::Account,
            };
            if let Err(e) = app.emit_to("main", OPEN_SCREEN_EVENT, event) {
                tracing::warn!("open-screen event not delivered: {e}");
            }
        }
        QUIT => app.exit(0),
        _ => {}
    }
}
