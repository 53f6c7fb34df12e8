//! Entry/exit history through the v2 API: every page of a lock's records, as CSV (UTF-8 with a
//! byte-order mark so Excel reads it right) or JSON.

use std::io::Write;

use futures::TryStreamExt;
use lockdesk_api::models::Access;
use lockdesk_api::v2::{format_time, AccessQuery};
use lockdesk_core::sessions;

use crate::cli::{Format, HistoryCmd};
use crate::error::{Error, Result};
use crate::output;
use crate::{Env, Term};

pub const BOM: &str = "\u{feff}";
pub const CSV_HEADER: [&str; 8] = [
    "created_at",
    "action",
    "client_type",
    "user_id",
    "user_name",
    "user_mail",
    "lock_id",
    "lock_name",
];

fn csv_row(a: &Access) -> [String; 8] {
    let user = a.user.as_ref();
    let lock = a.lock.as_ref();
    [
        format_time(&a.created_at),
        if a.is_locked { "locked" } else { "unlocked" }.to_owned(),
        a.client_type.as_str().to_owned(),
        output::opt(&user.and_then(|u| u.id.clone())),
        output::opt(&user.and_then(|u| u.full_name.clone())),
        output::opt(&user.and_then(|u| u.mail.clone())),
        output::opt(&lock.and_then(|l| l.id.clone())),
        output::opt(&lock.and_then(|l| l.name.clone())),
    ]
}

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: HistoryCmd) -> Result<()> {
    if matches!(
        cmd,
        HistoryCmd::Sync { .. } | HistoryCmd::Query { .. } | HistoryCmd::Export { .. }
    ) {
        return super::archive::run(env, term, cmd).await;
    }
    let profile = env.profile()?;
    let client = sessions::open_v2(env.ctx, &profile).await?;
    match cmd {
        HistoryCmd::Locks => {
            let locks = client.locks().await?;
            if term.json {
                return output::json(term.out, &locks);
            }
            let rows: Vec<Vec<String>> = locks
                .iter()
                .map(|l| vec![l.id.clone(), output::opt(&l.name)])
                .collect();
            output::table(term.out, &["ID", "NAME"], &rows)
        }
        HistoryCmd::Accesses {
            lock,
            from,
            til,
            format,
            output: path,
        } => {
            if let (Some(f), Some(t)) = (from, til) {
                if f > t {
                    return Err(Error::Usage("--from is after --til".into()));
                }
            }
            let format = format.unwrap_or(if term.json { Format::Json } else { Format::Csv });
            let mut query = AccessQuery::new(lock.trim());
            query.limit = 100;
            query.from = from;
            query.til = til;
            let mut file;
            let sink: &mut dyn Write = match &path {
                Some(p) => {
                    file = std::io::BufWriter::new(std::fs::File::create(p).map_err(|e| {
                        Error::File {
                            path: p.clone(),
                            reason: e.to_string(),
                        }
                    })?);
                    &mut file
                }
                None => &mut *term.out,
            };
            let mut records = client.accesses_stream(query);
            let mut count = 0usize;
            match format {
                Format::Csv => {
                    sink.write_all(BOM.as_bytes())?;
                    let mut w = csv::Writer::from_writer(&mut *sink);
                    w.write_record(CSV_HEADER)?;
                    while let Some(a) = records.try_next().await? {
                        w.write_record(csv_row(&a))?;
                        count += 1;
                    }
                    w.flush()?;
                }
                Format::Json => {
                    let all: Vec<Access> = records.try_collect().await?;
                    count = all.len();
                    output::json(sink, &all)?;
                }
            }
            sink.flush()?;
            if let Some(p) = &path {
                writeln!(term.err, "Wrote {count} record(s) to {}", p.display())?;
            }
            Ok(())
        }
        other => super::archive::run(env, term, other).await,
    }
}
