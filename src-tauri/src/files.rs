//! Saving exports through the OS save dialog, opened from Rust. The UI never names a path, so
//! no command can write where the user did not choose, and the main window needs no dialog or
//! file-system permission of its own. A cancelled dialog is an answer (`path: null`), not an
//! error.

use std::path::{Path, PathBuf};

use lockdesk_commands::shell::{
    FileChooseResponse, FileSaveRequest, FileSaveResponse, FolderChooseResponse,
};
use lockdesk_core::app::context::AppContext;
use lockdesk_core::error::{ErrorCode, ErrorPayload};
use lockdesk_core::history::{export_file_name, history_archive_export_to, HistoryExportRequest};
use tauri::{Runtime, State, WebviewWindow};
use tauri_plugin_dialog::DialogExt;

/// Asks where to save `file_name` (the suggestion); `None` when the user cancels. The dialog is
/// modal to `window` and titled after the file, so it reads the same in every language.
async fn choose_path<R: Runtime>(
    window: &WebviewWindow<R>,
    file_name: &str,
) -> Result<Option<PathBuf>, ErrorPayload> {
    let failed = |e: String| ErrorPayload::new(ErrorCode::DialogFailed, e);
    let mut dialog = window
        .dialog()
        .file()
        .set_title(format!("{file_name} — Lockdesk"))
        .set_file_name(file_name)
        .set_parent(window);
    if let Some(ext) = Path::new(file_name).extension().and_then(|e| e.to_str()) {
        dialog = dialog.add_filter(ext.to_uppercase(), &[ext]);
    }
    let (tx, rx) = tokio::sync::oneshot::channel();
    dialog.save_file(move |chosen| {
        let _ = tx.send(chosen);
    });
    match rx.await {
        Ok(None) => Ok(None),
        Ok(Some(chosen)) => chosen
            .into_path()
            .map(Some)
            .map_err(|e| failed(e.to_string())),
        Err(_) => Err(failed("the save dialog closed without an answer".into())),
    }
}

/// Saves text the UI made (the online history table's CSV) where the user chooses.
#[tauri::command]
pub async fn files_save<R: Runtime>(
    window: WebviewWindow<R>,
    req: FileSaveRequest,
) -> Result<FileSaveResponse, ErrorPayload> {
    let Some(path) = choose_path(&window, &req.file_name).await? else {
        return Ok(FileSaveResponse::default());
    };
    let bytes = req.content.len() as u64;
    let written = tokio::task::spawn_blocking({
        let path = path.clone();
        move || {
            use std::io::Write;
            lockdesk_core::private_fs::create_saved(&path)?.write_all(req.content.as_bytes())
        }
    })
    .await
    .map_err(|e| ErrorPayload::new(ErrorCode::Internal, e.to_string()))?;
    if let Err(e) = written {
        let _ = std::fs::remove_file(&path);
        return Err(ErrorPayload::new(
            ErrorCode::FileUnwritable,
            format!("could not write {}: {e}", path.display()),
        ));
    }
    Ok(FileSaveResponse {
        path: Some(path.display().to_string()),
        bytes,
        records: None,
    })
}

/// Exports the archive straight into the file the user chooses (streamed by the core; a million
/// rows never pass through the UI).
#[tauri::command]
pub async fn history_archive_export_save<R: Runtime>(
    window: WebviewWindow<R>,
    ctx: State<'_, AppContext>,
    req: HistoryExportRequest,
) -> Result<FileSaveResponse, ErrorPayload> {
    let file_name = export_file_name(req.export.format);
    let Some(path) = choose_path(&window, file_name).await? else {
        return Ok(FileSaveResponse::default());
    };
    let written = history_archive_export_to(&ctx, req, path.clone())
        .await
        .map_err(|e| e.payload())?;
    Ok(FileSaveResponse {
        path: Some(path.display().to_string()),
        bytes: written.bytes,
        records: Some(written.records),
    })
}

/// Asks for a folder (where a scheduled report goes); `path: null` when the user cancels. The
/// UI shows the path and gives the core only the handle granted here for the folder chosen, so
/// no command can make the core write reports where the user did not choose; the core checks
/// it is a folder when the report is added.
#[tauri::command]
pub async fn folders_choose<R: Runtime>(
    window: WebviewWindow<R>,
    ctx: State<'_, AppContext>,
) -> Result<FolderChooseResponse, ErrorPayload> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    window
        .dialog()
        .file()
        .set_title("Lockdesk")
        .set_parent(&window)
        .pick_folder(move |chosen| {
            let _ = tx.send(chosen);
        });
    let failed = |e: String| ErrorPayload::new(ErrorCode::DialogFailed, e);
    match rx.await {
        Ok(None) => Ok(FolderChooseResponse::default()),
        Ok(Some(chosen)) => chosen
            .into_path()
            .map(|p| FolderChooseResponse {
                path: Some(p.display().to_string()),
                handle: Some(ctx.grant_folder(p)),
            })
            .map_err(|e| failed(e.to_string())),
        Err(_) => Err(failed("the folder dialog closed without an answer".into())),
    }
}

/// Asks for a CSV file to read (an HR system's export); the core may then read it by its path,
/// as a file dropped onto the window. A cancelled dialog answers `path: null`.
#[tauri::command]
pub async fn files_choose_csv<R: Runtime>(
    window: WebviewWindow<R>,
    ctx: State<'_, AppContext>,
) -> Result<FileChooseResponse, ErrorPayload> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    window
        .dialog()
        .file()
        .set_title("Lockdesk")
        .set_parent(&window)
        .add_filter("CSV", &["csv", "txt", "tsv"])
        .pick_file(move |chosen| {
            let _ = tx.send(chosen);
        });
    let failed = |e: String| ErrorPayload::new(ErrorCode::DialogFailed, e);
    match rx.await {
        Ok(None) => Ok(FileChooseResponse::default()),
        Ok(Some(chosen)) => chosen
            .into_path()
            .map(|p| {
                ctx.allow_file(p.clone());
                FileChooseResponse {
                    path: Some(p.display().to_string()),
                }
            })
            .map_err(|e| failed(e.to_string())),
        Err(_) => Err(failed("the file dialog closed without an answer".into())),
    }
}
