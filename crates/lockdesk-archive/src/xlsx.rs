//! An export as an Excel workbook (`rust_xlsxwriter`): the same columns and words as the CSV
//! (`export.rs`), times as real Excel date-times in the chosen zone, the header row frozen with
//! filters on, widths that fit, and a font that shows Japanese. Rows go through a temporary
//! file (constant memory), so a million records do not sit in memory; a sheet holds Excel's
//! most, 1,048,575 records under its header, and the next ones go on the next sheet.
//!
//! Text from the service is written as text cells, never as formulas, and characters XML
//! cannot hold are escaped by the writer, so a hostile name stays a name.

use std::io::Write;

use rust_xlsxwriter::{Format, Workbook, Worksheet, XlsxError};

use crate::archive::Names;
use crate::error::{Error, Result};
use crate::export_reader::{for_each_batch, Reads, Record};
use crate::labels::{action, headers, kind_label};
use crate::model::{ExportRequest, Language};
use crate::zone::ZoneMapper;

/// Records per sheet: Excel's 1,048,576 rows less the header.
pub(crate) const ROWS_PER_SHEET: u32 = 1_048_575;
/// Shown by Excel in Japanese and Western text alike (Windows 10 and later, macOS Office).
pub(crate) const FONT: &str = "Yu Gothic";
/// Characters per column: time, action, method, user id, user, e-mail, lock id, lock.
const WIDTHS: [f64; 8] = [24.0, 10.0, 24.0, 24.0, 22.0, 30.0, 16.0, 24.0];
/// Days from Excel's day 0 (1899-12-30) to 1970-01-01.
const EXCEL_EPOCH_DAYS: f64 = 25_569.0;
const DAY_MS: f64 = 86_400_000.0;

/// Excel's serial date-time of a local wall-clock time given as milliseconds since 1970.
pub(crate) fn excel_serial(local_ms: i64) -> f64 {
    EXCEL_EPOCH_DAYS + local_ms as f64 / DAY_MS
}

fn xlsx_error(e: XlsxError) -> Error {
    Error::Export(e.to_string())
}

struct Formats {
    header: Format,
    text: Format,
    time: Format,
}

impl Formats {
    fn new() -> Formats {
        let text = Format::new().set_font_name(FONT);
        Formats {
            header: text.clone().set_bold(),
            time: text.clone().set_num_format("yyyy-mm-dd hh:mm:ss.000"),
            text,
        }
    }
}

fn sheet_name(lang: Language, n: usize) -> String {
    match lang {
        Language::En => format!("History {n}"),
        Language::Ja => format!("入退室履歴 {n}"),
    }
}

/// A new sheet with the header row, widths, frozen header.
fn new_sheet<'a>(
    book: &'a mut Workbook,
    req: &ExportRequest,
    formats: &Formats,
    n: usize,
) -> Result<&'a mut Worksheet> {
    let sheet = book
        .add_worksheet_with_constant_memory()
        .map_err(xlsx_error)?;
    sheet
        .set_name(sheet_name(req.language, n))
        .map_err(xlsx_error)?;
    for (col, width) in WIDTHS.iter().enumerate() {
        sheet
            .set_column_width(col as u16, *width)
            .map_err(xlsx_error)?;
    }
    for (col, title) in headers(req.language, req.zone).iter().enumerate() {
        sheet
            .write_string_with_format(0, col as u16, title, &formats.header)
            .map_err(xlsx_error)?;
    }
    sheet.set_freeze_panes(1, 0).map_err(xlsx_error)?;
    Ok(sheet)
}

/// Filters on the header row of a sheet whose last record is on `last_row`.
fn finish_sheet(book: &mut Workbook, index: usize, last_row: u32) -> Result<()> {
    let sheet = book.worksheet_from_index(index).map_err(xlsx_error)?;
    sheet
        .autofilter(0, 0, last_row.max(1), WIDTHS.len() as u16 - 1)
        .map_err(xlsx_error)?;
    Ok(())
}

/// A workbook being written, a sheet at a time.
struct Book<'a> {
    book: Workbook,
    formats: Formats,
    req: &'a ExportRequest,
    names: &'a Names,
    zone: ZoneMapper,
    rows_per_sheet: u32,
    sheets: usize,
    /// The last row written on the current sheet (0: only its header).
    row: u32,
}

impl<'a> Book<'a> {
    fn new(req: &'a ExportRequest, names: &'a Names, rows_per_sheet: u32) -> Result<Book<'a>> {
        let mut book = Book {
            book: Workbook::new(),
            formats: Formats::new(),
            req,
            names,
            zone: ZoneMapper::new(req.zone),
            rows_per_sheet,
            sheets: 1,
            row: 0,
        };
        new_sheet(&mut book.book, req, &book.formats, 1)?;
        Ok(book)
    }

    fn add(&mut self, (ms, lock, user, kind, locked): Record) -> Result<()> {
        if self.row == self.rows_per_sheet {
            finish_sheet(&mut self.book, self.sheets - 1, self.row)?;
            self.sheets += 1;
            new_sheet(&mut self.book, self.req, &self.formats, self.sheets)?;
            self.row = 0;
        }
        self.row += 1;
        let row = self.row;
        let (names, lang) = (self.names, self.req.language);
        let local = ms + self.zone.offset_ms(ms);
        let sheet = self
            .book
            .worksheet_from_index(self.sheets - 1)
            .map_err(xlsx_error)?;
        sheet
            .write_number_with_format(row, 0, excel_serial(local), &self.formats.time)
            .map_err(xlsx_error)?;
        let lock = names.lock(lock);
        let user = names.user(user);
        let cells: [(u16, Option<&str>); 7] = [
            (1, Some(action(lang, locked))),
            (2, Some(kind_label(lang, names.kind(kind)))),
            (3, user.map(|u| u.0.as_str())),
            (4, user.and_then(|u| u.1.as_deref())),
            (5, user.and_then(|u| u.2.as_deref())),
            (6, lock.map(|l| l.0.as_str())),
            (7, lock.and_then(|l| l.1.as_deref())),
        ];
        for (col, text) in cells {
            if let Some(text) = text.filter(|t| !t.is_empty()) {
                sheet
                    .write_string_with_format(row, col, text, &self.formats.text)
                    .map_err(xlsx_error)?;
            }
        }
        Ok(())
    }

    fn save(mut self, note: Option<&str>, out: &mut (dyn Write + Send)) -> Result<()> {
        finish_sheet(&mut self.book, self.sheets - 1, self.row)?;
        if let Some(note) = note {
            add_note(&mut self.book, self.req.language, note)?;
        }
        self.book.save_to_writer(out).map_err(xlsx_error)
    }
}

/// A sheet after the records that says what the reader must know about them (how far the
/// archive reached), in the export's language.
pub(crate) fn add_note(book: &mut Workbook, lang: Language, note: &str) -> Result<()> {
    let sheet = book.add_worksheet();
    sheet
        .set_name(match lang {
            Language::En => "About",
            Language::Ja => "注記",
        })
        .map_err(xlsx_error)?;
    sheet.set_column_width(0, 120.0).map_err(xlsx_error)?;
    let text = Format::new().set_font_name(FONT).set_text_wrap();
    sheet
        .write_string_with_format(0, 0, note, &text)
        .map_err(xlsx_error)?;
    Ok(())
}

/// Writes the records `sql` selects as a workbook into `out` (with `note` on a sheet of its
/// own); returns how many.
pub(crate) fn write(
    reads: Reads,
    names: &Names,
    req: &ExportRequest,
    note: Option<&str>,
    out: &mut (dyn Write + Send),
) -> Result<u64> {
    let mut book = Book::new(req, names, ROWS_PER_SHEET)?;
    let mut records = 0u64;
    for_each_batch(reads, |batch| {
        for &record in batch {
            book.add(record)?;
        }
        records += batch.len() as u64;
        Ok(())
    })?;
    book.save(note, out)?;
    Ok(records)
}

#[cfg(test)]
mod tests {
    use std::io::{Cursor, Read};

    use calamine::{open_workbook_from_rs, Data, Reader, Xlsx};
    use chrono::NaiveDate;

    use super::*;
    use crate::model::{ExportFormat, Zone};

    fn names() -> Names {
        Names {
            locks: vec![None, Some(("A1".into(), Some("=1+2 正面".into())))],
            users: vec![
                None,
                Some((
                    "U1".into(),
                    Some("山田太郎".into()),
                    Some("yamada@example.com".into()),
                )),
            ],
            kinds: vec![None, Some("nfc_outside".into()), Some("button".into())],
        }
    }

    fn sheet_xml(bytes: &[u8], name: &str) -> String {
        let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
        let mut xml = String::new();
        zip.by_name(name).unwrap().read_to_string(&mut xml).unwrap();
        xml
    }

    #[test]
    fn a_workbook_for_excel_in_japanese_a_sheet_per_limit() {
        let req = ExportRequest {
            format: ExportFormat::Xlsx,
            zone: Zone::Offset { minutes: 540 },
            language: Language::Ja,
            ..Default::default()
        };
        let names = names();
        // 2026-03-01T23:59:59.999Z, then a minute apart; every other one by nobody (a button).
        let first = 1_772_409_599_999;
        let mut book = Book::new(&req, &names, 3).unwrap();
        for i in 0..7 {
            let by_person = i % 2 == 0;
            book.add((
                first + i * 60_000,
                1,
                if by_person { 1 } else { 0 },
                if by_person { 1 } else { 2 },
                !by_person,
            ))
            .unwrap();
        }
        let mut out = Vec::new();
        book.save(None, &mut out).unwrap();

        let mut xlsx: Xlsx<_> = open_workbook_from_rs(Cursor::new(out.clone())).unwrap();
        assert_eq!(
            xlsx.sheet_names(),
            ["入退室履歴 1", "入退室履歴 2", "入退室履歴 3"],
            "three records a sheet here (Excel's limit in a real export)"
        );
        let range = xlsx.worksheet_range("入退室履歴 1").unwrap();
        let rows: Vec<&[Data]> = range.rows().collect();
        assert_eq!(rows.len(), 4, "the header and three records");
        let header: Vec<String> = rows[0].iter().map(|c| c.to_string()).collect();
        assert_eq!(header, headers(Language::Ja, req.zone));
        // A real date-time in Japan time, to the millisecond, not text.
        let Data::DateTime(time) = &rows[1][0] else {
            panic!("a date-time cell: {:?}", rows[1][0]);
        };
        let expected = NaiveDate::from_ymd_opt(2026, 3, 2)
            .unwrap()
            .and_hms_milli_opt(8, 59, 59, 999)
            .unwrap();
        let got = time.as_datetime().unwrap();
        assert!((got - expected).num_milliseconds().abs() <= 1, "{got}");
        assert_eq!(rows[1][1], Data::String("解錠".into()));
        assert_eq!(rows[1][2], Data::String("IC カード（室外）".into()));
        assert_eq!(rows[1][4], Data::String("山田太郎".into()));
        // A name that looks like a formula stays text.
        assert_eq!(rows[1][7], Data::String("=1+2 正面".into()));
        assert!(xlsx
            .worksheet_formula("入退室履歴 1")
            .unwrap()
            .used_cells()
            .next()
            .is_none());
        // The record by nobody: the person's cells are empty.
        assert_eq!(rows[2][1], Data::String("施錠".into()));
        assert_eq!(rows[2][3], Data::Empty);
        let last = xlsx.worksheet_range("入退室履歴 3").unwrap();
        assert_eq!(last.rows().count(), 2, "the header and the seventh record");

        let sheet = sheet_xml(&out, "xl/worksheets/sheet1.xml");
        assert!(sheet.contains(r#"state="frozen""#), "{sheet}");
        assert!(sheet.contains(r#"<autoFilter ref="A1:H4"/>"#), "{sheet}");
        assert!(
            sheet_xml(&out, "xl/worksheets/sheet3.xml").contains(r#"<autoFilter ref="A1:H2"/>"#)
        );
        assert!(sheet_xml(&out, "xl/styles.xml").contains("Yu Gothic"));
    }
}
