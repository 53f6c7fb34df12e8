//! A filter by a piece of a name or e-mail address: found in any case and script, never
//! across two people or two fields, and found anew once the archive changed — by the same
//! program or by another one.

use lockdesk_archive::*;
use tempfile::TempDir;

use crate::support::rec;

fn archive() -> (TempDir, std::path::PathBuf, Archive) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p/v2.sqlite");
    let a = Archive::open(&path).unwrap();
    (dir, path, a)
}

fn store(a: &Archive, at: &str, user: (&str, &str, &str)) {
    a.insert_records("A1", &[rec("A1", at, Some(user), "nfc_outside", false)])
        .unwrap();
}

/// The ids of the people on the page of `needle`, and the page's total.
fn found(a: &Archive, needle: &str) -> (Vec<String>, u64) {
    let page = a
        .query(&HistoryQuery {
            filter: HistoryFilter {
                user: Some(needle.into()),
                ..Default::default()
            },
            with_total: true,
            ..Default::default()
        })
        .unwrap();
    let mut ids: Vec<String> = page.rows.into_iter().filter_map(|r| r.user_id).collect();
    ids.sort();
    ids.dedup();
    (ids, page.total.unwrap())
}

fn ids(a: &Archive, needle: &str) -> Vec<String> {
    found(a, needle).0
}

#[test]
fn a_piece_of_a_name_or_address_in_any_case_and_script() {
    let (_dir, _, a) = archive();
    store(
        &a,
        "2026-03-02T00:30:00Z",
        ("U1", "Jörg MÜLLER", "jm@example.de"),
    );
    store(
        &a,
        "2026-03-02T00:31:00Z",
        ("U2", "山田 花子", "hanako@example.jp"),
    );
    store(
        &a,
        "2026-03-02T00:32:00Z",
        ("U3", "ＡＢＣ商事 受付", "desk@example.com"),
    );
    store(&a, "2026-03-02T00:33:00Z", ("U4", "Ann", "nb@example.jp"));
    store(&a, "2026-03-02T00:34:00Z", ("U4", "Ann", "nb@example.jp"));

    assert_eq!(ids(&a, "müller"), ["U1"]);
    assert_eq!(ids(&a, "MÜL"), ["U1"]);
    assert_eq!(ids(&a, "山田"), ["U2"]);
    assert_eq!(ids(&a, "ａｂｃ"), ["U3"]);
    assert_eq!(ids(&a, "EXAMPLE.JP"), ["U2", "U4"]);
    // Never a match running from a name into the address, or from one person into the next.
    assert_eq!(ids(&a, "annnb"), Vec::<String>::new());
    assert_eq!(ids(&a, "jm@example.de山田"), Vec::<String>::new());
    // An id is matched whole and as written.
    assert_eq!(ids(&a, "U4"), ["U4"]);
    assert_eq!(ids(&a, "u4"), Vec::<String>::new());
    // The total counts each of the person's records once.
    assert_eq!(found(&a, "ann"), (vec!["U4".to_string()], 2));
    assert_eq!(found(&a, "example"), (ids(&a, "@"), 5));
}

/// The archive's people search finds whom the filter finds (and a piece of an id), by name.
#[test]
fn the_people_search_matches_as_the_filter_does() {
    let (_dir, _, a) = archive();
    store(
        &a,
        "2026-03-02T00:30:00Z",
        ("U1", "Jörg MÜLLER", "jm@example.de"),
    );
    store(
        &a,
        "2026-03-02T00:31:00Z",
        ("U2", "ＡＢＣ商事 受付", "desk@example.com"),
    );
    store(&a, "2026-03-02T00:32:00Z", ("X-77", "Ann", "nb@example.jp"));
    let search = |needle: &str| -> Vec<String> {
        a.users(needle, 10)
            .unwrap()
            .into_iter()
            .map(|u| u.user_id)
            .collect()
    };
    for needle in ["müller", "ａｂｃ", "EXAMPLE.JP"] {
        assert_eq!(search(needle), ids(&a, needle), "{needle}");
    }
    assert_eq!(search("müller"), ["U1"]);
    assert_eq!(search("x-7"), ["X-77"]);
    assert_eq!(search("annnb"), Vec::<String>::new());
    // Every person, by name; at most `limit`.
    assert_eq!(search(""), ["X-77", "U1", "U2"]);
    assert_eq!(a.users("", 2).unwrap().len(), 2);
}

#[test]
fn a_person_renamed_or_added_is_found_at_once() {
    let (_dir, _, a) = archive();
    store(
        &a,
        "2026-03-02T00:30:00Z",
        ("U1", "Sato Ichiro", "ichiro@example.jp"),
    );
    assert_eq!(ids(&a, "sato"), ["U1"]);
    // A later record carries the person's new name.
    store(
        &a,
        "2026-03-03T00:30:00Z",
        ("U1", "Suzuki Ichiro", "ichiro@example.jp"),
    );
    assert_eq!(ids(&a, "suzuki"), ["U1"]);
    assert_eq!(found(&a, "sato"), (Vec::new(), 0));
    store(
        &a,
        "2026-03-03T00:31:00Z",
        ("U9", "Sato Jiro", "jiro@example.jp"),
    );
    assert_eq!(ids(&a, "sato"), ["U9"]);
}

#[test]
fn a_person_another_program_stored_is_found() {
    let (_dir, path, a) = archive();
    store(
        &a,
        "2026-03-02T00:30:00Z",
        ("U1", "Sato Ichiro", "ichiro@example.jp"),
    );
    assert_eq!(ids(&a, "tanaka"), Vec::<String>::new());
    let other = Archive::open(&path).unwrap();
    store(
        &other,
        "2026-03-02T00:31:00Z",
        ("U5", "Tanaka Ken", "ken@example.jp"),
    );
    assert_eq!(ids(&a, "tanaka"), ["U5"]);
    // The time card and the charts read the same people.
    let filter = HistoryFilter {
        user: Some("TANAKA".into()),
        ..Default::default()
    };
    let card = a
        .timecard(&TimecardRequest {
            filter: filter.clone(),
            ..Default::default()
        })
        .unwrap();
    assert_eq!(card.len(), 1);
    assert_eq!(card[0].user_id, "U5");
    let agg = a
        .aggregates(&AggregateRequest {
            filter,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(agg.total, 1);
}
