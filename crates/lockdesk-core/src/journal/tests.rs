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
