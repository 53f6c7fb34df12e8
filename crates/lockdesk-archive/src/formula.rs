//! CSV formula injection (CWE-1236). Names, e-mails and codes come from the service, where people
//! type their own; a cell that starts like a formula would run when the export is opened in a
//! spreadsheet (`=HYPERLINK(...)` becomes a live link). Such cells get a leading `'`, as OWASP
//! recommends: the value stays readable and the spreadsheet reads it as text.
//!
//! Besides the ASCII leaders `= + - @`, tab and carriage return, the full-width `＝ ＋ － ＠` are
//! neutralised too: Japanese Excel converts full-width formula input to a formula when it is
//! typed, and we could not verify here (no Windows Excel) that opening a CSV never does the same,
//! so they are treated as dangerous. The cost is a visible `'` on the rare name starting with one.

use std::borrow::Cow;

/// First characters that make Excel, LibreOffice Calc or Google Sheets read a cell as a formula.
const FORMULA_LEADERS: [char; 10] = ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠'];

/// Whether a spreadsheet could read `cell` as a formula.
pub fn is_formula_like(cell: &str) -> bool {
    cell.starts_with(FORMULA_LEADERS)
}

/// `cell` as it may be written to a CSV that a spreadsheet opens: unchanged unless it starts
/// like a formula, then with a leading `'`.
pub fn neutralize_formula(cell: &str) -> Cow<'_, str> {
    if is_formula_like(cell) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_leaders_get_a_quote_and_the_rest_is_untouched() {
        for hostile in [
            "=HYPERLINK(\"http://x\",\"click\")",
            "+1+2",
            "-2+3",
            "@SUM(A1)",
            "\t=1",
            "\r=1",
            "＝1+2",
            "＋1",
            "－1",
            "＠A1",
        ] {
            assert_eq!(neutralize_formula(hostile), format!("'{hostile}"));
        }
        for plain in [
            "山田太郎",
            "a=b",
            "alice@example.com",
            "",
            " =1",
            "'=1",
            "1-2",
        ] {
            assert!(
                matches!(neutralize_formula(plain), Cow::Borrowed(_)),
                "{plain}"
            );
        }
    }
}
