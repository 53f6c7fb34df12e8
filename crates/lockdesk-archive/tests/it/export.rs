//! Exports: CSV for Excel (BOM, CRLF, Japanese characters, times in the chosen zone) and JSON Lines.

use lockdesk_archive::*;

use crate::dataset::dataset;

#[test]
fn csv_for_excel_in_japanese_and_japan_time() {
    let (_dir, a) = dataset();
    let mut out = Vec::new();
    let summary = a
        .export(
            &ExportRequest {
                format: ExportFormat::Csv,
                zone: Zone::Offset { minutes: 540 },
                language: Language::Ja,
                ..Default::default()
            },
            &mut out,
        )
        .unwrap();
    assert_eq!(summary.records, 8);
    assert_eq!(summary.bytes, out.len() as u64);
    assert!(
        out.starts_with(b"\xEF\xBB\xBF"),
        "UTF-8 byte-order mark for Excel"
    );
    let text = std::str::from_utf8(&out[3..]).expect("valid UTF-8");
    let lines: Vec<&str> = text.split("\r\n").collect();
    assert_eq!(lines.len(), 10, "header, 8 rows, final CRLF: {text}");
    assert_eq!(
        lines[0],
        "日時 (UTC+09:00),操作,方法,ユーザーID,ユーザー名,メールアドレス,錠ID,錠名"
    );
    // Oldest first; 2026-03-01T23:59:59.999Z is 08:59:59.999 on 03-02 in Japan.
    assert_eq!(
        lines[1],
        "2026-03-02 08:59:59.999,解錠,ボタン,,,,A1,A1 door"
    );
    assert_eq!(
        lines[2],
        "2026-03-02 09:30:00.000,解錠,IC カード（室外）,U1,山田太郎,yamada@example.com,A1,A1 door"
    );
    assert!(
        lines[8].starts_with("2026-03-03 17:00:00.000,解錠,IC カード（室内）,U2,Alice Smith"),
        "{}",
        lines[8]
    );
    assert!(!text.contains('\u{FFFD}'));

    // A CSV reader sees the same cells.
    let mut reader = csv::Reader::from_reader(&out[3..]);
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 8);
    assert_eq!(&rows[1][4], "山田太郎");
}

#[test]
fn csv_in_english_and_utc_filtered() {
    let (_dir, a) = dataset();
    let mut out = Vec::new();
    a.export(
        &ExportRequest {
            filter: HistoryFilter {
                user: Some("山田".into()),
                ..Default::default()
            },
            zone: Zone::Utc,
            language: Language::En,
            ..Default::default()
        },
        &mut out,
    )
    .unwrap();
    let text = String::from_utf8(out[3..].to_vec()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "Time (UTC),Action,Method,User ID,User,E-mail,Lock ID,Lock"
    );
    assert_eq!(lines.len(), 4);
    assert!(lines[1].starts_with("2026-03-02 00:30:00.000,unlocked,IC card (outside),U1,"));
}

#[test]
fn json_lines_keep_codes_and_offsets() {
    let (_dir, a) = dataset();
    let mut out = Vec::new();
    a.export(
        &ExportRequest {
            format: ExportFormat::Jsonl,
            zone: Zone::Offset { minutes: 540 },
            newest_first: true,
            ..Default::default()
        },
        &mut out,
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap();
    let rows: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 8);
    assert_eq!(rows[0]["created_at"], "2026-03-03T17:00:00.000+09:00");
    assert_eq!(rows[0]["client_type"], "nfc_inside");
    assert_eq!(rows[0]["user_name"], "Alice Smith");
    assert_eq!(rows[7]["user_id"], serde_json::Value::Null);
}

/// Names typed by anyone reach Excel as text, never as a live formula; JSON keeps them as is.
#[test]
fn csv_cells_that_start_like_formulas_are_neutralised() {
    let dir = tempfile::tempdir().unwrap();
    let archive = Archive::open(dir.path().join("p/v2.sqlite")).unwrap();
    let link = "=HYPERLINK(\"http://evil.example\",\"click\")";
    let mut r = crate::support::rec(
        "A1",
        "2026-03-02T00:30:00.000Z",
        Some(("-U9", link, "@evil.example")),
        "+cmd",
        false,
    );
    r.lock.as_mut().unwrap().name = Some("＝1+2".into());
    archive.insert_records("A1", &[r]).unwrap();

    let mut out = Vec::new();
    let req = ExportRequest {
        format: ExportFormat::Csv,
        zone: Zone::Utc,
        language: Language::En,
        ..Default::default()
    };
    archive.export(&req, &mut out).unwrap();
    let mut reader = csv::Reader::from_reader(&out[3..]);
    let row = reader.records().next().unwrap().unwrap();
    let cells: Vec<&str> = row.iter().collect();
    assert_eq!(
        &cells[2..],
        [
            "'+cmd",
            "'-U9",
            &format!("'{link}"),
            "'@evil.example",
            "A1",
            "'＝1+2"
        ]
    );

    let mut json = Vec::new();
    let req = ExportRequest {
        format: ExportFormat::Jsonl,
        ..req
    };
    archive.export(&req, &mut json).unwrap();
    let v: serde_json::Value = serde_json::from_slice(json.trim_ascii_end()).unwrap();
    assert_eq!(v["user_name"], link);
    assert_eq!(v["lock_name"], "＝1+2");
}

/// A filter of locks the archive does not know (an organization's locks not synced yet), with
/// a time range: no record, in every format, and the CSV's note as its last line.
#[test]
fn locks_the_archive_does_not_know_export_nothing_and_a_note_ends_the_csv() {
    let (_dir, a) = dataset();
    for format in [ExportFormat::Csv, ExportFormat::Jsonl, ExportFormat::Xlsx] {
        let req = ExportRequest {
            format,
            filter: HistoryFilter {
                lock_ids: vec!["L-NOT-SYNCED".into()],
                from: Some("2026-03-01T00:00:00Z".parse().unwrap()),
                til: Some("2026-03-04T00:00:00Z".parse().unwrap()),
                ..Default::default()
            },
            ..Default::default()
        };
        let mut out = Vec::new();
        let summary = a
            .export_with_note(&req, Some("Locks of 本社 only"), &mut out)
            .unwrap();
        assert_eq!(summary.records, 0, "{format:?}");
        if format == ExportFormat::Csv {
            let text = std::str::from_utf8(&out[3..]).unwrap();
            let lines: Vec<&str> = text.split("\r\n").collect();
            assert_eq!(lines.len(), 3, "header, note, final CRLF: {text}");
            assert_eq!(lines[1], "# Locks of 本社 only");
        }
    }
}
