//! Entry/exit history through the v2 profile, with the app's history use-cases: the locks, and
//! every page of a lock's records as CSV (UTF-8 with a byte-order mark so Excel reads it right)
//! or JSON. The archive commands are in `archive.rs`.

use std::io::Write;

use lockdesk_core::app::args::NoArgs;
use lockdesk_core::history::view::AccessView;
use lockdesk_core::history::HistoryAccessesRequest;
use lockdesk_core::history::{history_accesses, history_locks};

use crate::cli::{Format, HistoryCmd};
use crate::env::Env;
use crate::error::{Error, Result};
use crate::output::{self, words};
use crate::term::Term;

pub const BOM: &str = "\u{feff}";
/// Records per request (the v2 maximum).
const PAGE: u32 = 100;

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: HistoryCmd) -> Result<()> {
    let ctx = env.app()?;
    match cmd {
        HistoryCmd::Locks => {
            let locks = history_locks(ctx, NoArgs {}).await?;
            term.show(&locks, |term| {
                let rows: Vec<Vec<String>> =
                    locks.locks.iter().map(words::history_lock_row).collect();
                output::table(term.out, &words::HISTORY_LOCK_HEADERS, &rows)
            })
        }
        HistoryCmd::Accesses {
            lock,
            from,
            til,
            format,
            tz,
            output: path,
        } => {
            if let (Some(f), Some(t)) = (from, til) {
                if f > t {
                    return Err(Error::Usage("--from is after --til".into()));
                }
            }
            let format = format.unwrap_or(if term.json { Format::Json } else { Format::Csv });
            let mut file;
            let sink: &mut dyn Write = match &path {
                Some(p) => {
                    file = std::io::BufWriter::new(
                        lockdesk_core::private_fs::create_private(p).map_err(|e| Error::File {
                            path: p.clone(),
                            reason: e.to_string(),
                        })?,
                    );
                    &mut file
                }
                None => &mut *term.out,
            };
            let csv = format == Format::Csv;
            let mut all: Vec<AccessView> = Vec::new();
            if csv {
                sink.write_all(BOM.as_bytes())?;
                let mut w = csv::Writer::from_writer(&mut *sink);
                w.write_record(words::ACCESS_CSV_HEADER)?;
                w.flush()?;
            }
            // Page after page (the app's one-page use-case), until a short page; at most as
            // many records as any list reads (a service that never ends its pages is stopped).
            let clean_cells = csv && path.is_none() && term.out_terminal;
            let mut offset = 0u32;
            let mut count = 0u64;
            let mut pages = 0u32;
            loop {
                if offset >= lockdesk_api::v3::MAX_LISTING_ITEMS {
                    return Err(lockdesk_api::Error::TooManyPages { pages }.into());
                }
                pages += 1;
                let page = history_accesses(
                    ctx,
                    HistoryAccessesRequest {
                        lock_id: lock.clone(),
                        offset: Some(offset),
                        limit: Some(PAGE),
                        from,
                        til,
                    },
                )
                .await?;
                count += page.accesses.len() as u64;
                offset += page.accesses.len() as u32;
                if csv {
                    let mut w = csv::Writer::from_writer(&mut *sink);
                    for a in &page.accesses {
                        let mut row = words::access_csv_row(a, tz);
                        // At a terminal a name's escape sequences would act on the screen.
                        if clean_cells {
                            row = row.map(|cell| output::clean(&cell));
                        }
                        w.write_record(row)?;
                    }
                    w.flush()?;
                } else {
                    all.extend(page.accesses);
                }
                if !page.has_more {
                    break;
                }
            }
            if !csv {
                output::json(sink, &all)?;
            }
            sink.flush()?;
            if let Some(p) = &path {
                writeln!(term.err, "{}", words::records_written(count, p))?;
            }
            Ok(())
        }
        other => super::archive::run(env, term, other).await,
    }
}
