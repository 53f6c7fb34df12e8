//! The words of a bulk-invitation file: column headers and role values, in English (any case)
//! and Japanese. Cells are compared after [`normalize`]: spaces (also the full-width U+3000)
//! trimmed, full-width Latin letters and digits made ASCII, ASCII lower-cased. Headers are
//! compared with inner spaces removed too (`E-mail Address`, `メール　アドレス`).

use crate::users::view::Role;

/// Columns of the file's header row.
const MAIL: &[&str] = &[
    "mail",
    "email",
    "e-mail",
    "user_mail",
    "address",
    "e-mail address",
    "email address",
    "メールアドレス",
    "メール",
    "eメール",
    "eメールアドレス",
    "ﾒｰﾙｱﾄﾞﾚｽ",
];
const AUTHORITY: &[&str] = &["authority", "role", "user_authority", "権限", "ロール"];
const CODE: &[&str] = &[
    "code",
    "user_code",
    "ユーザーコード",
    "ユーザコード",
    "ﾕｰｻﾞｰｺｰﾄﾞ",
];

/// Role values. The katakana also without the final long vowel (JIS style) and half-width.
const MANAGER: &[&str] = &[
    "manager",
    "マネージャー",
    "マネージャ",
    "マネジャー",
    "ﾏﾈｰｼﾞｬｰ",
    "ﾏﾈｰｼﾞｬ",
];
const MEMBER: &[&str] = &["member", "メンバー", "メンバ", "ﾒﾝﾊﾞｰ", "ﾒﾝﾊﾞ"];

/// A cell as compared: trimmed (Unicode spaces and a stray BOM), full-width ASCII forms
/// (U+FF01–U+FF5E) made ASCII, ASCII lower-cased.
pub(crate) fn normalize(cell: &str) -> String {
    cell.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
        .chars()
        .map(|c| match c {
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            c => c,
        })
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

fn header_key(cell: &str) -> String {
    normalize(cell)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

fn is_one_of(cell: &str, names: &[&str]) -> bool {
    let key = header_key(cell);
    names.iter().any(|n| header_key(n) == key)
}

/// Where the columns are, from a header row: `None` when the row names no mail column (then
/// the file has no header; its columns are mail, authority, code).
pub(crate) fn columns(header: &csv::StringRecord) -> Option<(usize, Option<usize>, Option<usize>)> {
    let find = |names: &[&str]| header.iter().position(|c| is_one_of(c, names));
    Some((find(MAIL)?, find(AUTHORITY), find(CODE)))
}

/// The role a cell names; `None` when it names none (an empty cell is not asked here).
pub(crate) fn role(cell: &str) -> Option<Role> {
    let v = normalize(cell);
    if MANAGER.contains(&v.as_str()) {
        Some(Role::Manager)
    } else if MEMBER.contains(&v.as_str()) {
        Some(Role::Member)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn japanese_and_english_headers() {
        let rec =
            csv::StringRecord::from(vec![" 権限\u{3000}", "ユーザーコード", "メールアドレス"]);
        assert_eq!(columns(&rec), Some((2, Some(0), Some(1))));
        let rec = csv::StringRecord::from(vec!["Code", "E-Mail Address", "ROLE"]);
        assert_eq!(columns(&rec), Some((1, Some(2), Some(0))));
        let rec = csv::StringRecord::from(vec!["ＭＡＩＬ", "メール　アドレス"]);
        assert_eq!(columns(&rec), Some((0, None, None)));
        let rec = csv::StringRecord::from(vec!["ana@example.com", "manager"]);
        assert_eq!(columns(&rec), None);
    }

    #[test]
    fn role_words() {
        for m in [
            "manager",
            " Manager ",
            "ＭＡＮＡＧＥＲ",
            "マネージャー",
            "\u{3000}マネージャ",
            "ﾏﾈｰｼﾞｬｰ",
        ] {
            assert_eq!(role(m), Some(Role::Manager), "{m:?}");
        }
        for m in ["member", "MEMBER", "メンバー", "メンバ", "ﾒﾝﾊﾞｰ　"] {
            assert_eq!(role(m), Some(Role::Member), "{m:?}");
        }
        for m in ["boss", "管理者", "マネ", "members"] {
            assert_eq!(role(m), None, "{m:?}");
        }
    }
}
