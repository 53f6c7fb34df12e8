use std::fs;

use futures::TryStreamExt;
use lockdesk_api::v3::PageParams;
use lockdesk_api::{ApiVersion, TokenSet};
use lockdesk_core::organizations::choose::choose_organization;
use lockdesk_core::profiles::store::ProfileStore;
use lockdesk_core::secrets::SecretStore;
use lockdesk_core::sessions::sign_in;

use crate::support::{authorize, world};

fn stored_tokens(w: &crate::support::World, profile: &str) -> TokenSet {
    let text = w
        .secrets
        .get(&format!("{profile}/tokens"))
        .unwrap()
        .unwrap();
    serde_json::from_str(&text).unwrap()
}

#[tokio::test]
async fn sign_in_keeps_secrets_in_the_keychain_only() {
    let w = world().await;
    w.add_profile("work", ApiVersion::V3).await;
    assert_eq!(
        sign_in::open_v3(&w.ctx, "work").await.unwrap_err().code(),
        lockdesk_core::error::ErrorCode::NotSignedIn
    );
    w.sign_in("work").await;
    let tokens = stored_tokens(&w, "work");
    let refresh = tokens
        .refresh_token
        .clone()
        .expect("v3 has a refresh token");

    let file = fs::read_to_string(w.dir.path().join("profiles.json")).unwrap();
    assert!(file.contains("\"work\""));
    for secret in [
        w.client_secret(0),
        tokens.access_token.secret().clone(),
        refresh.secret().clone(),
    ] {
        assert!(!file.contains(&secret), "a secret reached profiles.json");
    }

    let client = sign_in::open_v3(&w.ctx, "work").await.unwrap();
    let orgs: Vec<_> = client
        .organizations()
        .stream(PageParams::default())
        .try_collect()
        .await
        .unwrap();
    assert!(!orgs.is_empty());
    let org = choose_organization(&w.ctx, "work", &client, Some(orgs[0].id.as_str()))
        .await
        .unwrap();
    assert_eq!(
        ProfileStore::new(&w.ctx)
            .settings("work")
            .unwrap()
            .organization_id
            .as_deref(),
        Some(org.as_str())
    );
    let status = sign_in::token_info(&w.ctx, "work").await.unwrap();
    assert!(status.renewable);
    assert!(!format!("{status:?}").contains(tokens.access_token.secret().as_str()));
}

#[tokio::test]
async fn a_redirect_from_another_attempt_is_refused() {
    let w = world().await;
    w.add_profile("work", ApiVersion::V3).await;
    let first = sign_in::begin_sign_in(&w.ctx, "work").await.unwrap();
    let second = sign_in::begin_sign_in(&w.ctx, "work").await.unwrap();
    assert_ne!(first.state, second.state);
    let redirected = authorize(w.sim.base_url(), &first, "admin@example.com").await;
    let err = sign_in::complete_sign_in(&w.ctx, "work", &second, &redirected)
        .await
        .unwrap_err();
    assert_eq!(err.code(), lockdesk_core::error::ErrorCode::StateMismatch);
    assert!(w.secrets.get("work/tokens").unwrap().is_none());
    // The right attempt still works.
    sign_in::complete_sign_in(&w.ctx, "work", &first, &redirected)
        .await
        .unwrap();
}

#[tokio::test]
async fn each_sign_in_has_its_own_pkce_verifier_kept_out_of_sight() {
    let w = world().await;
    w.add_profile("work", ApiVersion::V3).await;
    let first = sign_in::begin_sign_in(&w.ctx, "work").await.unwrap();
    let second = sign_in::begin_sign_in(&w.ctx, "work").await.unwrap();
    assert_ne!(first.pkce_verifier(), second.pkce_verifier());
    let challenge = |p: &sign_in::PendingSignIn| {
        p.url
            .query_pairs()
            .find(|(k, _)| k == "code_challenge")
            .map(|(_, v)| v.into_owned())
    };
    assert_eq!(
        challenge(&first),
        Some(lockdesk_sim::backend::pkce::s256(first.pkce_verifier()))
    );
    let debug = format!("{first:?}");
    assert!(!debug.contains(first.pkce_verifier()), "{debug}");
    // The code of the first attempt is redeemed with the first attempt's verifier only: the
    // simulator checks it (the second attempt's state is forged to match).
    let redirected = authorize(w.sim.base_url(), &first, "admin@example.com").await;
    let forged = redirected.replace(&first.state, &second.state);
    let err = sign_in::complete_sign_in(&w.ctx, "work", &second, &forged)
        .await
        .unwrap_err();
    assert_eq!(
        err.code(),
        lockdesk_core::error::ErrorCode::InvalidGrant,
        "{err:?}"
    );
    assert!(w.secrets.get("work/tokens").unwrap().is_none());
}

#[tokio::test]
async fn sign_out_revokes_at_the_service() {
    let w = world().await;
    w.add_profile("work", ApiVersion::V3).await;
    w.sign_in("work").await;
    let old = w.secrets.get("work/tokens").unwrap().unwrap();
    let out = sign_in::sign_out(&w.ctx, "work").await.unwrap();
    assert!(out.revoked, "{out:?}");
    assert!(w.secrets.get("work/tokens").unwrap().is_none());
    assert_eq!(
        sign_in::token_info(&w.ctx, "work")
            .await
            .unwrap_err()
            .code(),
        lockdesk_core::error::ErrorCode::NotSignedIn
    );
    // Put the revoked pair back: the service refuses it.
    w.secrets.set("work/tokens", &old).unwrap();
    let err = sign_in::token_info(&w.ctx, "work").await.unwrap_err();
    assert!(
        matches!(
            err.code(),
            lockdesk_core::error::ErrorCode::NotSignedIn
                | lockdesk_core::error::ErrorCode::InvalidToken
                | lockdesk_core::error::ErrorCode::V2SessionExpired
                | lockdesk_core::error::ErrorCode::InvalidRequest
        ),
        "{err:?}"
    );
    // Signing out again with the dead pair still cleans up, and says so.
    let out = sign_in::sign_out(&w.ctx, "work").await.unwrap();
    assert!(!out.revoked);
    assert!(w.secrets.get("work/tokens").unwrap().is_none());
}

#[tokio::test]
async fn v2_profile_reads_history_with_one_shared_limiter() {
    let w = world().await;
    w.add_profile("hist", ApiVersion::V2).await;
    w.sign_in("hist").await;
    assert_eq!(
        sign_in::open_v3(&w.ctx, "hist").await.unwrap_err().code(),
        lockdesk_core::error::ErrorCode::WrongApi
    );
    let a = sign_in::open_v2(&w.ctx, "hist").await.unwrap();
    let b = sign_in::open_v2(&w.ctx, "hist").await.unwrap();
    assert!(std::sync::Arc::ptr_eq(a.limiter(), b.limiter()));
    let locks = a.locks().await.unwrap();
    assert!(!locks.is_empty());
}
