//! Watching in the background while the app runs: a loop that runs a *round* every
//! `interval`, can be paused and resumed, runs one at once on demand ("Sync now"), and never
//! runs two at once (rounds run one after another in the loop's one task; asking for a round
//! while one runs queues exactly one more). Each new alert of a round becomes one desktop
//! notification, worded in [`words`] in the UI's language.
//!
//! The round is pluggable ([`Round`]): the app's is [`core_round`] (the core's `watch_round`:
//! History's sync of the archive, sharing its v2 budget, then the organization's rules), run
//! when the organization's own interval (set on Watch) is due or when asked; tests give their
//! own.

pub mod commands;
mod core_round;
pub mod words;

pub use core_round::core_round;

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lockdesk_core::app::context::AppContext;
use lockdesk_core::error::ErrorPayload;
use lockdesk_core::watch::alerts::AlertView;
use tokio::sync::{watch, Notify};

pub use words::{Lang, Notice};

/// What one round found: the new alerts (data), or why it failed.
pub type RoundFuture = Pin<Box<dyn Future<Output = Result<Vec<AlertView>, ErrorPayload>> + Send>>;
/// One round of watching, given the app's context and whether it was asked for now ("Sync
/// now", "Check now") rather than due by the clock.
pub type Round = Arc<dyn Fn(AppContext, bool) -> RoundFuture + Send + Sync>;
/// Shows one worded notice (the notification plugin in the app; a recorder in tests).
pub type Notifier = Arc<dyn Fn(Notice) + Send + Sync>;
/// The language to word notices in, read when a round ends.
pub type LangSource = Arc<dyn Fn() -> Lang + Send + Sync>;

/// How often the loop ticks when `LOCKDESK_WATCH_INTERVAL_SECS` does not say; the app's round
/// runs only when the organization's own interval is due ([`core_round`]).
pub const DEFAULT_INTERVAL: Duration = Duration::from_secs(60);

/// The interval: `LOCKDESK_WATCH_INTERVAL_SECS` (at least 1 s), else [`DEFAULT_INTERVAL`].
pub fn interval_from_env() -> Duration {
    std::env::var("LOCKDESK_WATCH_INTERVAL_SECS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .map(|s| Duration::from_secs(s.max(1)))
        .unwrap_or(DEFAULT_INTERVAL)
}

/// How the loop stands, for the tray and for tests.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WatchStatus {
    pub paused: bool,
    /// A round is running now.
    pub running: bool,
    /// Rounds finished since the start (failed ones included).
    pub rounds: u64,
    /// The error of the last round, if it failed.
    pub last_error: Option<String>,
}

struct Inner {
    paused: AtomicBool,
    wake: Notify,
    status: watch::Sender<WatchStatus>,
    stop: Notify,
}

/// The handle on the loop (managed state of the app). Cloning shares the loop.
#[derive(Clone)]
pub struct Watcher {
    inner: Arc<Inner>,
}

/// What the loop needs.
pub struct WatchSetup {
    pub round: Round,
    pub notifier: Notifier,
    pub lang: LangSource,
    pub interval: Duration,
}

impl Watcher {
    /// Starts the loop on Tauri's async runtime. The first round runs after one interval.
    pub fn start(ctx: AppContext, setup: WatchSetup) -> Watcher {
        let (status, _) = watch::channel(WatchStatus::default());
        let inner = Arc::new(Inner {
            paused: AtomicBool::new(false),
            wake: Notify::new(),
            status,
            stop: Notify::new(),
        });
        tauri::async_runtime::spawn(run_loop(inner.clone(), ctx, setup));
        Watcher { inner }
    }

    /// No rounds at the interval until [`Self::resume`]; a round that runs finishes.
    pub fn pause(&self) {
        self.inner.paused.store(true, Ordering::SeqCst);
        self.inner.status.send_modify(|s| s.paused = true);
    }

    pub fn resume(&self) {
        self.inner.paused.store(false, Ordering::SeqCst);
        self.inner.status.send_modify(|s| s.paused = false);
    }

    pub fn is_paused(&self) -> bool {
        self.inner.paused.load(Ordering::SeqCst)
    }

    /// Runs a round now (also while paused: the user asked). While a round runs, one more
    /// runs right after it, however often this is called.
    pub fn run_now(&self) {
        self.inner.wake.notify_one();
    }

    pub fn status(&self) -> WatchStatus {
        self.inner.status.borrow().clone()
    }

    /// Waits until at least `rounds` rounds have finished, or `timeout` passed; the status.
    pub async fn wait_rounds(&self, rounds: u64, timeout: Duration) -> WatchStatus {
        let mut rx = self.inner.status.subscribe();
        let _ = tokio::time::timeout(timeout, rx.wait_for(|s| s.rounds >= rounds)).await;
        self.status()
    }

    /// Ends the loop (after the round that runs, if any).
    pub fn stop(&self) {
        self.inner.stop.notify_one();
    }
}

async fn run_loop(inner: Arc<Inner>, ctx: AppContext, setup: WatchSetup) {
    loop {
        let asked = tokio::select! {
            _ = inner.stop.notified() => return,
            _ = tokio::time::sleep(setup.interval) => false,
            _ = inner.wake.notified() => true,
        };
        if !asked && inner.paused.load(Ordering::SeqCst) {
            continue;
        }
        inner.status.send_modify(|s| s.running = true);
        let outcome = (setup.round)(ctx.clone(), asked).await;
        let last_error = match outcome {
            Ok(alerts) => {
                tracing::debug!("watch round: {} new alerts", alerts.len());
                let lang = (setup.lang)();
                for alert in &alerts {
                    (setup.notifier)(words::notice(lang, alert));
                }
                None
            }
            Err(e) => {
                tracing::info!("watch round: {} ({})", e.message, e.code);
                Some(e.code.to_string())
            }
        };
        inner.status.send_modify(|s| {
            s.running = false;
            s.rounds += 1;
            s.last_error = last_error;
        });
    }
}

/// A notifier that keeps what it was given (tests, the benchmark's dry runs).
#[derive(Clone, Default)]
pub struct Recorder(pub Arc<Mutex<Vec<Notice>>>);

impl Recorder {
    pub fn notifier(&self) -> Notifier {
        let seen = self.0.clone();
        Arc::new(move |n| seen.lock().unwrap_or_else(|e| e.into_inner()).push(n))
    }

    pub fn taken(&self) -> Vec<Notice> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}
