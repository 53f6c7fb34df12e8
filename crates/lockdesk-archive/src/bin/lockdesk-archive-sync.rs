//! Runs one sync of an archive, for tests and scripts that need a real process (the kill test).
//!
//! Environment: `LOCKDESK_SYNC_BASE_URL` (service), `LOCKDESK_SYNC_TOKEN` (the v2 `TokenSet` as
//! JSON), `LOCKDESK_SYNC_DB` (archive file); optional `LOCKDESK_SYNC_RATE` (`LIMIT/WINDOW_MS`,
//! default `50/60000`), `LOCKDESK_SYNC_LOCKS` (comma-separated lock ids). Prints progress lines
//! on stderr and the report as JSON on stdout.

use std::time::Duration;

use lockdesk_api::{RateLimiter, ServiceUrl, TokenSet, Transport, V2Client};
use lockdesk_archive::{sync, Archive, CancellationToken, SyncRequest};

fn env(name: &str) -> Result<String, String> {
    std::env::var(name).map_err(|_| format!("{name} is not set"))
}

async fn run() -> Result<(), String> {
    let base = ServiceUrl::parse(&env("LOCKDESK_SYNC_BASE_URL")?).map_err(|e| e.to_string())?;
    let tokens: TokenSet =
        serde_json::from_str(&env("LOCKDESK_SYNC_TOKEN")?).map_err(|e| e.to_string())?;
    let archive = Archive::open(env("LOCKDESK_SYNC_DB")?).map_err(|e| e.to_string())?;
    let (limit, window_ms) = match std::env::var("LOCKDESK_SYNC_RATE") {
        Ok(spec) => {
            let (l, w) = spec
                .split_once('/')
                .ok_or("LOCKDESK_SYNC_RATE: LIMIT/WINDOW_MS")?;
            (
                l.parse::<u32>().map_err(|e| e.to_string())?,
                w.parse::<u64>().map_err(|e| e.to_string())?,
            )
        }
        Err(_) => (50, 60_000),
    };
    let limiter = RateLimiter::new(limit, Duration::from_millis(window_ms));
    let client = V2Client::new(
        Transport::with_defaults(base).map_err(|e| e.to_string())?,
        tokens,
        limiter,
    );
    let request = SyncRequest {
        lock_ids: std::env::var("LOCKDESK_SYNC_LOCKS")
            .ok()
            .map(|s| s.split(',').map(str::to_owned).collect())
            .unwrap_or_default(),
        ..SyncRequest::default()
    };
    let cancel = CancellationToken::new();
    let report = sync(
        &archive,
        &client,
        &request,
        &|p| {
            eprintln!(
                "pages {} records {} new {}",
                p.pages, p.records, p.new_records
            )
        },
        &cancel,
    )
    .await
    .map_err(|e| format!("[{}] {e}", e.code()))?;
    println!(
        "{}",
        serde_json::to_string(&report).map_err(|e| e.to_string())?
    );
    Ok(())
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    if let Err(e) = run().await {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}
