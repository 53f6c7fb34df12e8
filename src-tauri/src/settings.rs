//! The shell's own settings, in `shell.json` in Lockdesk's config folder (0600 in a 0700
//! folder, written whole through the core's `settings_file`): the UI's language (for the words the shell shows itself:
//! notifications, the tray), whether closing the main window keeps watching in the tray, and
//! whether updates are looked for automatically.
//! The UI reads and changes them through `shell_settings_get` / `shell_settings_set`
//! (`settings_commands.rs`).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use lockdesk_core::error::ErrorPayload;
use lockdesk_core::settings_file;
use serde::{Deserialize, Serialize};
use tauri::{AppHandle, Manager, Runtime};

use crate::watcher::words::Lang;

pub const SETTINGS_FILE: &str = "shell.json";

/// What `shell.json` holds. Missing fields fall back to the defaults (English, closing the
/// window quits); unknown ones are passed over.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ShellSettings {
    pub language: Lang,
    /// Off by default: closing the main window quits the app.
    pub keep_watching_in_tray: bool,
    /// Automatic update checks turned off by the person (on by default).
    pub updates_off: bool,
}

/// The settings as the app holds them (managed state), with their file. A file that cannot be
/// used (cut short, not JSON, a wrong value) leaves the defaults in use, is never overwritten
/// (a change is refused with its `config_invalid`, naming the line and column) and is read
/// again at the next look, so a file the person fixed is taken without a restart.
#[derive(Clone)]
pub struct Settings {
    path: PathBuf,
    current: Arc<Mutex<Held>>,
}

struct Held {
    settings: ShellSettings,
    unusable: Option<ErrorPayload>,
}

impl Settings {
    /// Reads `shell.json` from `config_dir`; a missing file gives the defaults, one that cannot
    /// be used the defaults and its problem.
    pub fn load(config_dir: &Path) -> Settings {
        let path = config_dir.join(SETTINGS_FILE);
        let held = read(&path);
        Settings {
            path,
            current: Arc::new(Mutex::new(held)),
        }
    }

    fn held(&self) -> std::sync::MutexGuard<'_, Held> {
        self.current.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The settings in use (the defaults while the file cannot be used).
    pub fn get(&self) -> ShellSettings {
        self.held().settings
    }

    /// The settings from the file, read again while it could not be used: its error while it
    /// still cannot.
    pub fn checked(&self) -> Result<ShellSettings, ErrorPayload> {
        let mut held = self.held();
        if held.unusable.is_some() {
            *held = read(&self.path);
        }
        match &held.unusable {
            Some(problem) => Err(problem.clone()),
            None => Ok(held.settings),
        }
    }

    /// Saves `new` (whole, privately, the file it replaces kept as `shell.json.bak`) and then
    /// holds it; refused while the file there cannot be used.
    pub fn set(&self, new: ShellSettings) -> Result<(), ErrorPayload> {
        let mut held = self.held();
        settings_file::save_json(&self.path, &new).map_err(|e| e.payload())?;
        *held = Held {
            settings: new,
            unusable: None,
        };
        Ok(())
    }
}

fn read(path: &Path) -> Held {
    match settings_file::load_json::<ShellSettings>(path) {
        Ok(settings) => Held {
            settings,
            unusable: None,
        },
        Err(e) => {
            tracing::warn!("the shell's settings are the defaults: {e}");
            Held {
                settings: ShellSettings::default(),
                unusable: Some(e.payload()),
            }
        }
    }
}

/// The settings the app holds (defaults when none are managed, as in some tests).
pub fn current<R: Runtime>(app: &AppHandle<R>) -> ShellSettings {
    app.try_state::<Settings>()
        .map(|s| s.get())
        .unwrap_or_default()
}
