//! `history sync | query | export`: the local history archive of a v2 profile. Query and export
//! need no network; sync resumes where an interrupted one stopped, so it suits a scheduled job.

use chrono::Local;
use lockdesk_archive::{
    sync, Archive, Backfill, CancellationToken, ExportFormat, ExportRequest, HistoryFilter,
    HistoryQuery, Language, SortOrder, SyncOutcome, SyncRequest, Zone,
};
use lockdesk_core::sessions;

use crate::cli::{ArchiveArg, ArchiveFilter, ExportFormatArg, HistoryCmd, LangArg, Sort, TzArg};
use crate::error::{Error, Result};
use crate::output;
use crate::{Env, Term};

fn open(env: &Env<'_>, arg: &ArchiveArg) -> Result<Archive> {
    Ok(match &arg.path {
        Some(path) => Archive::open(path)?,
        None => Archive::open_for_profile(&env.profile()?, None)?,
    })
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
            archive,
        } => {
            let backfill = match (from, til) {
                (Some(from), Some(til)) if from < til => Some(Backfill { from, til }),
                (Some(_), Some(_)) => {
                    return Err(Error::Usage("--from must be before --til".into()))
                }
                _ => None,
            };
            let archive = open(env, &archive)?;
            let profile = env.profile()?;
            let client = sessions::open_v2(env.ctx, &profile).await?;
            let request = SyncRequest {
                lock_ids: locks,
                backfill,
                until: Some(env.ctx.clock.now()),
                ..SyncRequest::default()
            };
            let cancel = CancellationToken::new();
            let ctrl_c = cancel.clone();
            let watcher = tokio::spawn(async move {
                if tokio::signal::ctrl_c().await.is_ok() {
                    ctrl_c.cancel();
                }
            });
            // Progress goes to the process's stderr: the callback cannot borrow `term`.
            let report = sync(
                &archive,
                &client,
                &request,
                &|p| {
                    let eta = p
                        .estimated_seconds_left
                        .map_or("unknown".to_owned(), |s| format!("{s:.0} s"));
                    let line = format!(
                        "locks {}/{}  pages {}  records {} ({} new)  time left {eta}",
                        p.locks_done, p.locks_total, p.pages, p.records, p.new_records
                    );
                    eprintln!("{line}");
                },
                &cancel,
            )
            .await;
            watcher.abort();
            let report = report?;
            if term.json {
                output::json(term.out, &report)?;
            } else {
                let p = &report.progress;
                writeln!(
                    term.out,
                    "{}: {} record(s) received, {} new, {} page(s), {} lock(s); archive {}",
                    match &report.outcome {
                        SyncOutcome::Completed => "completed",
                        SyncOutcome::Paused { .. } => "paused",
                        SyncOutcome::Cancelled => "cancelled",
                        SyncOutcome::Failed { .. } => "failed",
                    },
                    p.records,
                    p.new_records,
                    p.pages,
                    p.locks_total,
                    archive.path().display()
                )?;
            }
            match report.outcome {
                SyncOutcome::Completed => Ok(()),
                SyncOutcome::Paused { .. } => Err(lockdesk_api::Error::V2SessionExpired.into()),
                SyncOutcome::Cancelled => Err(lockdesk_api::Error::Cancelled.into()),
                SyncOutcome::Failed { code, message } => {
                    Err(Error::Output(format!("sync failed: {message} [{code}]")))
                }
            }
        }
        HistoryCmd::Query {
            filter: f,
            limit,
            offset,
            sort,
            archive,
        } => {
            let archive = open(env, &archive)?;
            let page = archive.query(&HistoryQuery {
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
            })?;
            if term.json {
                return output::json(term.out, &page);
            }
            let rows: Vec<Vec<String>> = page
                .rows
                .iter()
                .map(|r| {
                    vec![
                        r.created_at
                            .with_timezone(&Local)
                            .format("%Y-%m-%d %H:%M:%S%.3f")
                            .to_string(),
                        if r.is_locked { "locked" } else { "unlocked" }.to_owned(),
                        r.client_type.clone(),
                        output::opt(&r.user_name),
                        r.lock_name.clone().unwrap_or_else(|| r.lock_id.clone()),
                    ]
                })
                .collect();
            output::table(term.out, &["TIME", "ACTION", "KIND", "USER", "LOCK"], &rows)?;
            writeln!(
                term.err,
                "{}-{} of {}",
                offset + u64::from(!rows.is_empty()),
                offset + rows.len() as u64,
                page.total.unwrap_or(0)
            )?;
            Ok(())
        }
        HistoryCmd::Export {
            filter: f,
            format,
            tz,
            lang,
            output: path,
            archive,
        } => {
            let archive = open(env, &archive)?;
            let mut file = std::fs::File::create(&path).map_err(|e| Error::File {
                path: path.clone(),
                reason: e.to_string(),
            })?;
            let summary = archive.export(
                &ExportRequest {
                    filter: filter(f)?,
                    format: match format {
                        ExportFormatArg::Csv => ExportFormat::Csv,
                        ExportFormatArg::Jsonl => ExportFormat::Jsonl,
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
                },
                &mut file,
            )?;
            file.sync_all().ok();
            if term.json {
                return output::json(term.out, &summary);
            }
            writeln!(
                term.err,
                "Wrote {} record(s) to {}",
                summary.records,
                path.display()
            )?;
            Ok(())
        }
        HistoryCmd::Locks | HistoryCmd::Accesses { .. } => {
            Err(Error::Usage("not an archive command".into()))
        }
    }
}
