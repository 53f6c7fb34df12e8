//! `lockdesk-sim --listen 127.0.0.1:PORT [--seed N] [--history-records N] [--users N]
//! [--locks N] [--invitations N] [--even-history] [--tls-cert CERT.pem --tls-key KEY.pem]
//! [--require-token]`
//!
//! Prints one JSON line (SimInfo, with `control_token` under `--require-token`) on stdout when
//! ready, then serves until killed. Logs go to stderr.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Parser;
use lockdesk_sim::{random_control_token, spawn, SimOptions, TlsIdentity};

#[derive(Parser, Debug)]
#[command(name = "lockdesk-sim", about = "Simulator of the door-access service")]
struct Args {
    /// Address to listen on; port 0 picks a free port.
    #[arg(long, default_value = "127.0.0.1:0")]
    listen: SocketAddr,
    #[arg(long, default_value_t = 42)]
    seed: u64,
    /// Entry/exit records over the last year, of every lock.
    #[arg(long, default_value_t = 120_000)]
    history_records: usize,
    /// People of the first organization (a big office's have departments of 200).
    #[arg(long, default_value_t = 300)]
    users: usize,
    /// Locks of the first organization: the demo's 32 named doors, then sites of 50 doors.
    #[arg(long, default_value_t = 32)]
    locks: usize,
    /// Open invitations of the first organization.
    #[arg(long, default_value_t = 12)]
    invitations: usize,
    /// Spread the history evenly over the year (the app's demo), not over an office's weeks
    /// (office hours, weekdays, holidays, a few nights).
    #[arg(long)]
    even_history: bool,
    /// Serve HTTPS with this certificate chain (PEM); needs --tls-key.
    #[arg(long, requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// The private key (PEM) of --tls-cert.
    #[arg(long, requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// Guard it like the app's demo: a random control token (printed in the ready line as
    /// `control_token`) needed in the x-sim-token header by the control API (/_sim/, except
    /// reading images), and only its own address accepted as Host.
    #[arg(long)]
    require_token: bool,
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .init();
    let args = Args::parse();
    let tls = match (&args.tls_cert, &args.tls_key) {
        (Some(cert), Some(key)) => Some(TlsIdentity::from_files(cert, key)?),
        _ => None,
    };
    let options = SimOptions {
        listen: args.listen,
        seed: args.seed,
        history_records: args.history_records,
        users: args.users,
        locks: Some(args.locks.max(1)),
        invitations: args.invitations,
        office_week: !args.even_history,
        tls,
        control_token: args.require_token.then(random_control_token),
        ..SimOptions::default()
    };
    let handle = spawn(options).await?;
    let mut ready = serde_json::to_value(handle.info()).map_err(std::io::Error::other)?;
    if let Some(token) = handle.control_token() {
        ready["control_token"] = token.into();
    }
    let line = ready.to_string();
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "{line}")?;
        out.flush()?;
    }
    tokio::signal::ctrl_c().await?;
    handle.shutdown().await;
    Ok(())
}
