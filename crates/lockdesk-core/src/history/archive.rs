//! The local history archive of the v2 profile, read without network: paged queries, chart
//! aggregates, the time card and exports.
//!
//! The archive lives at `<data dir>/archive/<v2 profile>/v2.sqlite` (v2 history is not split by
//! organization), where `<data dir>` is `$LOCKDESK_DATA_DIR`, else the platform data directory
//! (`…/lockdesk`). While the demo runs, it is a folder of the demo's sandbox instead (deleted
//! when the demo is left), so the demo never touches real data.

use lockdesk_archive::disk::FullWatch;
use std::io::Write;
use std::path::PathBuf;

use base64::Engine;
use lockdesk_archive::{
    AggregateRequest, Aggregates, Archive, ExportFormat, ExportRequest, HistoryPage, HistoryQuery,
    TimecardRequest, TimecardRow,
};
use serde::{Deserialize, Serialize};

use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::history::store::{archive_failed, open_archive};

/// Runs blocking archive work off the async threads.
pub(crate) async fn blocking<T: Send + 'static>(
    ctx: &AppContext,
    f: impl FnOnce(&Archive) -> Result<T> + Send + 'static,
) -> Result<T> {
    let archive = open_archive(ctx).await?;
    let used = archive.clone();
    tokio::task::spawn_blocking(move || f(&used))
        .await
        .map_err(|e| Error::Archive(lockdesk_archive::Error::Export(e.to_string())))?
        .map_err(|e| archive_failed(ctx, archive, e))
}

/// One page of archived records (no network).
pub async fn history_archive_query(ctx: &AppContext, req: HistoryQuery) -> Result<HistoryPage> {
    if !(1..=1000).contains(&req.limit) {
        return Err(Error::invalid("limit", "use 1 to 1000 records per page"));
    }
    blocking(ctx, move |a| Ok(a.query(&req)?)).await
}

/// Counts for the charts: per day, per hour of the week, per user, per kind, in `zone`.
pub async fn history_archive_aggregates(
    ctx: &AppContext,
    req: AggregateRequest,
) -> Result<Aggregates> {
    blocking(ctx, move |a| Ok(a.aggregates(&req)?)).await
}

/// The time card of the filtered records, a page of its rows at a time.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistoryTimecardRequest {
    #[serde(flatten)]
    pub timecard: TimecardRequest,
    /// Rows skipped (0 by default).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub offset: Option<u32>,
    /// Rows answered, 1 to [`TIMECARD_PAGE_MAX`] (every row when left out).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub limit: Option<u32>,
}

/// The most rows of a time card one answer carries when a page is asked for.
pub const TIMECARD_PAGE_MAX: u32 = 5_000;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistoryTimecardResponse {
    pub rows: Vec<TimecardRow>,
    /// Every row of the time card, of which `rows` are a page.
    pub total: u64,
}

/// First entry and last exit per user and day.
pub async fn history_archive_timecard(
    ctx: &AppContext,
    req: HistoryTimecardRequest,
) -> Result<HistoryTimecardResponse> {
    if req.limit.is_some_and(|l| l == 0 || l > TIMECARD_PAGE_MAX) {
        return Err(Error::invalid(
            "limit",
            format!("use 1 to {TIMECARD_PAGE_MAX} rows per page"),
        ));
    }
    let offset = req.offset.unwrap_or(0) as usize;
    let limit = req.limit.map_or(usize::MAX, |l| l as usize);
    blocking(ctx, move |a| {
        let (rows, total) = a.timecard_page(&req.timecard, offset, limit)?;
        Ok(HistoryTimecardResponse {
            rows,
            total: total as u64,
        })
    })
    .await
}

/// What to export. The UI never names a file: in the browser the content comes back in the
/// answer; the desktop shell asks the user where to save (a native dialog) and calls
/// [`history_archive_export_to`], so no command can write where the user did not choose.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistoryExportRequest {
    #[serde(flatten)]
    pub export: ExportRequest,
    /// A line the file carries (on a sheet of its own in a workbook, the last line of a CSV
    /// file): which organization's locks it holds, in the UI's words.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub note: Option<String>,
}

/// The longest note an export carries, in characters.
const NOTE_MAX: usize = 500;

impl HistoryExportRequest {
    /// The note, checked: a line of at most [`NOTE_MAX`] characters.
    fn checked_note(&self) -> Result<Option<String>> {
        let Some(note) = self
            .note
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
        else {
            return Ok(None);
        };
        if note.chars().count() > NOTE_MAX || note.chars().any(char::is_control) {
            return Err(Error::invalid(
                "note",
                format!("a note is one line of at most {NOTE_MAX} characters"),
            ));
        }
        Ok(Some(note.to_owned()))
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistoryExportResponse {
    pub records: u64,
    pub bytes: u64,
    /// A file name to offer (`lockdesk-history.csv` / `.jsonl` / `.xlsx`).
    pub file_name: String,
    /// The file's text (CSV with its byte-order mark), or for a workbook its bytes in base64.
    pub content: String,
    /// `content` is base64 (an Excel workbook), not text.
    pub base64: bool,
}

/// The file name to offer for an export in `format`.
pub fn export_file_name(format: ExportFormat) -> &'static str {
    match format {
        ExportFormat::Csv => "lockdesk-history.csv",
        ExportFormat::Jsonl => "lockdesk-history.jsonl",
        ExportFormat::Xlsx => "lockdesk-history.xlsx",
    }
}

/// Exports the matching records as CSV (UTF-8 with BOM, headers in the UI language), JSON
/// Lines or an Excel workbook (base64), back to the UI.
pub async fn history_archive_export(
    ctx: &AppContext,
    req: HistoryExportRequest,
) -> Result<HistoryExportResponse> {
    let file_name = export_file_name(req.export.format).to_owned();
    let note = req.checked_note()?;
    let export = req.export;
    blocking(ctx, move |a| {
        let mut out = Vec::new();
        let s = a.export_with_note(&export, note.as_deref(), &mut out)?;
        let base64 = export.format == ExportFormat::Xlsx;
        let content = if base64 {
            base64::engine::general_purpose::STANDARD.encode(&out)
        } else {
            String::from_utf8(out).map_err(|e| lockdesk_archive::Error::Export(e.to_string()))?
        };
        Ok(HistoryExportResponse {
            records: s.records,
            bytes: s.bytes,
            file_name,
            content,
            base64,
        })
    })
    .await
}

/// What [`history_archive_export_to`] wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ExportWritten {
    pub records: u64,
    pub bytes: u64,
}

/// Streams the export into the file at `path` (an absolute path the user chose; the desktop
/// shell's save dialog). A million rows never sit in memory. On failure the partial file is
/// removed, so nothing half-written is left behind; a full disk is `disk_full` naming the
/// folder, with the bytes written when it filled as what it needs at least.
pub async fn history_archive_export_to(
    ctx: &AppContext,
    req: HistoryExportRequest,
    path: PathBuf,
) -> Result<ExportWritten> {
    if !path.is_absolute() {
        return Err(Error::invalid("path", "choose where to save the file"));
    }
    let note = req.checked_note()?;
    let export = req.export;
    blocking(ctx, move |a| {
        let unwritable = |e: std::io::Error| Error::FileUnwritable {
            path: path.display().to_string(),
            reason: e.to_string(),
        };
        let file = crate::private_fs::create_saved(&path)
            .map_err(|e| Error::unwritable_at(&path, 0, e, unwritable))?;
        let mut out = std::io::BufWriter::new(FullWatch::new(file));
        let written = a
            .export_with_note(&export, note.as_deref(), &mut out)
            .map_err(Error::from)
            .and_then(|s| out.flush().map(|_| s).map_err(unwritable));
        // The export's error keeps only text: the file's writer tells a full disk.
        let written = written.map_err(|e| match out.get_ref() {
            w if w.found_full() => Error::DiskFull {
                folder: path.parent().unwrap_or(&path).to_owned(),
                needed_bytes: w.written() + out.buffer().len() as u64,
            },
            _ => e,
        });
        match written {
            Ok(s) => Ok(ExportWritten {
                records: s.records,
                bytes: s.bytes,
            }),
            Err(e) => {
                drop(out);
                let _ = std::fs::remove_file(&path);
                Err(e)
            }
        }
    })
    .await
}
