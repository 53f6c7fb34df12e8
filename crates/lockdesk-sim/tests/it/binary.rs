use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use lockdesk_sim::SimInfo;

/// The binary, killed when dropped.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the binary on a free loopback port with `args`; the line it printed when ready.
fn start(args: &[&str]) -> (Running, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lockdesk-sim"))
        .args(["--listen", "127.0.0.1:0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("binary starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    (Running(child), line)
}

#[test]
fn binary_prints_one_json_line() {
    let (_running, line) = start(&["--history-records", "500", "--seed", "7"]);
    let info: SimInfo = serde_json::from_str(line.trim()).expect("one JSON line");
    assert!(info.base_url.starts_with("http://127.0.0.1:"));
    assert_eq!(info.clients[0].client_id, "demo-v3-client");
    assert_eq!(info.clients[1].client_id, "demo-v2-client");
    assert_eq!(info.accounts.len(), 3);
}

/// `--require-token`: the ready line carries the token the control API then needs.
#[tokio::test]
async fn binary_requires_its_printed_token_when_asked() {
    let (_running, line) = start(&["--history-records", "10", "--users", "5", "--require-token"]);
    let ready: serde_json::Value = serde_json::from_str(line.trim()).expect("one JSON line");
    let base = ready["base_url"].as_str().unwrap();
    let token = ready["control_token"].as_str().unwrap();
    let info = |token: Option<&str>| {
        let mut r = reqwest::Client::new().get(format!("{base}/_sim/info"));
        if let Some(t) = token {
            r = r.header(lockdesk_sim::CONTROL_TOKEN_HEADER, t);
        }
        async { r.send().await.unwrap().status().as_u16() }
    };
    assert_eq!(info(None).await, 401);
    assert_eq!(info(Some(token)).await, 200);
}
