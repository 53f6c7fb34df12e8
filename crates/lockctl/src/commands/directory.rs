//! `directory sources list|add|remove`, `directory plan` and `directory apply`: the directory's
//! use-cases.

use lockdesk_core::app::args::NoArgs;
use lockdesk_core::directory::apply::to_apply;
use lockdesk_core::directory::commands::{
    apply_plan, directory_entra_sign_in, directory_exceptions_add, directory_exceptions_remove,
    directory_plan, directory_sources_add, directory_sources_list, directory_sources_remove,
    DirectoryApplyRequest, DirectoryApplyResponse, DirectoryExceptionWhoRequest,
    DirectorySourceAddRequest, DirectorySourceIdRequest,
};
use lockdesk_core::directory::entra::EntraSource;
use lockdesk_core::directory::google::GoogleSource;
use lockdesk_core::directory::ldap::LdapSource;
use lockdesk_core::directory::{Columns, Exception};

use crate::cli::{AddSourceArgs, DirectoryCmd, ExceptionsCmd, SourcesCmd};
use crate::commands::secret_input::secret;
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
                entra_certificate,
                entra_sign_in,
                entra_login_url,
                entra_graph_url,
                google_key,
                google_admin,
                google_query,
                google_token_url,
                google_api_url,
                ldap_url,
                ldap_bind_dn,
                ldap_base_dn,
                ldap_filter,
                ldap_employee_id_attribute,
                ldap_mail_attribute,
                ldap_name_attribute,
                ldap_disabled_attribute,
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
            let mut request = DirectorySourceAddRequest {
                name,
                path: None,
                columns,
                entra: None,
                google: None,
                ldap: None,
                secret: None,
                entra_certificate: None,
                entra_sign_in: None,
            };
            match (hr_csv, entra_tenant.zip(entra_client_id), google_key, ldap_url) {
                (Some(file), None, None, None) => {
                    let path = std::path::absolute(&file).unwrap_or(file);
                    // Named on the command line: the person chose it.
                    ctx.allow_file(&path);
                    request.path = Some(path.display().to_string());
                }
                (None, Some((tenant, client_id)), None, None) => {
                    let entra = EntraSource {
                        tenant,
                        client_id,
                        as_administrator: entra_sign_in,
                        certificate_thumbprint: None,
                        group_id: entra_group,
                        login_base: entra_login_url,
                        graph_base: entra_graph_url,
                    };
                    match entra_certificate {
                        _ if entra_sign_in => {
                            let begun = directory_entra_sign_in(ctx, entra.clone()).await?;
                            writeln!(term.err, "{}", words::entra_sign_in(&begun))?;
                            term.err.flush()?;
                            request.entra_sign_in = Some(begun.handle);
                        }
                        Some(file) => {
                            let text = std::fs::read_to_string(&file).map_err(|e| {
                                Error::Usage(format!(
                                    "the certificate file {} does not read: {e}",
                                    file.display()
                                ))
                            })?;
                            request.entra_certificate = Some(text);
                        }
                        None => {
                            request.secret = Some(secret(
                                term,
                                ENTRA_SECRET_ENV,
                                words::ENTRA_SECRET_PROMPT,
                                "client secret",
                            )?)
                        }
                    }
                    request.entra = Some(entra);
                }
                (None, None, Some(key), None) => {
                    let text = std::fs::read_to_string(&key).map_err(|e| {
                        Error::Usage(format!("the key file {} does not read: {e}", key.display()))
                    })?;
                    request.secret = Some(text);
                    request.google = Some(GoogleSource {
                        admin: google_admin.unwrap_or_default(),
                        client_email: String::new(),
                        query: google_query,
                        token_base: google_token_url,
                        api_base: google_api_url,
                    });
                }
                (None, None, None, Some(url)) => {
                    request.secret = Some(secret(
                        term,
                        LDAP_PASSWORD_ENV,
                        words::LDAP_PASSWORD_PROMPT,
                        "password",
                    )?);
                    request.ldap = Some(LdapSource {
                        url,
                        bind_dn: ldap_bind_dn.unwrap_or_default(),
                        base_dn: ldap_base_dn.unwrap_or_default(),
                        filter: ldap_filter,
                        employee_id_attribute: ldap_employee_id_attribute,
                        mail_attribute: ldap_mail_attribute,
                        name_attribute: ldap_name_attribute,
                        disabled_attribute: ldap_disabled_attribute,
                    });
                }
                _ => {
                    return Err(Error::Usage(
                        "give one source: --hr-csv FILE, --entra-tenant and --entra-client-id, --google-key and --google-admin, or --ldap-url".into(),
                    ))
                }
            }
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
            // Each row said as it ends (the use-case runs journaled, its progress sent here).
            let (said, mut to_say) = tokio::sync::mpsc::unbounded_channel();
            let applying = apply_plan(ctx, request, move |r, n, total| {
                let _ = said.send(words::applied_row(r, n, total));
            });
            let saying = async {
                while let Some(line) = to_say.recv().await {
                    if !json {
                        let _ = writeln!(term.err, "{line}");
                    }
                }
            };
            let (applied, ()) = tokio::join!(applying, saying);
            let applied = applied?;
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
const LDAP_PASSWORD_ENV: &str = "LOCKDESK_LDAP_PASSWORD";
