//! `lockdesk-test-host [--port N] [--ui DIR] [--demo small|full|big]`: prints one JSON line
//! `{"url": "http://127.0.0.1:N", "token": "…", "open": "http://127.0.0.1:N/?token=…"}` when
//! ready, then serves until killed. Every command call must carry the token in the
//! `x-lockdesk-token` header; `open` is the address that gives it to the UI.

use std::net::SocketAddr;
use std::path::PathBuf;

use lockdesk_sim::SimOptions;
use lockdesk_testhost::{random_token, serve, HostOptions};

fn usage() -> ! {
    eprintln!("usage: lockdesk-test-host [--port N] [--ui DIR] [--demo small|full|big]");
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
            _ => usage(),
        }
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
