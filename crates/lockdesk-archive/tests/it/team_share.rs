//! An archive shared with a team: its records read back in the order stored, with the
//! occurrence that keeps identical records apart; another archive taking them in, in batches
//! cut anywhere, holds the same records and stretches; what it took in is not given back
//! unless it had records of its own still to give.

use lockdesk_archive::coverage::Stretch;
use lockdesk_archive::{Archive, SharedRecord, TeamMarks};

use crate::dataset::U1;
use crate::dedup::count as total;
use crate::support::rec;

fn all(a: &Archive) -> Vec<SharedRecord> {
    a.records_after(0, 1_000)
        .unwrap()
        .into_iter()
        .map(|(_, r)| r)
        .collect()
}

#[test]
fn another_archive_takes_in_the_same_records_and_stretches() {
    let dir = tempfile::tempdir().unwrap();
    let first = Archive::open(dir.path().join("first.sqlite")).unwrap();
    let t = "2026-03-02T10:00:00.000Z";
    // Two truly identical records in one page (occurrences 0 and 1), one without a user.
    let page = vec![
        rec("A1", t, Some(U1), "nfc_outside", false),
        rec("A1", t, Some(U1), "nfc_outside", false),
        rec("A1", "2026-03-02T10:00:01.000Z", None, "autolock", true),
        rec(
            "A2",
            "2026-03-02T10:00:02.000Z",
            Some(U1),
            "mystery_kind",
            false,
        ),
    ];
    assert_eq!(first.insert_records("A1", &page).unwrap(), 4);
    let shared = first.records_after(0, 1_000).unwrap();
    let occurrences: Vec<i64> = shared.iter().map(|(_, r)| r.occurrence).collect();
    assert_eq!(occurrences, [0, 1, 0, 0]);
    let ids: Vec<i64> = shared.iter().map(|(id, _)| *id).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "in the order stored");

    // Taken in one record at a time (a batch boundary between the identical two).
    let second = Archive::open(dir.path().join("second.sqlite")).unwrap();
    let marks = TeamMarks::new("postgres://soumu@db.example.jp:5432/lockdesk");
    let stretch = Stretch {
        from_ms: None,
        til_ms: 1_772_445_603_000,
    };
    for (n, (_, r)) in shared.iter().enumerate() {
        let last = n + 1 == shared.len();
        let with = if last {
            vec![("A1".to_owned(), stretch)]
        } else {
            Vec::new()
        };
        second
            .take_from_team(&marks, std::slice::from_ref(r), &with, n as i64 + 1)
            .unwrap();
    }
    assert_eq!(total(&second), 4);
    assert_eq!(all(&second), all(&first));
    assert_eq!(
        second.stretches().unwrap(),
        vec![("A1".to_owned(), stretch)]
    );
    // Taken in again: nothing new; the marks say how far it got and that nothing is to give.
    let again: Vec<SharedRecord> = shared.iter().map(|(_, r)| r.clone()).collect();
    assert_eq!(second.take_from_team(&marks, &again, &[], 4).unwrap(), 0);
    let (taken, given) = second.team_marks(&marks).unwrap();
    assert_eq!(taken, 4);
    assert_eq!(second.records_after(given, 10).unwrap(), vec![]);

    // An archive with records of its own not yet given keeps them to give, and what it takes
    // in beside them is given too (once more: the team keeps each once).
    let third = Archive::open(dir.path().join("third.sqlite")).unwrap();
    let own = rec(
        "A3",
        "2026-03-03T08:00:00.000Z",
        Some(U1),
        "nfc_inside",
        false,
    );
    third.insert_records("A3", &[own]).unwrap();
    third.take_from_team(&marks, &again, &[], 4).unwrap();
    let (_, given) = third.team_marks(&marks).unwrap();
    assert_eq!(third.records_after(given, 10).unwrap().len(), 5);
    // Another team's marks start from nothing.
    let other = TeamMarks::new("postgres://keiri@db2.example.jp:5432/lockdesk");
    assert_eq!(second.team_marks(&other).unwrap(), (0, 0));
}
