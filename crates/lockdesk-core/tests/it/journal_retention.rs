//! The journal's retention through `dispatch`, on a real SQLite file with the clock moved:
//! entries older than the retention go in the background after a write (once a day), newer
//! ones stay, setting the retention applies it at once, bad values change nothing, and the
//! size is reported.

use std::sync::{Arc, Mutex};
use std::time::Duration as StdDuration;

use chrono::{DateTime, Duration, TimeZone, Utc};
use lockdesk_api::clock::Clock;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::app::dispatch::dispatch;
use lockdesk_core::core_context::Context;
use lockdesk_core::journal::{Journal, NewEntry, Operation, Target, DONE};
use lockdesk_core::secrets::MemoryStore;
use serde_json::{json, Value};

/// A clock that stands still until moved.
#[derive(Clone, Debug)]
struct TestClock(Arc<Mutex<DateTime<Utc>>>);

impl TestClock {
    fn advance(&self, days: i64) {
        *self.0.lock().unwrap() += Duration::days(days);
    }
}

impl Clock for TestClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().unwrap()
    }
}

struct App {
    ctx: AppContext,
    clock: TestClock,
    _dir: tempfile::TempDir,
}

impl App {
    fn new() -> App {
        let dir = tempfile::tempdir().unwrap();
        let t0 = Utc.with_ymd_and_hms(2026, 11, 24, 1, 0, 0).unwrap();
        let clock = TestClock(Arc::new(Mutex::new(t0)));
        let core = Context::for_tests(dir.path(), Arc::new(MemoryStore::new()))
            .with_clock(Arc::new(clock.clone()));
        App {
            ctx: AppContext::new(core),
            clock,
            _dir: dir,
        }
    }

    fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    fn journal(&self) -> Journal {
        Journal::new(&self.ctx.core().data_folder().unwrap())
    }

    /// An entry `days_ago` days before the clock's now, written as another program would.
    fn old_entry(&self, days_ago: i64, name: &str) {
        self.journal()
            .record(&NewEntry {
                at: self.now() - Duration::days(days_ago),
                connection: Some("office".into()),
                account: None,
                organization_id: None,
                operation: Operation::LocksRename,
                target: Target::id("lock-1").name(name),
                outcome: DONE.into(),
            })
            .unwrap();
    }

    /// A journaled write (refused: nobody is signed in, which is recorded all the same).
    async fn write(&self) {
        let args = json!({ "lock_id": "lock-1", "name": "Front" });
        dispatch(&self.ctx, "locks_rename", args).await.unwrap_err();
    }

    async fn storage(&self) -> Value {
        dispatch(&self.ctx, "activity_storage_get", json!({}))
            .await
            .unwrap()
    }

    /// The storage once `done` holds (the background prune runs on its own thread).
    async fn storage_when(&self, done: impl Fn(&Value) -> bool) -> Value {
        for _ in 0..200 {
            let s = self.storage().await;
            if done(&s) {
                return s;
            }
            tokio::time::sleep(StdDuration::from_millis(50)).await;
        }
        panic!("not pruned: {}", self.storage().await)
    }

    /// The names of the entries written by [`App::old_entry`] that are left, newest first.
    fn old_names(&self) -> Vec<String> {
        let q = lockdesk_core::journal::JournalQuery {
            limit: 1000,
            ..Default::default()
        };
        let entries = self.journal().list(&q).unwrap().0;
        entries
            .into_iter()
            .filter_map(|e| e.target_name)
            .filter(|n| n.ends_with("days") || n == "very old")
            .collect()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn entries_past_the_retention_are_pruned_and_the_size_reported() {
    let app = App::new();
    app.old_entry(400, "400 days");
    app.old_entry(200, "200 days");
    app.old_entry(10, "10 days");

    let s = app.storage().await;
    assert_eq!(s["keep_days"], 365, "a year unless set: {s}");
    assert_eq!(s["entries"], 3);
    let oldest: DateTime<Utc> = serde_json::from_value(s["oldest"].clone()).unwrap();
    assert_eq!(oldest, app.now() - Duration::days(400));
    let bytes = s["bytes"].as_u64().unwrap();
    assert!(bytes >= 4096, "{s}");

    // A write prunes in the background: the entry past a year goes, the rest stay.
    app.write().await;
    app.storage_when(|s| s["entries"] == 3).await;
    assert_eq!(app.old_names(), ["10 days", "200 days"]);

    // Setting the retention applies it at once and answers with the size.
    let set = dispatch(
        &app.ctx,
        "activity_retention_set",
        json!({ "keep_days": 100 }),
    )
    .await
    .unwrap();
    assert_eq!(set["removed"], 1, "{set}");
    assert_eq!(set["storage"]["keep_days"], 100);
    assert_eq!(set["storage"]["entries"], 2);
    assert_eq!(app.old_names(), ["10 days"]);

    // Out of bounds or not a number: a clear error, and nothing changes.
    for bad in [json!(0), json!(3651), json!("abc"), json!(-5)] {
        let refused = dispatch(
            &app.ctx,
            "activity_retention_set",
            json!({ "keep_days": bad }),
        )
        .await
        .unwrap_err();
        let code = serde_json::to_value(refused.code).unwrap();
        assert!(
            code == "invalid_input" || code == "invalid_arguments",
            "{bad}: {refused:?}"
        );
    }
    let s = app.storage().await;
    assert_eq!(
        (s["keep_days"].clone(), s["entries"].clone()),
        (json!(100), json!(2))
    );

    // 95 days on, the next write prunes again (a day has passed): "10 days" is now 105 days
    // old; the first write's entry, 95 days old, stays.
    app.clock.advance(95);
    app.write().await;
    let s = app.storage_when(|s| s["entries"] == 2).await;
    assert!(app.old_names().is_empty(), "{s}");
    assert!(s["bytes"].as_u64().unwrap() > 0);
}

/// A retention file that cannot be read prunes nothing: it is reported, not guessed, and not
/// replaced until the person fixed or removed it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_broken_retention_file_prunes_nothing() {
    let app = App::new();
    app.old_entry(4000, "very old");
    let file = app.ctx.core().config_dir.join("journal.json");
    std::fs::write(&file, "{ not json").unwrap();
    app.write().await;
    tokio::time::sleep(StdDuration::from_millis(500)).await;
    assert_eq!(app.old_names(), ["very old"]);
    let refused = dispatch(&app.ctx, "activity_storage_get", json!({}))
        .await
        .unwrap_err();
    assert_eq!(
        serde_json::to_value(refused.code).unwrap(),
        "config_invalid"
    );
    // Setting a value is refused too: the broken file may be a person's edit halfway through.
    let refused = dispatch(
        &app.ctx,
        "activity_retention_set",
        json!({ "keep_days": 3650 }),
    )
    .await
    .unwrap_err();
    assert_eq!(
        serde_json::to_value(refused.code).unwrap(),
        "config_invalid"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "{ not json");
    // Once the person removed it, the setting is stored and applied.
    std::fs::remove_file(&file).unwrap();
    let set = dispatch(
        &app.ctx,
        "activity_retention_set",
        json!({ "keep_days": 3650 }),
    )
    .await
    .unwrap();
    assert_eq!(set["removed"], 1, "{set}");
}
