//! `invitations create | list | import`: the app's invitation use-cases. `import` is the app's
//! bulk invitation: the same parsing, checks and run ([`invitations_bulk_send`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use lockdesk_core::app::context::AppContext;
use lockdesk_core::app::job_registry::JobState;
use lockdesk_core::invitations::{
    check_csv_size, invitations_bulk_preview, invitations_bulk_send, invitations_list,
    BulkProgress, InviteResult, MAX_CSV_BYTES,
};
use lockdesk_core::invitations::{
    BulkInviteRequest, InvitationsCreateRequest, InvitationsListRequest, InviteRowStatus,
};
use lockdesk_core::journal::journaled::invitations_create;

use super::role;
use crate::cli::{InvitationsCmd, StatusArg};
use crate::env::Env;
use crate::error::{Error, Result};
use crate::output::{self, words};
use crate::term::Term;

/// Page size of `list` without `--all`.
pub const PAGE: u32 = 100;

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: InvitationsCmd) -> Result<()> {
    let ctx = env.app()?;
    match cmd {
        InvitationsCmd::Create {
            mail,
            authority,
            code,
        } => {
            let req = InvitationsCreateRequest {
                mail,
                authority: role(authority),
                code,
            };
            let sent = invitations_create(ctx, req).await?;
            term.show(&sent, |term| {
                writeln!(term.out, "{}", words::invitation_sent(&sent.mail))?;
                Ok(())
            })
        }
        InvitationsCmd::List {
            status,
            issued_after,
            issued_before,
            limit,
            all,
        } => {
            let req = InvitationsListRequest {
                status: status.map(|s| {
                    match s {
                        StatusArg::Active => "active",
                        StatusArg::Expired => "expired",
                    }
                    .to_owned()
                }),
                issued_after: issued_after.map(|t| t.to_rfc3339()),
                issued_before: issued_before.map(|t| t.to_rfc3339()),
                limit: if all {
                    None
                } else {
                    Some(limit.unwrap_or(PAGE))
                },
            };
            let list = invitations_list(ctx, req).await?;
            term.show(&list, |term| {
                output::cached_note(term.err, list.cached.as_ref())?;
                let rows: Vec<Vec<String>> =
                    list.invitations.iter().map(words::invitation_row).collect();
                output::table(term.out, &words::INVITATION_HEADERS, &rows)
            })
        }
        InvitationsCmd::Import {
            file,
            dry_run,
            authority,
        } => {
            let req = BulkInviteRequest::from_bytes(&read_csv(&file)?, role(authority));
            if dry_run {
                preview(ctx, term, req).await
            } else {
                import(ctx, term, req).await
            }
        }
    }
}

/// The file's bytes, its size checked on disk before it is read (the core caps it at
/// [`MAX_CSV_BYTES`] and detects the encoding from the bytes).
fn read_csv(file: &std::path::Path) -> Result<Vec<u8>> {
    let unreadable = |e: std::io::Error| Error::File {
        path: file.to_owned(),
        reason: e.to_string(),
    };
    let meta = std::fs::metadata(file).map_err(unreadable)?;
    check_csv_size(meta.len())?;
    let mut bytes = Vec::new();
    // Read at most one byte past the limit, in case the file grew since.
    std::io::Read::read_to_end(
        &mut std::io::Read::take(
            std::fs::File::open(file).map_err(unreadable)?,
            MAX_CSV_BYTES + 1,
        ),
        &mut bytes,
    )
    .map_err(unreadable)?;
    check_csv_size(bytes.len() as u64)?;
    Ok(bytes)
}

async fn preview(ctx: &AppContext, term: &mut Term<'_>, req: BulkInviteRequest) -> Result<()> {
    let preview = invitations_bulk_preview(ctx, req).await?;
    term.show(&preview, |term| {
        let rows: Vec<Vec<String>> = preview.rows.iter().map(words::preview_row).collect();
        output::table(term.out, &words::PREVIEW_HEADERS, &rows)?;
        writeln!(term.out, "\n{}", words::preview_summary(&preview))?;
        Ok(())
    })?;
    let not_done = preview
        .rows
        .iter()
        .filter(|r| {
            matches!(
                r.status,
                InviteRowStatus::Invalid | InviteRowStatus::Duplicate
            )
        })
        .count();
    if not_done > 0 {
        return Err(Error::ImportIncomplete {
            not_done,
            rows: preview.rows.len(),
        });
    }
    Ok(())
}

async fn import(ctx: &AppContext, term: &mut Term<'_>, req: BulkInviteRequest) -> Result<()> {
    let cancel = Arc::new(AtomicBool::new(false));
    let watcher = {
        let cancel = cancel.clone();
        tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_ok() {
                cancel.store(true, Ordering::Relaxed);
            }
        })
    };
    let err = &mut *term.err;
    let on_row = |r: &InviteResult, p: BulkProgress| {
        let _ = writeln!(err, "{}", words::import_progress(r, p));
    };
    let report = invitations_bulk_send(ctx, &req, on_row, &cancel).await;
    watcher.abort();
    let report = report?;
    if report.state == JobState::Failed && report.results.is_empty() {
        if let Some(e) = report.error {
            return Err(Error::Payload(e));
        }
    }
    term.show(&report, |term| {
        let rows: Vec<Vec<String>> = report.results.iter().map(words::result_row).collect();
        output::table(term.out, &words::RESULT_HEADERS, &rows)?;
        writeln!(term.out, "\n{}", words::report_summary(&report))?;
        Ok(())
    })?;
    if !report.all_done() {
        let not_done = report
            .results
            .iter()
            .filter(|r| !r.outcome.is_done())
            .count()
            .max(1);
        return Err(Error::ImportIncomplete {
            not_done,
            rows: report.total as usize,
        });
    }
    Ok(())
}
