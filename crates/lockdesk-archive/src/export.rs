//! Streaming export: rows go from the database cursor to the writer one at a time, so an export
//! of a million records holds one record in memory (plus the lock and user names; CSV rows are
//! written by `csv_rows.rs`).
//!
//! CSV is for Excel: UTF-8 with a byte-order mark (without it Excel reads UTF-8 as the local
//! code page and Japanese names turn into mojibake), CRLF line ends, times as
//! `2026-01-02 09:03:04.123` in the chosen zone (a shape Excel recognises as a date-time; the
//! zone is named in the column header), headers and labels in the chosen language. JSON Lines
//! keeps the service's codes and RFC 3339 times with their offset.

use std::io::Write;

use rusqlite::Connection;
use serde::Serialize;

use crate::archive::{Archive, Names};
use crate::csv_rows::CsvRows;
use crate::error::Result;
use crate::export_reader::{for_each_batch, stretches, Reads, STRETCH_SQL};
use crate::filter_sql::{every_lock_as_none, where_clause};
use crate::labels::headers;
use crate::model::*;
use crate::zone::ZoneMapper;

pub const BOM: &[u8] = b"\xEF\xBB\xBF";

#[derive(Serialize)]
struct JsonRow<'a> {
    created_at: String,
    lock_id: &'a str,
    lock_name: Option<&'a str>,
    user_id: Option<&'a str>,
    user_name: Option<&'a str>,
    user_mail: Option<&'a str>,
    client_type: &'a str,
    is_locked: bool,
}

/// Counts what goes through.
struct Counting<W> {
    inner: W,
    bytes: u64,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

impl Archive {
    /// Connections that read the archive as it was at one moment: each holds a read
    /// transaction, begun one after the other. Records are only ever added, so the same count
    /// in both means the same records; a sync that stored a page in between makes them begin
    /// again, and after a few tries one connection reads it all. Two only for CSV, whose
    /// encoding is quicker than reading: JSON Lines and workbooks take longer to encode, and a
    /// second reader would take a core from it.
    fn readers_at_one_moment(&self, two: bool) -> Result<Vec<Connection>> {
        let begin = |conn: &Connection| -> Result<i64> {
            conn.execute_batch("BEGIN")?;
            Ok(conn.query_row(
                "SELECT coalesce(sum(records), 0) FROM access_hour_totals",
                [],
                |r| r.get(0),
            )?)
        };
        for _ in 0..if two { 3 } else { 0 } {
            let (a, b) = (self.reader()?, self.reader()?);
            if begin(&a)? == begin(&b)? {
                return Ok(vec![a, b]);
            }
        }
        let one = self.reader()?;
        begin(&one)?;
        Ok(vec![one])
    }

    /// Writes every matching record to `out` (buffered here; pass the file as it is).
    pub fn export(
        &self,
        req: &ExportRequest,
        out: &mut (dyn Write + Send),
    ) -> Result<ExportSummary> {
        self.export_with_note(req, None, out)
    }

    /// [`Self::export`], with `note` on a sheet of its own after the records when the export
    /// is a workbook, and as the last line of a CSV file, after the records and starting with
    /// `#` (a report written from an archive that did not reach its period's end says so in
    /// the file; an export says which organization's locks it holds). JSON Lines, one record
    /// a line, carry no note.
    pub fn export_with_note(
        &self,
        req: &ExportRequest,
        note: Option<&str>,
        out: &mut (dyn Write + Send),
    ) -> Result<ExportSummary> {
        // Connections of its own: a long export never holds up a sync.
        let conns = self.readers_at_one_moment(req.format == ExportFormat::Csv)?;
        // Refs resolved on the archive's own connection, where the people's folding is kept.
        // The filter's period bounds the stretches instead of the WHERE: SQLite seeks by one
        // pair of time bounds, and with both pairs it walked the whole period for each stretch.
        let (w, period) = {
            let conn = self.conn();
            let filter = every_lock_as_none(&conn, &req.filter)?;
            let period = (
                filter.from.as_ref().map_or(i64::MIN, to_ms),
                filter.til.as_ref().map_or(i64::MAX, to_ms),
            );
            let untimed = HistoryFilter {
                from: None,
                til: None,
                ..filter.into_owned()
            };
            (where_clause(&conn, &self.people, &untimed)?, period)
        };
        let names = Names::load(&conns[0])?;
        let mut sink = Counting {
            inner: std::io::BufWriter::with_capacity(1 << 20, out),
            bytes: 0,
        };
        let order = if req.newest_first {
            "a.created_at_ms DESC, a.id DESC"
        } else {
            "a.created_at_ms ASC, a.id ASC"
        };
        // A filter that matches nothing (locks the archive does not know) binds nothing.
        let (cond, params) = match (w.empty, w.sql.is_empty()) {
            (true, _) => (format!("WHERE 0 AND {STRETCH_SQL}"), Vec::new()),
            (false, true) => (format!("WHERE {STRETCH_SQL}"), w.params),
            (false, false) => (format!("{} AND {STRETCH_SQL}", w.sql), w.params),
        };
        let reads = Reads {
            stretches: stretches(&conns[0], period, conns.len(), req.newest_first)?,
            sql: format!(
                "SELECT a.created_at_ms, a.lock_ref, a.user_ref, a.kind_ref, a.is_locked
                 FROM accesses a {cond} ORDER BY {order}"
            ),
            params,
            conns,
        };
        if req.format == ExportFormat::Xlsx {
            let records = crate::xlsx::write(reads, &names, req, note, &mut sink)?;
            sink.flush()?;
            return Ok(ExportSummary {
                records,
                bytes: sink.bytes,
            });
        }
        let mut zone = ZoneMapper::new(req.zone);
        let mut records = 0u64;
        // Each batch is encoded into `buf`, then written at once.
        let mut buf = Vec::with_capacity(1 << 20);
        match req.format {
            ExportFormat::Csv => {
                sink.write_all(BOM)?;
                let mut csv = csv::WriterBuilder::new()
                    .terminator(csv::Terminator::CRLF)
                    .from_writer(&mut sink);
                csv.write_record(headers(req.language, req.zone))?;
                csv.flush()?;
                drop(csv);
                let mut rows = CsvRows::new(&names, req.language)?;
                for_each_batch(reads, |batch| {
                    for &(ms, lock, user, kind, locked) in batch {
                        let local = ms + zone.offset_ms(ms);
                        rows.write(&mut buf, local, lock, user, kind, locked)?;
                    }
                    records += batch.len() as u64;
                    sink.write_all(&buf)?;
                    buf.clear();
                    Ok(())
                })?;
                if let Some(note) = note {
                    let mut csv = csv::WriterBuilder::new()
                        .terminator(csv::Terminator::CRLF)
                        .from_writer(&mut sink);
                    csv.write_record([format!("# {note}")])?;
                    csv.flush()?;
                }
            }
            ExportFormat::Jsonl => {
                for_each_batch(reads, |batch| {
                    for &(ms, lock, user, kind, locked) in batch {
                        let lock = names.lock(lock);
                        let user = names.user(user);
                        let row = JsonRow {
                            created_at: zone
                                .fixed(ms)
                                .to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
                            lock_id: lock.map_or("", |l| l.0.as_str()),
                            lock_name: lock.and_then(|l| l.1.as_deref()),
                            user_id: user.map(|u| u.0.as_str()),
                            user_name: user.and_then(|u| u.1.as_deref()),
                            user_mail: user.and_then(|u| u.2.as_deref()),
                            client_type: names.kind(kind),
                            is_locked: locked,
                        };
                        serde_json::to_writer(&mut buf, &row)?;
                        buf.push(b'\n');
                    }
                    records += batch.len() as u64;
                    sink.write_all(&buf)?;
                    buf.clear();
                    Ok(())
                })?;
            }
            ExportFormat::Xlsx => unreachable!("written above"),
        }
        sink.flush()?;
        Ok(ExportSummary {
            records,
            bytes: sink.bytes,
        })
    }
}
