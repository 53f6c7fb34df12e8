//! Files dragged onto the main window: forwarded to the UI as `lockdesk://file-drop` with the
//! position in CSS pixels; dropped paths become readable by `locks_set_image`.

use lockdesk_commands::shell::{FileDropEvent, FileDropKind, FILE_DROP_EVENT};
use lockdesk_core::app::context::AppContext;
use tauri::{DragDropEvent, Emitter, Manager, PhysicalPosition, Runtime, Window, WindowEvent};

fn logical(window: &Window<impl Runtime>, p: &PhysicalPosition<f64>) -> (f64, f64) {
    let scale = window.scale_factor().unwrap_or(1.0);
    let l = p.to_logical::<f64>(scale);
    (l.x, l.y)
}

pub fn on_window_event<R: Runtime>(window: &Window<R>, event: &WindowEvent) {
    let WindowEvent::DragDrop(drag) = event else {
        return;
    };
    if window.label() != "main" {
        return;
    }
    let (kind, paths, pos) = match drag {
        DragDropEvent::Enter { paths, position } => {
            (FileDropKind::Enter, paths.clone(), Some(*position))
        }
        DragDropEvent::Over { position } => (FileDropKind::Over, Vec::new(), Some(*position)),
        DragDropEvent::Drop { paths, position } => {
            (FileDropKind::Drop, paths.clone(), Some(*position))
        }
        DragDropEvent::Leave => (FileDropKind::Leave, Vec::new(), None),
        _ => return,
    };
    if kind == FileDropKind::Drop {
        if let Some(ctx) = window.try_state::<AppContext>() {
            for p in &paths {
                ctx.allow_file(p.clone());
            }
        }
    }
    let (x, y) = pos.map(|p| logical(window, &p)).unwrap_or((0.0, 0.0));
    let payload = FileDropEvent {
        kind,
        paths: paths
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect(),
        x,
        y,
    };
    if let Err(e) = window.emit_to("main", FILE_DROP_EVENT, payload) {
        tracing::warn!("file-drop event not delivered: {e}");
    }
}
