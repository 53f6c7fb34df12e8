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

    let mut children = Vec::new();
    for _ in 0..4 {
        children.push(
            crate::procs::start(&mut home.command(&["--profile", "work", "token-info"])).await,
        );
    }
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

/// A renewal cut after the service issued new tokens and before they were stored (a process
/// killed then): the service has retired the stored refresh token. The next program finds the
/// note that renewal left and says so (`renewal_interrupted`), as does every program after it,
/// where without the note the same refusal is only "not signed in"; signing in again works.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_renewal_cut_after_the_service_answered_is_told_plainly() {
    let home = Home::new(start_sim());
    home.add_and_login("work", 0).await;
    home.expire("work");
    let stored = home.tokens("work");
    // What the killed renewal did at the service: the stored refresh token spent.
    let client = &home.sim.clients[0];
    let spent = reqwest::Client::new()
        .post(format!("{}/oauth/token", home.sim.base_url))
        .form(&[
            ("grant_type", "refresh_token"),
            ("client_id", client.client_id.as_str()),
            ("client_secret", client.client_secret.as_str()),
            (
                "refresh_token",
                stored.refresh_token.as_ref().unwrap().secret().as_str(),
            ),
        ])
        .send()
        .await
        .unwrap();
    assert!(spent.status().is_success(), "{}", spent.status());

    // Without a note (the refresh token was spent elsewhere): not signed in, no more.
    let refused = home.run(&["--profile", "work", "token-info"]).await;
    assert_eq!(refused.code, 1, "{}", refused.stderr);
    assert!(
        !refused.stderr.contains("renewal_interrupted"),
        "{}",
        refused.stderr
    );

    // The note a renewal of this very pair leaves behind when it is killed.
    let note = home.data().join("locks/work.renewing");
    std::fs::write(&note, stored.expires_at.to_rfc3339()).unwrap();
    let told = home.run(&["--profile", "work", "token-info"]).await;
    assert_eq!(told.code, 1, "{}", told.stderr);
    assert!(
        told.stderr.contains("[renewal_interrupted]"),
        "{}",
        told.stderr
    );
    assert!(told.stderr.contains("sign in again"), "{}", told.stderr);
    // And so does every program after it until a new sign-in (one stopped after the refusal,
    // before it could say so, leaves the next the same words).
    let still = home.run(&["--profile", "work", "token-info"]).await;
    assert!(
        still.stderr.contains("[renewal_interrupted]"),
        "{}",
        still.stderr
    );

    let again = home.login("work").await;
    assert_eq!(again.code, 0, "{}", again.stderr);
    let works = home.run(&["--profile", "work", "token-info"]).await;
    assert_eq!(works.code, 0, "{}", works.stderr);
}
