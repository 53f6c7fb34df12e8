use std::io::{Seek, SeekFrom, Write};

use super::*;

const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, v TEXT NOT NULL);";

fn store(dir: &Path) -> StoreFile {
    StoreFile::new(StoreKind::Journal, dir.join("journal.sqlite3"), SCHEMA)
}

/// A store with enough rows to span many pages, closed (its log folded into the file).
fn filled(dir: &Path) -> StoreFile {
    let s = store(dir);
    s.write(|c| {
        let tx = c.transaction()?;
        for i in 0..2000 {
            tx.execute("INSERT INTO t (v) VALUES (?1)", [format!("{i:0>200}")])?;
        }
        tx.commit()?;
        Ok(())
    })
    .unwrap();
    s
}

fn count(s: &StoreFile) -> Result<i64> {
    s.read(|c| Ok(c.query_row("SELECT COUNT(*) FROM t", [], |r| r.get(0))?))
}

fn overwrite(path: &Path, at: u64, bytes: &[u8]) {
    let mut f = std::fs::OpenOptions::new().write(true).open(path).unwrap();
    f.seek(SeekFrom::Start(at)).unwrap();
    f.write_all(bytes).unwrap();
}

/// The damage, then: the operation names the store and where the file went, the file is kept
/// there, and the store works again with a new, empty file.
fn assert_set_aside_and_started_again(s: &StoreFile) {
    let err = count(s).unwrap_err();
    let Error::Damaged {
        store,
        path,
        moved_to: Some(to),
    } = &err
    else {
        panic!("expected damage, got {err:?}");
    };
    assert_eq!((*store, path.as_path()), (StoreKind::Journal, s.path()));
    assert_eq!(err.code(), "store_damaged");
    let name = to.file_name().unwrap().to_str().unwrap();
    assert!(
        name.starts_with("journal.damaged-") && name.ends_with(".sqlite3"),
        "{name}"
    );
    assert!(to.exists());
    assert_eq!(set_aside_files(s.path()), vec![to.clone()]);
    assert_eq!(count(s).unwrap(), 0);
}

#[test]
fn a_header_overwritten_is_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let s = filled(dir.path());
    overwrite(s.path(), 0, b"this is not a database at all!!!");
    assert_set_aside_and_started_again(&s);
}

#[test]
fn a_page_zeroed_in_the_middle_is_found_by_the_check_at_open() {
    let dir = tempfile::tempdir().unwrap();
    let s = filled(dir.path());
    let len = std::fs::metadata(s.path()).unwrap().len();
    let page = 4096;
    let middle = (len / page / 2) * page;
    overwrite(s.path(), middle, &vec![0u8; page as usize]);
    assert_set_aside_and_started_again(&s);
}

#[test]
fn a_file_cut_at_half_is_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let s = filled(dir.path());
    let len = std::fs::metadata(s.path()).unwrap().len();
    std::fs::OpenOptions::new()
        .write(true)
        .open(s.path())
        .unwrap()
        .set_len(len / 2)
        .unwrap();
    assert_set_aside_and_started_again(&s);
}

#[test]
fn a_file_another_program_already_replaced_is_not_moved_again() {
    let dir = tempfile::tempdir().unwrap();
    let s = filled(dir.path());
    overwrite(s.path(), 0, b"this is not a database at all!!!");
    // The first program sets it aside and starts a new file.
    let Ok(SetAside::Moved(_)) = set_aside(s.kind(), s.path(), Utc::now()) else {
        panic!("moved");
    };
    s.write(|c| Ok(c.execute("INSERT INTO t (v) VALUES ('new')", [])?))
        .unwrap();
    // The second, which found the same damage, checks again under the lock.
    assert_eq!(
        set_aside(s.kind(), s.path(), Utc::now()).unwrap(),
        SetAside::NotDamaged
    );
    assert_eq!(count(&s).unwrap(), 1);
    assert_eq!(set_aside_files(s.path()).len(), 1);
}

#[test]
fn names_of_set_aside_files_carry_the_time_and_never_collide() {
    let now: DateTime<Utc> = "2026-11-27T23:01:30Z".parse().unwrap();
    let p = Path::new("/d/journal.sqlite3");
    assert_eq!(
        damaged_name(p, now, 1),
        Path::new("/d/journal.damaged-20261127-2301.sqlite3")
    );
    assert_eq!(
        damaged_name(p, now, 2),
        Path::new("/d/journal.damaged-20261127-2301-2.sqlite3")
    );
}

#[test]
fn a_set_aside_file_is_read_as_far_as_it_reads() {
    let dir = tempfile::tempdir().unwrap();
    let s = filled(dir.path());
    let len = std::fs::metadata(s.path()).unwrap().len();
    overwrite(s.path(), (len / 4096 / 2) * 4096, &[0u8; 4096]);
    let Err(Error::Damaged {
        moved_to: Some(to), ..
    }) = count(&s)
    else {
        panic!("damaged");
    };
    let conn = open_set_aside(&to).unwrap();
    let first: String = conn
        .query_row("SELECT v FROM t WHERE id = 1", [], |r| r.get(0))
        .unwrap();
    assert!(first.ends_with('0'));
}

#[test]
fn a_plain_error_names_its_store() {
    let dir = tempfile::tempdir().unwrap();
    let s = store(dir.path());
    let err = s
        .read(|c| Ok(c.execute("INSERT INTO missing VALUES (1)", [])?))
        .unwrap_err();
    assert_eq!(err.code(), "store_failed");
    assert!(err.to_string().contains("journal"), "{err}");
}

#[test]
fn a_full_disk_refuses_the_write_names_the_folder_and_keeps_the_store() {
    let Some(disk) = lockdesk_sim::small_disk!(
        a_full_disk_refuses_the_write_names_the_folder_and_keeps_the_store,
        1024
    ) else {
        return;
    };
    let folder = disk.path().join("data");
    let s = store(&folder);
    s.write(|c| Ok(c.execute("INSERT INTO t (v) VALUES ('kept')", [])?))
        .unwrap();
    disk.fill();
    let err = s
        .write(|c| Ok(c.execute("INSERT INTO t (v) VALUES ('lost')", [])?))
        .unwrap_err();
    assert!(
        matches!(&err, Error::DiskFull { folder: f, needed_bytes } if *f == folder && *needed_bytes == STORE_RESERVE),
        "{err:?}"
    );
    // SQLite itself finds the disk full when the reserve is not asked (a store of its own).
    let new = StoreFile::new(StoreKind::Alerts, folder.join("new.sqlite3"), SCHEMA);
    let err = new.read(|c| Ok(c.execute("INSERT INTO t (v) VALUES ('x')", [])?));
    assert_eq!(err.unwrap_err().code(), "disk_full");
    // Reading needs room too (WAL's shared-memory index is made at open); once space is back,
    // what was there is there.
    disk.free();
    assert_eq!(count(&s).unwrap(), 1);
    s.write(|c| Ok(c.execute("INSERT INTO t (v) VALUES ('again')", [])?))
        .unwrap();
    assert_eq!(count(&s).unwrap(), 2);
}
