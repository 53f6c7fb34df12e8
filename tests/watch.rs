//! Watching in the background, under Tauri's mock runtime: rounds at the interval, pause and
//! resume, "Sync now" (also from the tray's menu), never two rounds at once, one notification
//! per alert worded in the UI's language, and closing the main window into the tray only when
//! the setting says so.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use lockdesk_app::watcher::words::Lang;
use lockdesk_app::watcher::{Recorder, Round, RoundFuture, Watcher};
use lockdesk_app::{settings, tray, WatchOptions};
use lockdesk_core::app::context::AppContext;
use lockdesk_core::core_context::Context;
use lockdesk_core::secrets::MemoryStore;
use lockdesk_core::watch::alerts::AlertView;
use lockdesk_core::watch::rules::RuleKind;
use tauri::test::{mock_builder, MockRuntime};
use tauri::Manager;

#[path = "support/alerts.rs"]
mod sample;
use sample::alert;

/// Counts rounds and the most that ever ran at once; each round takes `takes`.
#[derive(Clone, Default)]
struct Probe {
    started: Arc<AtomicUsize>,
    running: Arc<AtomicUsize>,
    most: Arc<AtomicUsize>,
}

impl Probe {
    fn round(&self, takes: Duration, alerts: Vec<AlertView>) -> Round {
        let p = self.clone();
        Arc::new(move |_ctx: AppContext, _asked: bool| {
            let p = p.clone();
            let alerts = alerts.clone();
            Box::pin(async move {
                p.started.fetch_add(1, Ordering::SeqCst);
                let now = p.running.fetch_add(1, Ordering::SeqCst) + 1;
                p.most.fetch_max(now, Ordering::SeqCst);
                tokio::time::sleep(takes).await;
                p.running.fetch_sub(1, Ordering::SeqCst);
                Ok(alerts)
            }) as RoundFuture
        })
    }
}

fn app(
    round: Round,
    recorder: &Recorder,
    interval: Duration,
) -> (tauri::App<MockRuntime>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let ctx = AppContext::new(Context::for_tests(
        dir.path().join("config"),
        Arc::new(MemoryStore::new()),
    ));
    let watch = WatchOptions {
        round,
        notifier: Some(recorder.notifier()),
        interval,
    };
    let app = lockdesk_app::builder_with(mock_builder(), ctx, watch)
        .build(tauri::generate_context!())
        .unwrap();
    (app, dir)
}

fn watcher(app: &tauri::App<MockRuntime>) -> Watcher {
    app.state::<Watcher>().inner().clone()
}

fn block<T>(f: impl std::future::Future<Output = T>) -> T {
    tauri::async_runtime::block_on(f)
}

const LONG: Duration = Duration::from_secs(3600);

#[test]
fn rounds_run_at_the_interval_and_stop_while_paused() {
    let probe = Probe::default();
    let (app, _dir) = app(
        probe.round(Duration::ZERO, vec![]),
        &Recorder::default(),
        Duration::from_millis(40),
    );
    let w = watcher(&app);
    let s = block(w.wait_rounds(3, Duration::from_secs(10)));
    assert!(s.rounds >= 3, "{s:?}");

    w.pause();
    // A round that had begun may still end; after that, none.
    std::thread::sleep(Duration::from_millis(100));
    let before = probe.started.load(Ordering::SeqCst);
    std::thread::sleep(Duration::from_millis(400));
    assert_eq!(
        probe.started.load(Ordering::SeqCst),
        before,
        "rounds ran while paused"
    );
    assert!(w.status().paused);

    w.resume();
    let s = block(w.wait_rounds(s.rounds + 3, Duration::from_secs(10)));
    assert!(probe.started.load(Ordering::SeqCst) >= before + 2, "{s:?}");
    assert!(!s.paused);
}

#[test]
fn run_now_runs_one_round_at_once_even_while_paused() {
    let probe = Probe::default();
    let (app, _dir) = app(
        probe.round(Duration::ZERO, vec![]),
        &Recorder::default(),
        LONG,
    );
    let w = watcher(&app);
    w.pause();
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(
        probe.started.load(Ordering::SeqCst),
        0,
        "no round before the interval"
    );
    w.run_now();
    let s = block(w.wait_rounds(1, Duration::from_secs(10)));
    assert_eq!(s.rounds, 1);
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(probe.started.load(Ordering::SeqCst), 1);
}

#[test]
fn never_two_rounds_at_once_and_asks_during_a_round_make_one_more() {
    let probe = Probe::default();
    let (app, _dir) = app(
        probe.round(Duration::from_millis(300), vec![]),
        &Recorder::default(),
        LONG,
    );
    let w = watcher(&app);
    w.run_now();
    std::thread::sleep(Duration::from_millis(100));
    assert!(w.status().running);
    // Asked five times while the first round runs: one more round, after it.
    for _ in 0..5 {
        w.run_now();
        tray::on_menu(app.handle(), tray::SYNC_NOW);
    }
    let s = block(w.wait_rounds(2, Duration::from_secs(10)));
    assert_eq!(s.rounds, 2);
    std::thread::sleep(Duration::from_millis(700));
    assert_eq!(probe.started.load(Ordering::SeqCst), 2);
    assert_eq!(
        probe.most.load(Ordering::SeqCst),
        1,
        "two rounds ran at once"
    );
}

#[test]
fn each_new_alert_is_one_notification_in_the_uis_language() {
    let recorder = Recorder::default();
    let alerts = vec![
        alert(RuleKind::UnlockedTooLong, "Front door", None),
        alert(RuleKind::SilentLock, "Back door", None),
    ];
    let probe = Probe::default();
    let (app, _dir) = app(probe.round(Duration::ZERO, alerts), &recorder, LONG);
    let w = watcher(&app);
    w.run_now();
    block(w.wait_rounds(1, Duration::from_secs(10)));
    let seen = recorder.taken();
    assert_eq!(seen.len(), 2, "{seen:?}");
    assert_eq!(seen[0].title, "Door left unlocked");
    assert!(seen[1].body.contains("Back door"), "{seen:?}");

    let s = app.state::<settings::Settings>();
    s.set(settings::ShellSettings {
        language: Lang::Ja,
        ..s.get()
    })
    .unwrap();
    w.run_now();
    block(w.wait_rounds(2, Duration::from_secs(10)));
    let seen = recorder.taken();
    assert_eq!(seen.len(), 4);
    assert_eq!(seen[2].title, "解錠のまま");
}

#[test]
fn the_tray_menu_pauses_and_resumes() {
    let (app, _dir) = app(
        Probe::default().round(Duration::ZERO, vec![]),
        &Recorder::default(),
        LONG,
    );
    let w = watcher(&app);
    tray::on_menu(app.handle(), tray::PAUSE);
    assert!(w.is_paused());
    tray::on_menu(app.handle(), tray::PAUSE);
    assert!(!w.is_paused());
}

/// Asks the main window to close as the user does, runs the mock event loop, and answers
/// whether the window was still there after the close request, and whether the loop saw
/// rounds go on after it.
fn close_main_window(keep_watching_in_tray: bool) -> (bool, tempfile::TempDir) {
    let (app, dir) = app(
        Probe::default().round(Duration::ZERO, vec![]),
        &Recorder::default(),
        LONG,
    );
    let s = app.state::<settings::Settings>();
    s.set(settings::ShellSettings {
        keep_watching_in_tray,
        ..s.get()
    })
    .unwrap();
    let kept = Arc::new(std::sync::Mutex::new(None));
    let seen = kept.clone();
    // The main window of tauri.conf.json opens when the app starts running.
    app.run_return(move |handle, event| {
        // What `run` does with each event.
        lockdesk_app::on_run_event(handle, &event);
        match event {
            tauri::RunEvent::Ready => handle.get_webview_window("main").unwrap().close().unwrap(),
            // The close request was handled: without the setting the loop has ended already.
            tauri::RunEvent::MainEventsCleared => {
                let mut seen = seen.lock().unwrap();
                if seen.is_none() {
                    let window = handle.get_webview_window("main");
                    *seen = Some(window.is_some());
                    if let Some(w) = window {
                        w.destroy().unwrap();
                    }
                }
            }
            _ => {}
        }
    });
    let kept = kept.lock().unwrap().unwrap_or(false);
    (kept, dir)
}

#[test]
fn closing_the_window_quits_unless_watching_in_the_tray_is_on() {
    let (kept, dir) = close_main_window(false);
    assert!(!kept, "off (the default): closing the window quits");
    let (kept, _) = close_main_window(true);
    assert!(kept, "on: the window hides and the app goes on");
    drop(dir);
}

#[test]
fn the_setting_is_off_by_default_and_kept_privately() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config");
    let s = settings::Settings::load(&config);
    assert_eq!(s.get(), settings::ShellSettings::default());
    assert!(!s.get().keep_watching_in_tray);
    assert_eq!(s.get().language, Lang::En);
    assert!(
        !s.get().updates_off,
        "automatic update checks are on by default"
    );
    s.set(settings::ShellSettings {
        language: Lang::Ja,
        keep_watching_in_tray: true,
        updates_off: true,
    })
    .unwrap();
    let again = settings::Settings::load(&config);
    assert!(again.get().keep_watching_in_tray);
    assert!(again.get().updates_off);
    assert_eq!(again.get().language, Lang::Ja);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&config.join(settings::SETTINGS_FILE)), 0o600);
        assert_eq!(mode(&config), 0o700);
    }
}

/// The app's own round, against the demo's simulator: a report that is due is written by the
/// background loop (the watch and the reports share the tick), once: the next rounds leave the
/// file alone, and the run is in the journal.
#[test]
fn the_background_loop_writes_a_due_report_once() {
    use lockdesk_core::app::dispatch::dispatch;
    use serde_json::{json, Value};

    let dir = tempfile::tempdir().unwrap();
    let folder = tempfile::tempdir().unwrap();
    let core = Context::for_tests(dir.path().join("config"), Arc::new(MemoryStore::new()))
        .with_data_dir(dir.path().join("data"));
    // Few records and no rate window to wait for: the round's sync is quick.
    let sim = lockdesk_sim::SimOptions {
        history_records: 100,
        v2_rate_limit: 100_000,
        ..lockdesk_sim::SimOptions::small()
    };
    let ctx = AppContext::with_demo_options(core, sim);
    let call = |cmd: &'static str, args: Value| {
        let ctx = ctx.clone();
        block(async move {
            dispatch(&ctx, cmd, args.clone())
                .await
                .unwrap_or_else(|e| panic!("{cmd} {args}: {e:?}"))
        })
    };
    call("session_start_demo", json!({}));
    let orgs = call("orgs_list", json!({}));
    let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
    call("orgs_choose", json!({ "organization_id": org }));
    let added = call(
        "reports_add",
        json!({
            "name": "入退室履歴",
            "what": { "kind": "history", "lock_ids": [] },
            "schedule": { "every": "daily", "at": "00:00" },
            "format": "csv",
            // The folder as the shell's folder dialog hands it over: a handle.
            "folder_handle": ctx.grant_folder(folder.path()),
        }),
    );
    let id = added["id"].as_str().unwrap().to_owned();

    let watch = WatchOptions {
        round: lockdesk_app::watcher::core_round(),
        notifier: Some(Recorder::default().notifier()),
        interval: Duration::from_millis(50),
    };
    let app = lockdesk_app::builder_with(mock_builder(), ctx.clone(), watch)
        .build(tauri::generate_context!())
        .unwrap();
    let w = watcher(&app);
    let written = || -> Vec<std::path::PathBuf> {
        std::fs::read_dir(folder.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect()
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    // While the loop writes, the folder holds its claim on the period (a hidden `.claim`
    // file) and then the `.partial` file; once written, the report alone.
    let whole = |files: Vec<std::path::PathBuf>| {
        let name = |f: &std::path::PathBuf| f.file_name().unwrap().to_string_lossy().into_owned();
        files.len() == 1
            && !name(&files[0]).starts_with('.')
            && !name(&files[0]).ends_with(".partial")
    };
    while !whole(written()) && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let files = written();
    assert_eq!(files.len(), 1, "{files:?}");
    let name = files[0].file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with("入退室履歴_") && name.ends_with(".csv"),
        "{name}"
    );
    let first = std::fs::metadata(&files[0]).unwrap().modified().unwrap();

    // More rounds: the period is written already, nothing is written again.
    let s = w.status();
    block(w.wait_rounds(s.rounds + 3, Duration::from_secs(60)));
    assert_eq!(written(), files);
    assert_eq!(
        std::fs::metadata(&files[0]).unwrap().modified().unwrap(),
        first
    );
    let list = call("reports_list", json!({}));
    let run = &list["reports"][0]["last_run"];
    assert_eq!(run["report_id"], id.as_str());
    assert_eq!(run["state"], "done");
    let journal = call(
        "activity_list",
        json!({ "operations": ["report_run"], "limit": 10 }),
    );
    let entries = journal["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 1, "{journal}");
    assert_eq!(entries[0]["outcome"], "done");
    let today = call("today_overview", json!({}));
    assert_eq!(today["reports"]["runs"], json!([]), "{today}");
    assert_eq!(today["reports"]["sign_in_needed"], false);

    // The folder goes (a file server unreachable): the run fails, Today names it, the journal
    // has it, and nothing is left in the folder's place.
    w.pause();
    let gone = folder.path().to_owned();
    folder.close().unwrap();
    let run = call("reports_run", json!({ "id": id, "again": true }));
    assert_eq!(run["runs"][0]["outcome"]["kind"], "failed", "{run}");
    assert_eq!(run["runs"][0]["outcome"]["code"], "file_unwritable");
    assert!(!gone.exists());
    let today = call("today_overview", json!({}));
    let runs = today["reports"]["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1, "{today}");
    assert_eq!(runs[0]["name"], "入退室履歴");
    assert_eq!(runs[0]["error"], "file_unwritable");
    let journal = call(
        "activity_list",
        json!({ "operations": ["report_run"], "limit": 10 }),
    );
    assert_eq!(
        journal["entries"][0]["outcome"], "file_unwritable",
        "{journal}"
    );
    w.stop();
}
