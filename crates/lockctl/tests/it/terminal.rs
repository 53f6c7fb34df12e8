//! The real `lockctl` program at a real terminal (a pseudo-terminal made by util-linux
//! `script`): a client secret typed there never appears on screen.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const SECRET: &str = "typed-secret-0451";

#[test]
fn a_secret_typed_at_the_terminal_is_not_echoed() {
    let Ok(status) = Command::new("script").arg("--version").output() else {
        panic!("util-linux `script` is needed for this test (Debian: bsdutils)");
    };
    assert!(status.status.success());
    let dir = tempfile::tempdir().unwrap();
    let lockctl = env!("CARGO_BIN_EXE_lockctl");
    let line = format!(
        "{lockctl} profile add tty --base-url http://127.0.0.1:9 --client-id c \
         --redirect-uri https://lockdesk.example/cb"
    );
    let mut child = Command::new("script")
        .args(["-qec", &line, "/dev/null"])
        .env("LOCKDESK_CONFIG_DIR", dir.path().join("config"))
        .env("LOCKDESK_DATA_DIR", dir.path().join("data"))
        .env_remove("LOCKDESK_CLIENT_SECRET")
        // No Secret Service: the keychain refuses after the secret was read; what matters
        // here is what the terminal showed.
        .env("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 256];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut screen = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while !String::from_utf8_lossy(&screen).contains("Client secret") {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(bytes) => screen.extend(bytes),
            Err(_) => panic!("no prompt: {}", String::from_utf8_lossy(&screen)),
        }
    }
    // The prompt is written just before the terminal is read; give it time to turn echo off.
    std::thread::sleep(Duration::from_millis(500));
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(format!("{SECRET}\r").as_bytes()).unwrap();
    stdin.flush().unwrap();
    let status = child.wait().unwrap();
    drop(stdin);
    while let Ok(bytes) = rx.recv_timeout(Duration::from_secs(2)) {
        screen.extend(bytes);
    }
    let screen = String::from_utf8_lossy(&screen);
    assert!(!screen.contains(SECRET), "the secret was shown: {screen:?}");
    assert!(
        status.success() || screen.contains("error:"),
        "lockctl neither added the profile nor said why: {screen:?}"
    );
}
