//! The desktop shell's own types: the arguments and answers of its commands
//! ([`crate::lockdesk_desktop_commands`]) and the events it sends the main window. Here, beside
//! the command table and not in the core, because only the shell makes and reads them; the
//! core's type generation writes them for the UI like every other type (feature `ts`).

use serde::{Deserialize, Serialize};

/// Desktop only: files dragged over / dropped onto the main window, with the position in CSS
/// pixels of the webview (use `document.elementFromPoint(x, y)` to find the target lock).
/// Event name [`FILE_DROP_EVENT`].
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FileDropEvent {
    pub kind: FileDropKind,
    pub paths: Vec<String>,
    pub x: f64,
    pub y: f64,
}

/// The stage of a drag: `paths` are known on `enter` and `drop`; `leave` has no position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum FileDropKind {
    Enter,
    Over,
    Drop,
    Leave,
}

/// Desktop only: the shell asks the main window to show a screen (the macOS menu's "Settings…",
/// ⌘,, shows Account). Event name [`OPEN_SCREEN_EVENT`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OpenScreenEvent {
    pub screen: ShellScreen,
}

/// The screens the shell can ask for, named as the UI's router names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum ShellScreen {
    Account,
}

/// Desktop only (`files_save`): text the UI made (an export of what it shows) to save where the
/// user chooses in the native save dialog. `file_name` is only the suggestion.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FileSaveRequest {
    pub file_name: String,
    pub content: String,
}

/// Where a desktop save went. `path` is `null` when the user cancelled the dialog (nothing was
/// written); `records` is set for archive exports.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FileSaveResponse {
    pub path: Option<String>,
    pub bytes: u64,
    pub records: Option<u64>,
}

/// Desktop only (`folders_choose`): the folder the user chose in the native folder dialog (a
/// report's destination); `null` when the dialog was cancelled.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FolderChooseResponse {
    pub path: Option<String>,
    /// What names the folder to the core (`ReportAddRequest::folder_handle`): the window
    /// shows the path, and never gives one.
    pub handle: Option<String>,
}

/// Desktop only (`files_choose_csv`): the CSV file the user chose in the native open dialog,
/// which the core may then read by this path (as a file dropped onto the window).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FileChooseResponse {
    pub path: Option<String>,
}

/// The event the shell sends when the update status changes (its payload: [`UpdateStatusView`]).
pub const UPDATE_STATUS_EVENT: &str = "updates://status";

/// Why the app does not look for updates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum UpdatesOffReason {
    /// The person turned automatic checks off (Account).
    Setting,
    /// The organization's IT turned them off for this computer (a policy file).
    Policy,
    /// The demo (`--demo`) does not look for updates unless asked (`LOCKDESK_UPDATES_IN_DEMO=1`).
    Demo,
    /// This build has no update key (a developer build): nothing could be verified.
    NotConfigured,
}

/// Where the update stands. Times are RFC 3339.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum UpdateState {
    /// No check has run yet.
    Idle,
    Checking,
    /// The last check found nothing newer.
    UpToDate {
        checked_at: String,
    },
    /// A newer version is being downloaded (`total` when the server says).
    Downloading {
        version: String,
        notes: Option<String>,
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        received: u64,
        #[cfg_attr(feature = "ts", ts(type = "number | null"))]
        total: Option<u64>,
    },
    /// Downloaded and its signature verified: installed on quit or by "Restart now".
    Ready {
        version: String,
        notes: Option<String>,
    },
    /// The last check or download failed (code and message as for any error); nothing changed.
    Failed {
        code: String,
        message: String,
        checked_at: String,
    },
}

/// Desktop only (`updates_status`, `updates_check`, `updates_automatic_set`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UpdateStatusView {
    pub current_version: String,
    /// Checks at start and daily; `off` says why not (a check asked for still runs, unless the
    /// policy or the build forbids it).
    pub off: Option<UpdatesOffReason>,
    pub state: UpdateState,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UpdatesAutomaticRequest {
    pub automatic: bool,
}

/// Desktop only: the UI's language as the shell words it (notifications, tray).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum UiLanguage {
    #[default]
    En,
    Ja,
}

/// Desktop only (`shell_settings_get` / `shell_settings_set`): the shell's own settings, kept
/// in `shell.json` in the config folder. `keep_watching_in_tray` (off by default): closing the
/// main window hides it and watching goes on in the tray.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ShellSettingsView {
    pub language: UiLanguage,
    pub keep_watching_in_tray: bool,
}

/// Desktop only (`watcher_status_get`): the app's background watching, which lives in the
/// shell (the core's `watch_status` is the organization's last round, by any program).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WatcherStatusView {
    /// Paused from the tray or the Watch screen: no rounds at the interval until resumed
    /// (asked rounds still run). Kept while the app runs.
    pub paused: bool,
    /// A round is running now.
    pub running: bool,
    /// Rounds finished since the app started (failed ones included).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub rounds: u64,
    /// The error code of the last round, if it failed.
    pub last_error: Option<String>,
}

/// Desktop only (`watcher_pause_set`): pause or resume background watching.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WatcherPauseRequest {
    pub paused: bool,
}

pub const SIGN_IN_FINISHED_EVENT: &str = "lockdesk://sign-in-finished";
pub const FILE_DROP_EVENT: &str = "lockdesk://file-drop";
pub const OPEN_SCREEN_EVENT: &str = "lockdesk://open-screen";
