//! Watching in the background, under Tauri's mock runtime: rounds at the interval, pause and
//! resume, "Sync now" (also from the tray's menu), never two rounds at once, one notification
//! per alert worded in the UI's language, and closing the main window into the tray only when
//! the setting says so.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use lockdesk_app::watcher::words::{Lang, WatchAlert};
use lockdesk_app::watcher::{Recorder, Round, RoundFuture, Watcher};
use lockdesk_app::{settings, tray, WatchOptions};
use lockdesk_core::app::AppContext;
use lockdesk_core::{Context, MemoryStore};
use tauri::test::{mock_builder, MockRuntime};
use tauri::Manager;

/// Counts rounds and the most that ever ran at once; each round takes `takes`.
#[derive(Clone, Default)]
struct Probe {
    started: Arc<AtomicUsize>,
    running: Arc<AtomicUsize>,
    most: Arc<AtomicUsize>,
}

impl Probe {
    fn round(&self, takes: Duration, alerts: Vec<WatchAlert>) -> Round {
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
        WatchAlert::LeftUnlocked {
            lock: "Front door".into(),
            minutes: 15,
        },
        WatchAlert::NoHistory {
            lock: "Back door".into(),
            days: 7,
        },
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
    s.set(settings::ShellSettings {
        language: Lang::Ja,
        keep_watching_in_tray: true,
    })
    .unwrap();
    let again = settings::Settings::load(&config);
    assert!(again.get().keep_watching_in_tray);
    assert_eq!(again.get().language, Lang::Ja);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&config.join(settings::SETTINGS_FILE)), 0o600);
        assert_eq!(mode(&config), 0o700);
    }
}
