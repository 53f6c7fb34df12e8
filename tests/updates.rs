//! Updates that install themselves, against a real update server on loopback: keys made with
//! `tauri signer generate` and packages signed with `tauri signer sign` (the Tauri CLI from
//! `ui/node_modules`, as the release workflow signs), the app's own check through the updater
//! plugin. A newer signed version is offered, downloaded and verified; a tampered package, a
//! wrong key and a signature of another version are refused with `update_refused`; an older
//! version is never offered; an unreachable server says so; a build without a key never looks.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use axum::routing::get;
use axum::Router;
use lockdesk_app::updates;
use lockdesk_app::watcher::Recorder;
use lockdesk_app::WatchOptions;
use lockdesk_commands::shell::{UpdateState, UpdatesOffReason};
use lockdesk_core::app::context::AppContext;
use lockdesk_core::core_context::Context;
use lockdesk_core::secrets::MemoryStore;
use tauri::test::{mock_builder, MockRuntime};
use tauri_plugin_updater::UpdaterExt;

fn tauri_cli() -> PathBuf {
    let cli = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/node_modules/.bin/tauri");
    assert!(
        cli.exists(),
        "the Tauri CLI is missing: run `npm ci` in ui/ (scripts/test does)"
    );
    cli
}

/// Runs the Tauri CLI with `args` and then `paths`; it must succeed.
fn cli(args: &[&str], paths: &[&Path]) {
    let out = Command::new(tauri_cli())
        .args(args)
        .args(paths)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A key pair made by `tauri signer generate` (no password): the private key's file and the
/// public key as tauri.conf.json takes it.
fn key_pair(dir: &Path, name: &str) -> (PathBuf, String) {
    let key = dir.join(name);
    cli(&["signer", "generate", "--ci", "-p", "", "-w"], &[&key]);
    let mut public = key.as_os_str().to_owned();
    public.push(".pub");
    let public = std::fs::read_to_string(public).unwrap();
    (key, public.trim().to_owned())
}

/// `file` signed by `key` for `version` (`tauri signer sign --app-version`): the signature.
fn sign(key: &Path, file: &Path, version: &str) -> String {
    cli(
        &["signer", "sign", "-p", "", "--app-version", version, "-f"],
        &[key, file],
    );
    let mut sig = file.as_os_str().to_owned();
    sig.push(".sig");
    std::fs::read_to_string(sig).unwrap().trim().to_owned()
}

/// Serves `files` (path → body) on loopback; the base address.
fn serve(files: Vec<(String, Vec<u8>)>) -> String {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let listener = rt
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let mut router = Router::new();
    for (path, body) in files {
        router = router.route(&path, get(move || async move { body.clone() }));
    }
    std::thread::spawn(move || {
        rt.block_on(async move { axum::serve(listener, router).await.unwrap() })
    });
    base
}

/// The static manifest (`latest.json`) the release workflow publishes, for this platform.
fn manifest(version: &str, url: &str, signature: &str) -> Vec<u8> {
    let target = tauri_plugin_updater::target().expect("a desktop platform");
    serde_json::json!({
        "version": version,
        "notes": "Reports screen; alerts in team chat.",
        "pub_date": "2026-11-26T00:00:00Z",
        "platforms": { target: { "signature": signature, "url": url } }
    })
    .to_string()
    .into_bytes()
}

fn app() -> (tauri::App<MockRuntime>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let ctx = AppContext::new(Context::for_tests(
        dir.path().join("config"),
        Arc::new(MemoryStore::new()),
    ));
    let watch = WatchOptions {
        round: lockdesk_app::watcher::core_round(),
        notifier: Some(Recorder::default().notifier()),
        interval: std::time::Duration::from_secs(3600),
    };
    let app = lockdesk_app::builder_with(mock_builder(), ctx, watch)
        .build(tauri::generate_context!())
        .unwrap();
    (app, dir)
}

/// The app's check against `manifest_url` with `public_key`: where it ends.
fn check(manifest_url: &str, public_key: &str) -> UpdateState {
    let (app, _dir) = app();
    let handle = app.handle().clone();
    let builder = handle
        .updater_builder()
        .pubkey(public_key)
        .endpoints(vec![manifest_url.parse().unwrap()])
        .unwrap();
    tauri::async_runtime::block_on(updates::check_with(&handle, builder)).state
}

fn failed_with(state: &UpdateState) -> &str {
    match state {
        UpdateState::Failed { code, .. } => code,
        other => panic!("not failed: {other:?}"),
    }
}

#[test]
fn a_signed_newer_version_is_verified_and_anything_else_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (key, public) = key_pair(dir.path(), "release.key");
    let (_, other_public) = key_pair(dir.path(), "other.key");
    let package = dir.path().join("Lockdesk_0.2.0.AppImage");
    let bytes: Vec<u8> = b"LOCKDESK 0.2.0 ".repeat(4096);
    std::fs::write(&package, &bytes).unwrap();
    let signature = sign(&key, &package, "0.2.0");
    let mut tampered = bytes.clone();
    tampered[100] ^= 1;
    let old = dir.path().join("Lockdesk_0.0.9.AppImage");
    std::fs::write(&old, b"LOCKDESK 0.0.9").unwrap();
    let old_signature = sign(&key, &old, "0.0.9");

    // Each manifest names its package by the server's own address, known once it listens:
    // the packages are served first, the manifests by a second server.
    let packages = serve(vec![
        ("/good".into(), bytes.clone()),
        ("/tampered".into(), tampered),
        ("/old".into(), std::fs::read(&old).unwrap()),
    ]);
    let manifests = serve(vec![
        (
            "/latest.json".into(),
            manifest("0.2.0", &format!("{packages}/good"), &signature),
        ),
        (
            "/tampered.json".into(),
            manifest("0.2.0", &format!("{packages}/tampered"), &signature),
        ),
        (
            "/older.json".into(),
            manifest("0.0.9", &format!("{packages}/old"), &old_signature),
        ),
        // A newer number announced over a package signed for another version.
        (
            "/replayed.json".into(),
            manifest("0.3.0", &format!("{packages}/good"), &signature),
        ),
    ]);

    // Offered, downloaded, verified: ready to install, with what is new.
    match check(&format!("{manifests}/latest.json"), &public) {
        UpdateState::Ready { version, notes } => {
            assert_eq!(version, "0.2.0");
            assert_eq!(
                notes.as_deref(),
                Some("Reports screen; alerts in team chat.")
            );
        }
        other => panic!("not ready: {other:?}"),
    }
    // A package changed on the way, a key that is not the build's, a signature of another
    // version: refused, nothing held.
    let tampered = check(&format!("{manifests}/tampered.json"), &public);
    assert_eq!(failed_with(&tampered), "update_refused");
    let wrong_key = check(&format!("{manifests}/latest.json"), &other_public);
    assert_eq!(failed_with(&wrong_key), "update_refused");
    let replayed = check(&format!("{manifests}/replayed.json"), &public);
    assert_eq!(failed_with(&replayed), "update_refused");
    // An older version is never offered.
    assert!(matches!(
        check(&format!("{manifests}/older.json"), &public),
        UpdateState::UpToDate { .. }
    ));
    // A server that is not there: said, nothing else.
    let gone = check("http://127.0.0.1:9/latest.json", &public);
    assert_eq!(failed_with(&gone), "update_unreachable");
}

/// Serves update packages past the limit on loopback: `/endless`, chunked and never ending, and
/// `/declared`, announcing more bytes than Lockdesk downloads. The base address.
fn serve_too_large() -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let rt = tokio::runtime::Runtime::new().unwrap();
    let listener = rt
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        rt.block_on(async move {
            loop {
                let (mut tcp, _) = listener.accept().await.unwrap();
                tokio::spawn(async move {
                    let mut request = vec![0u8; 8192];
                    let n = tcp.read(&mut request).await.unwrap_or(0);
                    let request = String::from_utf8_lossy(&request[..n]).into_owned();
                    if request.starts_with("GET /declared") {
                        let more = updates::PACKAGE_MAX_BYTES + 1;
                        let head = format!("HTTP/1.1 200 OK\r\nContent-Length: {more}\r\n\r\n");
                        let _ = tcp.write_all(head.as_bytes()).await;
                        let _ = tcp.write_all(&[b'x'; 4096]).await;
                        // Open, as a slow server's would be: the limit, not the end, stops it.
                        std::future::pending::<()>().await;
                    }
                    let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";
                    if tcp.write_all(head.as_bytes()).await.is_err() {
                        return;
                    }
                    let size = 1 << 20;
                    let mut chunk = format!("{size:x}\r\n").into_bytes();
                    chunk.extend(std::iter::repeat_n(b'x', size));
                    chunk.extend(b"\r\n");
                    while tcp.write_all(&chunk).await.is_ok() {}
                });
            }
        })
    });
    base
}

/// A package larger than Lockdesk downloads, sent without end or announced so: cut off as it
/// comes and refused (`update_refused`), never held whole; the key is never needed.
#[test]
fn a_package_past_the_limit_is_cut_off() {
    let packages = serve_too_large();
    let manifests = serve(vec![
        (
            "/endless.json".into(),
            manifest("9.0.0", &format!("{packages}/endless"), "unused"),
        ),
        (
            "/declared.json".into(),
            manifest("9.0.0", &format!("{packages}/declared"), "unused"),
        ),
    ]);
    for name in ["endless", "declared"] {
        let state = check(&format!("{manifests}/{name}.json"), "never used");
        assert_eq!(failed_with(&state), "update_refused", "{name}");
        let UpdateState::Failed { message, .. } = &state else {
            unreachable!()
        };
        assert!(message.contains("larger than"), "{name}: {message}");
    }
}

/// This build has no update key (tauri.conf.json's is empty until the release sets it): a
/// check, even asked for, looks nowhere and says why.
#[test]
fn a_build_without_a_key_never_looks() {
    let (app, _dir) = app();
    let handle = app.handle().clone();
    let status = tauri::async_runtime::block_on(updates::check_now(&handle, true));
    assert_eq!(status.off, Some(UpdatesOffReason::NotConfigured));
    assert_eq!(status.state, UpdateState::Idle);
    assert_eq!(status.current_version, env!("CARGO_PKG_VERSION"));
}
