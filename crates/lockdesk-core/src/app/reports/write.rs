//! Writing a report's period into its folder: to a temporary `.partial` file beside it, renamed
//! to the final name only when whole, so a failed run (folder missing, disk full, the file
//! open in Excel) never leaves a half-written file under that name. What a kind holds comes
//! from the archive (history, time card) or the alert store (`tables.rs`).

use std::io::Write;

use lockdesk_archive::disk::FullWatch;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use lockdesk_archive::{
    Archive, ExportFormat, ExportRequest, HistoryFilter, Language, TimecardRequest, Zone,
};

use super::tables;
use crate::app::history::archive::blocking;
use crate::app::AppContext;
use crate::error::{Error, Result};
use crate::reports::{Period, ReportDefinition, ReportFormat, ReportKind, ReportLanguage, Written};

fn format_of(f: ReportFormat) -> ExportFormat {
    match f {
        ReportFormat::Csv => ExportFormat::Csv,
        ReportFormat::Jsonl => ExportFormat::Jsonl,
        ReportFormat::Xlsx => ExportFormat::Xlsx,
    }
}

fn language_of(l: ReportLanguage) -> Language {
    match l {
        ReportLanguage::En => Language::En,
        ReportLanguage::Ja => Language::Ja,
    }
}

/// A file name from the report's name: characters no file system takes become `_`.
pub(super) fn file_name(report: &ReportDefinition, label: &str) -> String {
    let name: String = report
        .name
        .chars()
        .map(|c| {
            if c.is_control() || r#"\/:*?"<>|"#.contains(c) {
                '_'
            } else {
                c
            }
        })
        .collect();
    let ext = match report.format {
        ReportFormat::Csv => "csv",
        ReportFormat::Jsonl => "jsonl",
        ReportFormat::Xlsx => "xlsx",
    };
    format!("{}_{label}.{ext}", name.trim_matches(['.', ' ']))
}

/// Where the file goes and its temporary name while it is written.
struct Target {
    path: PathBuf,
    partial: PathBuf,
}

impl Target {
    fn new(report: &ReportDefinition, label: &str) -> Target {
        let name = file_name(report, label);
        Target {
            path: report.folder.join(&name),
            partial: report.folder.join(format!(".{name}.partial")),
        }
    }

    /// Runs `fill` on the temporary file, then gives the file its name; on an error nothing is
    /// left. `fill` answers the records written.
    fn write(&self, fill: impl FnOnce(&mut (dyn Write + Send)) -> Result<u64>) -> Result<u64> {
        let unwritable = |p: &Path, e: std::io::Error| Error::FileUnwritable {
            path: p.display().to_string(),
            reason: e.to_string(),
        };
        let full = |written: u64| Error::DiskFull {
            folder: self.path.parent().unwrap_or(&self.path).to_owned(),
            needed_bytes: written,
        };
        let result = (|| {
            let file = crate::private_fs::create_saved(&self.partial).map_err(|e| {
                Error::unwritable_at(&self.partial, 0, e, |e| unwritable(&self.partial, e))
            })?;
            let mut out = std::io::BufWriter::new(FullWatch::new(file));
            let filled = fill(&mut out).and_then(|records| {
                out.flush().map_err(|e| unwritable(&self.partial, e))?;
                Ok(records)
            });
            // The tables' errors keep only text: the file's writer tells a full disk, with
            // what was written when it filled as what it needs at least.
            let records = match filled {
                Err(_) if out.get_ref().found_full() => {
                    return Err(full(out.get_ref().written() + out.buffer().len() as u64))
                }
                other => other?,
            };
            drop(out);
            std::fs::rename(&self.partial, &self.path).map_err(|e| unwritable(&self.path, e))?;
            Ok(records)
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&self.partial);
        }
        result
    }
}

/// The period's file when it is in the report's folder already.
pub(super) fn existing_file(report: &ReportDefinition, label: &str) -> Option<PathBuf> {
    let path = Target::new(report, label).path;
    path.is_file().then_some(path)
}

/// Writes the period of `report`. When the report reads the archive and the archive does not
/// reach the period's end (the history sign-in expired, so it could not be synced), the file is
/// still written, and how far the archive reached is kept with the run (Today shows it).
pub(super) async fn write_report(
    ctx: &AppContext,
    report: &ReportDefinition,
    period: &Period,
    utc_offset_minutes: i32,
) -> Result<Written> {
    let target = Target::new(report, &period.label);
    let file = target.path.display().to_string();
    let zone = Zone::Offset {
        minutes: utc_offset_minutes,
    };
    let format = format_of(report.format);
    let language = language_of(report.language);
    let (start, end) = (period.start, period.end);
    let filter = |lock_ids: &[String]| HistoryFilter {
        lock_ids: lock_ids.to_vec(),
        from: Some(start),
        til: Some(end),
        ..Default::default()
    };
    let org = report.organization_id.clone();
    let note = move |reach: DateTime<Utc>| {
        (reach < end).then(|| incomplete_note(language, reach, utc_offset_minutes))
    };
    match &report.what {
        ReportKind::History {
            lock_ids,
            user,
            kinds,
            is_locked,
        } => {
            // History's own filters, as the History screen applies them.
            let export = ExportRequest {
                filter: HistoryFilter {
                    user: user.clone().filter(|u| !u.trim().is_empty()),
                    kinds: kinds.clone().unwrap_or_default(),
                    is_locked: *is_locked,
                    ..filter(lock_ids)
                },
                format,
                zone,
                language,
                newest_first: false,
            };
            let lock_ids = lock_ids.clone();
            blocking(ctx, move |archive| {
                let reach = archive_reach(archive, &lock_ids, start)?;
                let note = note(reach);
                let records = target.write(|out| {
                    Ok(archive
                        .export_with_note(&export, note.as_deref(), out)?
                        .records)
                })?;
                Ok(Written {
                    file,
                    records,
                    archive_until: (reach < end).then_some(reach),
                })
            })
            .await
        }
        ReportKind::Timecard { lock_ids } => {
            let req = TimecardRequest {
                filter: filter(lock_ids),
                zone,
            };
            let lock_ids = lock_ids.clone();
            blocking(ctx, move |archive| {
                let reach = archive_reach(archive, &lock_ids, start)?;
                let mut table = tables::timecard(archive.timecard(&req)?, language, zone);
                table.note = note(reach);
                let records = target.write(|out| Ok(table.write(format, out)?.records))?;
                Ok(Written {
                    file,
                    records,
                    archive_until: (reach < end).then_some(reach),
                })
            })
            .await
        }
        ReportKind::Alerts => {
            let alerts = tables::alerts_of_period(ctx, &org, start, end)?;
            let table = tables::alerts(&alerts, language, zone, utc_offset_minutes);
            write_table(target, table, format, file).await
        }
        ReportKind::Batteries => {
            let table = tables::batteries(ctx, &org, language, zone).await?;
            write_table(target, table, format, file).await
        }
        ReportKind::Journal => {
            let table = tables::journal(ctx, &org, start, end, language, zone)?;
            write_table(target, table, format, file).await
        }
    }
}

/// Writes a table that does not come from the archive, off the async threads.
async fn write_table(
    target: Target,
    table: lockdesk_archive::table::Table,
    format: ExportFormat,
    file: String,
) -> Result<Written> {
    let records = tokio::task::spawn_blocking(move || {
        target.write(|out| Ok(table.write(format, out)?.records))
    })
    .await
    .map_err(|e| Error::Archive(lockdesk_archive::Error::Export(e.to_string())))??;
    Ok(Written {
        file,
        records,
        archive_until: None,
    })
}

/// What the workbook says when the archive did not reach the period's end.
fn incomplete_note(lang: Language, reach: DateTime<Utc>, offset_minutes: i32) -> String {
    let zone = chrono::FixedOffset::east_opt(offset_minutes * 60)
        .unwrap_or(chrono::FixedOffset::east_opt(0).expect("UTC"));
    let at = reach.with_timezone(&zone).format("%Y-%m-%d %H:%M (UTC%:z)");
    match lang {
        Language::En => format!(
            "The history sign-in had expired when this report was written, so the archive could \
             not be brought up to date: this file holds the records up to {at} only. Sign in to \
             the history in Lockdesk and write the report again (Reports, Run now)."
        ),
        Language::Ja => format!(
            "このレポートの作成時に入退室履歴のサインインが切れていたため、履歴を最新にできません\
             でした。このファイルには {at} までの記録しか含まれていません。Lockdesk で入退室履歴\
             にサインインしてから、もう一度書き出してください（レポート画面の「今すぐ実行」）。"
        ),
    }
}

/// Up to when the archive holds the history of the report's locks (every lock when none are
/// named): the earliest end of their synced stretches; `start` when a lock was never synced.
fn archive_reach(
    archive: &Archive,
    lock_ids: &[String],
    start: DateTime<Utc>,
) -> Result<DateTime<Utc>> {
    let stats = archive.stats()?;
    let mut reach: Option<DateTime<Utc>> = None;
    let mut seen = 0;
    for lock in &stats.locks {
        if !lock_ids.is_empty() && !lock_ids.contains(&lock.lock_id) {
            continue;
        }
        seen += 1;
        let until = lock.synced_until.unwrap_or(start);
        reach = Some(reach.map_or(until, |r| r.min(until)));
    }
    if seen == 0 || seen < lock_ids.len() {
        return Ok(start);
    }
    Ok(reach.unwrap_or(start))
}
