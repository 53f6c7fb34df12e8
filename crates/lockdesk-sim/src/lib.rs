//! Simulator of the door-access service (OAuth, v3, legacy v2) for demo mode and tests.
//!
//! `backend/` holds the state and rules, `routes/` the HTTP parsing, `/_sim/` the control API.
//!
//! OAuth with PKCE: an authorization request with `code_challenge` (S256 only; `plain` and
//! unknown methods are sent back as `invalid_request`) binds its code to that challenge, and
//! the code's exchange then needs the matching `code_verifier` (else `invalid_grant`). A code
//! issued without a challenge is exchanged as the spec says, and a `code_verifier` sent for it
//! is refused (`invalid_grant`). The real service's documentation does not mention PKCE; see
//! [`backend::pkce`].

pub mod backend;
pub mod routes;
mod sim_info;
#[cfg(feature = "test-disk")]
pub mod test_disk;
#[cfg(feature = "test-pki")]
pub mod test_pki;
#[cfg(feature = "test-smtp")]
pub mod test_smtp;
mod tls;

pub use backend::pkce::constant_time_eq;
pub use routes::guard::{random_control_token, CONTROL_TOKEN_HEADER};
pub use sim_info::{AccountInfo, ClientInfo, SimInfo};
pub use tls::TlsIdentity;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio_rustls::rustls::ServerConfig;

use backend::clock::Clock;
use backend::state::{Seed, Shared};
use backend::State;

/// How to start a simulator.
#[derive(Debug, Clone)]
pub struct SimOptions {
    pub listen: SocketAddr,
    pub seed: u64,
    /// v2 history records generated.
    pub history_records: usize,
    /// Users in the first organization.
    pub users: usize,
    /// Locks of the first organization: the demo's 32 named doors, then numbered doors of
    /// sites (拠点) with a lock group each. `None`: the 32.
    pub locks: Option<usize>,
    /// Open invitations of the first organization, issued over the last 14 days.
    pub invitations: usize,
    /// History shaped like an office's weeks (arrivals, lunch and leaving on weekdays, quiet
    /// weekends and Japanese holidays, a few night entries; busier doors first) instead of
    /// spread evenly over the year.
    pub office_week: bool,
    /// v2 requests allowed per `v2_rate_window`, per token (rolling window).
    pub v2_rate_limit: u32,
    pub v2_rate_window: Duration,
    /// Virtual "now" at start; real now when `None`.
    pub start_time: Option<DateTime<Utc>>,
    /// Serve HTTPS with this certificate (the base URL is then `https://…`); plain HTTP when
    /// `None`.
    pub tls: Option<TlsIdentity>,
    /// When set, every request must name the simulator's own address in `Host` (else 421),
    /// and everything but the service API and image reads needs this token in
    /// [`CONTROL_TOKEN_HEADER`] (else 401): see [`routes::guard`]. `None`: open, as tests and
    /// the developer binary use it. The app's demo always sets a [`random_control_token`].
    pub control_token: Option<String>,
}

impl Default for SimOptions {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 0)),
            seed: 42,
            history_records: 120_000,
            users: 300,
            locks: None,
            invitations: 12,
            office_week: false,
            v2_rate_limit: 50,
            v2_rate_window: Duration::from_secs(60),
            start_time: None,
            tls: None,
            control_token: None,
        }
    }
}

impl SimOptions {
    /// Small data set for tests: 2,000 history records, 40 users.
    pub fn small() -> Self {
        Self {
            history_records: 2_000,
            users: 40,
            ..Self::default()
        }
    }

    /// A big office for the browser's tests: 1,000 locks with photos in sites of 50, 20,000
    /// people in departments, 400 invitations, 200,000 records over an office's weeks.
    pub fn big_office() -> Self {
        Self {
            locks: Some(1_000),
            users: 20_000,
            invitations: 400,
            history_records: 200_000,
            office_week: true,
            ..Self::default()
        }
    }
}

/// A running simulator.
pub struct SimHandle {
    info: SimInfo,
    shutdown: Option<oneshot::Sender<()>>,
    task: JoinHandle<()>,
    addr: std::net::SocketAddr,
    tls: Option<Arc<ServerConfig>>,
    app: axum::Router,
    control_token: Option<String>,
}

/// Serves `app` on `listener` (over TLS when `tls` is set) until the sender is used or dropped.
fn serve(
    listener: tokio::net::TcpListener,
    tls: Option<&Arc<ServerConfig>>,
    app: axum::Router,
) -> std::io::Result<(oneshot::Sender<()>, JoinHandle<()>)> {
    let (tx, rx) = oneshot::channel::<()>();
    let stopped = async {
        let _ = rx.await;
    };
    let task = match tls {
        None => tokio::spawn(run(
            axum::serve(listener, app).with_graceful_shutdown(stopped)
        )),
        Some(config) => {
            let listener = tls::TlsListener::new(listener, config.clone())?;
            tokio::spawn(run(
                axum::serve(listener, app).with_graceful_shutdown(stopped)
            ))
        }
    };
    Ok((tx, task))
}

async fn run(serve: impl std::future::IntoFuture<Output = std::io::Result<()>>) {
    if let Err(e) = serve.await {
        tracing::error!("simulator stopped: {e}");
    }
}

impl SimHandle {
    /// `http://127.0.0.1:PORT` (`https://` when serving TLS), no trailing slash.
    pub fn base_url(&self) -> &str {
        &self.info.base_url
    }
    pub fn info(&self) -> &SimInfo {
        &self.info
    }
    /// The token its control API needs ([`SimOptions::control_token`]).
    pub fn control_token(&self) -> Option<&str> {
        self.control_token.as_deref()
    }
    pub async fn shutdown(mut self) {
        self.stop_listening().await;
    }

    /// Stops answering (connections are refused) but keeps the state, so
    /// [`SimHandle::listen_again`] serves it on the same address: the service "offline".
    pub async fn stop_listening(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
            let _ = (&mut self.task).await;
        }
    }

    /// Serves the same state on the same address again after [`SimHandle::stop_listening`].
    pub async fn listen_again(&mut self) -> std::io::Result<()> {
        if self.shutdown.is_some() {
            return Ok(());
        }
        let listener = tokio::net::TcpListener::bind(self.addr).await?;
        let (tx, task) = serve(listener, self.tls.as_ref(), self.app.clone())?;
        self.shutdown = Some(tx);
        self.task = task;
        Ok(())
    }

    /// Whether it answers (not stopped by [`SimHandle::stop_listening`]).
    pub fn listening(&self) -> bool {
        self.shutdown.is_some()
    }
}

/// Binds, generates the demo state and serves in a background task.
pub async fn spawn(options: SimOptions) -> std::io::Result<SimHandle> {
    if options.control_token.as_deref() == Some("") {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "the control token is empty",
        ));
    }
    let tls = options
        .tls
        .as_ref()
        .map(TlsIdentity::server_config)
        .transpose()?;
    let listener = tokio::net::TcpListener::bind(options.listen).await?;
    let addr = listener.local_addr()?;
    let scheme = if tls.is_some() { "https" } else { "http" };
    let base_url = format!("{scheme}://{addr}");
    let seed = Seed {
        seed: options.seed,
        history_records: options.history_records,
        users: options.users,
        locks: options.locks,
        invitations: options.invitations,
        office_week: options.office_week,
        v2_rate_limit: options.v2_rate_limit,
        v2_rate_window: options.v2_rate_window,
    };
    let clock = Clock::new(options.start_time);
    let state = tokio::task::spawn_blocking(move || State::build(seed, base_url, clock))
        .await
        .map_err(std::io::Error::other)?;
    let info = sim_info::sim_info(&state);
    let sim = Arc::new(Shared::new(state));
    let guard = options
        .control_token
        .clone()
        .map(|t| routes::guard::Guard::new(addr, t));
    let app = routes::app(sim, guard);
    let (tx, task) = serve(listener, tls.as_ref(), app.clone())?;
    tracing::info!(base_url = %info.base_url, "simulator ready");
    Ok(SimHandle {
        info,
        shutdown: Some(tx),
        task,
        addr,
        tls,
        app,
        control_token: options.control_token,
    })
}
