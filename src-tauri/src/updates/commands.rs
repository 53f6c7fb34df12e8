//! The update's commands for the UI (desktop only): its status, a check now, automatic checks
//! on or off, and "Restart now".

use lockdesk_commands::shell::{UpdateStatusView, UpdatesAutomaticRequest};
use lockdesk_core::app::args::{Done, NoArgs};
use lockdesk_core::error::{ErrorCode, ErrorPayload};
use tauri::{AppHandle, Manager, Runtime};

#[tauri::command]
pub async fn updates_status<R: Runtime>(
    app: AppHandle<R>,
    _req: NoArgs,
) -> Result<UpdateStatusView, ErrorPayload> {
    Ok(super::status(&app))
}

#[tauri::command]
pub async fn updates_check<R: Runtime>(
    app: AppHandle<R>,
    _req: NoArgs,
) -> Result<UpdateStatusView, ErrorPayload> {
    Ok(super::check_now(&app, true).await)
}

#[tauri::command]
pub async fn updates_automatic_set<R: Runtime>(
    app: AppHandle<R>,
    req: UpdatesAutomaticRequest,
) -> Result<UpdateStatusView, ErrorPayload> {
    let settings = app.state::<crate::settings::Settings>();
    let mut s = settings.checked()?;
    s.updates_off = !req.automatic;
    settings.set(s)?;
    Ok(super::status(&app))
}

/// Installs the verified update and starts the new version.
#[tauri::command]
pub async fn updates_restart<R: Runtime>(
    app: AppHandle<R>,
    _req: NoArgs,
) -> Result<Done, ErrorPayload> {
    if !super::install_pending(&app)? {
        return Err(ErrorPayload::new(
            ErrorCode::UpdateFailed,
            "no verified update is waiting to be installed",
        ));
    }
    app.restart();
}
