//! The test host over HTTP: command results, error payloads with statuses, the demo, the UI,
//! and who may use it (its own origin and Host, with its token).

use lockdesk_sim::SimOptions;
use lockdesk_testhost::{random_token, serve, HostOptions, TOKEN_HEADER};
use serde_json::{json, Value};

const TOKEN: &str = "the-token-of-this-test";

async fn start(ui: Option<std::path::PathBuf>) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(serve(
        listener,
        HostOptions {
            ui_dir: ui,
            demo: SimOptions::small(),
            token: TOKEN.into(),
        },
    ));
    url
}

async fn post(url: &str, cmd: &str, body: Value) -> (u16, Value) {
    let r = reqwest::Client::new()
        .post(format!("{url}/api/{cmd}"))
        .header(TOKEN_HEADER, TOKEN)
        .json(&body)
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

#[tokio::test]
async fn commands_errors_demo_and_static_ui() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<html>lockdesk</html>").unwrap();
    std::fs::create_dir(dir.path().join("assets")).unwrap();
    std::fs::write(dir.path().join("assets/app.js"), "1").unwrap();
    let url = start(Some(dir.path().to_owned())).await;

    let (status, body) = post(&url, "locks_list", json!({})).await;
    assert_eq!(status, 401);
    assert_eq!(body["code"], "not_signed_in");
    let (status, body) = post(&url, "nope", json!({})).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("unknown_command"))
    );

    let (status, body) = post(&url, "session_start_demo", json!({})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["demo"], true);
    let (_, orgs) = post(&url, "orgs_list", json!({})).await;
    let org = orgs["organizations"][0]["id"].clone();
    post(&url, "orgs_choose", json!({ "organization_id": org })).await;
    let (status, locks) = post(&url, "locks_list", json!({})).await;
    assert_eq!(status, 200);
    assert!(!locks["locks"].as_array().unwrap().is_empty());

    let page = reqwest::get(format!("{url}/locks/anything")).await.unwrap();
    // The app's CSP, so browser tests refuse what the desktop window would.
    let csp = page.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(csp.contains("img-src 'self' data: blob:;"), "{csp}");
    assert!(csp.contains("connect-src 'self'"), "{csp}");
    assert!(csp.contains("script-src 'self';"), "{csp}");
    assert_eq!(page.text().await.unwrap(), "<html>lockdesk</html>");
    let js = reqwest::get(format!("{url}/assets/app.js")).await.unwrap();
    assert!(js.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/javascript"));

    // A bulk file just over the core's limit reaches the core, which names its limit (the
    // host's body limit leaves room for it).
    use base64::Engine;
    let big = vec![b'a'; lockdesk_core::invitations::MAX_CSV_BYTES as usize + 1];
    let file_base64 = base64::engine::general_purpose::STANDARD.encode(big);
    let (status, body) = post(
        &url,
        "invitations_bulk_preview",
        json!({ "file_base64": file_base64 }),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("csv_too_large")),
        "{body}"
    );

    // A reset starts over with nobody signed in.
    reqwest::Client::new()
        .post(format!("{url}/_host/reset"))
        .header(TOKEN_HEADER, TOKEN)
        .send()
        .await
        .unwrap();
    let (status, _) = post(&url, "locks_list", json!({})).await;
    assert_eq!(status, 401);
}

/// `POST /api/profiles_list` with these headers; the status.
async fn call_with(url: &str, headers: &[(&str, &str)]) -> u16 {
    let mut req = reqwest::Client::new()
        .post(format!("{url}/api/profiles_list"))
        .body("{}");
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    req.send().await.unwrap().status().as_u16()
}

#[tokio::test]
async fn only_its_own_origin_with_its_token_is_served() {
    let url = start(None).await;
    let port = url.rsplit(':').next().unwrap().to_owned();
    let own = format!("http://127.0.0.1:{port}");

    // The right token (with or without the page's own Origin): served.
    assert_eq!(call_with(&url, &[(TOKEN_HEADER, TOKEN)]).await, 200);
    assert_eq!(
        call_with(&url, &[(TOKEN_HEADER, TOKEN), ("origin", &own)]).await,
        200
    );
    let localhost = format!("localhost:{port}");
    assert_eq!(
        call_with(&url, &[(TOKEN_HEADER, TOKEN), ("host", &localhost)]).await,
        200
    );

    // Missing or wrong token: 401.
    assert_eq!(call_with(&url, &[]).await, 401);
    assert_eq!(call_with(&url, &[(TOKEN_HEADER, "guess")]).await, 401);
    assert_eq!(
        call_with(&url, &[(TOKEN_HEADER, &random_token())]).await,
        401
    );
    let reset = reqwest::Client::new()
        .post(format!("{url}/_host/reset"))
        .send()
        .await
        .unwrap();
    assert_eq!(reset.status(), 401);
    let stop = reqwest::Client::new()
        .post(format!("{url}/_host/service/stop"))
        .send()
        .await
        .unwrap();
    assert_eq!(stop.status(), 401, "stopping the service needs the token");

    // Another origin, even with the token: 403, and never a CORS header.
    for origin in ["http://evil.example", "null", "http://localhost:5173"] {
        assert_eq!(
            call_with(&url, &[(TOKEN_HEADER, TOKEN), ("origin", origin)]).await,
            403,
            "{origin}"
        );
    }
    let preflight = reqwest::Client::new()
        .request(reqwest::Method::OPTIONS, format!("{url}/api/profiles_list"))
        .header("origin", "http://evil.example")
        .header("access-control-request-method", "POST")
        .send()
        .await
        .unwrap();
    assert_eq!(preflight.status(), 403);
    assert!(preflight
        .headers()
        .get("access-control-allow-origin")
        .is_none());
    let answer = reqwest::Client::new()
        .post(format!("{url}/api/profiles_list"))
        .header(TOKEN_HEADER, TOKEN)
        .body("{}")
        .send()
        .await
        .unwrap();
    assert!(answer
        .headers()
        .get("access-control-allow-origin")
        .is_none());

    // A Host that is not this host (DNS rebinding): 421, also for the UI.
    for host in ["evil.example", "attacker.example:80", "127.0.0.1:1"] {
        assert_eq!(
            call_with(&url, &[(TOKEN_HEADER, TOKEN), ("host", host)]).await,
            421,
            "{host}"
        );
    }
    let page = reqwest::Client::new()
        .get(format!("{url}/"))
        .header("host", "evil.example")
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 421);
    // Health answers its own origin without the token.
    let health = reqwest::get(format!("{url}/_host/health")).await.unwrap();
    assert_eq!(health.status(), 200);
}

async fn host_post(url: &str, path: &str) -> (u16, Value) {
    let r = reqwest::Client::new()
        .post(format!("{url}{path}"))
        .header(TOKEN_HEADER, TOKEN)
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

#[tokio::test]
async fn the_demo_service_stops_and_starts_with_its_data() {
    let url = start(None).await;
    // No demo: nothing to stop.
    let (status, _) = host_post(&url, "/_host/service/stop").await;
    assert_ne!(status, 200);
    post(&url, "session_start_demo", json!({})).await;
    let (_, orgs) = post(&url, "orgs_list", json!({})).await;
    let org = orgs["organizations"][0]["id"].clone();
    post(&url, "orgs_choose", json!({ "organization_id": org })).await;
    let (_, online) = post(&url, "locks_list", json!({})).await;
    assert!(online.get("cached").is_none());

    assert_eq!(host_post(&url, "/_host/service/stop").await.0, 200);
    let (status, offline) = post(&url, "locks_list", json!({})).await;
    assert_eq!(status, 200, "{offline}");
    assert_eq!(offline["cached"]["reason"], "unreachable");
    assert_eq!(offline["locks"], online["locks"]);

    assert_eq!(host_post(&url, "/_host/service/start").await.0, 200);
    let (status, again) = post(&url, "locks_list", json!({})).await;
    assert_eq!(status, 200);
    assert!(again.get("cached").is_none(), "{again}");
    assert_eq!(host_post(&url, "/_host/service/sideways").await.0, 404);
}
