//! A CSV file as Excel opens it: UTF-8 with a byte-order mark (else Excel reads it in the
//! system's code page), CRLF lines, and every cell that Excel would take for a formula kept as
//! text (names and codes come from the service and are typed by anyone).

use lockdesk_archive::{neutralize_formula, BOM};

use crate::error::{Error, Result};

/// The file's text: `header`, then each row.
pub fn excel_csv<R>(header: &[&str], rows: impl IntoIterator<Item = R>) -> Result<String>
where
    R: IntoIterator,
    R::Item: AsRef<str>,
{
    let fail = |e: csv::Error| Error::Csv(e.to_string());
    let mut out = Vec::from(BOM);
    {
        let mut w = csv::WriterBuilder::new()
            .terminator(csv::Terminator::CRLF)
            .from_writer(&mut out);
        w.write_record(header).map_err(fail)?;
        for row in rows {
            w.write_record(
                row.into_iter()
                    .map(|c| neutralize_formula(c.as_ref()).into_owned()),
            )
            .map_err(fail)?;
        }
        w.flush().map_err(|e| Error::Csv(e.to_string()))?;
    }
    String::from_utf8(out).map_err(|e| Error::Csv(e.to_string()))
}
