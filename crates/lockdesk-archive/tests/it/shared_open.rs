//! The app and a scheduled `lockctl` open one archive at the same moment: SQLite deletes the
//! -wal and -shm files when one of them closes its last connection, while the other is making
//! those files private. Opening must not fail on a file that went away (it did under Windows).

use lockdesk_archive::Archive;

#[test]
fn an_archive_opens_while_another_program_closes_its_last_connection() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("archive").join("v2.sqlite");
    drop(Archive::open(&db).unwrap());

    let other = {
        let db = db.clone();
        std::thread::spawn(move || {
            for _ in 0..300 {
                let conn = rusqlite::Connection::open(&db).unwrap();
                conn.query_row("SELECT count(*) FROM accesses", [], |r| r.get::<_, i64>(0))
                    .unwrap();
            }
        })
    };
    for round in 0..300 {
        if let Err(e) = Archive::open(&db) {
            panic!("open {round} failed: {e}");
        }
    }
    other.join().unwrap();
}
