//! A small table written like the record export (`export.rs`, `xlsx.rs`), for the reports that
//! are not the history's records: the time card of a month, the watcher's alerts of a period.
//! Rows are held in memory (a month's time card is at most users × 31 rows); CSV for Excel
//! (byte-order mark, CRLF, formula-like text neutralised), JSON Lines keyed by each column's
//! stable key with RFC 3339 times, or an Excel workbook with typed cells, a frozen header row
//! with filters, widths and a font that shows Japanese. Text is never written as a formula.

use std::io::Write;

use chrono::{DateTime, NaiveDate, Utc};
use rust_xlsxwriter::{Format, Workbook};

use crate::error::{Error, Result};
use crate::export::BOM;
use crate::formula::neutralize_formula;
use crate::model::{ExportFormat, ExportSummary, Language, Zone};
use crate::xlsx::{add_note, excel_serial, FONT, ROWS_PER_SHEET};
use crate::zone::ZoneMapper;

/// One cell: text as it is, a moment (shown in the table's zone), a day, a count.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    Text(String),
    Time(DateTime<Utc>),
    Date(NaiveDate),
    Count(u64),
    Empty,
}

impl From<Option<String>> for Cell {
    fn from(v: Option<String>) -> Cell {
        v.map_or(Cell::Empty, Cell::Text)
    }
}

impl From<Option<DateTime<Utc>>> for Cell {
    fn from(v: Option<DateTime<Utc>>) -> Cell {
        v.map_or(Cell::Empty, Cell::Time)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// The JSON Lines key (stable, never translated).
    pub key: &'static str,
    /// The header in the file's language.
    pub title: String,
    /// Characters, for the workbook.
    pub width: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// The workbook's sheet name (at most 31 characters, none of `[]:*?/\`).
    pub sheet: String,
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<Cell>>,
    /// Where times are shown.
    pub zone: Zone,
    /// In a workbook, a sheet of its own after the table (how far the archive reached).
    pub note: Option<String>,
    /// The note sheet's language.
    pub language: Language,
}

fn xlsx_error(e: rust_xlsxwriter::XlsxError) -> Error {
    Error::Export(e.to_string())
}

impl Table {
    /// Writes the table to `out` in `format`; its rows count as the records.
    pub fn write(
        &self,
        format: ExportFormat,
        out: &mut (dyn Write + Send),
    ) -> Result<ExportSummary> {
        if self.rows.len() > ROWS_PER_SHEET as usize {
            return Err(Error::Export(format!(
                "{} rows do not fit on one sheet",
                self.rows.len()
            )));
        }
        let bytes = match format {
            ExportFormat::Csv => self.csv()?,
            ExportFormat::Jsonl => self.jsonl()?,
            ExportFormat::Xlsx => self.xlsx()?,
        };
        out.write_all(&bytes)?;
        Ok(ExportSummary {
            records: self.rows.len() as u64,
            bytes: bytes.len() as u64,
        })
    }

    fn csv(&self) -> Result<Vec<u8>> {
        let mut zone = ZoneMapper::new(self.zone);
        let mut buf = BOM.to_vec();
        let mut csv = csv::WriterBuilder::new()
            .terminator(csv::Terminator::CRLF)
            .from_writer(&mut buf);
        csv.write_record(self.columns.iter().map(|c| c.title.as_str()))?;
        for row in &self.rows {
            let cells: Vec<String> = row
                .iter()
                .map(|cell| match cell {
                    Cell::Text(t) => neutralize_formula(t).into_owned(),
                    Cell::Time(t) => zone
                        .local(t.timestamp_millis())
                        .format("%Y-%m-%d %H:%M:%S")
                        .to_string(),
                    Cell::Date(d) => d.format("%Y-%m-%d").to_string(),
                    Cell::Count(n) => n.to_string(),
                    Cell::Empty => String::new(),
                })
                .collect();
            csv.write_record(&cells)?;
        }
        csv.flush()?;
        drop(csv);
        Ok(buf)
    }

    fn jsonl(&self) -> Result<Vec<u8>> {
        let mut zone = ZoneMapper::new(self.zone);
        let mut buf = Vec::new();
        for row in &self.rows {
            let mut object = serde_json::Map::new();
            for (column, cell) in self.columns.iter().zip(row) {
                let value = match cell {
                    Cell::Text(t) => serde_json::Value::from(t.as_str()),
                    Cell::Time(t) => zone
                        .fixed(t.timestamp_millis())
                        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
                        .into(),
                    Cell::Date(d) => d.format("%Y-%m-%d").to_string().into(),
                    Cell::Count(n) => (*n).into(),
                    Cell::Empty => serde_json::Value::Null,
                };
                object.insert(column.key.to_owned(), value);
            }
            serde_json::to_writer(&mut buf, &object)?;
            buf.push(b'\n');
        }
        Ok(buf)
    }

    fn xlsx(&self) -> Result<Vec<u8>> {
        let mut zone = ZoneMapper::new(self.zone);
        let text = Format::new().set_font_name(FONT);
        let header = text.clone().set_bold();
        let time = text.clone().set_num_format("yyyy-mm-dd hh:mm:ss");
        let date = text.clone().set_num_format("yyyy-mm-dd");
        let mut book = Workbook::new();
        let sheet = book.add_worksheet();
        sheet.set_name(&self.sheet).map_err(xlsx_error)?;
        for (col, c) in self.columns.iter().enumerate() {
            let col = col as u16;
            sheet.set_column_width(col, c.width).map_err(xlsx_error)?;
            sheet
                .write_string_with_format(0, col, &c.title, &header)
                .map_err(xlsx_error)?;
        }
        for (r, row) in self.rows.iter().enumerate() {
            let r = r as u32 + 1;
            for (col, cell) in row.iter().enumerate() {
                let col = col as u16;
                match cell {
                    Cell::Text(t) => sheet.write_string_with_format(r, col, t, &text),
                    Cell::Time(t) => {
                        let ms = t.timestamp_millis();
                        let local = ms + zone.offset_ms(ms);
                        sheet.write_number_with_format(r, col, excel_serial(local), &time)
                    }
                    Cell::Date(d) => {
                        let ms = d
                            .and_hms_opt(0, 0, 0)
                            .expect("midnight")
                            .and_utc()
                            .timestamp_millis();
                        sheet.write_number_with_format(r, col, excel_serial(ms), &date)
                    }
                    Cell::Count(n) => sheet.write_number_with_format(r, col, *n as f64, &text),
                    Cell::Empty => continue,
                }
                .map_err(xlsx_error)?;
            }
        }
        sheet.set_freeze_panes(1, 0).map_err(xlsx_error)?;
        let last_col = self.columns.len().saturating_sub(1) as u16;
        sheet
            .autofilter(0, 0, (self.rows.len() as u32).max(1), last_col)
            .map_err(xlsx_error)?;
        if let Some(note) = &self.note {
            add_note(&mut book, self.language, note)?;
        }
        book.save_to_buffer().map_err(xlsx_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Table {
        let at = DateTime::parse_from_rfc3339("2026-10-01T00:30:00Z")
            .unwrap()
            .with_timezone(&Utc);
        Table {
            sheet: "タイムカード".into(),
            columns: vec![
                Column {
                    key: "date",
                    title: "日付".into(),
                    width: 12.0,
                },
                Column {
                    key: "user",
                    title: "ユーザー名".into(),
                    width: 20.0,
                },
                Column {
                    key: "first_entry",
                    title: "最初の入室".into(),
                    width: 20.0,
                },
                Column {
                    key: "records",
                    title: "記録数".into(),
                    width: 8.0,
                },
            ],
            rows: vec![
                vec![
                    Cell::Date(NaiveDate::from_ymd_opt(2026, 10, 1).unwrap()),
                    Cell::Text("=HYPERLINK(\"http://x\")".into()),
                    Cell::Time(at),
                    Cell::Count(3),
                ],
                vec![
                    Cell::Date(NaiveDate::from_ymd_opt(2026, 10, 2).unwrap()),
                    Cell::Text("佐藤".into()),
                    Cell::Empty,
                    Cell::Count(1),
                ],
            ],
            zone: Zone::Offset { minutes: 540 },
            note: Some("この表は途中までです。".into()),
            language: Language::Ja,
        }
    }

    #[test]
    fn csv_is_for_excel_with_local_times_and_no_formulas() {
        let mut out = Vec::new();
        let summary = table().write(ExportFormat::Csv, &mut out).unwrap();
        assert_eq!(summary.records, 2);
        assert!(out.starts_with(BOM));
        let text = String::from_utf8(out[3..].to_vec()).unwrap();
        assert_eq!(
            text,
            "日付,ユーザー名,最初の入室,記録数\r\n\
             2026-10-01,\"'=HYPERLINK(\"\"http://x\"\")\",2026-10-01 09:30:00,3\r\n\
             2026-10-02,佐藤,,1\r\n"
        );
    }

    #[test]
    fn json_lines_keep_stable_keys_and_offsets() {
        let mut out = Vec::new();
        table().write(ExportFormat::Jsonl, &mut out).unwrap();
        let lines: Vec<serde_json::Value> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines[0]["first_entry"], "2026-10-01T09:30:00+09:00");
        assert_eq!(lines[0]["user"], "=HYPERLINK(\"http://x\")");
        assert_eq!(lines[1]["first_entry"], serde_json::Value::Null);
        assert_eq!(lines[1]["records"], 1);
    }

    #[test]
    fn the_workbook_has_typed_cells_and_text_stays_text() {
        use calamine::{Data, Reader, Xlsx};
        let mut out = Vec::new();
        table().write(ExportFormat::Xlsx, &mut out).unwrap();
        let mut book = Xlsx::new(std::io::Cursor::new(out)).unwrap();
        let range = book.worksheet_range("タイムカード").unwrap();
        assert_eq!(range.get((0, 2)), Some(&Data::String("最初の入室".into())));
        assert_eq!(
            range.get((1, 1)),
            Some(&Data::String("=HYPERLINK(\"http://x\")".into()))
        );
        let Some(Data::DateTime(t)) = range.get((1, 2)) else {
            panic!("not a date-time: {:?}", range.get((1, 2)));
        };
        assert_eq!(t.as_datetime().unwrap().to_string(), "2026-10-01 09:30:00");
        assert!(matches!(range.get((1, 0)), Some(Data::DateTime(_))));
        assert_eq!(range.get((1, 3)), Some(&Data::Float(3.0)));
        let note = book.worksheet_range("注記").unwrap();
        assert_eq!(
            note.get((0, 0)),
            Some(&Data::String("この表は途中までです。".into()))
        );
    }
}
