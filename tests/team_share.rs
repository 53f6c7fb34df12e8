//! The app's ticks share this computer's journal with its team's database (a private
//! PostgreSQL cluster, as in lockdesk-team's tests): a change journaled in the app reaches the
//! team at the next tick, even when the round itself fails (no connection signed in here); a
//! tick while the database is down loses nothing, and the next one shares it once.
#![cfg(target_os = "linux")]

use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use lockdesk_app::watcher::{core_round, Recorder, Watcher};
use lockdesk_app::WatchOptions;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::core_context::Context;
use lockdesk_core::journal::{Journal, NewEntry, Operation, Target, DONE};
use lockdesk_core::secrets::MemoryStore;
use lockdesk_core::team::commands::{team_connect, TeamConnectRequest};
use tauri::test::mock_builder;
use tauri::Manager;

#[path = "../crates/lockdesk-team/tests/it/server.rs"]
mod team_server;

#[test]
fn a_tick_shares_what_the_app_journaled() {
    let dir = tempfile::tempdir().unwrap();
    let ctx = AppContext::new(Context::for_tests(
        dir.path().join("config"),
        Arc::new(MemoryStore::new()),
    ));
    let server = tauri::async_runtime::block_on(team_server::Server::start());
    tauri::async_runtime::block_on(team_connect(
        &ctx,
        TeamConnectRequest {
            address: server.source().address(),
            password: team_server::TEAM_PASSWORD.to_owned(),
        },
    ))
    .unwrap();
    // A change the app made after connecting.
    let journal = Journal::new(&ctx.core().data_folder().unwrap());
    rename(&journal, "正面玄関");

    let watch = WatchOptions {
        round: core_round(),
        notifier: Some(Recorder::default().notifier()),
        interval: Duration::from_secs(3600),
    };
    let app = lockdesk_app::builder_with(mock_builder(), ctx, watch)
        .build(tauri::generate_context!())
        .unwrap();
    let watcher = app.state::<Watcher>().inner().clone();
    let renames = || {
        tauri::async_runtime::block_on(async {
            server
                .admin_of_team_db()
                .await
                .query_one(
                    "SELECT count(*) FROM journal_entries WHERE operation = 'locks_rename'",
                    &[],
                )
                .await
                .unwrap()
                .get::<_, i64>(0)
        })
    };
    let tick = |n: u64| {
        watcher.run_now();
        tauri::async_runtime::block_on(watcher.wait_rounds(n, Duration::from_secs(30)));
    };
    tick(1);
    assert_eq!(renames(), 1);

    // The database stops: a tick shares nothing and loses nothing; the next one after it is
    // back shares the change once.
    server.stop();
    rename(&journal, "通用口");
    tick(2);
    server.start_again();
    tick(3);
    assert_eq!(renames(), 2);
    tick(4);
    assert_eq!(renames(), 2, "shared once");
}

fn rename(journal: &Journal, name: &str) {
    journal
        .record(&NewEntry {
            at: Utc::now(),
            connection: Some("work".into()),
            account: None,
            organization_id: Some("O-1".into()),
            operation: Operation::LocksRename,
            target: Target::id("A1").name(name),
            outcome: DONE.to_owned(),
        })
        .unwrap();
}
