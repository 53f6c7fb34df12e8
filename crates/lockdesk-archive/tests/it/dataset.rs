//! A small dataset checked by hand (times UTC; Japan is UTC+9; 2026-03-01 is a Sunday):
//!
//! | # | lock | time (UTC)               | user          | kind        | action   | Japan       |
//! |---|------|--------------------------|---------------|-------------|----------|-------------|
//! | 1 | A1   | 2026-03-02 00:30:00.000  | U1 山田太郎    | nfc_outside | unlocked | Mon 09:30   |
//! | 2 | A1   | 2026-03-02 00:30:05.000  | -             | autolock    | locked   | Mon 09:30   |
//! | 3 | A1   | 2026-03-02 09:00:00.000  | U1            | nfc_inside  | unlocked | Mon 18:00   |
//! | 4 | A1   | 2026-03-02 09:00:10.000  | U1            | mobile_app  | locked   | Mon 18:00   |
//! | 5 | A2   | 2026-03-02 01:00:00.000  | U2 Alice Smith| mobile_app  | unlocked | Mon 10:00   |
//! | 6 | A2   | 2026-03-02 16:00:00.000  | U2            | manager     | unlocked | Tue 01:00   |
//! | 7 | A2   | 2026-03-03 08:00:00.000  | U2            | nfc_inside  | unlocked | Tue 17:00   |
//! | 8 | A1   | 2026-03-01 23:59:59.999  | -             | button      | unlocked | Mon 08:59   |

use lockdesk_archive::Archive;
use tempfile::TempDir;

use crate::support::rec;

pub const U1: (&str, &str, &str) = ("U1", "山田太郎", "yamada@example.com");
pub const U2: (&str, &str, &str) = ("U2", "Alice Smith", "alice@example.com");

pub fn dataset() -> (TempDir, Archive) {
    let dir = tempfile::tempdir().unwrap();
    let archive = Archive::open(dir.path().join("p/v2.sqlite")).unwrap();
    let a1 = vec![
        rec(
            "A1",
            "2026-03-02T00:30:00.000Z",
            Some(U1),
            "nfc_outside",
            false,
        ),
        rec("A1", "2026-03-02T00:30:05.000Z", None, "autolock", true),
        rec(
            "A1",
            "2026-03-02T09:00:00.000Z",
            Some(U1),
            "nfc_inside",
            false,
        ),
        rec(
            "A1",
            "2026-03-02T09:00:10.000Z",
            Some(U1),
            "mobile_app",
            true,
        ),
        rec("A1", "2026-03-01T23:59:59.999Z", None, "button", false),
    ];
    let a2 = vec![
        rec(
            "A2",
            "2026-03-02T01:00:00.000Z",
            Some(U2),
            "mobile_app",
            false,
        ),
        rec("A2", "2026-03-02T16:00:00.000Z", Some(U2), "manager", false),
        rec(
            "A2",
            "2026-03-03T08:00:00.000Z",
            Some(U2),
            "nfc_inside",
            false,
        ),
    ];
    assert_eq!(archive.insert_records("A1", &a1).unwrap(), 5);
    assert_eq!(archive.insert_records("A2", &a2).unwrap(), 3);
    (dir, archive)
}

pub fn t(s: &str) -> chrono::DateTime<chrono::Utc> {
    lockdesk_api::parse_time(s).unwrap()
}
