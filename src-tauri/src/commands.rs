//! One `#[tauri::command]` per use-case, generated from the single command list in
//! lockdesk-core: each forwards its `req` to the use-case `<name>` (named in `lockdesk_core::app::commands`) and turns errors into
//! `{code, message, details}`.

use lockdesk_core::app::commands as app;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::error::ErrorPayload;
use tauri::State;

macro_rules! tauri_commands {
    ($($kind:ident $([$op:ident])? $name:ident($req:ident) -> $resp:ident;)*) => {
        $(
            #[tauri::command]
            pub async fn $name(
                ctx: State<'_, AppContext>,
                req: app::$req,
            ) -> Result<app::$resp, ErrorPayload> {
                app::$name(&ctx, req).await.map_err(|e| e.payload())
            }
        )*

        pub fn handler<R: tauri::Runtime>() -> impl Fn(tauri::ipc::Invoke<R>) -> bool + Send + Sync + 'static {
            tauri::generate_handler![
                $($name,)*
                crate::signin::sign_in_window_open,
                crate::signin::sign_in_window_close,
                crate::files::files_save,
                crate::files::history_archive_export_save,
                crate::files::folders_choose,
                crate::files::files_choose_csv,
                crate::updates::commands::updates_status,
                crate::updates::commands::updates_check,
                crate::updates::commands::updates_automatic_set,
                crate::updates::commands::updates_restart,
                crate::settings_commands::shell_settings_get,
                crate::settings_commands::shell_settings_set,
                crate::watcher::commands::watcher_status_get,
                crate::watcher::commands::watcher_pause_set,
            ]
        }
    };
}

lockdesk_core::lockdesk_commands!(tauri_commands);
