//! Canned answers where the real service may differ from the simulator: decoding is tolerant
//! exactly there.

use std::sync::Arc;
use std::time::Duration;

use lockdesk_api::ids::{LockId, OrganizationId};
use lockdesk_api::{
    AccessToken, ApiVersion, ClientCredentials, NoPersistence, OAuth, RetryPolicy, ServiceUrl,
    Session, TokenSet, Transport,
};
use serde_json::json;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

fn oauth(server: &MockServer, retry: RetryPolicy) -> OAuth {
    let transport = Transport::new(
        ServiceUrl::parse(&server.uri()).unwrap(),
        retry,
        Duration::from_secs(5),
    )
    .unwrap();
    let creds = ClientCredentials::new("id", "secret", "https://localhost/cb").unwrap();
    OAuth::new(transport, creds, ApiVersion::V3).unwrap()
}

pub fn client(server: &MockServer, retry: RetryPolicy) -> lockdesk_api::Client {
    let tokens = TokenSet {
        access_token: AccessToken::new("tok".into()),
        refresh_token: None,
        created_at: chrono::Utc::now(),
        expires_at: chrono::Utc::now() + chrono::Duration::days(30),
    };
    lockdesk_api::Client::new(Arc::new(Session::new(
        oauth(server, retry),
        tokens,
        Arc::new(NoPersistence),
    )))
}

pub fn org() -> OrganizationId {
    OrganizationId::parse("O-aaaaa-bbbbb").unwrap()
}

/// A code with a PKCE verifier, as `code_from_redirect` yields it.
fn grant(code: &str) -> lockdesk_api::AuthorizationGrant {
    lockdesk_api::AuthorizationGrant::new(
        oauth2::AuthorizationCode::new(code.into()),
        oauth2::PkceCodeVerifier::new("v".repeat(43)),
    )
}

#[tokio::test]
async fn token_response_with_strings_for_numbers() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/oauth/token"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "access_token": "a", "token_type": "Bearer", "refresh_token": "r",
            "expires_in": "7776000", "created_at": "1504878768"
        })))
        .mount(&server)
        .await;
    let o = oauth(&server, RetryPolicy::default());
    let t = o.exchange_code(grant("c")).await.unwrap();
    assert_eq!(t.created_at.to_rfc3339(), "2017-09-08T13:52:48+00:00");
    assert_eq!((t.expires_at - t.created_at).num_days(), 90);
    assert_eq!(t.refresh_token.unwrap().secret(), "r");
}

#[tokio::test]
async fn token_response_with_numbers_and_oauth_style_error() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/oauth/token"))
        .respond_with(
            ResponseTemplate::new(400)
                .set_body_json(json!({"error": "invalid_grant", "error_description": "expired"})),
        )
        .mount(&server)
        .await;
    let err = oauth(&server, RetryPolicy::default())
        .exchange_code(grant("c"))
        .await
        .unwrap_err();
    assert_eq!(err.code(), "invalid_grant");
    assert!(err.to_string().contains("expired"));
}

#[tokio::test]
async fn token_info_names_the_token_either_way() {
    for key in ["token", "access_token"] {
        let server = MockServer::start().await;
        Mock::given(method("GET"))
            .and(path("/oauth/token/info"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "application_name": "Lockdesk", key: "abc", "refresh_token": "r",
                "created_at": "2017-09-08T13:52:48Z", "expires_at": "2017-12-07T13:52:48Z", "new_field": 1
            })))
            .mount(&server)
            .await;
        let info = oauth(&server, RetryPolicy::default())
            .token_info(&AccessToken::new("abc".into()))
            .await
            .unwrap();
        assert_eq!(info.access_token.unwrap().secret(), "abc", "{key}");
        assert!(
            !format!("{:?}", info.refresh_token).contains('r')
                || format!("{:?}", info.refresh_token).contains("redacted")
        );
    }
}

#[tokio::test]
async fn empty_body_is_an_empty_list_and_unknown_fields_are_ignored() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v3/organizations/O-aaaaa-bbbbb/users"))
        .respond_with(ResponseTemplate::new(200))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v3/organizations/O-aaaaa-bbbbb/locks"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"locks": [{
            "id": "R1234567", "model": "Ctl", "name": "Gate", "lock_remote": {"id": 12345},
            "nfc_reader_inside": {"id": 99, "battery_percentage": 40}, "brand_new_field": {"x": 1}
        }]})))
        .mount(&server)
        .await;
    let c = client(&server, RetryPolicy::default());
    let o = org();
    assert!(c
        .org(&o)
        .users()
        .list(&Default::default())
        .await
        .unwrap()
        .is_empty());
    let locks = c.org(&o).locks().list(&Default::default()).await.unwrap();
    assert_eq!(
        locks[0].lock_remote.as_ref().unwrap().id.as_deref(),
        Some("12345")
    );
    assert_eq!(
        locks[0].nfc_reader_inside.as_ref().unwrap().id.as_deref(),
        Some("99")
    );
    assert_eq!(locks[0].door_sensor, None);
}

#[tokio::test]
async fn malformed_answer_is_a_decode_error() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v3/organizations/O-aaaaa-bbbbb/locks/A1234567"))
        .respond_with(ResponseTemplate::new(200).set_body_string("<html>proxy</html>"))
        .mount(&server)
        .await;
    let err = client(&server, RetryPolicy::default())
        .org(&org())
        .locks()
        .get(&LockId::parse("A1234567").unwrap())
        .await
        .unwrap_err();
    assert_eq!(err.code(), "decode");
}

#[tokio::test]
async fn paging_tolerates_an_inclusive_boundary() {
    use futures::TryStreamExt;
    use lockdesk_api::v3::{PageParams, UserQuery};
    use wiremock::matchers::{query_param, query_param_is_missing};

    let user = |n: u32| json!({"id": format!("U-aaaaa-{n:05}"), "name": format!("u{n}")});
    let server = MockServer::start().await;
    // A service that repeats the element named by id_after at the top of the next page.
    Mock::given(method("GET"))
        .and(path("/v3/organizations/O-aaaaa-bbbbb/users"))
        .and(query_param_is_missing("id_after"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"users": [user(1), user(2), user(3)]})),
        )
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v3/organizations/O-aaaaa-bbbbb/users"))
        .and(query_param("id_after", "U-aaaaa-00003"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"users": [user(3), user(4), user(5)]})),
        )
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v3/organizations/O-aaaaa-bbbbb/users"))
        .and(query_param("id_after", "U-aaaaa-00005"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"users": [user(5)]})))
        .mount(&server)
        .await;
    let c = client(&server, RetryPolicy::default());
    let o = org();
    let all: Vec<_> = c
        .org(&o)
        .users()
        .stream(UserQuery {
            page: PageParams::limit(3),
            ..Default::default()
        })
        .try_collect()
        .await
        .unwrap();
    let ids: Vec<_> = all.iter().map(|u| u.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "U-aaaaa-00001",
            "U-aaaaa-00002",
            "U-aaaaa-00003",
            "U-aaaaa-00004",
            "U-aaaaa-00005"
        ]
    );
}

/// A date out of range in an answer (the year 99999, an epoch before 1970 or beyond what a
/// date can hold, a float past every integer) is a `decode` error naming its field, for a
/// token answer, a v3 listing and the v2 history: never a date that panics further on.
#[tokio::test]
async fn a_date_out_of_range_is_a_decode_error_naming_its_field() {
    let far_dates = [
        json!("+99999-01-01T00:00:00Z"),
        json!(-99_999_999_999_999_i64),
        json!(-1),
        json!(1e300),
    ];
    for far in far_dates {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/oauth/token"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "access_token": "a", "token_type": "Bearer", "refresh_token": "r",
                "expires_in": 7_776_000, "created_at": far
            })))
            .mount(&server)
            .await;
        Mock::given(method("GET"))
            .and(path("/v3/organizations/O-aaaaa-bbbbb/users"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({"users": [
                {"id": "U1", "created_at": "2026-11-24T01:00:00Z"},
                {"id": "U2", "updated_at": far}
            ]})))
            .mount(&server)
            .await;
        Mock::given(method("GET"))
            .and(path("/v2/external/accesses"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "success": true,
                "accesses": [{"is_locked": true, "client_type": "nfc_outside", "created_at": far}]
            })))
            .mount(&server)
            .await;
        let field_of = |e: lockdesk_api::Error| match e {
            lockdesk_api::Error::Decode { field, .. } => field,
            other => panic!("{far}: {other}"),
        };

        let e = oauth(&server, RetryPolicy::default())
            .exchange_code(grant("c"))
            .await
            .unwrap_err();
        assert_eq!(field_of(e).as_deref(), Some("created_at"), "{far}");

        let e = client(&server, RetryPolicy::default())
            .org(&org())
            .users()
            .list(&Default::default())
            .await
            .unwrap_err();
        assert!(e.to_string().contains("users[1].updated_at"), "{far}: {e}");
        assert_eq!(field_of(e).as_deref(), Some("users[1].updated_at"), "{far}");

        let tokens = TokenSet {
            access_token: AccessToken::new("tok".into()),
            refresh_token: None,
            created_at: chrono::Utc::now(),
            expires_at: chrono::Utc::now() + chrono::Duration::hours(2),
        };
        let transport = Transport::new(
            ServiceUrl::parse(&server.uri()).unwrap(),
            RetryPolicy::default(),
            Duration::from_secs(5),
        )
        .unwrap();
        let v2 = lockdesk_api::V2Client::new(
            transport,
            tokens,
            lockdesk_api::RateLimiter::new(50, Duration::from_secs(60)),
        );
        let e = v2
            .accesses(&lockdesk_api::v2::AccessQuery::new("A1234567"))
            .await
            .unwrap_err();
        assert_eq!(
            field_of(e).as_deref(),
            Some("accesses[0].created_at"),
            "{far}"
        );
    }
}
