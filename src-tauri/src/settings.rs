//! The shell's own settings, in `shell.json` in Lockdesk's config folder (0600 in a 0700
//! folder, written atomically): the UI's language (for the words the shell shows itself:
//! notifications, the tray), whether closing the main window keeps watching in the tray, and
//! whether updates are looked for automatically.
//! The UI reads and changes them through `shell_settings_get` / `shell_settings_set`
//! (`settings_commands.rs`).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use lockdesk_core::private_fs;
use serde::{Deserialize, Serialize};
use tauri::{AppHandle, Manager, Runtime};

use crate::watcher::words::Lang;

pub const SETTINGS_FILE: &str = "shell.json";

/// What `shell.json` holds. Unknown or missing fields fall back to the defaults: English,
/// closing the window quits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ShellSettings {
    pub language: Lang,
    /// Off by default: closing the main window quits, as before.
    pub keep_watching_in_tray: bool,
    /// Automatic update checks turned off by the person (on by default).
    pub updates_off: bool,
}

/// The settings as the app holds them (managed state), with their file.
#[derive(Clone)]
pub struct Settings {
    path: PathBuf,
    current: Arc<Mutex<ShellSettings>>,
}

impl Settings {
    /// Reads `shell.json` from `config_dir`; a missing or unreadable file gives the defaults.
    pub fn load(config_dir: &Path) -> Settings {
        let path = config_dir.join(SETTINGS_FILE);
        let current = std::fs::read(&path)
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok())
            .unwrap_or_default();
        Settings {
            path,
            current: Arc::new(Mutex::new(current)),
        }
    }

    pub fn get(&self) -> ShellSettings {
        *self.current.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Saves `new` (privately) and then holds it.
    pub fn set(&self, new: ShellSettings) -> std::io::Result<()> {
        if let Some(dir) = self.path.parent() {
            private_fs::create_private_dir_all(dir)?;
        }
        let bytes = serde_json::to_vec_pretty(&new).map_err(std::io::Error::other)?;
        private_fs::write_private_atomic(&self.path, &bytes)?;
        *self.current.lock().unwrap_or_else(|e| e.into_inner()) = new;
        Ok(())
    }
}

/// The settings the app holds (defaults when none are managed, as in some tests).
pub fn current<R: Runtime>(app: &AppHandle<R>) -> ShellSettings {
    app.try_state::<Settings>()
        .map(|s| s.get())
        .unwrap_or_default()
}
