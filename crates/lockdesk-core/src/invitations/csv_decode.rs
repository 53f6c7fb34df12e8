//! A bulk-invitation file read from its bytes: the encoding detected (Excel on Japanese Windows
//! saves CP932, "CSV UTF-8" adds a byte-order mark, "Unicode text" is UTF-16LE with a BOM and
//! tab-separated), the size capped before anything is decoded, and the delimiter chosen from
//! the first line.
//!
//! Detection, in this order: a byte-order mark (UTF-8, UTF-16LE, UTF-16BE); else bytes that are
//! valid UTF-8 are UTF-8; else Shift_JIS (encoding_rs's `Shift_JIS` is the WHATWG one, i.e.
//! Windows code page 932 with NEC and IBM extensions). Bytes that none of these decode without
//! an error are refused (`csv_encoding`): never shown as mojibake.

use std::borrow::Cow;

use base64::Engine;
use encoding_rs::{Encoding, SHIFT_JIS, UTF_16BE, UTF_16LE, UTF_8};
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// The largest bulk-invitation file read: 5 MiB (about 60,000 rows of 80 bytes; far more than
/// [`MAX_CSV_ROWS`]). Checked before the file is read (lockctl: its size on disk; the app: the
/// dropped file's size, then the bytes received).
pub const MAX_CSV_BYTES: u64 = 5 * 1024 * 1024;
/// The most data rows one bulk invitation reads (blank lines and the header not counted).
pub const MAX_CSV_ROWS: u32 = 10_000;

/// How the file's text was encoded, as detected (the front ends word it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CsvEncoding {
    /// UTF-8 without a byte-order mark (also plain ASCII).
    Utf8,
    /// UTF-8 with a byte-order mark (Excel's "CSV UTF-8").
    Utf8Bom,
    /// UTF-16 little-endian with a BOM (Excel's "Unicode text").
    Utf16Le,
    /// UTF-16 big-endian with a BOM.
    Utf16Be,
    /// Shift_JIS / Windows code page 932 (Excel's "CSV" on Japanese Windows).
    ShiftJis,
}

impl CsvEncoding {
    /// The usual name, for messages in English.
    pub fn label(self) -> &'static str {
        match self {
            CsvEncoding::Utf8 => "UTF-8",
            CsvEncoding::Utf8Bom => "UTF-8 (BOM)",
            CsvEncoding::Utf16Le => "UTF-16LE",
            CsvEncoding::Utf16Be => "UTF-16BE",
            CsvEncoding::ShiftJis => "Shift_JIS (CP932)",
        }
    }
}

/// Refuses a file larger than [`MAX_CSV_BYTES`]; call it with the size before reading.
pub fn check_csv_size(bytes: u64) -> Result<()> {
    if bytes > MAX_CSV_BYTES {
        return Err(Error::CsvTooLarge {
            size: bytes,
            limit: MAX_CSV_BYTES,
        });
    }
    Ok(())
}

/// The text of a file given as base64 (what the app sends), its size checked before decoding.
pub fn decode_base64(b64: &str) -> Result<(String, CsvEncoding)> {
    // Four base64 characters carry three bytes: refuse what cannot fit before decoding.
    check_csv_size((b64.trim().len() as u64 / 4) * 3)?;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(b64.trim())
        .map_err(|e| Error::invalid("file_base64", format!("not base64: {e}")))?;
    decode_bytes(&bytes)
}

/// The text of a file from its bytes, with the encoding detected (see the module).
pub fn decode_bytes(bytes: &[u8]) -> Result<(String, CsvEncoding)> {
    check_csv_size(bytes.len() as u64)?;
    let (text, encoding) = match Encoding::for_bom(bytes) {
        Some((enc, bom)) => {
            let encoding = if enc == UTF_8 {
                CsvEncoding::Utf8Bom
            } else if enc == UTF_16LE {
                CsvEncoding::Utf16Le
            } else if enc == UTF_16BE {
                CsvEncoding::Utf16Be
            } else {
                return Err(Error::CsvEncoding);
            };
            let text = enc
                .decode_without_bom_handling_and_without_replacement(&bytes[bom..])
                .ok_or(Error::CsvEncoding)?;
            (text, encoding)
        }
        None => match std::str::from_utf8(bytes) {
            Ok(s) => (Cow::Borrowed(s), CsvEncoding::Utf8),
            Err(_) => {
                let text = SHIFT_JIS
                    .decode_without_bom_handling_and_without_replacement(bytes)
                    .ok_or(Error::CsvEncoding)?;
                (text, CsvEncoding::ShiftJis)
            }
        },
    };
    // A text file has no control characters but tab and line ends; C1 controls (U+0080–U+009F)
    // are what other single-byte encodings become when read as Shift_JIS.
    if text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\r' | '\n'))
    {
        return Err(Error::CsvEncoding);
    }
    Ok((text.into_owned(), encoding))
}

/// The encoding of text already decoded (the `csv` field: UTF-8, perhaps with a BOM).
pub fn text_encoding(text: &str) -> Result<CsvEncoding> {
    check_csv_size(text.len() as u64)?;
    Ok(if text.starts_with('\u{feff}') {
        CsvEncoding::Utf8Bom
    } else {
        CsvEncoding::Utf8
    })
}

/// The delimiter: a tab when the first non-blank line has tabs and no commas (Excel's
/// "Unicode text"), else a comma.
pub fn delimiter(text: &str) -> u8 {
    let first = text
        .trim_start_matches('\u{feff}')
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    if first.contains('\t') && !first.contains(',') {
        b'\t'
    } else {
        b','
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;

    const JA: &str = "メールアドレス,権限,ユーザーコード\r\nana@example.com,マネージャー,A1\r\n";

    #[test]
    fn detects_every_encoding_excel_writes() {
        let (sjis, _, errors) = SHIFT_JIS.encode(JA);
        assert!(!errors);
        assert!(std::str::from_utf8(&sjis).is_err(), "a real CP932 fixture");
        assert_eq!(
            decode_bytes(&sjis).unwrap(),
            (JA.to_owned(), CsvEncoding::ShiftJis)
        );

        let mut bom = b"\xEF\xBB\xBF".to_vec();
        bom.extend_from_slice(JA.as_bytes());
        assert_eq!(decode_bytes(&bom).unwrap().1, CsvEncoding::Utf8Bom);
        assert_eq!(decode_bytes(&bom).unwrap().0, JA, "the BOM is not kept");
        assert_eq!(decode_bytes(JA.as_bytes()).unwrap().1, CsvEncoding::Utf8);

        let tabbed = JA.replace(',', "\t");
        let mut le = vec![0xFF, 0xFE];
        le.extend(tabbed.encode_utf16().flat_map(u16::to_le_bytes));
        assert_eq!(
            decode_bytes(&le).unwrap(),
            (tabbed.clone(), CsvEncoding::Utf16Le)
        );
        let mut be = vec![0xFE, 0xFF];
        be.extend(tabbed.encode_utf16().flat_map(u16::to_be_bytes));
        assert_eq!(decode_bytes(&be).unwrap().1, CsvEncoding::Utf16Be);
        assert_eq!(delimiter(&tabbed), b'\t');
        assert_eq!(delimiter(JA), b',');
        assert_eq!(delimiter("a\tb,c\n"), b',');
    }

    #[test]
    fn broken_bytes_are_refused_not_mojibake() {
        // 0x82 is a Shift_JIS lead byte; 0x20 cannot follow it.
        let broken = b"mail,authority\r\n\x82\x20@example.com,member\r\n";
        let e = decode_bytes(broken).unwrap_err();
        assert_eq!(e.code(), ErrorCode::CsvEncoding);
        // Latin-1 "café" decodes as Shift_JIS only into nonsense: refused too.
        assert_eq!(
            decode_bytes(b"caf\xe9,member\n").unwrap_err().code(),
            ErrorCode::CsvEncoding
        );
        // An unpaired surrogate in UTF-16.
        assert_eq!(
            decode_bytes(&[0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00])
                .unwrap_err()
                .code(),
            ErrorCode::CsvEncoding
        );
        // A C1 control from a single-byte encoding read as Shift_JIS.
        assert_eq!(
            decode_bytes(b"\x80\x81\x40,member\n").unwrap_err().code(),
            ErrorCode::CsvEncoding
        );
    }

    #[test]
    fn size_is_capped_before_decoding() {
        let e = check_csv_size(MAX_CSV_BYTES + 1).unwrap_err();
        assert_eq!(e.code(), ErrorCode::CsvTooLarge);
        assert_eq!(e.details().limit, Some(MAX_CSV_BYTES as u32));
        check_csv_size(MAX_CSV_BYTES).unwrap();
        let big = "A".repeat((MAX_CSV_BYTES as usize / 3 + 1) * 4);
        assert_eq!(
            decode_base64(&big).unwrap_err().code(),
            ErrorCode::CsvTooLarge,
            "refused from its length, not decoded"
        );
        assert_eq!(
            text_encoding(&"a".repeat(MAX_CSV_BYTES as usize + 1))
                .unwrap_err()
                .code(),
            ErrorCode::CsvTooLarge
        );
    }
}
