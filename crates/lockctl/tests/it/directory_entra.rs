//! `lockctl directory` with Microsoft Entra ID as the source, against a stand-in for its
//! sign-in and Microsoft Graph on loopback (client credentials; users in two pages joined by
//! `@odata.nextLink`; a first answer throttled with `Retry-After`; a group's transitive members)
//! and lockdesk-sim: a wrong client secret is refused naming it and nothing is kept; the secret
//! is in the keychain only; a switched-off account is a leaver, a new one a joiner, one
//! unchanged is left alone.

use std::sync::{Arc, Mutex};

use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Json;
use serde_json::{json, Value};

use crate::support::world;

const SECRET: &str = "s3cret-VALUE";

#[derive(Clone, Default)]
struct Graph {
    base: String,
    people: Vec<Value>,
    /// Requests for the users' list so far.
    asked: Arc<Mutex<u32>>,
    /// The app registration's certificate: its public key (PEM) and thumbprint (`x5t`).
    certificate: Option<(String, String)>,
    /// Device code polls so far (the person signs in at the second).
    device_polls: Arc<Mutex<u32>>,
    /// The refresh tokens given so far (`rt-1`, `rt-2`, …): each read renews it.
    refreshed: Arc<Mutex<u32>>,
}

/// The administrator's sign-in: a device code for the app's delegated permission.
async fn device_code(
    Path(tenant): Path<String>,
    State(g): State<Graph>,
    Form(form): Form<std::collections::HashMap<String, String>>,
) -> Response {
    let scope = form.get("scope").cloned().unwrap_or_default();
    let right = tenant == "contoso.onmicrosoft.com"
        && form.get("client_id").map(String::as_str) == Some("app-1")
        && !form.contains_key("client_secret")
        && scope
            .split(' ')
            .any(|s| s == format!("{}/User.Read.All", g.base))
        && scope.split(' ').any(|s| s == "offline_access");
    if !right {
        let body = json!({ "error": "invalid_request", "error_description": format!("{form:?}") });
        return (StatusCode::BAD_REQUEST, Json(body)).into_response();
    }
    Json(json!({
        "device_code": "dc-1", "user_code": "ABCD-EFGH",
        "verification_uri": "https://microsoft.com/devicelogin",
        "expires_in": 900, "interval": 1,
        "message": "To sign in, use a web browser to open the page https://microsoft.com/devicelogin and enter the code ABCD-EFGH to authenticate."
    }))
    .into_response()
}

/// The administrator's tokens: pending until they sign in, then renewed from each refresh
/// token (an old one is refused, as a revoked one would be).
fn delegated_token(g: &Graph, form: &std::collections::HashMap<String, String>) -> Response {
    let issue = |g: &Graph| {
        let mut n = g.refreshed.lock().unwrap();
        *n += 1;
        Json(
            json!({ "access_token": "tok-1", "token_type": "Bearer", "expires_in": 3599,
                     "refresh_token": format!("rt-{n}") }),
        )
        .into_response()
    };
    let refuse =
        |error: &str| (StatusCode::BAD_REQUEST, Json(json!({ "error": error }))).into_response();
    if form.contains_key("client_secret")
        || form.get("client_id").map(String::as_str) != Some("app-1")
    {
        return refuse("invalid_client");
    }
    match form.get("grant_type").map(String::as_str) {
        Some("urn:ietf:params:oauth:grant-type:device_code") => {
            if form.get("device_code").map(String::as_str) != Some("dc-1") {
                return refuse("invalid_grant");
            }
            let polls = {
                let mut p = g.device_polls.lock().unwrap();
                *p += 1;
                *p
            };
            if polls < 2 {
                return refuse("authorization_pending");
            }
            issue(g)
        }
        Some("refresh_token") => {
            let latest = format!("rt-{}", *g.refreshed.lock().unwrap());
            if form.get("refresh_token") != Some(&latest) {
                return refuse("invalid_grant");
            }
            issue(g)
        }
        _ => refuse("unsupported_grant_type"),
    }
}

/// A client assertion as Entra ID checks it: signed by the registered certificate's key, naming
/// it by thumbprint, for this app and this token endpoint.
fn assertion_holds(g: &Graph, tenant: &str, assertion: &str) -> bool {
    let Some((public_pem, x5t)) = &g.certificate else {
        return false;
    };
    let Ok(header) = jsonwebtoken::decode_header(assertion) else {
        return false;
    };
    let key = jsonwebtoken::DecodingKey::from_rsa_pem(public_pem.as_bytes()).unwrap();
    let mut check = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::RS256);
    check.set_audience(&[format!("{}/{tenant}/oauth2/v2.0/token", g.base)]);
    check.set_issuer(&["app-1"]);
    check.set_required_spec_claims(&["exp", "aud", "iss", "sub", "nbf"]);
    header.x5t.as_deref() == Some(x5t.as_str())
        && jsonwebtoken::decode::<Value>(assertion, &key, &check)
            .is_ok_and(|t| t.claims["sub"] == "app-1" && t.claims["jti"].is_string())
}

async fn token(
    Path(tenant): Path<String>,
    State(g): State<Graph>,
    Form(form): Form<std::collections::HashMap<String, String>>,
) -> Response {
    if form.get("grant_type").map(String::as_str) != Some("client_credentials") {
        return delegated_token(&g, &form);
    }
    let by_secret = form.get("client_secret").map(String::as_str) == Some(SECRET)
        && !form.contains_key("client_assertion");
    let by_certificate = !form.contains_key("client_secret")
        && form.get("client_assertion_type").map(String::as_str)
            == Some("urn:ietf:params:oauth:client-assertion-type:jwt-bearer")
        && form
            .get("client_assertion")
            .is_some_and(|a| assertion_holds(&g, &tenant, a));
    let right = tenant == "contoso.onmicrosoft.com"
        && form.get("client_id").map(String::as_str) == Some("app-1")
        && (by_secret || by_certificate)
        && form.get("grant_type").map(String::as_str) == Some("client_credentials")
        && form.get("scope") == Some(&format!("{}/.default", g.base));
    if !right {
        let body = json!({ "error": "invalid_client", "error_description": "AADSTS7000215" });
        return (StatusCode::UNAUTHORIZED, Json(body)).into_response();
    }
    Json(json!({ "access_token": "tok-1", "token_type": "Bearer", "expires_in": 3599 }))
        .into_response()
}

fn authorized(headers: &HeaderMap) -> bool {
    headers.get("authorization").and_then(|v| v.to_str().ok()) == Some("Bearer tok-1")
}

async fn users(
    State(g): State<Graph>,
    headers: HeaderMap,
    Query(q): Query<std::collections::HashMap<String, String>>,
) -> Response {
    if !authorized(&headers) {
        return StatusCode::UNAUTHORIZED.into_response();
    }
    assert!(q["$select"].contains("employeeId"), "{q:?}");
    let n = {
        let mut asked = g.asked.lock().unwrap();
        *asked += 1;
        *asked
    };
    if n == 1 {
        return (StatusCode::TOO_MANY_REQUESTS, [("retry-after", "1")]).into_response();
    }
    match q.get("$skiptoken") {
        None => Json(json!({
            "value": g.people[..2],
            "@odata.nextLink": format!("{}/v1.0/users?$select={}&$skiptoken=2", g.base, q["$select"]),
        }))
        .into_response(),
        Some(_) => Json(json!({ "value": g.people[2..] })).into_response(),
    }
}

async fn members(
    State(g): State<Graph>,
    headers: HeaderMap,
    Path(group): Path<String>,
) -> Response {
    if !authorized(&headers) || group != "door-group" {
        return StatusCode::FORBIDDEN.into_response();
    }
    Json(json!({ "value": g.people[..1] })).into_response()
}

async fn stand_in(people: Vec<Value>) -> Graph {
    stand_in_with(people, None).await
}

async fn stand_in_with(people: Vec<Value>, certificate: Option<(String, String)>) -> Graph {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let graph = Graph {
        base: format!("http://{}", listener.local_addr().unwrap()),
        people,
        asked: Arc::default(),
        certificate,
        device_polls: Arc::default(),
        refreshed: Arc::default(),
    };
    let app = axum::Router::new()
        .route("/{tenant}/oauth2/v2.0/token", post(token))
        .route("/{tenant}/oauth2/v2.0/devicecode", post(device_code))
        .route("/v1.0/users", get(users))
        .route(
            "/v1.0/groups/{group}/transitiveMembers/microsoft.graph.user",
            get(members),
        )
        .with_state(graph.clone());
    tokio::spawn(async move { axum::serve(listener, app).await });
    graph
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn entra_id_users_through_graph_plan_leavers_and_joiners() {
    let w = world();
    w.add_profile("work", 0).await;
    w.login("work").await.ok();
    let org = w.first_org().await;
    w.run(&["orgs", "use", &org], "").await.ok();
    let listed = w.run(&["--json", "users", "list"], "").await.ok().json();
    let members: Vec<Value> = listed["users"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|u| u["authority"]["kind"] == "member" && u["code"].is_string())
        .cloned()
        .collect();
    let (stays, off) = (&members[0], &members[1]);
    let graph = stand_in(vec![
        json!({ "displayName": stays["name"], "mail": stays["mail"], "employeeId": stays["code"], "accountEnabled": true }),
        json!({ "displayName": off["name"], "mail": off["mail"], "employeeId": off["code"], "accountEnabled": false }),
        json!({ "displayName": "新入 社員", "mail": null, "userPrincipalName": "newcomer@contoso.example", "employeeId": "N-1", "accountEnabled": true }),
    ])
    .await;
    let add = |group: Option<&'static str>| {
        let mut args = vec![
            "--json".to_owned(),
            "directory".into(),
            "sources".into(),
            "add".into(),
            "--name".into(),
            "Entra".into(),
            "--entra-tenant".into(),
            "contoso.onmicrosoft.com".into(),
            "--entra-client-id".into(),
            "app-1".into(),
            "--entra-login-url".into(),
            graph.base.clone(),
            "--entra-graph-url".into(),
            graph.base.clone(),
        ];
        if let Some(g) = group {
            args.extend(["--entra-group".to_owned(), g.to_owned()]);
        }
        args
    };
    let run = |args: Vec<String>, stdin: &'static str| {
        let w = &w;
        async move {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            w.run(&args, stdin).await
        }
    };

    // A wrong secret: refused, naming what to check; nothing kept.
    let wrong = run(add(None), "not-the-secret\n").await;
    assert_eq!(wrong.code, 1, "{}", wrong.stderr);
    assert!(
        wrong.stderr.contains("[directory_source_failed]"),
        "{}",
        wrong.stderr
    );
    assert!(wrong.stderr.contains("client secret"), "{}", wrong.stderr);
    let none = w
        .run(&["--json", "directory", "sources", "list"], "")
        .await
        .ok()
        .json();
    assert_eq!(none["sources"], json!([]));

    // The right one: read through the throttled first answer and both pages.
    let added = run(add(None), "s3cret-VALUE\n").await.ok().json();
    assert_eq!(added["source"]["kind"], "entra_id", "{added}");
    assert_eq!(*graph.asked.lock().unwrap(), 3);
    let config = std::fs::read_to_string(w.app.core().config_dir.join("directory.json")).unwrap();
    assert!(!config.contains(SECRET), "{config}");

    let planned = w
        .run(&["--json", "directory", "plan"], "")
        .await
        .ok()
        .json();
    let plan = &planned["plan"];
    assert_eq!(planned["sources"][0]["people"], 3, "{planned}");
    let leaver = plan["leavers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["change"]["user_id"] == off["id"])
        .expect("the switched-off account is a leaver");
    assert_eq!(leaver["change"]["in_directory"], true, "{leaver}");
    assert!(leaver["change"].get("left").is_none(), "{leaver}");
    assert_eq!(
        plan["joiners"],
        json!([{ "name": "新入 社員", "employee_id": "N-1", "mail": "newcomer@contoso.example",
                 "change": { "kind": "invite", "mail": "newcomer@contoso.example", "code": "N-1" } }])
    );
    assert!(
        !plan["movers"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["change"]["user_id"] == stays["id"]),
        "{plan}"
    );

    // Only the door group's members: the others are not in the directory.
    let id = added["id"].as_str().unwrap().to_owned();
    w.run(&["directory", "sources", "remove", &id], "")
        .await
        .ok();
    run(add(Some("door-group")), "s3cret-VALUE\n").await.ok();
    let grouped = w
        .run(&["--json", "directory", "plan"], "")
        .await
        .ok()
        .json();
    assert_eq!(grouped["sources"][0]["people"], 1, "{grouped}");
    assert_eq!(grouped["plan"]["joiners"], json!([]));
}

/// A self-signed certificate and its key as IT makes them for an app registration (`openssl
/// req -x509`): the PEM file Lockdesk is given (certificate and key), the public key, and the
/// thumbprint Entra ID shows (`x5t`: SHA-1 of the certificate, base64url).
#[cfg(not(windows))]
fn app_certificate(dir: &std::path::Path) -> (std::path::PathBuf, String, String) {
    use base64::Engine;
    let (key, cert) = (dir.join("key.pem"), dir.join("cert.pem"));
    let made = std::process::Command::new("openssl")
        .args([
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "365",
            "-subj",
            "/CN=lockdesk",
        ])
        .arg("-keyout")
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .output()
        .expect("openssl makes the test's certificate");
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let public = std::process::Command::new("openssl")
        .args(["x509", "-pubkey", "-noout", "-in"])
        .arg(&cert)
        .output()
        .unwrap();
    let der = std::process::Command::new("openssl")
        .args(["x509", "-outform", "DER", "-in"])
        .arg(&cert)
        .output()
        .unwrap();
    let sha1 = std::process::Command::new("openssl")
        .args(["dgst", "-sha1", "-binary"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(&der.stdout)?;
            c.wait_with_output()
        })
        .unwrap();
    let x5t = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&sha1.stdout);
    let both = dir.join("lockdesk-app.pem");
    let text = format!(
        "{}{}",
        std::fs::read_to_string(&cert).unwrap(),
        std::fs::read_to_string(&key).unwrap()
    );
    std::fs::write(&both, text).unwrap();
    (both, String::from_utf8(public.stdout).unwrap(), x5t)
}

/// Signed in with a certificate instead of a secret: the assertion holds for the registered
/// certificate (and no client secret is sent); another certificate is refused, nothing kept;
/// only the private key is kept, in the keychain, and the thumbprint in the file.
#[cfg(not(windows))]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn entra_id_with_a_certificate_instead_of_a_secret() {
    let w = world();
    w.add_profile("work", 0).await;
    w.login("work").await.ok();
    let org = w.first_org().await;
    w.run(&["orgs", "use", &org], "").await.ok();
    let dir = tempfile::tempdir().unwrap();
    let (registered, public, x5t) = app_certificate(dir.path());
    let other_dir = tempfile::tempdir().unwrap();
    let (other, _, _) = app_certificate(other_dir.path());
    let graph = stand_in_with(
        vec![
            json!({ "displayName": "A", "mail": "a@contoso.example", "employeeId": "A-1", "accountEnabled": true }),
            json!({ "displayName": "B", "mail": "b@contoso.example", "employeeId": "B-1", "accountEnabled": true }),
            json!({ "displayName": "C", "mail": "c@contoso.example", "employeeId": "C-1", "accountEnabled": true }),
        ],
        Some((public, x5t.clone())),
    )
    .await;
    let add = |file: &std::path::Path| {
        let (file, base) = (file.display().to_string(), graph.base.clone());
        let w = &w;
        async move {
            w.run(
                &[
                    "--json",
                    "directory",
                    "sources",
                    "add",
                    "--name",
                    "Entra",
                    "--entra-tenant",
                    "contoso.onmicrosoft.com",
                    "--entra-client-id",
                    "app-1",
                    "--entra-certificate",
                    &file,
                    "--entra-login-url",
                    &base,
                    "--entra-graph-url",
                    &base,
                ],
                "",
            )
            .await
        }
    };
    let refused = add(&other).await;
    assert_eq!(refused.code, 1, "{}", refused.stderr);
    assert!(
        refused.stderr.contains("[directory_source_failed]"),
        "{}",
        refused.stderr
    );
    let config = || std::fs::read_to_string(w.app.core().config_dir.join("directory.json"));
    assert!(!config().unwrap_or_default().contains("entra"));

    let added = add(&registered).await.ok().json();
    assert_eq!(
        added["source"]["certificate_thumbprint"],
        x5t.as_str(),
        "{added}"
    );
    let kept = config().unwrap();
    assert!(!kept.contains("PRIVATE KEY"), "{kept}");
    let secret = w
        .app
        .core()
        .secrets
        .get(&format!(
            "directory_source/{}",
            added["id"].as_str().unwrap()
        ))
        .unwrap()
        .unwrap();
    assert!(
        secret.starts_with("-----BEGIN PRIVATE KEY-----"),
        "only the key is kept"
    );
    assert!(!secret.contains("CERTIFICATE"));
    // Each plan signs in again with the kept key.
    let planned = w
        .run(&["--json", "directory", "plan"], "")
        .await
        .ok()
        .json();
    assert_eq!(planned["sources"][0]["people"], 3, "{planned}");
}

/// Read as the administrator: the code from Microsoft is shown, Lockdesk waits while the
/// sign-in is pending, keeps the refresh token in the keychain (nothing in the file), and each
/// plan renews it (the kept one is the newest; an older one would be refused).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn entra_id_read_as_the_administrator_who_signed_in_with_a_code() {
    let w = world();
    w.add_profile("work", 0).await;
    w.login("work").await.ok();
    let org = w.first_org().await;
    w.run(&["orgs", "use", &org], "").await.ok();
    let graph = stand_in(vec![
        json!({ "displayName": "A", "mail": "a@contoso.example", "employeeId": "A-1", "accountEnabled": true }),
        json!({ "displayName": "B", "mail": "b@contoso.example", "employeeId": "B-1", "accountEnabled": true }),
        json!({ "displayName": "C", "mail": "c@contoso.example", "employeeId": "C-1", "accountEnabled": true }),
    ])
    .await;
    let added = w
        .run(
            &[
                "--json",
                "directory",
                "sources",
                "add",
                "--name",
                "Entra",
                "--entra-tenant",
                "contoso.onmicrosoft.com",
                "--entra-client-id",
                "app-1",
                "--entra-sign-in",
                "--entra-login-url",
                &graph.base,
                "--entra-graph-url",
                &graph.base,
            ],
            "",
        )
        .await;
    assert!(
        added.stderr.contains("https://microsoft.com/devicelogin")
            && added.stderr.contains("ABCD-EFGH"),
        "{}",
        added.stderr
    );
    let added = added.ok().json();
    assert_eq!(added["source"]["as_administrator"], true, "{added}");
    assert_eq!(
        *graph.device_polls.lock().unwrap(),
        2,
        "waited while pending"
    );
    let id = added["id"].as_str().unwrap().to_owned();
    let kept = |w: &crate::support::World| {
        w.app
            .core()
            .secrets
            .get(&format!("directory_source/{id}"))
            .unwrap()
            .unwrap()
    };
    // Read once when added: the token from the sign-in renewed already.
    assert_eq!(kept(&w), "rt-2");
    let config = std::fs::read_to_string(w.app.core().config_dir.join("directory.json")).unwrap();
    assert!(!config.contains("rt-"), "{config}");
    for round in 3..5 {
        let planned = w
            .run(&["--json", "directory", "plan"], "")
            .await
            .ok()
            .json();
        assert_eq!(planned["sources"][0]["people"], 3, "{planned}");
        assert_eq!(kept(&w), format!("rt-{round}"));
    }
}
