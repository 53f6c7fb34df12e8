//! `lockdesk-test-host [--port N] [--ui DIR] [--demo small|full|big] [--history-records N]`:
//! prints one JSON line
//! `{"url": "http://127.0.0.1:N", "token": "…", "open": "http://127.0.0.1:N/?token=…"}` when
//! ready, then serves until killed. Every command call must carry the token in the
//! `x-lockdesk-token` header; `open` is the address that gives it to the UI.

use std::net::SocketAddr;
use std::path::PathBuf;

use lockdesk_sim::SimOptions;
use lockdesk_testhost::{random_token, serve, HostOptions};

fn usage() -> ! {
    eprintln!(
        "usage: lockdesk-test-host [--port N] [--ui DIR] [--demo small|full|big] [--history-records N]"
    );
    std::process::exit(2)
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .init();
    let mut port = 0u16;
    let mut ui_dir = None;
    let mut demo = SimOptions::small();
    let mut history_records = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--port" => {
                port = args
                    .next()
                    .and_then(|p| p.parse().ok())
                    .unwrap_or_else(|| usage())
            }
            "--ui" => ui_dir = Some(PathBuf::from(args.next().unwrap_or_else(|| usage()))),
            "--demo" => {
                demo = match args.next().as_deref() {
                    Some("small") => SimOptions::small(),
                    Some("full") => SimOptions::default(),
                    Some("big") => SimOptions::big_office(),
                    _ => usage(),
                }
            }
            "--history-records" => {
                history_records = Some(
                    args.next()
                        .and_then(|n| n.parse::<usize>().ok())
                        .unwrap_or_else(|| usage()),
                )
            }
            _ => usage(),
        }
    }
    if let Some(n) = history_records {
        // For measuring History over an archive of that size: the demo's first sync then runs
        // as fast as this computer serves and stores the records, not at the service's 50
        // requests a minute (ten million records would take days).
        demo.history_records = n;
        demo.v2_rate_limit = 1_000_000;
    }
    if let Some(dir) = &ui_dir {
        if !dir.join("index.html").is_file() {
            eprintln!(
                "lockdesk-test-host: {} has no index.html (build the UI first)",
                dir.display()
            );
            std::process::exit(1);
        }
    }
    let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], port))).await?;
    let addr = listener.local_addr()?;
    let token = random_token();
    let url = format!("http://{addr}");
    println!(
        "{}",
        serde_json::json!({ "url": url, "token": token, "open": format!("{url}/?token={token}") })
    );
    serve(
        listener,
        HostOptions {
            ui_dir,
            demo,
            token,
        },
    )
    .await
}
