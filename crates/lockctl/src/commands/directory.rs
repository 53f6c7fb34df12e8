//! `directory sources list|add|remove`, `directory plan` and `directory apply`: the directory's
//! use-cases.

use lockdesk_core::app::args::NoArgs;
use lockdesk_core::directory::apply::to_apply;
use lockdesk_core::directory::commands::{
    apply_plan, directory_exceptions_add, directory_exceptions_remove, directory_plan,
    directory_sources_add, directory_sources_list, directory_sources_remove, DirectoryApplyRequest,
    DirectoryApplyResponse, DirectoryExceptionWhoRequest, DirectorySourceAddRequest,
    DirectorySourceIdRequest,
};
use lockdesk_core::directory::entra::EntraSource;
use lockdesk_core::directory::{Columns, Exception};

use crate::cli::{AddSourceArgs, DirectoryCmd, ExceptionsCmd, SourcesCmd};
use crate::env::Env;
use crate::error::{Error, Result};
use crate::output::{self, words};
use crate::term::Term;

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: DirectoryCmd) -> Result<()> {
    let ctx = env.app()?;
    match cmd {
        DirectoryCmd::Sources(SourcesCmd::List) => {
            let list = directory_sources_list(ctx, NoArgs {}).await?;
            term.show(&list, |term| {
                let rows: Vec<Vec<String>> = list.sources.iter().map(words::source_row).collect();
                output::table(term.out, &words::SOURCE_HEADERS, &rows)?;
                if !list.exceptions.is_empty() {
                    writeln!(term.out)?;
                    let rows: Vec<Vec<String>> =
                        list.exceptions.iter().map(words::exception_row).collect();
                    output::table(term.out, &words::EXCEPTION_HEADERS, &rows)?;
                }
                Ok(())
            })
        }
        DirectoryCmd::Sources(SourcesCmd::Add(args)) => {
            let AddSourceArgs {
                name,
                hr_csv,
                entra_tenant,
                entra_client_id,
                entra_group,
                entra_login_url,
                entra_graph_url,
                employee_id_column,
                name_column,
                mail_column,
                joined_column,
                left_column,
            } = *args;
            let columns = match (employee_id_column, name_column) {
                (Some(employee_id), Some(name)) => Some(Columns {
                    employee_id,
                    name,
                    mail: mail_column,
                    joined: joined_column,
                    left: left_column,
                }),
                (None, None) if mail_column.is_none() && joined_column.is_none() && left_column.is_none() => None,
                _ => {
                    return Err(Error::Usage(
                        "name the columns with both --employee-id-column and --name-column (and any of the others), or none to find them from the headers".into(),
                    ))
                }
            };
            let request = match (hr_csv, entra_tenant, entra_client_id) {
                (Some(file), None, None) => DirectorySourceAddRequest {
                    name,
                    path: Some(
                        std::path::absolute(&file)
                            .unwrap_or(file)
                            .display()
                            .to_string(),
                    ),
                    columns,
                    entra: None,
                    secret: None,
                },
                (None, Some(tenant), Some(client_id)) => {
                    let secret = match non_empty_env(ENTRA_SECRET_ENV) {
                        Some(s) => s,
                        None => {
                            if term.terminal {
                                write!(term.err, "{}", words::ENTRA_SECRET_PROMPT)?;
                                term.err.flush()?;
                            }
                            term.read_secret_line()?
                                .filter(|s| !s.trim().is_empty())
                                .ok_or_else(|| {
                                    Error::Usage(format!(
                                        "give the client secret in {ENTRA_SECRET_ENV} or on stdin"
                                    ))
                                })?
                        }
                    };
                    DirectorySourceAddRequest {
                        name,
                        path: None,
                        columns: None,
                        entra: Some(EntraSource {
                            tenant,
                            client_id,
                            group_id: entra_group,
                            login_base: entra_login_url,
                            graph_base: entra_graph_url,
                        }),
                        secret: Some(secret),
                    }
                }
                _ => {
                    return Err(Error::Usage(
                        "give --hr-csv FILE, or --entra-tenant and --entra-client-id".into(),
                    ))
                }
            };
            let added = directory_sources_add(ctx, request).await?;
            term.show(&added, |term| {
                writeln!(term.out, "{}", words::source_added(&added))?;
                Ok(())
            })
        }
        DirectoryCmd::Sources(SourcesCmd::Remove { id }) => {
            directory_sources_remove(ctx, DirectorySourceIdRequest { id: id.clone() }).await?;
            term.show(&serde_json::json!({ "removed": id }), |term| {
                writeln!(term.out, "directory source {} removed", output::clean(&id))?;
                Ok(())
            })
        }
        DirectoryCmd::Exceptions(ExceptionsCmd::Add { who, reason, until }) => {
            let kept = directory_exceptions_add(ctx, Exception { who, reason, until }).await?;
            term.show(&kept, |term| {
                writeln!(
                    term.out,
                    "exception kept for {} until {}: the directory does not decide for them",
                    output::clean(&kept.who),
                    kept.until
                )?;
                Ok(())
            })
        }
        DirectoryCmd::Exceptions(ExceptionsCmd::Remove { who }) => {
            directory_exceptions_remove(ctx, DirectoryExceptionWhoRequest { who: who.clone() })
                .await?;
            term.show(&serde_json::json!({ "removed": who }), |term| {
                writeln!(term.out, "exception of {} removed", output::clean(&who))?;
                Ok(())
            })
        }
        DirectoryCmd::Plan => {
            let planned = directory_plan(ctx, NoArgs {}).await?;
            term.show(&planned, |term| words::write_plan(term.out, &planned))
        }
        DirectoryCmd::Apply {
            yes,
            allow_mass_removal,
        } => {
            let planned = directory_plan(ctx, NoArgs {}).await?;
            let rows = to_apply(&planned.plan).len();
            if !term.json {
                words::write_plan(term.out, &planned)?;
            }
            if rows == 0 {
                let nothing = DirectoryApplyResponse {
                    done: 0,
                    failed: 0,
                    not_attempted: 0,
                    results: Vec::new(),
                };
                return term.show(&nothing, |_| Ok(()));
            }
            if !yes {
                if !term.terminal {
                    return Err(Error::Usage(
                        "apply asks before it changes anything: run it at a terminal, or with --yes".into(),
                    ));
                }
                write!(term.err, "{}", words::apply_question(rows))?;
                term.err.flush()?;
                let answer = term.read_line()?.unwrap_or_default();
                if !matches!(answer.trim(), "yes" | "y" | "はい") {
                    writeln!(term.err, "nothing changed")?;
                    return Ok(());
                }
            }
            let json = term.json;
            let request = DirectoryApplyRequest {
                fingerprint: planned.fingerprint.clone(),
                allow_mass_removal,
            };
            let applied = apply_plan(ctx, request, |r, n, total| {
                if !json {
                    let _ = writeln!(term.err, "{}", words::applied_row(r, n, total));
                }
            })
            .await?;
            term.show(&applied, |term| {
                writeln!(term.out, "{}", words::applied_summary(&applied))?;
                Ok(())
            })?;
            if applied.failed > 0 || applied.not_attempted > 0 {
                term.status = 1;
            }
            Ok(())
        }
    }
}

const ENTRA_SECRET_ENV: &str = "LOCKDESK_ENTRA_SECRET";

fn non_empty_env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}
