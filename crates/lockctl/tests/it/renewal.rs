//! Four real `lockctl` processes renewing one sign-in at the same moment (refresh tokens
//! rotate: the one used is revoked). Each must succeed, and the refresh token kept must be the
//! newest, still accepted.

use crate::procs::Home;
use crate::support::{start_sim, take_requests};

/// Refresh grants the simulator answered since the last look.
async fn refreshes(base_url: &str) -> Vec<u16> {
    take_requests(base_url)
        .await
        .into_iter()
        .filter(|r| {
            r.path.starts_with("/oauth/token")
                && r.params.iter().any(|p| p == "grant_type=refresh_token")
        })
        .map(|r| r.status)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_processes_renewing_at_once_all_succeed() {
    let home = Home::new(start_sim());
    home.add_and_login("work", 0).await;
    let before = home.tokens("work");
    home.expire("work");
    // A slow token endpoint: every process has read the keychain before the first renewal
    // ends, as when the app and scheduled jobs start together.
    reqwest::Client::new()
        .post(format!("{}/_sim/faults", home.sim.base_url))
        .json(&serde_json::json!({"latency_ms": 400, "path_prefix": "/oauth/token"}))
        .send()
        .await
        .unwrap()
        .error_for_status()
        .unwrap();
    refreshes(&home.sim.base_url).await;

    let children: Vec<_> = (0..4)
        .map(|_| {
            home.command(&["--profile", "work", "token-info"])
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().await.unwrap();
        assert!(
            out.status.success(),
            "a process failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_eq!(
        refreshes(&home.sim.base_url).await,
        vec![200],
        "one renewal; the others adopted its tokens"
    );
    let kept = home.tokens("work");
    assert_ne!(
        kept.refresh_token.as_ref().unwrap().secret(),
        before.refresh_token.as_ref().unwrap().secret()
    );

    // The kept refresh token is the newest: the next renewal with it is accepted.
    home.expire("work");
    let again = home.run(&["--profile", "work", "token-info"]).await;
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert!(
        again.stdout.contains("application_name"),
        "{}",
        again.stdout
    );
    assert_eq!(refreshes(&home.sim.base_url).await, vec![200]);
    assert!(home.data().join("locks/work.renew.lock").exists());
}
