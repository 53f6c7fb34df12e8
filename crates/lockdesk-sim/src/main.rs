//! `lockdesk-sim --listen 127.0.0.1:PORT [--seed N] [--history-records N] [--users N]`
//!
//! Prints one JSON line (SimInfo) on stdout when ready, then serves until killed. Logs go to stderr.

use std::io::Write;
use std::net::SocketAddr;

use clap::Parser;
use lockdesk_sim::{spawn, SimOptions};

#[derive(Parser, Debug)]
#[command(name = "lockdesk-sim", about = "Simulator of the door-access service")]
struct Args {
    /// Address to listen on; port 0 picks a free port.
    #[arg(long, default_value = "127.0.0.1:0")]
    listen: SocketAddr,
    #[arg(long, default_value_t = 42)]
    seed: u64,
    #[arg(long, default_value_t = 120_000)]
    history_records: usize,
    #[arg(long, default_value_t = 300)]
    users: usize,
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
    let options = SimOptions {
        listen: args.listen,
        seed: args.seed,
        history_records: args.history_records,
        users: args.users,
        ..SimOptions::default()
    };
    let handle = spawn(options).await?;
    let line = serde_json::to_string(handle.info()).map_err(std::io::Error::other)?;
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "{line}")?;
        out.flush()?;
    }
    tokio::signal::ctrl_c().await?;
    handle.shutdown().await;
    Ok(())
}
