//! A simulator started with a control token (the app's demo): its control API needs the token
//! and every route its own address as Host; the service API and image reads need no token.
//! Without a token nothing changes.

use lockdesk_sim::{random_control_token, SimHandle, SimOptions, CONTROL_TOKEN_HEADER};
use reqwest::header::HOST;
use serde_json::Value;

use crate::{access_token, first_lock_url, http, sim, sim_with};

async fn guarded() -> SimHandle {
    sim_with(SimOptions {
        control_token: Some(random_control_token()),
        ..SimOptions::small()
    })
    .await
}

/// `GET path` with these headers; the status.
async fn status(h: &SimHandle, path: &str, headers: &[(&str, &str)]) -> u16 {
    let mut r = http().get(format!("{}{path}", h.base_url()));
    for (k, v) in headers {
        r = r.header(*k, *v);
    }
    r.send().await.unwrap().status().as_u16()
}

fn port(h: &SimHandle) -> u16 {
    url::Url::parse(h.base_url()).unwrap().port().unwrap()
}

#[tokio::test]
async fn the_control_api_needs_the_token_and_the_own_host() {
    let h = guarded().await;
    let token = h.control_token().unwrap().to_owned();
    assert_eq!(token.len(), 64);
    let with_token = (CONTROL_TOKEN_HEADER, token.as_str());
    for path in [
        "/_sim/info",
        "/_sim/clock",
        "/_sim/requests",
        "/_sim/faults",
    ] {
        assert_eq!(status(&h, path, &[]).await, 401, "{path}");
        assert_eq!(
            status(&h, path, &[(CONTROL_TOKEN_HEADER, &"0".repeat(64))]).await,
            401,
            "{path}"
        );
        assert_eq!(status(&h, path, &[with_token]).await, 200, "{path}");
    }
    let rebound = format!("evil.example:{}", port(&h));
    let localhost = format!("localhost:{}", port(&h));
    assert_eq!(
        status(&h, "/_sim/info", &[with_token, ("host", &rebound)]).await,
        421
    );
    assert_eq!(
        status(&h, "/_sim/info", &[with_token, ("host", &localhost)]).await,
        200
    );
    // A write without the token does nothing.
    let r = http()
        .post(format!("{}/_sim/clock", h.base_url()))
        .json(&serde_json::json!({ "advance_seconds": 86400 }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["code"], "control_token");
    h.shutdown().await;
}

/// The service API keeps its own checks (no control token), but a rebound Host is refused
/// there too; images are read without the token.
#[tokio::test]
async fn the_service_and_its_images_need_no_token_but_the_own_host() {
    let h = guarded().await;
    // The sign-in (authorization page, token endpoint) and the API, without the token.
    let token = access_token(&h, "admin@example.com").await;
    let rebound = format!("evil.example:{}", port(&h));
    let r = http()
        .get(format!("{}/v3/organizations", h.base_url()))
        .bearer_auth(&token)
        .header(HOST, &rebound)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 421);
    assert_eq!(
        status(&h, "/oauth/authorize/", &[("host", &rebound)]).await,
        421
    );

    let png = b"\x89PNG\r\n\x1a\n0000".to_vec();
    let form = reqwest::multipart::Form::new().part(
        "lock_image",
        reqwest::multipart::Part::bytes(png.clone()).file_name("a.png"),
    );
    let v: Value = http()
        .put(first_lock_url(&h, &token).await)
        .bearer_auth(&token)
        .multipart(form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let image_url = v["lock"]["image_url"].as_str().unwrap();
    let r = http().get(image_url).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.bytes().await.unwrap().to_vec(), png);
    let r = http()
        .get(image_url)
        .header(HOST, &rebound)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 421);
    h.shutdown().await;
}

#[tokio::test]
async fn without_a_token_nothing_is_checked() {
    let h = sim().await;
    assert!(h.control_token().is_none());
    let rebound = format!("evil.example:{}", port(&h));
    assert_eq!(status(&h, "/_sim/info", &[]).await, 200);
    assert_eq!(status(&h, "/_sim/info", &[("host", &rebound)]).await, 200);
    h.shutdown().await;
}

#[tokio::test]
async fn an_empty_token_is_refused_at_start() {
    let started = lockdesk_sim::spawn(SimOptions {
        control_token: Some(String::new()),
        ..SimOptions::small()
    })
    .await;
    assert!(started.is_err());
}
