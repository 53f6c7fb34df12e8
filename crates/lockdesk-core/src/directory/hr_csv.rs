//! An HR system's CSV export (SmartHR, freee, ジョブカン and the like) as directory people: CP932
//! (Japanese Excel) or UTF-8, comma or tab separated, Japanese or English headers. Which
//! column holds what is the source's [`Columns`], chosen once (found from the headers when not
//! given) and kept with the source. Every row is checked; the first bad one is an error naming
//! its line, and nothing is read from a file with one.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::directory::person::DirectoryPerson;
use crate::error::{Error, Result};
use crate::invitations::{decode_bytes, delimiter, normalize};

/// The most people a file may hold.
pub const HR_ROWS_MAX: usize = 100_000;

/// The header of each column the source reads (as written in the file's first row); the
/// employee number and the name are needed, the rest optional.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Columns {
    pub employee_id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mail: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub joined: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub left: Option<String>,
}

/// Header words of the usual HR exports, compared after `normalize` with inner spaces removed.
const EMPLOYEE_ID: &[&str] = &[
    "社員番号",
    "従業員番号",
    "社員コード",
    "従業員コード",
    "社員no",
    "employeeid",
    "employeenumber",
    "employeeno",
    "staffcode",
];
const NAME: &[&str] = &[
    "氏名",
    "名前",
    "社員名",
    "従業員名",
    "ビジネスネーム",
    "name",
    "fullname",
    "displayname",
];
const MAIL: &[&str] = &[
    "メールアドレス",
    "メール",
    "会社メールアドレス",
    "業務用メールアドレス",
    "email",
    "e-mail",
    "mail",
    "emailaddress",
    "e-mailaddress",
    "workemail",
];
const JOINED: &[&str] = &[
    "入社日",
    "入社年月日",
    "joiningdate",
    "joindate",
    "hiredate",
    "startdate",
];
const LEFT: &[&str] = &[
    "退職日",
    "退職年月日",
    "leavingdate",
    "leavedate",
    "terminationdate",
    "enddate",
];

fn key(cell: &str) -> String {
    normalize(cell)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

fn find(headers: &[String], words: &[&str]) -> Option<String> {
    headers
        .iter()
        .find(|h| words.contains(&key(h).as_str()))
        .cloned()
}

/// The columns found from a file's headers: `None` for the employee number or the name when no
/// header reads like one.
pub fn guess_columns(headers: &[String]) -> Result<Columns> {
    let need = |words: &[&str], what: &str| {
        find(headers, words).ok_or_else(|| {
            Error::invalid(
                "columns",
                format!(
                    "no column reads like the {what} (headers: {}); name it",
                    headers.join(", ")
                ),
            )
        })
    };
    Ok(Columns {
        employee_id: need(EMPLOYEE_ID, "employee number")?,
        name: need(NAME, "name")?,
        mail: find(headers, MAIL),
        joined: find(headers, JOINED),
        left: find(headers, LEFT),
    })
}

/// The file's header row.
pub fn headers_of(bytes: &[u8]) -> Result<Vec<String>> {
    let (text, _) = decode_bytes(bytes)?;
    let mut reader = reader(&text);
    let headers = reader
        .headers()
        .map_err(|e| Error::invalid("file", format!("the header row does not read: {e}")))?;
    Ok(headers
        .iter()
        .map(|h| h.trim_start_matches('\u{feff}').trim().to_owned())
        .collect())
}

fn reader(text: &str) -> csv::Reader<&[u8]> {
    csv::ReaderBuilder::new()
        .delimiter(delimiter(text))
        .flexible(true)
        .from_reader(text.as_bytes())
}

/// The people of the file, read through `columns` (guessed from the headers when `None`).
pub fn read(bytes: &[u8], columns: Option<&Columns>) -> Result<(Vec<DirectoryPerson>, Columns)> {
    let headers = headers_of(bytes)?;
    let columns = match columns {
        Some(c) => c.clone(),
        None => guess_columns(&headers)?,
    };
    let at = |name: &str| {
        headers.iter().position(|h| h == name).ok_or_else(|| {
            Error::invalid(
                "columns",
                format!(
                    "the file has no column {name:?} (headers: {})",
                    headers.join(", ")
                ),
            )
        })
    };
    let optional = |name: &Option<String>| name.as_deref().map(at).transpose();
    let (id_at, name_at) = (at(&columns.employee_id)?, at(&columns.name)?);
    let (mail_at, joined_at, left_at) = (
        optional(&columns.mail)?,
        optional(&columns.joined)?,
        optional(&columns.left)?,
    );
    let (text, _) = decode_bytes(bytes)?;
    let mut people = Vec::new();
    for (i, record) in reader(&text).records().enumerate() {
        // Line numbers as a person sees them in Excel: the header is line 1.
        let line = i + 2;
        let record = record.map_err(|e| Error::invalid("file", format!("line {line}: {e}")))?;
        if record.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let cell = |at: Option<usize>| {
            at.and_then(|i| record.get(i))
                .map(|c| c.trim().to_owned())
                .filter(|c| !c.is_empty())
        };
        let bad = |what: &str| Error::invalid("file", format!("line {line}: {what}"));
        let employee_id = cell(Some(id_at)).ok_or_else(|| bad("no employee number"))?;
        let name = cell(Some(name_at)).ok_or_else(|| bad("no name"))?;
        if employee_id.chars().any(char::is_control) || name.chars().any(char::is_control) {
            return Err(bad("a control character in the employee number or name"));
        }
        let mail = cell(mail_at);
        if let Some(m) = &mail {
            if !m.contains('@') || m.chars().any(|c| c.is_whitespace() || c.is_control()) {
                return Err(bad(&format!("{m:?} is not an e-mail address")));
            }
        }
        let date = |at: Option<usize>, what: &str| {
            cell(at)
                .map(|c| parse_date(&c).ok_or_else(|| bad(&format!("{what} {c:?} is not a date"))))
                .transpose()
        };
        people.push(DirectoryPerson {
            employee_id: Some(employee_id),
            name,
            mail,
            disabled: false,
            joined: date(joined_at, "the joining date")?,
            left: date(left_at, "the leaving date")?,
        });
        if people.len() > HR_ROWS_MAX {
            return Err(Error::CsvTooManyRows {
                limit: HR_ROWS_MAX as u32,
            });
        }
    }
    Ok((people, columns))
}

/// A date as HR exports write it: `2026/04/01`, `2026-04-01`, `2026/4/1`, `2026年4月1日`.
fn parse_date(text: &str) -> Option<NaiveDate> {
    let unified: String = normalize(text)
        .replace(['年', '月', '/', '.'], "-")
        .replace('日', "");
    let mut parts = unified.trim_end_matches('-').split('-');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    NaiveDate::from_ymd_opt(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cp932(text: &str) -> Vec<u8> {
        encoding_rs::SHIFT_JIS.encode(text).0.into_owned()
    }

    #[test]
    fn a_japanese_excel_export_is_read_with_its_columns_found() {
        let file = cp932(
            "社員番号,氏名,メールアドレス,入社日,退職日\r\n\
             E001,山田 太郎,yamada@example.co.jp,2020/04/01,\r\n\
             E002,佐藤 花子,,2026年4月1日,2026/11/30\r\n\
             ,,,,\r\n",
        );
        let (people, columns) = read(&file, None).unwrap();
        assert_eq!(columns.employee_id, "社員番号");
        assert_eq!(columns.mail.as_deref(), Some("メールアドレス"));
        assert_eq!(people.len(), 2);
        assert_eq!(people[0].name, "山田 太郎");
        assert_eq!(people[0].mail.as_deref(), Some("yamada@example.co.jp"));
        assert_eq!(people[0].joined, NaiveDate::from_ymd_opt(2020, 4, 1));
        assert_eq!(people[1].mail, None);
        assert_eq!(people[1].joined, NaiveDate::from_ymd_opt(2026, 4, 1));
        assert_eq!(people[1].left, NaiveDate::from_ymd_opt(2026, 11, 30));
    }

    #[test]
    fn chosen_columns_are_kept_and_a_bad_row_names_its_line() {
        let file = "No,Full Name,Work Email\nA-1,Ann,ann@example.com\nA-2,Bob,bob-at-example\n";
        let columns = Columns {
            employee_id: "No".into(),
            name: "Full Name".into(),
            mail: Some("Work Email".into()),
            ..Columns::default()
        };
        let e = read(file.as_bytes(), Some(&columns)).unwrap_err();
        assert!(e.to_string().contains("line 3"), "{e}");
        assert!(read(file.as_bytes(), None)
            .unwrap_err()
            .to_string()
            .contains("employee number"));
        let missing = Columns {
            left: Some("退職日".into()),
            ..columns
        };
        assert!(read(file.as_bytes(), Some(&missing))
            .unwrap_err()
            .to_string()
            .contains("退職日"));
    }

    #[test]
    fn dates_in_the_forms_hr_exports_write() {
        for (text, ymd) in [
            ("2026/04/01", (2026, 4, 1)),
            ("2026-4-1", (2026, 4, 1)),
            ("2026年4月1日", (2026, 4, 1)),
            ("２０２６/０４/０１", (2026, 4, 1)),
        ] {
            assert_eq!(
                parse_date(text),
                NaiveDate::from_ymd_opt(ymd.0, ymd.1, ymd.2),
                "{text}"
            );
        }
        for bad in ["2026/13/01", "4/1", "yesterday", "2026/04/01/02"] {
            assert_eq!(parse_date(bad), None, "{bad}");
        }
    }
}
