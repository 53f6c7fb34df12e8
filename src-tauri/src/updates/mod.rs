//! Updates that install themselves, on `tauri-plugin-updater`: at start (after a
//! minute, so it never slows the first screen) and daily the app asks the update server; a
//! newer version is downloaded in the background with its progress, its signature verified
//! against the build's key, and installed when the app quits or at "Restart now". Nothing runs
//! when IT's policy, the person's setting, the demo or a build without a key says so
//! (`policy.rs`); a check the person asks for still runs unless the policy or the build forbids
//! it. The status goes to the UI as an event ([`UPDATE_STATUS_EVENT`]) and through
//! `updates_status`.

mod check;
pub mod commands;
pub mod policy;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use lockdesk_commands::shell::{
    UpdateState, UpdateStatusView, UpdatesOffReason, UPDATE_STATUS_EVENT,
};
use lockdesk_core::error::ErrorPayload;
use tauri::{AppHandle, Emitter, Manager, Runtime};
use tauri_plugin_updater::{Update, UpdaterBuilder, UpdaterExt};

pub use check::{Found, PACKAGE_MAX_BYTES};

/// The first check after the start, then one a day.
const FIRST_CHECK: Duration = Duration::from_secs(60);
const EVERY: Duration = Duration::from_secs(24 * 60 * 60);

/// The update the app holds (managed state): where it stands and, once verified, the package.
#[derive(Clone)]
pub struct Updates {
    inner: Arc<Inner>,
}

struct Inner {
    state: Mutex<UpdateState>,
    ready: Mutex<Option<(Box<Update>, Vec<u8>)>>,
    /// One check at a time.
    running: tokio::sync::Mutex<()>,
    demo: bool,
}

impl Updates {
    pub fn new(demo: bool) -> Updates {
        Updates {
            inner: Arc::new(Inner {
                state: Mutex::new(UpdateState::Idle),
                ready: Mutex::new(None),
                running: tokio::sync::Mutex::new(()),
                demo,
            }),
        }
    }

    fn state(&self) -> UpdateState {
        self.inner
            .state
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// Whether this build has an update key (`plugins.updater.pubkey` in tauri.conf.json; the
/// release workflow sets it, developer builds have none).
fn configured<R: Runtime>(app: &AppHandle<R>) -> bool {
    app.config()
        .plugins
        .0
        .get("updater")
        .and_then(|u| u.get("pubkey"))
        .and_then(|k| k.as_str())
        .is_some_and(|k| !k.trim().is_empty())
}

fn off<R: Runtime>(app: &AppHandle<R>, asked: bool) -> Option<UpdatesOffReason> {
    let demo = app.try_state::<Updates>().is_some_and(|u| u.inner.demo);
    policy::off_reason(
        configured(app),
        policy::policy_turns_off(policy::policy_path().as_deref()),
        crate::settings::current(app).updates_off,
        demo,
        asked,
    )
}

/// The status for the UI.
pub fn status<R: Runtime>(app: &AppHandle<R>) -> UpdateStatusView {
    UpdateStatusView {
        current_version: app.package_info().version.to_string(),
        off: off(app, false),
        state: app
            .try_state::<Updates>()
            .map_or(UpdateState::Idle, |u| u.state()),
    }
}

fn set<R: Runtime>(app: &AppHandle<R>, state: UpdateState) {
    if let Some(u) = app.try_state::<Updates>() {
        *u.inner.state.lock().unwrap_or_else(|e| e.into_inner()) = state;
    }
    let _ = app.emit(UPDATE_STATUS_EVENT, status(app));
}

/// The plugin's updater for this build, through the proxy Lockdesk chooses for the update
/// server (a setup script's choice included) with the login the person gave for it.
fn builder<R: Runtime>(app: &AppHandle<R>) -> UpdaterBuilder {
    let mut builder = app.updater_builder().timeout(Duration::from_secs(60));
    let endpoint = app
        .config()
        .plugins
        .0
        .get("updater")
        .and_then(|u| u.get("endpoints"))
        .and_then(|e| e.get(0))
        .and_then(|e| e.as_str())
        .and_then(|e| url::Url::parse(e).ok());
    if let (Some(endpoint), Some(ctx)) = (
        endpoint,
        app.try_state::<lockdesk_core::app::context::AppContext>(),
    ) {
        // Lockdesk's choice either way: a setup script's DIRECT must not become the plugin's
        // own reading of the system's fixed proxy.
        builder = match lockdesk_core::proxy::commands::proxy_with_login(&ctx, &endpoint) {
            Some(proxy) => builder.proxy(proxy),
            None => builder.no_proxy(),
        };
    }
    builder
}

/// Runs one check with `builder` (tests give their own key and server) unless one runs:
/// offers only a newer version, downloads it with progress, verifies it and holds it ready.
pub async fn check_with<R: Runtime>(
    app: &AppHandle<R>,
    builder: UpdaterBuilder,
) -> UpdateStatusView {
    let Some(updates) = app.try_state::<Updates>().map(|u| u.inner().clone()) else {
        return status(app);
    };
    let Ok(_one) = updates.inner.running.try_lock() else {
        return status(app);
    };
    if matches!(updates.state(), UpdateState::Ready { .. }) {
        return status(app);
    }
    set(app, UpdateState::Checking);
    let offered = Mutex::new((String::new(), None::<String>));
    let found = check::check_and_download(
        builder,
        |u| {
            *offered.lock().unwrap_or_else(|e| e.into_inner()) =
                (u.version.clone(), u.body.clone());
            set(
                app,
                UpdateState::Downloading {
                    version: u.version.clone(),
                    notes: u.body.clone(),
                    received: 0,
                    total: None,
                },
            );
        },
        |received, total| {
            let (version, notes) = offered.lock().unwrap_or_else(|e| e.into_inner()).clone();
            set(
                app,
                UpdateState::Downloading {
                    version,
                    notes,
                    received,
                    total,
                },
            );
        },
    )
    .await;
    match found {
        Ok(Found::UpToDate) => set(app, UpdateState::UpToDate { checked_at: now() }),
        Ok(Found::Ready(update, bytes)) => {
            let state = UpdateState::Ready {
                version: update.version.clone(),
                notes: update.body.clone(),
            };
            *updates
                .inner
                .ready
                .lock()
                .unwrap_or_else(|e| e.into_inner()) = Some((update, bytes));
            set(app, state);
        }
        Err(ErrorPayload { code, message, .. }) => {
            tracing::info!("update check: {message} ({code})");
            set(
                app,
                UpdateState::Failed {
                    code: code.as_str().to_owned(),
                    message,
                    checked_at: now(),
                },
            )
        }
    }
    status(app)
}

/// A check now (asked for, or due): with the build's key and server.
pub async fn check_now<R: Runtime>(app: &AppHandle<R>, asked: bool) -> UpdateStatusView {
    if off(app, asked).is_some() {
        return status(app);
    }
    check_with(app, builder(app)).await
}

/// Installs the verified package if there is one (at quit, or before "Restart now"). On
/// Windows the installer takes over and the app exits.
pub fn install_pending<R: Runtime>(app: &AppHandle<R>) -> Result<bool, ErrorPayload> {
    let Some(updates) = app.try_state::<Updates>() else {
        return Ok(false);
    };
    let Some((update, bytes)) = updates
        .inner
        .ready
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take()
    else {
        return Ok(false);
    };
    update.install(&bytes).map_err(|e| check::payload(&e))?;
    Ok(true)
}

/// Holds the state and checks at start and daily while the app runs.
pub fn plugin<R: Runtime>(demo: bool) -> tauri::plugin::TauriPlugin<R> {
    tauri::plugin::Builder::new("lockdesk-updates")
        .setup(move |app, _| {
            app.manage(Updates::new(demo));
            let app = app.clone();
            tauri::async_runtime::spawn(async move {
                tokio::time::sleep(FIRST_CHECK).await;
                loop {
                    check_now(&app, false).await;
                    tokio::time::sleep(EVERY).await;
                }
            });
            Ok(())
        })
        .build()
}
