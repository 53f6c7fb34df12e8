//! Renewal of one sign-in from several sessions at once, each with its own copy of the stored
//! tokens as separate programs have: the profile's lock file lets one renew, the others adopt
//! what it stored (refresh tokens rotate, so a second refresh with the same one is refused).

use std::time::Duration;

use lockdesk_api::{ApiVersion, TokenSet};
use lockdesk_core::error::ErrorCode;
use lockdesk_core::sessions::sign_in;
use lockdesk_core::sessions::token_store::{
    load_tokens, renewal_lock_path, save_tokens, take_renewal_lock,
};
use serde_json::json;

use crate::support::world;

fn work(w: &crate::support::World) -> lockdesk_core::profiles::store::Profile {
    lockdesk_core::profiles::store::ProfileStore::new(&w.ctx)
        .get("work")
        .unwrap()
}

fn stored(w: &crate::support::World) -> TokenSet {
    load_tokens(w.secrets.as_ref(), &work(w)).unwrap().unwrap()
}

fn expire(w: &crate::support::World) {
    let mut t = stored(w);
    t.expires_at = chrono::Utc::now() - chrono::Duration::hours(1);
    save_tokens(w.secrets.as_ref(), &work(w), &t).unwrap();
}

async fn sim_post(w: &crate::support::World, path: &str, body: serde_json::Value) {
    reqwest::Client::new()
        .post(format!("{}/_sim/{path}", w.sim.base_url()))
        .json(&body)
        .send()
        .await
        .unwrap()
        .error_for_status()
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sessions_renewing_at_once_share_one_refresh() {
    let w = world().await;
    w.add_profile("work", ApiVersion::V3).await;
    w.sign_in("work").await;
    let first = stored(&w);
    expire(&w);
    // Slow renewals: every session has read the tokens before the first renewal ends.
    sim_post(
        &w,
        "faults",
        json!({"latency_ms": 300, "path_prefix": "/oauth/token"}),
    )
    .await;
    let calls = (0..4).map(|_| sign_in::token_info(&w.ctx, "work"));
    for status in futures::future::join_all(calls).await {
        status.expect("every session stays signed in");
    }
    let kept = stored(&w);
    assert_ne!(
        kept.refresh_token.as_ref().unwrap().secret(),
        first.refresh_token.as_ref().unwrap().secret()
    );
    assert!(kept.expires_at > chrono::Utc::now());
    // The kept refresh token is the live one: renewing with it works.
    expire(&w);
    sign_in::token_info(&w.ctx, "work").await.unwrap();
    assert!(w.dir.path().join("data/locks/work.renew.lock").exists());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_renewal_held_too_long_elsewhere_is_renewal_busy() {
    let path = renewal_lock_path(
        &std::env::temp_dir().join(format!("ld-lock-{}", std::process::id())),
        "p",
    );
    let held = take_renewal_lock(&path, Duration::ZERO).unwrap();
    let err = take_renewal_lock(&path, Duration::from_millis(100)).unwrap_err();
    assert!(
        matches!(err, lockdesk_api::RenewalLockError::Busy { .. }),
        "{err:?}"
    );
    drop(held);
    take_renewal_lock(&path, Duration::ZERO).expect("free once released");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
    assert_eq!(
        ErrorCode::from_api(&lockdesk_api::Error::RenewalBusy { waited_secs: 90 }),
        ErrorCode::RenewalBusy
    );
}

/// The keychain refuses the renewed pair (locked meanwhile): the app keeps working with it,
/// the status names the connection for the banner, and "Save again" stores it once the
/// keychain takes it.
#[tokio::test]
async fn the_app_tells_of_a_renewed_sign_in_the_keychain_refused_and_saves_it_again() {
    use lockdesk_core::app::context::AppContext;
    use lockdesk_core::app::dispatch::dispatch;

    let w = world().await;
    w.add_profile("work", ApiVersion::V3).await;
    w.sign_in("work").await;
    let app = AppContext::new(lockdesk_core::core_context::Context::for_tests(
        w.dir.path(),
        w.secrets.clone(),
    ));
    expire(&w);
    let expired = stored(&w);
    w.secrets.refuse_writes(true);
    dispatch(&app, "orgs_list", json!({}))
        .await
        .expect("the renewed pair is used");
    let status = dispatch(&app, "session_status", json!({})).await.unwrap();
    let unsaved = status["unsaved_sign_ins"].as_array().unwrap();
    assert_eq!(unsaved.len(), 1, "{status}");
    assert_eq!(unsaved[0]["profile"], "work");
    assert!(unsaved[0]["reason"].as_str().unwrap().len() > 3);
    // Still refused: still said.
    let again = dispatch(&app, "session_save_sign_ins", json!({}))
        .await
        .unwrap();
    assert_eq!(again["unsaved_sign_ins"].as_array().unwrap().len(), 1);
    assert_eq!(
        stored(&w).access_token.secret(),
        expired.access_token.secret()
    );

    w.secrets.refuse_writes(false);
    let saved = dispatch(&app, "session_save_sign_ins", json!({}))
        .await
        .unwrap();
    assert_eq!(saved["unsaved_sign_ins"], json!([]));
    let kept = stored(&w);
    assert_ne!(kept.access_token.secret(), expired.access_token.secret());
    assert!(kept.expires_at > chrono::Utc::now());
    // What was kept is the live pair: another program signs in with it.
    sign_in::token_info(&w.ctx, "work").await.unwrap();
}
