//! `directory sources list|add|remove` and `directory plan`: the directory's use-cases.

use lockdesk_core::app::args::NoArgs;
use lockdesk_core::directory::commands::{
    directory_plan, directory_sources_add, directory_sources_list, directory_sources_remove,
    DirectorySourceAddRequest, DirectorySourceIdRequest,
};
use lockdesk_core::directory::Columns;

use crate::cli::{DirectoryCmd, SourcesCmd};
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
        DirectoryCmd::Sources(SourcesCmd::Add {
            name,
            hr_csv,
            employee_id_column,
            name_column,
            mail_column,
            joined_column,
            left_column,
        }) => {
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
            let path = std::path::absolute(&hr_csv)
                .unwrap_or(hr_csv)
                .display()
                .to_string();
            let added = directory_sources_add(
                ctx,
                DirectorySourceAddRequest {
                    name,
                    path,
                    columns,
                },
            )
            .await?;
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
        DirectoryCmd::Plan => {
            let planned = directory_plan(ctx, NoArgs {}).await?;
            term.show(&planned, |term| words::write_plan(term.out, &planned))
        }
    }
}
