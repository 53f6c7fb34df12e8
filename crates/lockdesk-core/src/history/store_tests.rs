//! The first opening of an archive of an earlier version: asked for the status, the app says
//! it is being updated instead of waiting, then answers the archive once it is; a query asked
//! meanwhile waits for it; a failed update is told, and tried again at each ask until it succeeds.

use std::sync::Arc;
use std::time::{Duration, Instant};

use lockdesk_archive::db;

use super::*;
use crate::core_context::Context;
use crate::history::sync::status_within;
use crate::secrets::MemoryStore;

/// The archive's schema as versions 1 to 5 made it, in order.
const EARLIER: [&str; 5] = [
    include_str!("../../../lockdesk-archive/migrations/0001_init.sql"),
    include_str!("../../../lockdesk-archive/migrations/0002_covering_indexes_and_rollups.sql"),
    include_str!("../../../lockdesk-archive/migrations/0003_coverage.sql"),
    include_str!("../../../lockdesk-archive/migrations/0004_day_hour_and_user_hour_rollups.sql"),
    include_str!("../../../lockdesk-archive/migrations/0005_user_totals.sql"),
];

/// An archive as version `version` (1 to 5) of the archive wrote it: two records of one lock.
fn old_archive(path: &Path, version: usize) {
    let conn = rusqlite::Connection::open(path).unwrap();
    for sql in &EARLIER[..version] {
        conn.execute_batch(sql).unwrap();
    }
    conn.execute_batch(&format!(
        "PRAGMA user_version = {version};
         INSERT INTO locks (lock_id, name) VALUES ('A1', '正面玄関');
         INSERT INTO accesses (lock_ref, created_at_ms, user_ref, kind_ref, is_locked)
             VALUES (1, 1772411400000, 0, 5, 1), (1, 1772411405000, 0, 6, 0);"
    ))
    .unwrap();
    // From schema 4 on the archive added its rollups with each page of records it stored.
    if version >= 4 {
        conn.execute_batch(
            "INSERT INTO access_hour_totals
                 SELECT created_at_ms / 3600000, count(*) FROM accesses GROUP BY 1;
             INSERT INTO access_days
                 SELECT created_at_ms / 86400000, kind_ref, is_locked, count(*)
                 FROM accesses GROUP BY 1, 2, 3;
             INSERT INTO access_lock_days
                 SELECT lock_ref, created_at_ms / 86400000, kind_ref, is_locked, count(*)
                 FROM accesses GROUP BY 1, 2, 3, 4;",
        )
        .unwrap();
    }
}

fn context(dir: &Path, archive: &Path) -> AppContext {
    let ctx = AppContext::new(Context::for_tests(dir, Arc::new(MemoryStore::new())));
    ctx.use_archive(Some(archive.to_owned()));
    ctx
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_status_says_the_archive_is_being_updated_then_answers_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite");
    old_archive(&path, 1);
    let ctx = context(dir.path(), &path);

    let first = status_within(&ctx, Duration::ZERO).await.unwrap();
    assert!(first.updating);
    assert_eq!(first.records, 0);
    // A read asked meanwhile waits for the update and answers from the updated archive.
    let reading = {
        let ctx = ctx.clone();
        tokio::spawn(async move { open_archive(&ctx).await.unwrap().stats().unwrap().records })
    };
    let t = Instant::now();
    let done = loop {
        let st = status_within(&ctx, Duration::ZERO).await.unwrap();
        if !st.updating {
            break st;
        }
        assert!(t.elapsed() < Duration::from_secs(60), "still updating");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(done.records, 2);
    assert_eq!(reading.await.unwrap(), 2);
    assert_eq!(db::schema_on_disk(&path).unwrap(), Some(db::SCHEMA_VERSION));
    // Opened once: the next asks answer at once, without a word of updating.
    assert!(!status_within(&ctx, Duration::ZERO).await.unwrap().updating);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_update_is_waited_for() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite");
    old_archive(&path, 1);
    let ctx = context(dir.path(), &path);
    let st = status_within(&ctx, Duration::from_secs(60)).await.unwrap();
    assert!(!st.updating);
    assert_eq!(st.records, 2);
    assert_eq!(db::schema_on_disk(&path).unwrap(), Some(db::SCHEMA_VERSION));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_update_is_told_and_tried_again_until_it_succeeds() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite");
    // Schema 5 without the records' table (as if half restored from a backup): the update
    // from it fails.
    old_archive(&path, 5);
    let sql = |s: &str| {
        rusqlite::Connection::open(&path)
            .unwrap()
            .execute_batch(s)
            .unwrap()
    };
    sql("ALTER TABLE accesses RENAME TO accesses_aside");
    let ctx = context(dir.path(), &path);
    assert!(status_within(&ctx, Duration::ZERO).await.unwrap().updating);
    let t = Instant::now();
    let failed = loop {
        match status_within(&ctx, Duration::ZERO).await {
            Ok(st) if st.updating => {}
            Ok(st) => panic!("updated an archive without its records' table: {st:?}"),
            Err(e) => break e,
        }
        assert!(t.elapsed() < Duration::from_secs(60), "still updating");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let told = format!("{failed:?}");
    assert!(told.contains("no such table: accesses"), "{told}");
    // Nothing of it changed; each ask tries again and tells how it failed.
    assert_eq!(db::schema_on_disk(&path).unwrap(), Some(5));
    let again = status_within(&ctx, Duration::ZERO).await.unwrap_err();
    assert_eq!(format!("{again:?}"), told);
    // Mended, the next ask updates it.
    sql("ALTER TABLE accesses_aside RENAME TO accesses");
    let st = status_within(&ctx, Duration::from_secs(60)).await.unwrap();
    assert!(!st.updating);
    assert_eq!(st.records, 2);
    assert_eq!(db::schema_on_disk(&path).unwrap(), Some(db::SCHEMA_VERSION));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn while_another_opening_rewrites_it_history_and_today_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite");
    old_archive(&path, 1);
    let ctx = context(dir.path(), &path);
    // As while the watcher's opening rewrites it.
    ctx.space().history.updating().running = true;
    assert!(status_within(&ctx, UPDATE_WAIT).await.unwrap().updating);
    assert!(matches!(
        crate::today::sections::archive(&ctx).await,
        Err(crate::today::TodayMissing::ArchiveUpdating)
    ));
}
