use chrono::TimeZone;

use super::*;

fn entry(op: Operation, minute: u32, outcome: &str, name: &str) -> NewEntry {
    NewEntry {
        at: Utc.with_ymd_and_hms(2026, 11, 23, 9, minute, 0).unwrap(),
        connection: Some("office".into()),
        account: None,
        organization_id: Some("org-1".into()),
        operation: op,
        target: Target::id("lock-1").name(name).set("name", Some(name)),
        outcome: outcome.into(),
    }
}

fn all() -> JournalQuery {
    JournalQuery {
        limit: 100,
        ..JournalQuery::default()
    }
}

#[test]
fn records_and_filters_newest_first() {
    let dir = tempfile::tempdir().unwrap();
    let j = Journal::new(&dir.path().join("data"));
    j.record(&entry(Operation::LocksRename, 1, DONE, "正面玄関"))
        .unwrap();
    j.record(&entry(Operation::UsersRemove, 2, "not_found", "Sato"))
        .unwrap();
    j.record(&entry(
        Operation::LocksRename,
        3,
        "rate_limited",
        "Back_door",
    ))
    .unwrap();

    let (e, total) = j.list(&all()).unwrap();
    assert_eq!(total, 3);
    assert_eq!(e[0].target_name.as_deref(), Some("Back_door"));
    assert_eq!(e[2].changes[0].new.as_deref(), Some("正面玄関"));
    assert_eq!(e[2].operation, Operation::LocksRename);

    let ops = JournalQuery {
        operations: vec![Operation::LocksRename],
        ..all()
    };
    assert_eq!(j.list(&ops).unwrap().1, 2);
    let failed = JournalQuery {
        outcome: Some("failed".into()),
        ..all()
    };
    assert_eq!(j.list(&failed).unwrap().1, 2);
    let code = JournalQuery {
        outcome: Some("not_found".into()),
        ..all()
    };
    assert_eq!(
        j.list(&code).unwrap().0[0].target_name.as_deref(),
        Some("Sato")
    );
    let since = JournalQuery {
        since: Some(Utc.with_ymd_and_hms(2026, 11, 23, 9, 2, 0).unwrap()),
        until: Some(Utc.with_ymd_and_hms(2026, 11, 23, 9, 3, 0).unwrap()),
        ..all()
    };
    assert_eq!(j.list(&since).unwrap().1, 1);
    // Text search: any case, and `_` / `%` are literal.
    let text = |t: &str| {
        j.list(&JournalQuery {
            text: Some(t.into()),
            ..all()
        })
        .unwrap()
        .1
    };
    assert_eq!(text("玄関"), 1);
    assert_eq!(text("SATO"), 1);
    assert_eq!(text("k_d"), 1);
    assert_eq!(text("k%d"), 0);
    let page = JournalQuery {
        offset: 1,
        limit: 1,
        ..all()
    };
    let (e, total) = j.list(&page).unwrap();
    assert_eq!((e.len(), total), (1, 3));
    assert_eq!(e[0].target_name.as_deref(), Some("Sato"));
}

#[cfg(unix)]
#[test]
fn the_file_is_private() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let j = Journal::new(&dir.path().join("data"));
    j.record(&entry(Operation::LocksRename, 1, DONE, "a"))
        .unwrap();
    let mode = std::fs::metadata(j.path()).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    let mode = std::fs::metadata(dir.path().join("data"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o700);
}

/// The app and a scheduled lockctl write at once: each has its own connection; none is lost.
#[test]
fn concurrent_writers_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let threads: Vec<_> = (0..4)
        .map(|t| {
            let data = data.clone();
            std::thread::spawn(move || {
                let j = Journal::new(&data);
                for i in 0..25 {
                    j.record(&entry(Operation::UsersUpdate, i, DONE, &format!("{t}-{i}")))
                        .unwrap();
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    assert_eq!(Journal::new(&data).list(&all()).unwrap().1, 100);
}

#[test]
fn operation_names_round_trip() {
    for op in Operation::ALL {
        assert_eq!(Operation::parse(op.as_str()), Some(*op));
        assert_eq!(
            serde_json::to_value(op).unwrap(),
            serde_json::Value::String(op.as_str().into())
        );
    }
}

fn entry_at(at: DateTime<Utc>, name: &str) -> NewEntry {
    NewEntry {
        at,
        ..entry(Operation::UsersUpdate, 0, DONE, name)
    }
}

fn noon() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, 12, 0, 0).unwrap()
}

/// A connection of another program to the journal, held open (so the others' connections
/// close without folding the log into the file).
fn held_open(j: &Journal) -> rusqlite::Connection {
    j.last_id().unwrap();
    let hold = rusqlite::Connection::open(j.path()).unwrap();
    hold.query_row("SELECT COUNT(*) FROM entries", [], |r| r.get::<_, i64>(0))
        .unwrap();
    hold
}

/// More than two batches of old entries go; the one at the cutoff and the newer ones stay;
/// the size says so, and the freed pages leave the file.
#[test]
fn pruning_removes_entries_before_the_cutoff_and_shrinks_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let j = Journal::new(&dir.path().join("data"));
    let now = noon();
    let cutoff = now - chrono::Duration::days(365);
    let fat = "x".repeat(1000);
    // Held open while filling: each record's own connection then closes without a checkpoint.
    let hold = held_open(&j);
    for i in 0..1200 {
        let at = cutoff - chrono::Duration::days(30) + chrono::Duration::seconds(i);
        j.record(&entry_at(at, &fat)).unwrap();
    }
    j.record(&entry_at(cutoff, "at the cutoff")).unwrap();
    j.record(&entry_at(now - chrono::Duration::days(1), "new"))
        .unwrap();
    drop(hold);
    let before = j.size().unwrap();
    assert_eq!(before.entries, 1202);
    assert_eq!(
        before.oldest,
        Some(cutoff - chrono::Duration::days(30)),
        "{before:?}"
    );

    assert_eq!(j.prune_before(cutoff).unwrap(), 1200);

    let after = j.size().unwrap();
    assert_eq!((after.entries, after.oldest), (2, Some(cutoff)));
    let names: Vec<_> = j
        .list(&all())
        .unwrap()
        .0
        .into_iter()
        .filter_map(|e| e.target_name)
        .collect();
    assert_eq!(names, ["new", "at the cutoff"]);
    assert!(
        after.bytes * 10 < before.bytes,
        "{} bytes before, {} after",
        before.bytes,
        after.bytes
    );
    assert_eq!(j.prune_before(cutoff).unwrap(), 0);
}

/// The app writes while a scheduled lockctl prunes (or the other way round): each has its own
/// connection; every new entry stays, every old one goes, and no writer meets a busy file.
#[test]
fn pruning_while_others_write_keeps_every_new_entry() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let j = Journal::new(&data);
    let now = noon();
    let cutoff = now - chrono::Duration::days(365);
    let hold = held_open(&j);
    for i in 0..3000 {
        let at = cutoff - chrono::Duration::seconds(i + 1);
        j.record(&entry_at(at, &format!("old {i}"))).unwrap();
    }
    drop(hold);
    let start = std::sync::Arc::new(std::sync::Barrier::new(3));
    let writers: Vec<_> = (0..2)
        .map(|w| {
            let (data, start) = (data.clone(), start.clone());
            std::thread::spawn(move || {
                let j = Journal::new(&data);
                start.wait();
                for i in 0..100 {
                    let at = now + chrono::Duration::milliseconds(i);
                    j.record(&entry_at(at, &format!("new {w}-{i}"))).unwrap();
                }
            })
        })
        .collect();
    let pruner = {
        let (data, start) = (data.clone(), start.clone());
        std::thread::spawn(move || {
            start.wait();
            Journal::new(&data).prune_before(cutoff).unwrap()
        })
    };
    for w in writers {
        w.join().unwrap();
    }
    assert_eq!(pruner.join().unwrap(), 3000);
    let size = j.size().unwrap();
    assert_eq!(size.entries, 200);
    assert_eq!(size.oldest, Some(now));
    let (entries, _) = j
        .list(&JournalQuery {
            limit: 1000,
            ..all()
        })
        .unwrap();
    assert!(entries
        .iter()
        .all(|e| e.target_name.as_deref().unwrap().starts_with("new ")));
}

/// One background prune a day, whichever program claims it first; a clock set back does not
/// stop pruning.
#[test]
fn the_background_prune_is_claimed_once_a_day() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let j = Journal::new(&data);
    let now = noon();
    assert!(j.prune_due(now).unwrap());
    let claims: Vec<_> = (0..4)
        .map(|_| {
            let data = data.clone();
            std::thread::spawn(move || Journal::new(&data).claim_prune(now).unwrap())
        })
        .collect();
    let taken = claims
        .into_iter()
        .filter_map(|c| c.join().unwrap().then_some(()))
        .count();
    assert_eq!(taken, 1, "exactly one program prunes");
    let later = |hours| now + chrono::Duration::hours(hours);
    assert!(!j.prune_due(later(23)).unwrap());
    assert!(!j.claim_prune(later(23)).unwrap());
    assert!(j.claim_prune(later(24)).unwrap());
    assert!(j.claim_prune(now).unwrap(), "the clock was set back");
}

#[test]
fn the_retention_is_a_year_unless_set_within_bounds() {
    use crate::error::ErrorCode;
    use retention::{load_retention, save_retention};
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(load_retention(dir.path()).unwrap().keep_days, 365);
    for keep_days in [1, 30, 3650] {
        save_retention(dir.path(), &Retention { keep_days }).unwrap();
        assert_eq!(load_retention(dir.path()).unwrap().keep_days, keep_days);
    }
    for keep_days in [0, 3651, u32::MAX] {
        let refused = save_retention(dir.path(), &Retention { keep_days }).unwrap_err();
        assert_eq!(refused.code(), ErrorCode::InvalidInput);
    }
    assert_eq!(load_retention(dir.path()).unwrap().keep_days, 3650);
    // A file edited by hand to a value out of bounds is refused, not applied.
    std::fs::write(retention::retention_path(dir.path()), r#"{"keep_days":0}"#).unwrap();
    let bad = load_retention(dir.path()).unwrap_err();
    assert_eq!(bad.code(), ErrorCode::ConfigInvalid);
}

/// A journal file keeps its own number; a journal started again (a new file) has another, so
/// the team's journal tells their entries apart although both number from 1.
#[test]
fn a_journal_file_keeps_its_own_number_and_a_new_file_gets_another() {
    let dir = tempfile::tempdir().unwrap();
    let j = Journal::new(dir.path());
    let first = j.file_id().unwrap();
    assert!(first > 0);
    assert_eq!(Journal::new(dir.path()).file_id().unwrap(), first);
    let started_again = tempfile::tempdir().unwrap();
    let again = Journal::new(started_again.path()).file_id().unwrap();
    assert_ne!(again, first);
}
