//! PKCE at the simulator's authorization page and token endpoint (RFC 7636, S256 only).

use lockdesk_sim::backend::pkce::s256;
use lockdesk_sim::SimHandle;
use serde_json::Value;

use crate::{http, query_param, sim, REDIRECT};

const VERIFIER: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";

/// Logs in with the PKCE parameters given (as a form post, like the login page does).
async fn login(h: &SimHandle, pkce: &[(&str, &str)]) -> reqwest::Response {
    let client = &h.info().clients[0];
    let mut form = vec![
        ("mail", "admin@example.com"),
        ("password", "lockdesk-demo"),
        ("client_id", client.client_id.as_str()),
        ("redirect_uri", REDIRECT),
        ("response_type", "code"),
        ("state", "st"),
    ];
    form.extend_from_slice(pkce);
    http()
        .post(format!("{}/oauth/authorize/", h.base_url()))
        .form(&form)
        .send()
        .await
        .unwrap()
}

async fn code_for(h: &SimHandle, pkce: &[(&str, &str)]) -> String {
    let resp = login(h, pkce).await;
    assert_eq!(resp.status(), 302);
    let location = resp.headers()["location"].to_str().unwrap().to_owned();
    query_param(&location, "code").expect("a code")
}

/// Exchanges `code`, with `verifier` when given; returns status and body.
async fn exchange(h: &SimHandle, code: &str, verifier: Option<&str>) -> (u16, Value) {
    let client = &h.info().clients[0];
    let mut form = vec![
        ("grant_type", "authorization_code"),
        ("client_id", client.client_id.as_str()),
        ("client_secret", client.client_secret.as_str()),
        ("code", code),
        ("redirect_uri", REDIRECT),
    ];
    if let Some(v) = verifier {
        form.push(("code_verifier", v));
    }
    let resp = http()
        .post(format!("{}/oauth/token", h.base_url()))
        .form(&form)
        .send()
        .await
        .unwrap();
    (resp.status().as_u16(), resp.json().await.unwrap())
}

fn s256_params(challenge: &str) -> [(&str, &str); 2] {
    [
        ("code_challenge", challenge),
        ("code_challenge_method", "S256"),
    ]
}

#[tokio::test]
async fn a_challenged_code_needs_the_matching_verifier() {
    let h = sim().await;
    let challenge = s256(VERIFIER);

    // Matching verifier: tokens.
    let code = code_for(&h, &s256_params(&challenge)).await;
    let (status, body) = exchange(&h, &code, Some(VERIFIER)).await;
    assert_eq!(status, 200, "{body}");
    assert!(body["access_token"].is_string());

    // Another verifier: invalid_grant, and the code is spent.
    let code = code_for(&h, &s256_params(&challenge)).await;
    let other = "x".repeat(43);
    let (status, body) = exchange(&h, &code, Some(&other)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("invalid_grant"))
    );
    let (status, _) = exchange(&h, &code, Some(VERIFIER)).await;
    assert_eq!(status, 400, "a code presented once is consumed");

    // No verifier at all: invalid_grant.
    let code = code_for(&h, &s256_params(&challenge)).await;
    let (status, body) = exchange(&h, &code, None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("invalid_grant"))
    );

    // The challenge itself sent as the verifier ("plain" downgrade): invalid_grant.
    let code = code_for(&h, &s256_params(&challenge)).await;
    let (status, _) = exchange(&h, &code, Some(&challenge)).await;
    assert_eq!(status, 400);
    h.shutdown().await;
}

#[tokio::test]
async fn the_login_form_carries_the_challenge() {
    let h = sim().await;
    let client = &h.info().clients[0];
    let challenge = s256(VERIFIER);
    let page = http()
        .get(format!("{}/oauth/authorize/", h.base_url()))
        .query(&[
            ("client_id", client.client_id.as_str()),
            ("redirect_uri", REDIRECT),
            ("response_type", "code"),
            ("code_challenge", &challenge),
            ("code_challenge_method", "S256"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(
        html.contains(&format!("name=\"code_challenge\" value=\"{challenge}\"")),
        "{html}"
    );
    assert!(html.contains("name=\"code_challenge_method\" value=\"S256\""));
    h.shutdown().await;
}

#[tokio::test]
async fn plain_and_unknown_methods_are_refused_with_invalid_request() {
    let h = sim().await;
    let challenge = s256(VERIFIER);
    let cases: [&[(&str, &str)]; 5] = [
        &[
            ("code_challenge", VERIFIER),
            ("code_challenge_method", "plain"),
        ],
        // No method means "plain" (RFC 7636 4.3).
        &[("code_challenge", VERIFIER)],
        &[
            ("code_challenge", &challenge),
            ("code_challenge_method", "S512"),
        ],
        &[("code_challenge_method", "S256")],
        &[
            ("code_challenge", "short"),
            ("code_challenge_method", "S256"),
        ],
    ];
    for pkce in cases {
        // The form post and the page both answer with a redirect carrying the error.
        let resp = login(&h, pkce).await;
        assert_eq!(resp.status(), 302, "{pkce:?}");
        let location = resp.headers()["location"].to_str().unwrap().to_owned();
        assert!(location.starts_with(REDIRECT), "{location}");
        assert_eq!(
            query_param(&location, "error").as_deref(),
            Some("invalid_request")
        );
        assert_eq!(query_param(&location, "state").as_deref(), Some("st"));
        assert!(query_param(&location, "code").is_none(), "{location}");

        let client = &h.info().clients[0];
        let mut query = vec![
            ("client_id", client.client_id.as_str()),
            ("redirect_uri", REDIRECT),
            ("response_type", "code"),
        ];
        query.extend_from_slice(pkce);
        let page = http()
            .get(format!("{}/oauth/authorize/", h.base_url()))
            .query(&query)
            .send()
            .await
            .unwrap();
        assert_eq!(page.status(), 302, "{pkce:?}");
        let location = page.headers()["location"].to_str().unwrap();
        assert_eq!(
            query_param(location, "error").as_deref(),
            Some("invalid_request")
        );
    }
    h.shutdown().await;
}

#[tokio::test]
async fn without_a_challenge_no_verifier_is_needed() {
    let h = sim().await;
    let code = code_for(&h, &[]).await;
    let (status, _) = exchange(&h, &code, None).await;
    assert_eq!(status, 200);
    // An empty verifier is no verifier.
    let code = code_for(&h, &[]).await;
    let (status, _) = exchange(&h, &code, Some("")).await;
    assert_eq!(status, 200);
    h.shutdown().await;
}

/// RFC 9700's downgrade check: a verifier for a code issued without a challenge (one stripped
/// from the authorization request on the way) is refused, and the code is spent.
#[tokio::test]
async fn a_verifier_for_a_code_without_a_challenge_is_refused() {
    let h = sim().await;
    let code = code_for(&h, &[]).await;
    let (status, body) = exchange(&h, &code, Some(VERIFIER)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("invalid_grant")),
        "{body}"
    );
    let (status, _) = exchange(&h, &code, None).await;
    assert_eq!(status, 400, "a code presented once is consumed");
    h.shutdown().await;
}

/// The request log (`/_sim/requests`, read by parity tests) keeps the names of a sign-in's
/// secrets but never their values: password, code, client secret, verifier, tokens.
#[tokio::test]
async fn the_request_log_never_holds_a_secret() {
    let h = sim().await;
    let challenge = s256(VERIFIER);
    let code = code_for(&h, &s256_params(&challenge)).await;
    let (status, tokens) = exchange(&h, &code, Some(VERIFIER)).await;
    assert_eq!(status, 200);
    let client = &h.info().clients[0];
    let refresh = tokens["refresh_token"].as_str().unwrap();
    let access = tokens["access_token"].as_str().unwrap();
    let renewed = http()
        .post(format!("{}/oauth/token", h.base_url()))
        .bearer_auth(access)
        .form(&[
            ("grant_type", "refresh_token"),
            ("client_id", client.client_id.as_str()),
            ("client_secret", client.client_secret.as_str()),
            ("refresh_token", refresh),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(renewed.status(), 200);
    let log = http()
        .get(format!("{}/_sim/requests", h.base_url()))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    for secret in [
        "lockdesk-demo",
        code.as_str(),
        client.client_secret.as_str(),
        VERIFIER,
        refresh,
        access,
    ] {
        assert!(!log.contains(secret), "{secret} in {log}");
    }
    for name in [
        "password",
        "code",
        "client_secret",
        "code_verifier",
        "refresh_token",
    ] {
        assert!(
            log.contains(&format!("{name}=<redacted>")),
            "{name} in {log}"
        );
    }
    h.shutdown().await;
}
