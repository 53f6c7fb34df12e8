//! Error payloads as the front ends receive them, through `dispatch`.

use std::sync::Arc;

use lockdesk_core::app::context::AppContext;
use lockdesk_core::app::dispatch::dispatch;
use lockdesk_core::core_context::Context;
use lockdesk_core::error::{ErrorCategory, ErrorCode};
use lockdesk_core::secrets::MemoryStore;
use lockdesk_sim::SimOptions;
use serde_json::json;

/// A loopback address nothing listens on.
fn closed_address() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    format!("http://127.0.0.1:{port}")
}

#[tokio::test]
async fn an_unreachable_service_is_named_by_its_address() {
    let dir = tempfile::tempdir().unwrap();
    let core = Context::for_tests(dir.path(), Arc::new(MemoryStore::new()));
    let ctx = AppContext::with_demo_options(core, SimOptions::small());
    let base = closed_address();
    dispatch(
        &ctx,
        "profiles_add",
        json!({
            "name": "office",
            "base_url": base,
            "client_id": "cid",
            "client_secret": "secret",
            "redirect_uri": "https://app.example/callback",
            "api": "v3",
        }),
    )
    .await
    .unwrap();
    let begun = dispatch(
        &ctx,
        "session_begin_sign_in",
        json!({ "profile": "office" }),
    )
    .await
    .unwrap();
    let url = url::Url::parse(begun["url"].as_str().unwrap()).unwrap();
    let state = url
        .query_pairs()
        .find(|(k, _)| k == "state")
        .map(|(_, v)| v.into_owned())
        .unwrap();
    let redirected = format!("https://app.example/callback?code=abc&state={state}");
    let e = dispatch(
        &ctx,
        "session_complete_sign_in",
        json!({ "profile": "office", "redirected_url": redirected }),
    )
    .await
    .unwrap_err();
    assert!(
        matches!(e.code, ErrorCode::Transport | ErrorCode::Timeout),
        "{e:?}"
    );
    assert_eq!(e.category, ErrorCategory::ServiceUnreachable);
    assert_eq!(e.details.base_url.as_deref(), Some(base.as_str()));
    assert!(e.message.contains(&base), "{}", e.message);
    for internal in ["core", "retries", "attempts", "0ns"] {
        assert!(!e.message.contains(internal), "{}", e.message);
    }
    let wire = serde_json::to_value(&e).unwrap();
    assert_eq!(wire["category"], "service_unreachable");
    assert_eq!(wire["details"]["base_url"], base.as_str());
}

#[tokio::test]
async fn command_layer_errors_are_typed() {
    let dir = tempfile::tempdir().unwrap();
    let core = Context::for_tests(dir.path(), Arc::new(MemoryStore::new()));
    let ctx = AppContext::with_demo_options(core, SimOptions::small());
    let e = dispatch(&ctx, "no_such", json!({})).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::UnknownCommand);
    assert_eq!(e.details.command.as_deref(), Some("no_such"));
    let e = dispatch(&ctx, "locks_list", json!({})).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::NotSignedIn);
    assert_eq!(e.category, ErrorCategory::SignInAgain);
    assert_eq!(e.details.api.as_deref(), Some("v3"));
}
