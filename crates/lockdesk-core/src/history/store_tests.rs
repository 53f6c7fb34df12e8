//! The first opening of an archive of an earlier version: asked for the status, the app says
//! it is being updated instead of waiting, then answers the archive once it is; a query asked
//! meanwhile waits for it; a failed update is told once and tried again.

use std::sync::Arc;
use std::time::{Duration, Instant};

use lockdesk_archive::db;

use super::*;
use crate::core_context::Context;
use crate::history::sync::status_within;
use crate::secrets::MemoryStore;

/// An archive as the first release wrote it, two records of one lock, claiming `version`.
fn old_archive(path: &Path, version: i64) {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.execute_batch(include_str!(
        "../../../lockdesk-archive/migrations/0001_init.sql"
    ))
    .unwrap();
    conn.execute_batch(&format!(
        "PRAGMA user_version = {version};
         INSERT INTO locks (lock_id, name) VALUES ('A1', '正面玄関');
         INSERT INTO accesses (lock_ref, created_at_ms, user_ref, kind_ref, is_locked)
             VALUES (1, 1772411400000, 0, 5, 1), (1, 1772411405000, 0, 6, 0);"
    ))
    .unwrap();
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
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_update_is_told_once_and_tried_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite");
    // Claims schema 5 without the records' table: the update from it fails.
    old_archive(&path, 5);
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch("DROP TABLE accesses")
        .unwrap();
    let ctx = context(dir.path(), &path);
    assert!(status_within(&ctx, Duration::ZERO).await.unwrap().updating);
    let t = Instant::now();
    let failed = loop {
        match status_within(&ctx, Duration::ZERO).await {
            Ok(st) if st.updating => {}
            Ok(st) => panic!("updated an archive without its tables: {st:?}"),
            Err(e) => break e,
        }
        assert!(t.elapsed() < Duration::from_secs(60), "still updating");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(
        format!("{failed:?}").contains("no such table: accesses"),
        "{failed:?}"
    );
    // Nothing of it changed, and the next ask tries again.
    assert_eq!(db::schema_on_disk(&path).unwrap(), Some(5));
    assert!(status_within(&ctx, Duration::ZERO).await.unwrap().updating);
}
