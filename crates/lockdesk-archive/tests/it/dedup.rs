//! What identifies a record: overlapping pages never store a record twice, and records that
//! differ in anything are never merged.

use lockdesk_archive::{Archive, HistoryQuery};

use crate::dataset::U1;
use crate::support::rec;

pub fn count(a: &Archive) -> u64 {
    a.query(&HistoryQuery {
        with_total: true,
        ..Default::default()
    })
    .unwrap()
    .total
    .unwrap()
}

#[test]
fn overlapping_pages_store_each_record_once() {
    let dir = tempfile::tempdir().unwrap();
    let a = Archive::open(dir.path().join("a.sqlite")).unwrap();
    // 30 records a second apart, newest first as the service sends them.
    let all: Vec<_> = (0..30)
        .rev()
        .map(|i| {
            rec(
                "A1",
                &format!("2026-03-02T10:00:{i:02}.000Z"),
                Some(U1),
                "nfc_outside",
                i % 2 == 0,
            )
        })
        .collect();
    // Pages 0..20 and 10..30 overlap by ten records; then everything once more.
    assert_eq!(a.insert_records("A1", &all[0..20]).unwrap(), 20);
    assert_eq!(a.insert_records("A1", &all[10..30]).unwrap(), 10);
    assert_eq!(a.insert_records("A1", &all).unwrap(), 0);
    // A page boundary shifted by one (a late record) repeats one record across pages.
    assert_eq!(a.insert_records("A1", &all[19..25]).unwrap(), 0);
    assert_eq!(count(&a), 30);
}

#[test]
fn records_differing_in_any_identifying_field_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let a = Archive::open(dir.path().join("a.sqlite")).unwrap();
    let t = "2026-03-02T10:00:00.000Z";
    let other = ("U9", "Other", "other@example.com");
    let page = vec![
        rec("A1", t, Some(U1), "nfc_outside", false),
        rec("A1", t, Some(U1), "nfc_outside", true), // locked instead of unlocked
        rec("A1", t, Some(U1), "nfc_inside", false), // another kind
        rec("A1", t, Some(other), "nfc_outside", false), // another user
        rec("A1", t, None, "nfc_outside", false),    // no user
        rec("A2", t, Some(U1), "nfc_outside", false), // another lock
        rec(
            "A1",
            "2026-03-02T10:00:00.001Z",
            Some(U1),
            "nfc_outside",
            false,
        ), // 1 ms later
    ];
    assert_eq!(a.insert_records("A1", &page).unwrap(), 7);
    assert_eq!(a.insert_records("A1", &page).unwrap(), 0);
    assert_eq!(count(&a), 7);
}

#[test]
fn identical_records_within_one_page_are_two_records() {
    let dir = tempfile::tempdir().unwrap();
    let a = Archive::open(dir.path().join("a.sqlite")).unwrap();
    let t = "2026-03-02T10:00:00.000Z";
    let twin = rec("A1", t, None, "autolock", true);
    let page = vec![twin.clone(), twin.clone(), rec("A1", t, None, "hand", true)];
    assert_eq!(a.insert_records("A1", &page).unwrap(), 3);
    // Fetched again, in one page or split over two: still three.
    assert_eq!(a.insert_records("A1", &page).unwrap(), 0);
    assert_eq!(a.insert_records("A1", &page[..1]).unwrap(), 0);
    assert_eq!(a.insert_records("A1", &page[1..]).unwrap(), 0);
    assert_eq!(count(&a), 3);
}

#[test]
fn newest_name_wins_whatever_the_page_order() {
    let dir = tempfile::tempdir().unwrap();
    let a = Archive::open(dir.path().join("a.sqlite")).unwrap();
    let new = rec(
        "A1",
        "2026-03-02T10:00:00Z",
        Some(("U1", "山田花子", "hanako@example.com")),
        "mobile_app",
        false,
    );
    let old = rec("A1", "2026-01-02T10:00:00Z", Some(U1), "mobile_app", false);
    a.insert_records("A1", &[new]).unwrap();
    a.insert_records("A1", &[old]).unwrap();
    let users = a.users("", 10).unwrap();
    assert_eq!(users[0].name.as_deref(), Some("山田花子"));
}
