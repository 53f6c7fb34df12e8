//! Sign-in and the token state tables: code use and expiry, token expiry and reissue, revoke,
//! demotion, and single-flight renewal.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use lockdesk_api::ids::{OrganizationId, UserId};
use lockdesk_api::models::Authority;
use lockdesk_api::v3::{UserQuery, UserUpdate};
use lockdesk_api::{Error, NoPersistence, ServiceCode, Session};
use serde_json::json;

use crate::support::*;

#[tokio::test]
async fn sign_in_checks_state_and_issues_refreshable_tokens() {
    let sim = sim().await;
    let info = v3_client(&sim);
    let oauth = oauth_for(&sim, &info);
    let request = oauth.begin_sign_in();
    assert!(request
        .url
        .as_str()
        .starts_with(&format!("{}/oauth/authorize/", sim.base_url())));
    let q: Vec<(String, String)> = request.url.query_pairs().into_owned().collect();
    assert!(q.contains(&("response_type".into(), "code".into())));
    assert!(q.contains(&("client_id".into(), info.client_id.clone())));
    assert!(q.contains(&("state".into(), request.state().to_owned())));

    // A redirect produced for another sign-in attempt is refused.
    let foreign = redirect_location(&sim, &info, ADMIN, &oauth.begin_sign_in()).await;
    assert!(matches!(
        oauth.code_from_redirect(&request, &foreign),
        Err(Error::StateMismatch)
    ));
    // A bare code carries no state: refused too.
    assert!(oauth.code_from_redirect(&request, "abcdef").is_err());

    let location = redirect_location(&sim, &info, ADMIN, &request).await;
    assert!(location.starts_with(&info.redirect_uri));
    let code = oauth.code_from_redirect(&request, &location).unwrap();
    let tokens = oauth.exchange_code(code).await.unwrap();
    assert!(tokens.refresh_token.is_some());
    let days = (tokens.expires_at - tokens.created_at).num_days();
    assert_eq!(days, 90);
    // Debug never shows a secret.
    let debug = format!("{tokens:?}");
    assert!(!debug.contains(tokens.access_token.secret()), "{debug}");

    // Codes are single-use.
    let code = oauth.code_from_redirect(&request, &location).unwrap();
    let again = oauth.exchange_code(code).await.unwrap_err();
    assert!(again.is(&ServiceCode::InvalidGrant), "{again:?}");
    assert_eq!(again.status(), Some(400));

    let info_resp = oauth.token_info(&tokens.access_token).await.unwrap();
    assert!(info_resp.application_name.is_some());
    assert!(info_resp.expires_at.is_some());
}

#[tokio::test]
async fn member_cannot_authorize_and_unregistered_redirect_is_refused() {
    let sim = sim().await;
    let info = v3_client(&sim);
    let request = oauth_for(&sim, &info).begin_sign_in();
    let resp = authorize(&sim, &info, MEMBER, &request).await;
    assert_eq!(resp.status(), 403);
    let mut other = info.clone();
    other.redirect_uri = "https://evil.example/cb".into();
    let resp = authorize(&sim, &other, ADMIN, &request).await;
    assert_eq!(resp.status(), 400, "never redirect to an unregistered URI");
    assert!(resp.headers().get("location").is_none());
}

#[tokio::test]
async fn code_expires_after_thirty_minutes() {
    let sim = sim().await;
    let info = v3_client(&sim);
    let oauth = oauth_for(&sim, &info);
    let request = oauth.begin_sign_in();
    let location = redirect_location(&sim, &info, ADMIN, &request).await;
    let code = oauth.code_from_redirect(&request, &location).unwrap();
    post(&sim, "clock", json!({"advance_seconds": 31 * 60})).await;
    let err = oauth.exchange_code(code).await.unwrap_err();
    assert!(err.is(&ServiceCode::InvalidGrant), "{err:?}");
}

#[tokio::test]
async fn expired_token_is_renewed_once_on_invalid_token() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let org = first_org(&s.client).await;
    // The service's clock passes 90 days; ours does not, so the first call meets invalid_token.
    post(&sim, "clock", json!({"advance_seconds": 91 * 86400})).await;
    let locks = s
        .client
        .org(&org)
        .locks()
        .list(&Default::default())
        .await
        .unwrap();
    assert!(!locks.is_empty());
    assert_eq!(
        s.sink.0.load(Ordering::SeqCst),
        1,
        "renewed and persisted once"
    );
}

#[tokio::test]
async fn token_is_renewed_before_it_expires() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let before = s.client.session().tokens().await;
    // Both clocks move to the last hours of the 90 days: renewal happens before any refusal.
    post(&sim, "clock", json!({"advance_seconds": 90 * 86400 - 3600})).await;
    s.clock.advance(90 * 86400 - 3600);
    first_org(&s.client).await;
    let after = s.client.session().tokens().await;
    assert_ne!(before.access_token.secret(), after.access_token.secret());
    assert_ne!(
        before.refresh_token.as_ref().unwrap().secret(),
        after.refresh_token.as_ref().unwrap().secret(),
        "the refresh token rotates"
    );
    assert_eq!(s.sink.0.load(Ordering::SeqCst), 1);
    // The replaced refresh token no longer works.
    let stale = s
        .client
        .session()
        .oauth()
        .refresh(before.refresh_token.as_ref().unwrap())
        .await;
    assert!(stale.unwrap_err().is(&ServiceCode::InvalidGrant));
}

#[tokio::test]
async fn concurrent_callers_share_one_renewal() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let org = first_org(&s.client).await;
    post(&sim, "clock", json!({"advance_seconds": 91 * 86400})).await;
    let calls = (0..16).map(|_| {
        let client = s.client.clone();
        let org = org.clone();
        tokio::spawn(async move { client.org(&org).locks().list(&Default::default()).await })
    });
    for call in futures::future::join_all(calls).await {
        call.unwrap().unwrap();
    }
    assert_eq!(
        s.sink.0.load(Ordering::SeqCst),
        1,
        "one reissue for 16 callers"
    );
}

#[tokio::test]
async fn revoked_session_cannot_be_used() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let tokens = s.client.session().tokens().await;
    s.client.session().revoke().await.unwrap();
    let err = s
        .client
        .session()
        .oauth()
        .token_info(&tokens.access_token)
        .await
        .unwrap_err();
    assert!(err.is(&ServiceCode::InvalidRequest), "{err:?}");
    assert_eq!(err.status(), Some(401));
    let err = s
        .client
        .organizations()
        .list(&Default::default())
        .await
        .unwrap_err();
    assert_eq!(err.code(), "not_signed_in", "{err:?}");
}

#[tokio::test]
async fn revoke_with_wrong_client_secret_is_invalid_client() {
    let sim = sim().await;
    let info = v3_client(&sim);
    let oauth = oauth_for(&sim, &info);
    let tokens = sign_in_with(&sim, &oauth, &info, ADMIN).await;
    let mut wrong = info.clone();
    wrong.client_secret = "not-the-secret".into();
    let err = oauth_for(&sim, &wrong)
        .revoke(&tokens.access_token, tokens.access_token.secret())
        .await
        .unwrap_err();
    assert!(err.is(&ServiceCode::InvalidClient), "{err:?}");
    assert_eq!(err.status(), Some(401));
    // Wrong secret on the token endpoint: invalid_grant.
    let err = oauth_for(&sim, &wrong)
        .refresh(tokens.refresh_token.as_ref().unwrap())
        .await
        .unwrap_err();
    assert!(err.is(&ServiceCode::InvalidGrant), "{err:?}");
}

#[tokio::test]
async fn demotion_to_member_invalidates_the_managers_tokens() {
    let sim = sim().await;
    let admin = signed_in(&sim, ADMIN).await;
    let manager = signed_in(&sim, MANAGER).await;
    let org = first_org(&admin.client).await;
    first_org(&manager.client).await;
    let found = admin
        .client
        .org(&org)
        .users()
        .list(&UserQuery {
            user_mail: Some(MANAGER.into()),
            ..Default::default()
        })
        .await
        .unwrap();
    let id = UserId::parse(found[0].id.clone()).unwrap();
    admin
        .client
        .org(&org)
        .users()
        .update(
            &id,
            &UserUpdate {
                authority: Some(Authority::Member),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let err = manager
        .client
        .organizations()
        .list(&Default::default())
        .await
        .unwrap_err();
    assert!(
        matches!(err.code(), "not_signed_in" | "invalid_token"),
        "demoted account must be signed out: {err:?}"
    );
}

#[tokio::test]
async fn deleted_account_tokens_are_invalid() {
    let sim = sim().await;
    let info = v3_client(&sim);
    let oauth = oauth_for(&sim, &info);
    let tokens = sign_in_with(&sim, &oauth, &info, MANAGER).await;
    post(&sim, "accounts/delete", json!({"mail": MANAGER})).await;
    let session = Session::new(oauth, tokens, Arc::new(NoPersistence));
    let client = lockdesk_api::Client::new(Arc::new(session));
    let err = client
        .organizations()
        .list(&Default::default())
        .await
        .unwrap_err();
    assert_eq!(err.code(), "not_signed_in", "{err:?}");
    let _ = OrganizationId::parse("O-aaaaa-bbbbb").unwrap();
}
