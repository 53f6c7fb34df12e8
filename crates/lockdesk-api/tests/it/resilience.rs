//! Retries: 429 and 5xx with backoff honouring Retry-After, never a blind second POST, no
//! redirects followed, and the simulator's fault injection survived by idempotent calls.

use std::time::Duration;

use lockdesk_api::v3::{LockQuery, NewInvitation};
use lockdesk_api::RetryPolicy;
use serde_json::json;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::support::*;
use crate::tolerant::{client, org};

fn quick() -> RetryPolicy {
    RetryPolicy {
        base_delay: Duration::from_millis(5),
        ..RetryPolicy::default()
    }
}

#[tokio::test]
async fn get_is_retried_after_503_honouring_retry_after() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v3/organizations/O-aaaaa-bbbbb/locks"))
        .respond_with(ResponseTemplate::new(503).insert_header("Retry-After", "1"))
        .up_to_n_times(2)
        .expect(2)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v3/organizations/O-aaaaa-bbbbb/locks"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"locks": []})))
        .expect(1)
        .mount(&server)
        .await;
    let started = std::time::Instant::now();
    client(&server, quick())
        .org(&org())
        .locks()
        .list(&LockQuery::default())
        .await
        .unwrap();
    assert!(
        started.elapsed() >= Duration::from_secs(2),
        "waited as asked"
    );
}

#[tokio::test]
async fn post_is_not_retried_after_a_server_error() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v3/organizations/O-aaaaa-bbbbb/user_invitations"))
        .respond_with(ResponseTemplate::new(502))
        .expect(1)
        .mount(&server)
        .await;
    let err = client(&server, quick())
        .org(&org())
        .invitations()
        .create(&NewInvitation {
            mail: "a@b.co".into(),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(err.status(), Some(502));
}

#[tokio::test]
async fn post_is_retried_after_429() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v3/organizations/O-aaaaa-bbbbb/user_invitations"))
        .respond_with(ResponseTemplate::new(429).insert_header("Retry-After", "0"))
        .up_to_n_times(1)
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/v3/organizations/O-aaaaa-bbbbb/user_invitations"))
        .respond_with(ResponseTemplate::new(204))
        .expect(1)
        .mount(&server)
        .await;
    client(&server, quick())
        .org(&org())
        .invitations()
        .create(&NewInvitation {
            mail: "a@b.co".into(),
            ..Default::default()
        })
        .await
        .unwrap();
}

#[tokio::test]
async fn redirects_are_not_followed() {
    let elsewhere = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200))
        .expect(0)
        .mount(&elsewhere)
        .await;
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(
            ResponseTemplate::new(302)
                .insert_header("Location", format!("{}/steal", elsewhere.uri())),
        )
        .mount(&server)
        .await;
    let err = client(&server, quick())
        .org(&org())
        .locks()
        .list(&LockQuery::default())
        .await
        .unwrap_err();
    assert_eq!(err.status(), Some(302));
}

#[tokio::test]
async fn idempotent_calls_survive_injected_faults() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let org = first_org(&s.client).await;
    let baseline = s
        .client
        .org(&org)
        .locks()
        .list(&LockQuery::default())
        .await
        .unwrap();
    post(
        &sim,
        "faults",
        json!({"error_rate": 0.3, "drop_rate": 0.2, "status": 503, "path_prefix": "/v3/"}),
    )
    .await;
    for _ in 0..10 {
        let again = s
            .client
            .org(&org)
            .locks()
            .list(&LockQuery::default())
            .await
            .expect("retried through faults");
        assert_eq!(again, baseline);
    }
    post(&sim, "faults", json!({"error_rate": 0.0, "drop_rate": 0.0})).await;
}

/// A service nobody answers at: retried (a GET), then reported as the last failure, naming the
/// address and no retry bookkeeping.
#[tokio::test]
async fn an_unreachable_service_is_named_by_its_address() {
    use std::sync::Arc;

    use lockdesk_api::{
        AccessToken, ApiVersion, ClientCredentials, NoPersistence, OAuth, ServiceUrl, Session,
        TokenSet, Transport,
    };

    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    drop(listener);
    let transport = Transport::new(
        ServiceUrl::parse(&base).unwrap(),
        quick(),
        Duration::from_secs(5),
    )
    .unwrap();
    let creds = ClientCredentials::new("id", "secret", "https://localhost/cb").unwrap();
    let oauth = OAuth::new(transport, creds, ApiVersion::V3).unwrap();
    let tokens = TokenSet {
        access_token: AccessToken::new("tok".into()),
        refresh_token: None,
        created_at: chrono::Utc::now(),
        expires_at: chrono::Utc::now() + chrono::Duration::days(30),
    };
    let client = lockdesk_api::Client::new(Arc::new(Session::new(
        oauth,
        tokens,
        Arc::new(NoPersistence),
    )));
    let err = client
        .org(&org())
        .locks()
        .list(&LockQuery::default())
        .await
        .unwrap_err();
    assert!(
        matches!(err, lockdesk_api::Error::RetriesExhausted { .. }),
        "a GET is retried: {err:?}"
    );
    assert_eq!(err.code(), "transport");
    assert_eq!(err.base_url(), Some(base.as_str()));
    let message = err.to_string();
    assert!(message.contains(&base), "{message}");
    for internal in ["retries", "attempts", "0ns"] {
        assert!(!message.contains(internal), "{message}");
    }
}

#[tokio::test]
async fn a_retried_server_error_reads_as_the_service_said() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v3/organizations/O-aaaaa-bbbbb/locks"))
        .respond_with(
            ResponseTemplate::new(503)
                .set_body_json(json!({"code": "maintenance", "message": "down for maintenance"})),
        )
        .mount(&server)
        .await;
    let err = client(&server, quick())
        .org(&org())
        .locks()
        .list(&LockQuery::default())
        .await
        .unwrap_err();
    assert_eq!(err.status(), Some(503));
    let message = err.to_string();
    assert!(message.contains("down for maintenance"), "{message}");
    assert!(!message.contains("retries"), "{message}");
}

/// The service acts and the answer is lost: a POST comes back as `answer_lost` (never
/// "failed", never sent twice), a GET or PUT is simply sent again.
#[tokio::test]
async fn a_lost_answer_to_a_post_is_answer_lost_and_sent_once() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let org = first_org(&s.client).await;
    post(
        &sim,
        "faults",
        json!({"lose_answer_rate": 1.0, "methods": ["POST"], "path_prefix": "/v3/"}),
    )
    .await;
    let invitations = s.client.org(&org).invitations();
    let new = NewInvitation {
        mail: "lost@example.com".into(),
        authority: None,
        code: None,
    };
    let err = invitations.create(&new).await.unwrap_err();
    assert_eq!(err.code(), "answer_lost", "{err:?}");
    assert!(err.is_answer_lost());
    assert_eq!(err.base_url(), Some(sim.base_url()));
    // The service did act, once: the list (a GET, untouched) shows one invitation.
    let listed = invitations
        .list_all(&Default::default())
        .await
        .unwrap()
        .into_iter()
        .filter(|i| i.user.as_ref().and_then(|u| u.mail.as_deref()) == Some("lost@example.com"))
        .count();
    assert_eq!(listed, 1);

    // Lost answers to GETs are retried until one arrives.
    post(
        &sim,
        "faults",
        json!({"lose_answer_rate": 0.5, "methods": ["GET"], "path_prefix": "/v3/"}),
    )
    .await;
    for _ in 0..5 {
        s.client
            .org(&org)
            .locks()
            .list(&LockQuery::default())
            .await
            .expect("a GET whose answer was lost is sent again");
    }
    post(&sim, "faults", json!({})).await;
}
