//! `lockctl directory` with Google Workspace as the source, against a stand-in for Google's
//! token endpoint and the Admin SDK Directory API on loopback: the service account's assertion
//! is checked as Google checks it (RS256 with the account's public key; issuer, the
//! administrator it acts for, the read-only users scope, the audience); users come in two pages
//! joined by `nextPageToken`, the first answer throttled. A key file that is not one is refused
//! and a refused delegation is said plainly, nothing kept; the private key is in the keychain
//! only; a suspended user is a leaver, an archived one too, a new one a joiner with the
//! organization's employee id as the code.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::{Form, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Json;
use serde_json::{json, Value};

use crate::support::world;

const ADMIN: &str = "it-admin@example.co.jp";
const ACCOUNT: &str = "lockdesk@door-project.iam.gserviceaccount.com";
const SCOPE: &str = "https://www.googleapis.com/auth/admin.directory.user.readonly";

#[derive(Clone)]
struct Google {
    base: String,
    public_pem: String,
    people: Vec<Value>,
    asked: Arc<Mutex<u32>>,
}

#[derive(serde::Deserialize)]
struct Claims {
    iss: String,
    sub: String,
    scope: String,
    aud: String,
    exp: i64,
    iat: i64,
}

async fn token(State(g): State<Google>, Form(form): Form<HashMap<String, String>>) -> Response {
    assert_eq!(
        form["grant_type"],
        "urn:ietf:params:oauth:grant-type:jwt-bearer"
    );
    let key = jsonwebtoken::DecodingKey::from_rsa_pem(g.public_pem.as_bytes()).unwrap();
    let mut check = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::RS256);
    check.set_audience(&[format!("{}/token", g.base)]);
    check.set_required_spec_claims(&["exp", "aud", "iss", "sub"]);
    let claims = match jsonwebtoken::decode::<Claims>(&form["assertion"], &key, &check) {
        Ok(t) => t.claims,
        Err(_) => {
            let body =
                json!({ "error": "invalid_grant", "error_description": "Invalid JWT Signature." });
            return (StatusCode::BAD_REQUEST, Json(body)).into_response();
        }
    };
    assert_eq!(claims.iss, ACCOUNT);
    assert!(claims.exp - claims.iat <= 3600);
    assert!(claims.aud.ends_with("/token"));
    if claims.sub != ADMIN || claims.scope != SCOPE {
        let body = json!({ "error": "unauthorized_client", "error_description": "Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested." });
        return (StatusCode::UNAUTHORIZED, Json(body)).into_response();
    }
    Json(json!({ "access_token": "ya29.tok", "token_type": "Bearer", "expires_in": 3599 }))
        .into_response()
}

async fn users(
    State(g): State<Google>,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some("Bearer ya29.tok") {
        return StatusCode::UNAUTHORIZED.into_response();
    }
    assert_eq!(q["customer"], "my_customer");
    assert_eq!(q["projection"], "full");
    let n = {
        let mut asked = g.asked.lock().unwrap();
        *asked += 1;
        *asked
    };
    if n == 1 {
        return (StatusCode::TOO_MANY_REQUESTS, [("retry-after", "1")]).into_response();
    }
    match q.get("pageToken").map(String::as_str) {
        None => Json(json!({ "kind": "admin#directory#users", "users": g.people[..2], "nextPageToken": "p2" }))
            .into_response(),
        Some("p2") => Json(json!({ "kind": "admin#directory#users", "users": g.people[2..] }))
            .into_response(),
        Some(_) => StatusCode::BAD_REQUEST.into_response(),
    }
}

async fn stand_in(public_pem: String, people: Vec<Value>) -> Google {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let g = Google {
        base: format!("http://{}", listener.local_addr().unwrap()),
        public_pem,
        people,
        asked: Arc::default(),
    };
    let app = axum::Router::new()
        .route("/token", post(token))
        .route("/admin/directory/v1/users", get(users))
        .with_state(g.clone());
    tokio::spawn(async move { axum::serve(listener, app).await });
    g
}

/// A service account's key pair, as Google makes it (RSA 2048, PKCS#8 PEM).
fn key_pair(dir: &std::path::Path) -> (String, String) {
    let private = dir.join("private.pem");
    let made = std::process::Command::new("openssl")
        .args([
            "genpkey",
            "-algorithm",
            "RSA",
            "-pkeyopt",
            "rsa_keygen_bits:2048",
            "-out",
        ])
        .arg(&private)
        .output()
        .expect("openssl makes the test's RSA key");
    assert!(made.status.success());
    let public = std::process::Command::new("openssl")
        .args(["pkey", "-pubout", "-in"])
        .arg(&private)
        .output()
        .unwrap();
    assert!(public.status.success());
    (
        std::fs::read_to_string(private).unwrap(),
        String::from_utf8(public.stdout).unwrap(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn google_workspace_users_through_the_directory_api_plan_leavers_and_joiners() {
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
    let (stays, suspended, archived) = (&members[0], &members[1], &members[2]);
    let dir = tempfile::tempdir().unwrap();
    let (private_pem, public_pem) = key_pair(dir.path());
    let person = |u: &Value, suspended: bool, archived: bool| {
        json!({
            "primaryEmail": u["mail"], "name": { "fullName": u["name"] },
            "suspended": suspended, "archived": archived,
            "externalIds": [{ "value": u["code"], "type": "organization" }],
        })
    };
    let google = stand_in(
        public_pem,
        vec![
            person(stays, false, false),
            person(suspended, true, false),
            person(archived, false, true),
            json!({ "primaryEmail": "shinnyu@example.co.jp", "name": { "fullName": "新入 社員" },
                    "externalIds": [{ "value": "G-7", "type": "organization" }] }),
        ],
    )
    .await;
    let key_file = |dir: &std::path::Path, pem: &str| {
        let path = dir.join("door-project-1a2b3c.json");
        let key = json!({
            "type": "service_account", "project_id": "door-project",
            "private_key_id": "1a2b3c", "private_key": pem, "client_email": ACCOUNT,
            "token_uri": "https://oauth2.googleapis.com/token",
        });
        std::fs::write(&path, key.to_string()).unwrap();
        path.display().to_string()
    };
    let add = |key: String, admin: &'static str| {
        let base = google.base.clone();
        let w = &w;
        async move {
            w.run(
                &[
                    "--json",
                    "directory",
                    "sources",
                    "add",
                    "--name",
                    "Google",
                    "--google-key",
                    &key,
                    "--google-admin",
                    admin,
                    "--google-token-url",
                    &base,
                    "--google-api-url",
                    &base,
                ],
                "",
            )
            .await
        }
    };
    let kept = || std::fs::read_to_string(w.app.core().config_dir.join("directory.json"));

    // A file that is not a service account's key: refused before anything is asked.
    let not_a_key = dir.path().join("notes.json");
    std::fs::write(&not_a_key, r#"{"type": "authorized_user"}"#).unwrap();
    let refused = add(not_a_key.display().to_string(), ADMIN).await;
    assert_eq!(refused.code, 1, "{}", refused.stderr);
    assert!(refused.stderr.contains("JSON key"), "{}", refused.stderr);
    assert_eq!(*google.asked.lock().unwrap(), 0);

    // Acting for someone the delegation does not cover: Google's refusal, said plainly.
    let key = key_file(dir.path(), &private_pem);
    let undelegated = add(key.clone(), "someone@example.co.jp").await;
    assert_eq!(undelegated.code, 1, "{}", undelegated.stderr);
    assert!(
        undelegated.stderr.contains("[directory_source_failed]")
            && undelegated.stderr.contains("domain-wide delegation"),
        "{}",
        undelegated.stderr
    );
    assert!(!kept().unwrap_or_default().contains("google"));

    // The right administrator: through the throttled first answer and both pages.
    let added = add(key, ADMIN).await.ok().json();
    assert_eq!(added["source"]["kind"], "google_workspace", "{added}");
    assert_eq!(added["source"]["client_email"], ACCOUNT, "{added}");
    assert_eq!(*google.asked.lock().unwrap(), 3);
    let config = kept().unwrap();
    assert!(!config.contains("PRIVATE KEY"), "{config}");
    let secret = w
        .app
        .core()
        .secrets
        .get(&format!(
            "directory_source/{}",
            added["id"].as_str().unwrap()
        ))
        .unwrap();
    assert!(secret.is_some_and(|s| s.contains("PRIVATE KEY")));

    let planned = w
        .run(&["--json", "directory", "plan"], "")
        .await
        .ok()
        .json();
    assert_eq!(planned["sources"][0]["people"], 4, "{planned}");
    let plan = &planned["plan"];
    for off in [suspended, archived] {
        assert!(
            plan["leavers"]
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r["change"]["user_id"] == off["id"] && r["change"]["in_directory"] == true),
            "{off} is a leaver: {plan}"
        );
    }
    assert_eq!(
        plan["joiners"],
        json!([{ "name": "新入 社員", "employee_id": "G-7", "mail": "shinnyu@example.co.jp",
                 "change": { "kind": "invite", "mail": "shinnyu@example.co.jp", "code": "G-7" } }])
    );
    assert!(!plan["leavers"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["change"]["user_id"] == stays["id"]));
}
