//! Integration tests of the simulator (one binary, modules).

mod big_office;
mod binary;
mod control;
mod groups;
mod guard;
mod oauth;
mod pkce;
mod v2;
mod v3;

use lockdesk_sim::{spawn, SimHandle, SimOptions};
use reqwest::redirect::Policy;
use serde_json::Value;

pub const REDIRECT: &str = "https://localhost/lockdesk/callback";

pub async fn sim() -> SimHandle {
    sim_with(SimOptions::small()).await
}

pub async fn sim_with(options: SimOptions) -> SimHandle {
    spawn(options).await.expect("simulator starts")
}

pub fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(Policy::none())
        .build()
        .expect("client")
}

/// Logs in through the form and returns the Location header.
pub async fn authorize(
    h: &SimHandle,
    client_id: &str,
    mail: &str,
    state: Option<&str>,
) -> reqwest::Response {
    let mut form = vec![
        ("mail", mail),
        ("password", "lockdesk-demo"),
        ("client_id", client_id),
        ("redirect_uri", REDIRECT),
        ("response_type", "code"),
    ];
    if let Some(s) = state {
        form.push(("state", s));
    }
    http()
        .post(format!("{}/oauth/authorize/", h.base_url()))
        .form(&form)
        .send()
        .await
        .expect("authorize")
}

pub fn query_param(location: &str, name: &str) -> Option<String> {
    let url = url::Url::parse(location).ok()?;
    url.query_pairs()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
}

/// Full authorization-code flow for client `idx` of SimInfo; returns the token response.
pub async fn token_for(h: &SimHandle, idx: usize, mail: &str) -> Value {
    let client = &h.info().clients[idx];
    let resp = authorize(h, &client.client_id, mail, None).await;
    assert_eq!(resp.status(), 302);
    let location = resp.headers()["location"].to_str().unwrap().to_string();
    let code = query_param(&location, "code").expect("code");
    let resp = http()
        .post(format!("{}/oauth/token", h.base_url()))
        .form(&[
            ("grant_type", "authorization_code"),
            ("client_id", client.client_id.as_str()),
            ("client_secret", client.client_secret.as_str()),
            ("code", code.as_str()),
            ("redirect_uri", REDIRECT),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    resp.json().await.unwrap()
}

pub async fn access_token(h: &SimHandle, mail: &str) -> String {
    token_for(h, 0, mail).await["access_token"]
        .as_str()
        .unwrap()
        .to_string()
}

/// A v2 access token of `mail` (the demo's v2 client).
pub async fn v2_access_token(h: &SimHandle, mail: &str) -> String {
    token_for(h, 1, mail).await["access_token"]
        .as_str()
        .unwrap()
        .to_string()
}

/// A v2 GET of `path` with `query` (the access token among it), as JSON.
pub async fn v2_get(h: &SimHandle, path: &str, query: &[(&str, &str)]) -> Value {
    http()
        .get(format!("{}{path}", h.base_url()))
        .query(query)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

pub async fn get(h: &SimHandle, token: &str, path: &str) -> reqwest::Response {
    http()
        .get(format!("{}{}", h.base_url(), path))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
}

/// The address of the first lock of the token owner's first organization.
pub async fn first_lock_url(h: &SimHandle, token: &str) -> String {
    let org = org_ids(h, token).await.remove(0);
    let path = format!("/v3/organizations/{org}/locks");
    let locks: Value = get(h, token, &format!("{path}?limit=1"))
        .await
        .json()
        .await
        .unwrap();
    let lock_id = locks["locks"][0]["id"].as_str().unwrap();
    format!("{}{path}/{lock_id}", h.base_url())
}

/// Ids of the token owner's organizations.
pub async fn org_ids(h: &SimHandle, token: &str) -> Vec<String> {
    let v: Value = get(h, token, "/v3/organizations")
        .await
        .json()
        .await
        .unwrap();
    v["organizations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_str().unwrap().to_string())
        .collect()
}

pub async fn control(h: &SimHandle, path: &str, body: Value) -> Value {
    let resp = http()
        .post(format!("{}{}", h.base_url(), path))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(resp.status().is_success(), "{path}: {}", resp.status());
    resp.json().await.unwrap()
}
