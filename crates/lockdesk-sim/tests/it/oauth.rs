use serde_json::Value;

use crate::{access_token, authorize, get, http, query_param, sim, token_for, REDIRECT};

#[tokio::test]
async fn authorization_code_flow_and_rotation() {
    let h = sim().await;
    let client = h.info().clients[0].clone();
    let page = http()
        .get(format!("{}/oauth/authorize/", h.base_url()))
        .query(&[
            ("client_id", client.client_id.as_str()),
            ("redirect_uri", REDIRECT),
            ("response_type", "code"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    assert!(page
        .text()
        .await
        .unwrap()
        .contains("action=\"/oauth/authorize/\""));

    let resp = authorize(&h, &client.client_id, "admin@example.com", Some("xyz 1/2")).await;
    assert_eq!(resp.status(), 302);
    let location = resp.headers()["location"].to_str().unwrap().to_string();
    assert!(location.starts_with(REDIRECT));
    assert_eq!(query_param(&location, "state").as_deref(), Some("xyz 1/2"));
    let code = query_param(&location, "code").unwrap();

    let form = |code: &str| {
        vec![
            ("grant_type", "authorization_code".to_string()),
            ("client_id", client.client_id.clone()),
            ("client_secret", client.client_secret.clone()),
            ("code", code.to_string()),
            ("redirect_uri", REDIRECT.to_string()),
        ]
    };
    let tok: Value = http()
        .post(format!("{}/oauth/token", h.base_url()))
        .form(&form(&code))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(tok["token_type"], "bearer");
    assert_eq!(tok["expires_in"], 7_776_000);
    assert!(tok["created_at"].is_i64());
    assert!(tok["access_token"].as_str().unwrap().len() >= 43);

    // The code is single use.
    let again = http()
        .post(format!("{}/oauth/token", h.base_url()))
        .form(&form(&code))
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 400);
    assert_eq!(
        again.json::<Value>().await.unwrap()["code"],
        "invalid_grant"
    );

    // Refresh rotates the refresh token.
    let refresh = |rt: String| {
        http().post(format!("{}/oauth/token", h.base_url())).form(&[
            ("grant_type", "refresh_token".to_string()),
            ("client_id", client.client_id.clone()),
            ("client_secret", client.client_secret.clone()),
            ("refresh_token", rt),
        ])
    };
    let old_rt = tok["refresh_token"].as_str().unwrap().to_string();
    let new: Value = refresh(old_rt.clone())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_ne!(new["refresh_token"], tok["refresh_token"]);
    let reused = refresh(old_rt).send().await.unwrap();
    assert_eq!(reused.status(), 400);
    // The previous access token keeps working by default.
    assert_eq!(
        get(
            &h,
            tok["access_token"].as_str().unwrap(),
            "/oauth/token/info"
        )
        .await
        .status(),
        200
    );
    h.shutdown().await;
}

#[tokio::test]
async fn login_and_token_errors() {
    let h = sim().await;
    let client = h.info().clients[0].clone();
    let bad_redirect = http()
        .get(format!("{}/oauth/authorize", h.base_url()))
        .query(&[
            ("client_id", client.client_id.as_str()),
            ("redirect_uri", "https://evil.example/cb"),
            ("response_type", "code"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(bad_redirect.status(), 400);
    assert!(bad_redirect.headers().get("location").is_none());

    assert_eq!(
        authorize(&h, &client.client_id, "member@example.com", None)
            .await
            .status(),
        403
    );
    let wrong = http()
        .post(format!("{}/oauth/authorize/", h.base_url()))
        .form(&[
            ("mail", "admin@example.com"),
            ("password", "nope"),
            ("client_id", &client.client_id),
            ("redirect_uri", REDIRECT),
            ("response_type", "code"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(wrong.status(), 401);

    let grant = http()
        .post(format!("{}/oauth/token", h.base_url()))
        .form(&[
            ("grant_type", "password"),
            ("client_id", client.client_id.as_str()),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(grant.status(), 400);
    assert_eq!(grant.headers()["content-type"], "application/json");
    assert_eq!(
        grant.json::<Value>().await.unwrap()["code"],
        "unsupported_grant_type"
    );

    let r = get(&h, "garbage", "/v3/organizations").await;
    assert_eq!(r.status(), 401);
    assert_eq!(r.json::<Value>().await.unwrap()["code"], "invalid_token");

    // v2 tokens have no refresh token and do not work on v3.
    let v2 = token_for(&h, 1, "manager@example.com").await;
    assert!(v2.get("refresh_token").is_none());
    assert_eq!(v2["expires_in"], 7200);
    assert_eq!(
        get(
            &h,
            v2["access_token"].as_str().unwrap(),
            "/v3/organizations"
        )
        .await
        .status(),
        401
    );

    let token = access_token(&h, "manager@example.com").await;
    let info = get(&h, "garbage", "/oauth/token/info").await;
    assert_eq!(
        info.json::<Value>().await.unwrap()["code"],
        "invalid_request"
    );
    let revoke = http()
        .post(format!("{}/oauth/revoke", h.base_url()))
        .bearer_auth(&token)
        .form(&[
            ("client_id", client.client_id.as_str()),
            ("client_secret", client.client_secret.as_str()),
            ("token", token.as_str()),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(revoke.status(), 200);
    assert_eq!(get(&h, &token, "/v3/organizations").await.status(), 401);
    h.shutdown().await;
}
