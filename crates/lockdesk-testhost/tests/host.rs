//! The test host over HTTP: command results, error payloads with statuses, the demo, the UI.

use lockdesk_sim::SimOptions;
use lockdesk_testhost::{serve, HostOptions};
use serde_json::{json, Value};

async fn start(ui: Option<std::path::PathBuf>) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(serve(
        listener,
        HostOptions {
            ui_dir: ui,
            demo: SimOptions::small(),
        },
    ));
    url
}

async fn post(url: &str, cmd: &str, body: Value) -> (u16, Value) {
    let r = reqwest::Client::new()
        .post(format!("{url}/api/{cmd}"))
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

    // A reset starts over with nobody signed in.
    reqwest::Client::new()
        .post(format!("{url}/_host/reset"))
        .send()
        .await
        .unwrap();
    let (status, _) = post(&url, "locks_list", json!({})).await;
    assert_eq!(status, 401);
}
