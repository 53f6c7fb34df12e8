//! The rows of a CSV export, written straight into the output: every lock, user and kind is
//! CSV-encoded once (by `csv` itself, so quoting is exactly what `csv::Writer` would write), and
//! times are written digit by digit with the date rendered once per day.

use std::borrow::Cow;
use std::io::Write;

use chrono::DateTime;

use crate::archive::Names;
use crate::days::DAY_MS;
use crate::error::Result;
use crate::formula::neutralize_formula;
use crate::labels::{action, kind_label};
use crate::model::Language;

/// `fields` as they appear inside a CSV record, joined by commas, formulas neutralised.
pub(crate) fn encode(fields: &[&str]) -> Result<Vec<u8>> {
    // A trailing extra field, cut off again, keeps a lone empty field from being quoted (as it
    // would be in a record of its own but not within a longer one).
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    w.write_record(
        fields
            .iter()
            .map(|f| neutralize_formula(f))
            .chain([Cow::Borrowed("x")])
            .map(|f| f.into_owned()),
    )?;
    let mut bytes = w.into_inner().map_err(|e| e.into_error())?;
    bytes.truncate(bytes.len() - ",x\r\n".len());
    Ok(bytes)
}

/// Encoded columns by ref, and the date of the current day.
pub(crate) struct CsvRows {
    locks: Vec<Vec<u8>>,
    no_lock: Vec<u8>,
    users: Vec<Vec<u8>>,
    no_user: Vec<u8>,
    kinds: Vec<Vec<u8>>,
    actions: [Vec<u8>; 2],
    day: i64,
    date: Vec<u8>,
}

impl CsvRows {
    pub fn new(names: &Names, lang: Language) -> Result<CsvRows> {
        let locks = (0..names.locks.len() as i64)
            .map(|r| {
                let l = names.lock(r);
                encode(&[
                    l.map_or("", |l| l.0.as_str()),
                    l.and_then(|l| l.1.as_deref()).unwrap_or(""),
                ])
            })
            .collect::<Result<_>>()?;
        let users = (0..names.users.len() as i64)
            .map(|r| {
                let u = names.user(r);
                encode(&[
                    u.map_or("", |u| u.0.as_str()),
                    u.and_then(|u| u.1.as_deref()).unwrap_or(""),
                    u.and_then(|u| u.2.as_deref()).unwrap_or(""),
                ])
            })
            .collect::<Result<_>>()?;
        let kinds = (0..names.kinds.len() as i64)
            .map(|r| encode(&[kind_label(lang, names.kind(r))]))
            .collect::<Result<_>>()?;
        Ok(CsvRows {
            locks,
            no_lock: encode(&["", ""])?,
            users,
            no_user: encode(&["", "", ""])?,
            kinds,
            actions: [
                encode(&[action(lang, false)])?,
                encode(&[action(lang, true)])?,
            ],
            day: i64::MIN,
            date: Vec::new(),
        })
    }

    /// One record; `local` is its wall-clock time in the export's zone (ms since 1970).
    pub fn write(
        &mut self,
        out: &mut impl Write,
        local: i64,
        lock: i64,
        user: i64,
        kind: i64,
        locked: bool,
    ) -> std::io::Result<()> {
        self.write_time(out, local)?;
        out.write_all(b",")?;
        out.write_all(&self.actions[usize::from(locked)])?;
        out.write_all(b",")?;
        out.write_all(pick(&self.kinds, kind).unwrap_or(b""))?;
        out.write_all(b",")?;
        out.write_all(pick(&self.users, user).unwrap_or(&self.no_user))?;
        out.write_all(b",")?;
        out.write_all(pick(&self.locks, lock).unwrap_or(&self.no_lock))?;
        out.write_all(b"\r\n")
    }

    /// `2026-01-02 09:03:04.123`, as chrono's `%Y-%m-%d %H:%M:%S%.3f` writes it.
    fn write_time(&mut self, out: &mut impl Write, local: i64) -> std::io::Result<()> {
        let Some(t) = DateTime::from_timestamp_millis(local) else {
            let t = DateTime::from_timestamp_millis(0).unwrap_or_default();
            return write!(out, "{}", t.naive_utc().format("%Y-%m-%d %H:%M:%S%.3f"));
        };
        let day = local.div_euclid(DAY_MS);
        if day != self.day {
            self.day = day;
            self.date.clear();
            write!(self.date, "{} ", t.naive_utc().format("%Y-%m-%d"))?;
        }
        let ms = local.rem_euclid(DAY_MS);
        let (h, m, s, milli) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
        let d = |n: i64| b'0' + n as u8;
        let clock = [
            d(h / 10),
            d(h % 10),
            b':',
            d(m / 10),
            d(m % 10),
            b':',
            d(s / 10),
            d(s % 10),
            b'.',
            d(milli / 100),
            d(milli / 10 % 10),
            d(milli % 10),
        ];
        out.write_all(&self.date)?;
        out.write_all(&clock)
    }
}

fn pick(table: &[Vec<u8>], r: i64) -> Option<&[u8]> {
    usize::try_from(r)
        .ok()
        .and_then(|i| table.get(i))
        .map(Vec::as_slice)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_as_csv_writes_fields() {
        assert_eq!(encode(&["a", "", "b"]).unwrap(), b"a,,b");
        assert_eq!(encode(&[""]).unwrap(), b"");
        assert_eq!(
            encode(&["x,y", "say \"hi\""]).unwrap(),
            b"\"x,y\",\"say \"\"hi\"\"\""
        );
        assert_eq!(encode(&["a\nb"]).unwrap(), b"\"a\nb\"");
    }

    #[test]
    fn times_match_chrono() {
        let names = Names {
            locks: Vec::new(),
            users: Vec::new(),
            kinds: Vec::new(),
        };
        let mut rows = CsvRows::new(&names, Language::En).unwrap();
        for ms in [
            0,
            1_767_279_600_000,
            1_767_279_600_123,
            1_772_409_599_999,
            -1,
            -86_400_001,
            253_402_300_799_999,
        ] {
            let mut out = Vec::new();
            rows.write_time(&mut out, ms).unwrap();
            let want = DateTime::from_timestamp_millis(ms)
                .unwrap()
                .naive_utc()
                .format("%Y-%m-%d %H:%M:%S%.3f")
                .to_string();
            assert_eq!(String::from_utf8(out).unwrap(), want, "{ms}");
        }
    }
}
