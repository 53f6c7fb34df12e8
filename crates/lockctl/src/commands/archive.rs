//! `history sync | query | export`: the local history archive of a v2 profile, with the app's
//! history use-cases (`--archive FILE` names another archive). Query and export need no
//! network; sync resumes where an interrupted one stopped, so it suits a scheduled job.

use std::time::Duration;

use lockdesk_archive::{
    db, paths, ExportFormat, ExportRequest, HistoryFilter, HistoryQuery, Language, SortOrder,
    SyncOutcome, Zone,
};
use lockdesk_core::app::args::NoArgs;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::app::job_registry::{JobIdRequest, JobState};
use lockdesk_core::app::jobs::{jobs_cancel, jobs_get};
use lockdesk_core::history::{
    history_archive_export_to, history_archive_query, history_sync_start, history_sync_status,
    HistoryExportRequest, HistorySyncStartRequest,
};

use crate::cli::{ArchiveArg, ArchiveFilter, ExportFormatArg, HistoryCmd, LangArg, Sort, TzArg};
use crate::env::Env;
use crate::error::{Error, Result};
use crate::output::{self, words};
use crate::term::Term;

/// How often a running sync is asked where it stands.
const POLL: Duration = Duration::from_millis(250);

/// The running sync's progress on stderr, a line when it changed since `shown`.
pub(crate) async fn show_sync_progress(
    ctx: &AppContext,
    term: &mut Term<'_>,
    shown: &mut String,
) -> Result<()> {
    let status = history_sync_status(ctx, NoArgs {}).await?;
    if let Some(running) = status.running {
        let line = words::sync_progress(&running.progress);
        if line != *shown {
            writeln!(term.err, "{line}")?;
            *shown = line;
        }
    }
    Ok(())
}

/// The app context working on the archive named, or the profile's own. An archive of an
/// earlier version is rewritten when first opened (seconds a million records): said first.
fn archive<'a>(env: &'a Env<'_>, term: &mut Term<'_>, arg: &ArchiveArg) -> Result<&'a AppContext> {
    let ctx = env.app()?;
    ctx.use_archive(arg.path.clone());
    let on_disk = archive_path(env, arg).map(|path| (db::schema_on_disk(&path), path));
    if let Ok((Ok(Some(found)), path)) = on_disk {
        if (1..db::SCHEMA_VERSION).contains(&found) {
            writeln!(
                term.err,
                "Updating the archive {} to this version's layout, once (about 4 seconds a \
                 million records)…",
                path.display()
            )?;
        }
    }
    Ok(ctx)
}

fn archive_path(env: &Env<'_>, arg: &ArchiveArg) -> Result<std::path::PathBuf> {
    Ok(match &arg.path {
        Some(p) => p.clone(),
        None => paths::archive_path(&paths::data_dir()?, &env.profile()?, None)?,
    })
}

fn archive_name(env: &Env<'_>, arg: &ArchiveArg) -> Result<String> {
    Ok(archive_path(env, arg)?.display().to_string())
}

fn filter(f: ArchiveFilter) -> Result<HistoryFilter> {
    if let (Some(from), Some(til)) = (f.from, f.til) {
        if from > til {
            return Err(Error::Usage("--from is after --til".into()));
        }
    }
    Ok(HistoryFilter {
        lock_ids: f.locks,
        from: f.from,
        til: f.til,
        user: f.user,
        kinds: f.kinds,
        is_locked: match (f.locked, f.unlocked) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        },
    })
}

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: HistoryCmd) -> Result<()> {
    match cmd {
        HistoryCmd::Sync {
            locks,
            from,
            til,
            archive: arg,
        } => {
            if let (Some(from), Some(til)) = (from, til) {
                if from >= til {
                    return Err(Error::Usage("--from must be before --til".into()));
                }
            }
            let ctx = archive(env, term, &arg)?;
            let before = history_sync_status(ctx, NoArgs {}).await?.last;
            let started = history_sync_start(
                ctx,
                HistorySyncStartRequest {
                    lock_ids: Some(locks),
                    from,
                    til,
                },
            )
            .await?;
            let job_id = started.job_id;
            let mut ctrl_c = Box::pin(tokio::signal::ctrl_c());
            let mut cancelled = false;
            let mut shown = String::new();
            let job = loop {
                tokio::select! {
                    _ = tokio::time::sleep(POLL) => {}
                    _ = &mut ctrl_c, if !cancelled => {
                        cancelled = true;
                        jobs_cancel(ctx, JobIdRequest { job_id: job_id.clone() }).await?;
                    }
                }
                let job = jobs_get(
                    ctx,
                    JobIdRequest {
                        job_id: job_id.clone(),
                    },
                )
                .await?;
                if job.state != JobState::Running {
                    break job;
                }
                show_sync_progress(ctx, term, &mut shown).await?;
            };
            let status = history_sync_status(ctx, NoArgs {}).await?;
            let (last, team) = (status.last, status.team);
            let report = match last {
                Some(r)
                    if before.as_ref().is_none_or(|b| {
                        (b.started_at, b.finished_at) != (r.started_at, r.finished_at)
                    }) =>
                {
                    r
                }
                // The sync failed before it could report (e.g. the archive could not be read).
                _ => {
                    return Err(Error::Payload(job.error.unwrap_or_else(|| {
                        lockdesk_core::error::ErrorPayload::new(
                            lockdesk_core::error::ErrorCode::Internal,
                            format!("the sync ended ({:?}) without a report", job.state),
                        )
                    })))
                }
            };
            // With a team, what the sync did with the team's archive beside the report.
            let mut shown = serde_json::to_value(&report)?;
            if let (Some(t), Some(map)) = (&team, shown.as_object_mut()) {
                map.insert("team".into(), serde_json::to_value(t)?);
            }
            term.show(&shown, |term| {
                let name = archive_name(env, &arg)?;
                let from_team = team
                    .as_ref()
                    .is_some_and(|t| !t.synced_here && report.progress.pages == 0);
                writeln!(
                    term.out,
                    "{}",
                    words::sync_summary(&report, &name, from_team)
                )?;
                if let Some(t) = &team {
                    writeln!(term.out, "{}", words::team_sync_summary(t))?;
                }
                Ok(())
            })?;
            match report.outcome {
                SyncOutcome::Completed => Ok(()),
                SyncOutcome::Paused { .. } => Err(lockdesk_api::Error::V2SessionExpired.into()),
                SyncOutcome::Cancelled => Err(lockdesk_api::Error::Cancelled.into()),
                SyncOutcome::Failed { code, message } => Err(Error::Payload(
                    lockdesk_core::error::ErrorPayload::from_code_text(
                        &code,
                        format!("sync failed: {message}"),
                    ),
                )),
            }
        }
        HistoryCmd::Query {
            filter: f,
            limit,
            offset,
            sort,
            archive: arg,
        } => {
            let query = HistoryQuery {
                filter: filter(f)?,
                sort: match sort {
                    Sort::Newest => SortOrder::NewestFirst,
                    Sort::Oldest => SortOrder::OldestFirst,
                    Sort::User => SortOrder::User,
                    Sort::Lock => SortOrder::Lock,
                },
                limit,
                offset,
                with_total: true,
            };
            let ctx = archive(env, term, &arg)?;
            let page = history_archive_query(ctx, query).await?;
            term.show(&page, |term| {
                let rows: Vec<Vec<String>> = page.rows.iter().map(words::archive_row).collect();
                output::table(term.out, &words::ARCHIVE_HEADERS, &rows)?;
                writeln!(
                    term.err,
                    "{}",
                    words::page_range(offset, rows.len() as u64, page.total.unwrap_or(0))
                )?;
                Ok(())
            })
        }
        HistoryCmd::Export {
            filter: f,
            format,
            tz,
            lang,
            output: path,
            archive: arg,
        } => {
            let export = ExportRequest {
                filter: filter(f)?,
                format: match format {
                    ExportFormatArg::Csv => ExportFormat::Csv,
                    ExportFormatArg::Jsonl => ExportFormat::Jsonl,
                    ExportFormatArg::Xlsx => ExportFormat::Xlsx,
                },
                zone: match tz {
                    TzArg::Local => Zone::Local,
                    TzArg::Utc => Zone::Utc,
                },
                language: match lang {
                    LangArg::En => Language::En,
                    LangArg::Ja => Language::Ja,
                },
                newest_first: false,
            };
            let absolute = std::path::absolute(&path).map_err(|e| Error::File {
                path: path.clone(),
                reason: e.to_string(),
            })?;
            let ctx = archive(env, term, &arg)?;
            let written = history_archive_export_to(
                ctx,
                HistoryExportRequest { export, note: None },
                absolute,
            )
            .await?;
            term.show(&written, |term| {
                writeln!(
                    term.err,
                    "{}",
                    words::records_written(written.records, &path)
                )?;
                Ok(())
            })
        }
        HistoryCmd::Locks | HistoryCmd::Accesses { .. } => {
            Err(Error::Usage("not an archive command".into()))
        }
    }
}
