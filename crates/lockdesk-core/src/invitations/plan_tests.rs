//! Reading the rows of a bulk-invitation file (plan.rs).

use super::*;

#[test]
fn csv_with_header_and_without() {
    let rows = parse_csv(
        "\u{feff}Name,E-mail,Role\nAna,ana@example.com,manager\n\nBo,bo@example.com,\n",
        Role::Member,
    )
    .unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].mail, "ana@example.com");
    assert_eq!(rows[0].authority, Ok(Role::Manager));
    assert_eq!(rows[0].line, 2);
    assert_eq!(rows[1].authority, Ok(Role::Member));
    let rows = parse_csv("x@example.com,boss,C1\ny@example.com", Role::Manager).unwrap();
    assert_eq!(rows.len(), 2);
    assert!(rows[0].authority.is_err());
    assert_eq!(rows[0].code.as_deref(), Some("C1"));
    assert_eq!(rows[1].authority, Ok(Role::Manager));
}

#[test]
fn authority_error_keeps_the_cell() {
    let rows = parse_csv("mail,role\nx@example.com,Boss\n", Role::Member).unwrap();
    assert_eq!(rows[0].authority, Err("Boss".to_owned()));
}

fn request(bytes: &[u8]) -> BulkInviteRequest {
    BulkInviteRequest::from_bytes(bytes, None)
}

fn rows_of(req: &BulkInviteRequest) -> (Vec<Parsed>, CsvEncoding) {
    let (text, encoding) = req.text().unwrap();
    (parse_csv(&text, Role::Member).unwrap(), encoding)
}

#[test]
fn cp932_file_with_japanese_headers_and_roles() {
    let file = "ユーザーコード,メールアドレス,権限\r\n\
                K-01,ana@example.com,マネージャー\r\n\
                K-02,bo@example.com,メンバー\r\n\
                K-03,cy@example.com,\u{3000}ﾒﾝﾊﾞｰ\u{3000}\r\n\
                K-04,di@example.com,社長\r\n";
    let (bytes, _, errors) = encoding_rs::SHIFT_JIS.encode(file);
    assert!(!errors && std::str::from_utf8(&bytes).is_err());
    let (rows, encoding) = rows_of(&request(&bytes));
    assert_eq!(encoding, CsvEncoding::ShiftJis);
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0].mail, "ana@example.com");
    assert_eq!(rows[0].authority, Ok(Role::Manager));
    assert_eq!(rows[0].code.as_deref(), Some("K-01"));
    assert_eq!(rows[0].line, 2);
    assert_eq!(rows[1].authority, Ok(Role::Member));
    assert_eq!(rows[2].authority, Ok(Role::Member));
    assert_eq!(rows[3].authority, Err("社長".to_owned()));
    assert_eq!(rows[3].line, 5);
}

#[test]
fn utf16le_unicode_text_is_tab_separated() {
    let file =
        "メールアドレス\t権限\r\nana@example.com\tメンバー\r\n\"bo, jr@example.com\"\tmanager\r\n";
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(file.encode_utf16().flat_map(u16::to_le_bytes));
    let (rows, encoding) = rows_of(&request(&bytes));
    assert_eq!(encoding, CsvEncoding::Utf16Le);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].mail, "ana@example.com");
    assert_eq!(rows[0].authority, Ok(Role::Member));
    assert_eq!(rows[1].mail, "bo, jr@example.com");
    assert_eq!(rows[1].authority, Ok(Role::Manager));
}

#[test]
fn utf8_with_bom_and_broken_bytes() {
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice("メールアドレス,権限\nana@example.com,マネージャー\n".as_bytes());
    let (rows, encoding) = rows_of(&request(&bytes));
    assert_eq!(encoding, CsvEncoding::Utf8Bom);
    assert_eq!(rows[0].authority, Ok(Role::Manager));
    let broken = request(b"mail\n\x81\x0a@example.com\n");
    assert_eq!(
        broken.text().unwrap_err().code(),
        crate::error::ErrorCode::CsvEncoding
    );
    let both = BulkInviteRequest {
        csv: Some("mail\n".into()),
        ..request(b"mail\n")
    };
    assert!(both.text().is_err());
}

#[test]
fn lines_count_the_lines_inside_quoted_cells() {
    let text = "mail,authority,code\n\
                ana@example.com,member,\"two\nlines\"\n\
                \n\
                \"not\nan\naddress\",member\n\
                bo@example.com,boss\n";
    let rows = parse_csv(text, Role::Member).unwrap();
    let lines: Vec<u32> = rows.iter().map(|r| r.line).collect();
    assert_eq!(lines, [2, 5, 8]);
    assert_eq!(rows[1].mail, "not\nan\naddress");
    assert_eq!(rows[2].authority, Err("boss".to_owned()));
}

#[test]
fn rows_are_capped() {
    let mut text = String::from("mail\n");
    for i in 0..MAX_CSV_ROWS {
        text.push_str(&format!("p{i}@example.com\n\n"));
    }
    assert_eq!(
        parse_csv(&text, Role::Member).unwrap().len(),
        MAX_CSV_ROWS as usize
    );
    text.push_str("one.more@example.com\n");
    let e = parse_csv(&text, Role::Member).unwrap_err();
    assert_eq!(e.code(), crate::error::ErrorCode::CsvTooManyRows);
    assert_eq!(e.details().limit, Some(MAX_CSV_ROWS));
}

#[test]
fn lines_with_windows_line_ends_and_blank_lines() {
    let text = "mail\r\n\r\na@example.com\r\nb@example.com\r\n\r\n\r\n\"c\r\n\"\r\nd@example.com";
    let lines: Vec<u32> = parse_csv(text, Role::Member)
        .unwrap()
        .iter()
        .map(|r| r.line)
        .collect();
    assert_eq!(lines, [3, 4, 7, 9]);
}
