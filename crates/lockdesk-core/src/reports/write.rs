//! Writing a report's period into its folder, often a share several computers write into:
//! first a claim beside the file (`claim.rs`), then a temporary file with a random name created
//! new in the folder, given the final name only when whole and without replacing a file another
//! computer wrote meanwhile. A failed run (folder missing, disk full, the file open in Excel)
//! never leaves a half-written file under that name, and two computers never mix their bytes
//! in one file. What a kind holds comes from the archive (history, time card) or the alert
//! store (`tables.rs`).

use std::io::{self, Write};

use lockdesk_archive::disk::FullWatch;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use lockdesk_archive::{
    Archive, ExportFormat, ExportRequest, HistoryFilter, Language, TimecardRequest, Zone,
};

use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::history::archive::blocking;
use crate::reports::claim::{Claim, Claimed};
use crate::reports::{
    access_review, tables, Period, ReportDefinition, ReportFormat, ReportKind, ReportLanguage,
    Written,
};

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

/// The longest file name the common file systems take: 255 bytes (ext4, APFS), 255 UTF-16
/// units (NTFS, never more than the name's UTF-8 bytes).
const NAME_MAX_BYTES: usize = 255;
/// What the claim's name adds to the file's: `.NAME.claim`.
const CLAIM_AFFIX_BYTES: usize = ".".len() + ".claim".len();

/// A file name from the report's name: characters no file system takes become `_`; the name
/// is cut (never inside a character) so that the whole, and its claim's name beside it, fit
/// the file system's limit in bytes, and the period and extension are always kept.
pub(crate) fn file_name(report: &ReportDefinition, label: &str) -> String {
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
    let tail = format!("_{label}.{ext}");
    let room = (NAME_MAX_BYTES - CLAIM_AFFIX_BYTES).saturating_sub(tail.len());
    // Windows drops dots and spaces at a name's end, so none is left at the cut either.
    let name = cut_to_bytes(name.trim_matches(['.', ' ']), room).trim_end_matches(['.', ' ']);
    format!("{name}{tail}")
}

/// The longest start of `s` of at most `max` bytes that ends at a character's end.
fn cut_to_bytes(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// A lock id no lock has (ids are never empty): the filter of an organization without locks.
const NO_LOCK: &str = "";

/// Where the file goes, its claim beside it, and the prefix of its temporary files.
struct Target {
    folder: PathBuf,
    path: PathBuf,
    claim: PathBuf,
    partial_prefix: String,
    /// Write it even when the file is there (a run asked for by name): replaced whole.
    again: bool,
}

/// Where a write ended.
enum Placed {
    /// Written by this program: the records in it.
    Written(u64),
    /// The file was there already (another computer wrote the period).
    Found,
    /// Another computer writes it now.
    Busy,
}

impl Target {
    fn new(report: &ReportDefinition, label: &str, again: bool) -> Target {
        let name = file_name(report, label);
        Target {
            folder: report.folder.clone(),
            path: report.folder.join(&name),
            claim: report.folder.join(format!(".{name}.claim")),
            // The random part and `.partial` fit within the claim's affix and a few bytes.
            partial_prefix: format!(".{}.", cut_to_bytes(&name, NAME_MAX_BYTES - 32)),
            again,
        }
    }

    fn unwritable(p: &Path, e: io::Error) -> Error {
        Error::FileUnwritable {
            path: p.display().to_string(),
            reason: e.to_string(),
        }
    }

    /// Claims the file, runs `fill` on a new temporary file beside it, then gives it its name;
    /// on an error nothing is left. `fill` answers the records written.
    fn write(
        &self,
        now: DateTime<Utc>,
        fill: impl FnOnce(&mut (dyn Write + Send)) -> Result<u64>,
    ) -> Result<Placed> {
        if !self.again && self.path.exists() {
            return Ok(Placed::Found);
        }
        let claim =
            match Claim::take(&self.claim, now).map_err(|e| Self::unwritable(&self.claim, e))? {
                Claimed::Mine(claim) => claim,
                Claimed::Held => return Ok(Placed::Busy),
            };
        // Finished by another computer between the look and the claim.
        if !self.again && self.path.exists() {
            return Ok(Placed::Found);
        }
        self.remove_left_partials();
        // Created new (O_EXCL / CREATE_NEW) under a random name: nothing planted beside it is
        // written through, and it keeps the folder's own access list on Windows, as a file
        // the user saves there would (on Unix it is 0600, as `private_fs::create_saved` makes).
        let mut tmp = tempfile::Builder::new()
            .prefix(&self.partial_prefix)
            .suffix(".partial")
            .tempfile_in(&self.folder)
            .map_err(|e| {
                let partial = self.folder.join(&self.partial_prefix);
                Error::unwritable_at(&partial, 0, e, |e| Self::unwritable(&partial, e))
            })?;
        let records = {
            let mut out = io::BufWriter::new(FullWatch::new(tmp.as_file_mut()));
            let filled = fill(&mut out).and_then(|records| {
                out.flush().map_err(|e| Self::unwritable(&self.path, e))?;
                Ok(records)
            });
            // The tables' errors keep only text: the file's writer tells a full disk, with what
            // was written when it filled as what it needs at least.
            match filled {
                Err(_) if out.get_ref().found_full() => {
                    return Err(Error::DiskFull {
                        folder: self.folder.clone(),
                        needed_bytes: out.get_ref().written() + out.buffer().len() as u64,
                    })
                }
                other => other?,
            }
        };
        tmp.as_file().sync_all().map_err(|e| {
            Error::unwritable_at(&self.path, 0, e, |e| Self::unwritable(&self.path, e))
        })?;
        let placed = if self.again {
            tmp.persist(&self.path).map(|_| ())
        } else {
            tmp.persist_noclobber(&self.path).map(|_| ())
        };
        drop(claim);
        match placed {
            Ok(()) => Ok(Placed::Written(records)),
            // Another computer gave the name first (both wrote): its file stays, whole.
            Err(e) if e.error.kind() == io::ErrorKind::AlreadyExists => Ok(Placed::Found),
            // A share that cannot give a name without replacing (no hard links): the claim
            // keeps others off, so the plain rename is taken, never over a file that is there.
            Err(e) if !self.path.exists() => e
                .file
                .persist(&self.path)
                .map(|_| Placed::Written(records))
                .map_err(|e| Self::unwritable(&self.path, e.error)),
            Err(_) => Ok(Placed::Found),
        }
    }

    /// Temporary files of this file a writer left when it was killed (this program holds the
    /// claim, so no one writes them now).
    fn remove_left_partials(&self) {
        let Ok(entries) = std::fs::read_dir(&self.folder) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with(&self.partial_prefix)
                && name.ends_with(".partial")
                && entry.file_type().is_ok_and(|t| t.is_file())
            {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// What writing a period came to.
pub(crate) enum Outcome {
    Written(Written),
    /// The file is in the folder already, written by another computer.
    Found {
        file: String,
    },
    /// Another computer writes it now.
    Busy,
}

/// Writes the period of `report` (again: even when its file is there). When the report reads
/// the archive and the archive does not reach the period's end (the history sign-in expired,
/// so it could not be synced), the file is still written, and how far the archive reached is
/// kept with the run (Today shows it). A report of no chosen lock holds `org_locks`, the locks
/// of its organization: the history archive holds every lock the history sign-in sees, in
/// every organization of the account.
pub(crate) async fn write_report(
    ctx: &AppContext,
    report: &ReportDefinition,
    period: &Period,
    utc_offset_minutes: i32,
    again: bool,
    org_locks: &[String],
) -> Result<Outcome> {
    let target = Target::new(report, &period.label, again);
    let file = target.path.display().to_string();
    let now = ctx.core().clock.now();
    let zone = Zone::Offset {
        minutes: utc_offset_minutes,
    };
    let format = format_of(report.format);
    let language = language_of(report.language);
    let (start, end) = (period.start, period.end);
    let scoped = |chosen: &[String]| -> Vec<String> {
        match (chosen.is_empty(), org_locks.is_empty()) {
            (false, _) => chosen.to_vec(),
            (true, false) => org_locks.to_vec(),
            // An organization without locks: a filter of no lock would mean every lock.
            (true, true) => vec![NO_LOCK.to_owned()],
        }
    };
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
    let outcome = move |placed: Placed, archive_until: Option<DateTime<Utc>>| match placed {
        Placed::Written(records) => Outcome::Written(Written {
            file: file.clone(),
            records,
            archive_until,
        }),
        Placed::Found => Outcome::Found { file: file.clone() },
        Placed::Busy => Outcome::Busy,
    };
    match &report.what {
        ReportKind::History {
            lock_ids,
            user,
            kinds,
            is_locked,
        } => {
            let lock_ids = scoped(lock_ids);
            // History's own filters, as the History screen applies them.
            let export = ExportRequest {
                filter: HistoryFilter {
                    user: user.clone().filter(|u| !u.trim().is_empty()),
                    kinds: kinds.clone().unwrap_or_default(),
                    is_locked: *is_locked,
                    ..filter(&lock_ids)
                },
                format,
                zone,
                language,
                newest_first: false,
            };
            blocking(ctx, move |archive| {
                let reach = archive_reach(archive, &lock_ids, start)?;
                let note = note(reach);
                let placed = target.write(now, |out| {
                    Ok(archive
                        .export_with_note(&export, note.as_deref(), out)?
                        .records)
                })?;
                Ok(outcome(placed, (reach < end).then_some(reach)))
            })
            .await
        }
        ReportKind::Timecard { lock_ids } => {
            let lock_ids = scoped(lock_ids);
            let req = TimecardRequest {
                filter: filter(&lock_ids),
                zone,
            };
            blocking(ctx, move |archive| {
                let reach = archive_reach(archive, &lock_ids, start)?;
                let mut table = tables::timecard(archive.timecard(&req)?, language, zone);
                table.note = note(reach);
                let placed = target.write(now, |out| Ok(table.write(format, out)?.records))?;
                Ok(outcome(placed, (reach < end).then_some(reach)))
            })
            .await
        }
        ReportKind::Alerts => {
            let alerts = tables::alerts_of_period(ctx, &org, start, end)?;
            let table = tables::alerts(&alerts, language, zone, utc_offset_minutes);
            let placed = write_table(target, now, table, format).await?;
            Ok(outcome(placed, None))
        }
        ReportKind::Batteries => {
            let table = tables::batteries(ctx, &org, language, zone).await?;
            let placed = write_table(target, now, table, format).await?;
            Ok(outcome(placed, None))
        }
        ReportKind::Journal => {
            let table = tables::journal(ctx, &org, start, end, language, zone)?;
            let placed = write_table(target, now, table, format).await?;
            Ok(outcome(placed, None))
        }
        ReportKind::AccessReview => {
            let (rows, directory_note) = access_review::gather(ctx).await?;
            let lock_ids = scoped(&[]);
            blocking(ctx, move |archive| {
                let last = archive.last_seen(&lock_ids)?;
                let mut table =
                    access_review::table(&rows, &last, now, directory_note, language, zone);
                // The archive not synced up to now: a last record may be missing.
                let reach = archive_reach(archive, &lock_ids, now)?;
                if let Some(n) = note(reach) {
                    table.note = Some(match table.note.take() {
                        Some(d) => format!("{d}\n{n}"),
                        None => n,
                    });
                }
                let placed = target.write(now, |out| Ok(table.write(format, out)?.records))?;
                Ok(outcome(placed, None))
            })
            .await
        }
    }
}

/// Writes a table that does not come from the archive, off the async threads.
async fn write_table(
    target: Target,
    now: DateTime<Utc>,
    table: lockdesk_archive::table::Table,
    format: ExportFormat,
) -> Result<Placed> {
    tokio::task::spawn_blocking(move || {
        target.write(now, |out| Ok(table.write(format, out)?.records))
    })
    .await
    .map_err(|e| Error::Archive(lockdesk_archive::Error::Export(e.to_string())))?
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

/// Up to when the archive holds the history of the report's locks: the earliest end of their
/// synced stretches; `start` when a lock was never synced.
fn archive_reach(
    archive: &Archive,
    lock_ids: &[String],
    start: DateTime<Utc>,
) -> Result<DateTime<Utc>> {
    if lock_ids == [NO_LOCK] {
        return Ok(DateTime::<Utc>::MAX_UTC);
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reports::Schedule;

    fn report(name: &str, format: ReportFormat) -> ReportDefinition {
        ReportDefinition {
            id: "r1".into(),
            name: name.into(),
            organization_id: "O-1".into(),
            what: ReportKind::Alerts,
            schedule: Schedule::Daily { at: "08:00".into() },
            format,
            language: ReportLanguage::Ja,
            folder: PathBuf::from("/srv/share"),
        }
    }

    /// A long Japanese name (3 bytes a character in UTF-8) is cut by bytes, never inside a
    /// character, so the name and its claim's name fit 255 bytes; the period and extension
    /// are always kept.
    #[test]
    fn a_long_name_is_cut_to_the_file_system_s_limit_in_bytes() {
        let long = "入退室履歴".repeat(20); // 100 characters, 300 bytes
        for format in [ReportFormat::Xlsx, ReportFormat::Jsonl] {
            let name = file_name(&report(&long, format), "2026-10");
            assert!(
                name.len() + CLAIM_AFFIX_BYTES <= NAME_MAX_BYTES,
                "{} bytes",
                name.len()
            );
            assert!(name.starts_with("入退室履歴入退室"), "{name}");
            let ext = if format == ReportFormat::Xlsx {
                "xlsx"
            } else {
                "jsonl"
            };
            assert!(name.ends_with(&format!("_2026-10.{ext}")), "{name}");
            // Whole characters only (a cut inside one would not be a string at all).
            assert!(name.chars().all(|c| c != char::REPLACEMENT_CHARACTER));
        }
        // A name that fits is kept whole; one cut at a space loses the space too.
        assert_eq!(
            file_name(&report("月次 入退室", ReportFormat::Csv), "2026-10"),
            "月次 入退室_2026-10.csv"
        );
        // 248 bytes less `_2026-10-01.csv` leave 233 for the name: the cut falls on the space.
        let spaced = format!("{} {}", "a".repeat(232), "b".repeat(20));
        let cut = file_name(&report(&spaced, ReportFormat::Csv), "2026-10-01");
        assert_eq!(cut, format!("{}_2026-10-01.csv", "a".repeat(232)));
    }
}
