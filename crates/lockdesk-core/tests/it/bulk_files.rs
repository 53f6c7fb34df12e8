//! Bulk invitation from a file's bytes as Excel writes it (CP932 with Japanese headers, UTF-16
//! "Unicode text"), through `dispatch` against the demo simulator: the encoding detected and
//! reported, the invitations sent with the right roles; too large a file refused before it is
//! decoded, with the limit in the details.

use base64::Engine;
use lockdesk_core::error::ErrorCode;
use lockdesk_core::invitations::{MAX_CSV_BYTES, MAX_CSV_ROWS};
use serde_json::{json, Value};

use super::App;

fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// (mail, authority kind, code) of the pending invitations.
async fn pending(a: &App) -> Vec<(String, String, String)> {
    let list = a
        .call("invitations_list", json!({ "status": "active" }))
        .await;
    list["invitations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["mail"].as_str().unwrap_or_default().to_owned(),
                i["authority"]["kind"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
                i["code"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

#[tokio::test]
async fn cp932_file_with_japanese_headers_is_previewed_and_sent() {
    let a = App::demo().await;
    let text = "メールアドレス,権限,ユーザーコード\r\n\
                kana.boss@example.org,マネージャー,J-1\r\n\
                kana.staff@example.org,メンバー,J-2\r\n\
                \"kana\r\nbroken\",メンバー,J-3\r\n\
                kana.other@example.org,社長,J-4\r\n";
    let (sjis, _, errors) = encoding_rs::SHIFT_JIS.encode(text);
    assert!(!errors);
    let req = json!({ "file_base64": b64(&sjis) });
    let p = a.call("invitations_bulk_preview", req.clone()).await;
    assert_eq!(p["encoding"], "shift_jis");
    let rows = p["rows"].as_array().unwrap();
    let lines: Vec<u64> = rows.iter().map(|r| r["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [2, 3, 4, 6]);
    assert_eq!(rows[0]["authority"], "manager");
    assert_eq!(rows[0]["status"], "ready");
    assert_eq!(rows[1]["authority"], "member");
    assert_eq!(rows[2]["problem"]["code"], "mail_invalid");
    assert_eq!(rows[3]["problem"]["code"], "authority_invalid");
    assert_eq!(rows[3]["problem"]["value"], "社長");
    assert_eq!(p["ready"], 2);

    let started = a.call("invitations_bulk_start", req).await;
    let job = a.wait_job(started["job_id"].as_str().unwrap()).await;
    assert_eq!(job["sent"], 2);
    let now = pending(&a).await;
    let boss = (
        "kana.boss@example.org".into(),
        "manager".into(),
        "J-1".into(),
    );
    let staff = (
        "kana.staff@example.org".into(),
        "member".into(),
        "J-2".into(),
    );
    assert!(now.contains(&boss) && now.contains(&staff), "{now:?}");
}

#[tokio::test]
async fn unicode_text_from_excel_is_read() {
    let a = App::demo().await;
    let text = "メールアドレス\t権限\r\nutf16.person@example.org\tマネージャー\r\n";
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let p = a
        .call(
            "invitations_bulk_preview",
            json!({ "file_base64": b64(&bytes) }),
        )
        .await;
    assert_eq!(p["encoding"], "utf16_le");
    assert_eq!(p["rows"][0]["mail"], "utf16.person@example.org");
    assert_eq!(p["rows"][0]["authority"], "manager");
    assert_eq!(p["rows"][0]["line"], 2);
}

#[tokio::test]
async fn bad_files_are_refused_with_their_own_codes() {
    let a = App::demo().await;
    let e = a
        .fail(
            "invitations_bulk_preview",
            json!({ "file_base64": b64(b"mail\r\n\x82\x0d@example.org\r\n") }),
        )
        .await;
    assert_eq!(e.code, ErrorCode::CsvEncoding);

    let big = vec![b' '; MAX_CSV_BYTES as usize + 1];
    let e = a
        .fail(
            "invitations_bulk_preview",
            json!({ "file_base64": b64(&big) }),
        )
        .await;
    assert_eq!(e.code, ErrorCode::CsvTooLarge);
    assert_eq!(e.details.limit, Some(MAX_CSV_BYTES as u32));

    let mut many = String::from("mail\n");
    for i in 0..=MAX_CSV_ROWS {
        many.push_str(&format!("row{i}@example.org\n"));
    }
    let e = a
        .fail("invitations_bulk_start", json!({ "csv": many }))
        .await;
    assert_eq!(e.code, ErrorCode::CsvTooManyRows);
    assert_eq!(e.details.limit, Some(MAX_CSV_ROWS));
    let v: Value = serde_json::to_value(&e).unwrap();
    assert!(v["message"].as_str().unwrap().contains("10000"), "{v}");
}

/// The invitation templates the app offers for download (ui/…/invitations/templates/), read by
/// the importer as they are: every row ready, with the role its header and value name; the
/// Japanese one is UTF-8 with a byte-order mark, as Japanese Excel needs to open it.
#[tokio::test]
async fn the_downloadable_templates_are_accepted_by_the_importer() {
    const DIR: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../ui/src/lib/screens/invitations/templates/"
    );
    let a = App::demo().await;
    for (file, encoding) in [
        ("invitations-en.csv", "utf8"),
        ("invitations-ja.csv", "utf8_bom"),
    ] {
        let bytes = std::fs::read(format!("{DIR}{file}")).unwrap();
        if encoding == "utf8_bom" {
            assert_eq!(&bytes[..3], b"\xef\xbb\xbf", "{file} has no BOM");
        }
        let p = a
            .call(
                "invitations_bulk_preview",
                json!({ "file_base64": b64(&bytes) }),
            )
            .await;
        assert_eq!(p["encoding"], encoding, "{file}");
        let rows = p["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 2, "{file}: {p}");
        let lines: Vec<u64> = rows.iter().map(|r| r["line"].as_u64().unwrap()).collect();
        assert_eq!(lines, [2, 3], "{file}: the header is not taken for a row");
        for r in rows {
            assert_eq!(r["status"], "ready", "{file}: {r}");
            assert!(r["problem"].is_null(), "{file}: {r}");
        }
        let roles: Vec<&str> = rows
            .iter()
            .map(|r| r["authority"].as_str().unwrap())
            .collect();
        let codes: Vec<&str> = rows.iter().map(|r| r["code"].as_str().unwrap()).collect();
        assert_eq!(codes, ["S-0001", "S-0002"], "{file}");
        assert_eq!(roles, ["manager", "member"], "{file}");
    }
}
