use std::time::Duration;

use lockdesk_api::models::{Access, AccessLock, AccessUser, ClientType};
use lockdesk_api::v2::AccessQuery;
use lockdesk_api::{
    ApiVersion, ClientCredentials, OAuth, RateLimiter, RetryPolicy, ServiceUrl, TokenSet,
    Transport, V2Client,
};
use lockdesk_sim::{ClientInfo, SimHandle, SimOptions};
use serde_json::Value;

pub const PASSWORD: &str = "lockdesk-demo";
pub const ADMIN: &str = "admin@example.com";

/// A simulator whose v2 rate window is `window` (limit `limit`), so syncs are quick.
pub async fn sim(limit: u32, window: Duration) -> SimHandle {
    lockdesk_sim::spawn(SimOptions {
        v2_rate_limit: limit,
        v2_rate_window: window,
        ..SimOptions::small()
    })
    .await
    .expect("simulator starts")
}

pub fn v2_client_info(sim: &SimHandle) -> ClientInfo {
    sim.info()
        .clients
        .iter()
        .find(|c| c.api == "v2")
        .unwrap()
        .clone()
}

/// No retries: a 429 or any refusal shows up as an error instead of being absorbed.
/// No retries (a refusal must fail the run), and time enough for a loaded machine: under Wine
/// beside other builds a page of the simulator has taken over 20 s.
pub fn transport(sim: &SimHandle) -> Transport {
    Transport::new(
        ServiceUrl::parse(sim.base_url()).unwrap(),
        RetryPolicy::none(),
        Duration::from_secs(90),
    )
    .unwrap()
}

fn raw_http() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// Signs the demo admin in through the v2 OAuth flow.
pub async fn sign_in(sim: &SimHandle) -> TokenSet {
    let info = v2_client_info(sim);
    let creds =
        ClientCredentials::new(&info.client_id, &info.client_secret, &info.redirect_uri).unwrap();
    let oauth = OAuth::new(transport(sim), creds, ApiVersion::V2).unwrap();
    let request = oauth.begin_sign_in();
    // The login form carries every parameter of the address (state, PKCE challenge).
    let mut form: Vec<(String, String)> = request.url.query_pairs().into_owned().collect();
    form.push(("mail".into(), ADMIN.into()));
    form.push(("password".into(), PASSWORD.into()));
    let resp = raw_http()
        .post(format!("{}/oauth/authorize/", sim.base_url()))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 302);
    let location = resp.headers()["location"].to_str().unwrap().to_owned();
    let code = oauth.code_from_redirect(&request, &location).unwrap();
    oauth.exchange_code(code).await.unwrap()
}

pub fn client(sim: &SimHandle, tokens: TokenSet, limit: u32, window: Duration) -> V2Client {
    V2Client::new(transport(sim), tokens, RateLimiter::new(limit, window))
}

pub async fn control(sim: &SimHandle, path: &str, body: Value) -> Value {
    let resp = raw_http()
        .post(format!("{}/_sim/{path}", sim.base_url()))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(resp.status().is_success(), "control {path}");
    resp.json().await.unwrap_or(Value::Null)
}

/// Every record of a lock, straight from the service, as comparable keys.
pub async fn service_history(client: &V2Client, lock: &str) -> Vec<Key> {
    service_history_by(client, lock, 100).await
}

pub async fn service_history_by(client: &V2Client, lock: &str, limit: u32) -> Vec<Key> {
    use futures::TryStreamExt;
    let mut q = AccessQuery::new(lock);
    q.limit = limit;
    let all: Vec<Access> = client.accesses_stream(q).try_collect().await.unwrap();
    let mut keys: Vec<Key> = all.iter().map(key).collect();
    keys.sort();
    keys
}

pub type Key = (i64, Option<String>, String, bool);

pub fn key(a: &Access) -> Key {
    (
        a.created_at.timestamp_millis(),
        a.user.as_ref().and_then(|u| u.id.clone()),
        a.client_type.as_str().to_owned(),
        a.is_locked,
    )
}

/// Every record of a lock in the archive file, as comparable keys.
pub fn archived(db: &std::path::Path, lock: &str) -> Vec<Key> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT a.created_at_ms, u.user_id, k.name, a.is_locked FROM accesses a
             JOIN locks l ON l.id = a.lock_ref JOIN kinds k ON k.id = a.kind_ref
             LEFT JOIN users u ON u.id = a.user_ref WHERE l.lock_id = ?1",
        )
        .unwrap();
    let mut keys: Vec<Key> = stmt
        .query_map([lock], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    keys.sort();
    keys
}

/// A record built by hand.
pub fn rec(
    lock: &str,
    at: &str,
    user: Option<(&str, &str, &str)>,
    kind: &str,
    locked: bool,
) -> Access {
    Access {
        is_locked: locked,
        client_type: ClientType::parse(kind),
        created_at: lockdesk_api::parse_time(at).unwrap(),
        user: user.map(|(id, name, mail)| AccessUser {
            id: Some(id.into()),
            full_name: Some(name.into()),
            mail: Some(mail.into()),
            image_url: None,
        }),
        lock: Some(AccessLock {
            id: Some(lock.into()),
            name: Some(format!("{lock} door")),
            image_url: None,
        }),
    }
}

/// An archive file of schema 1 (the first release's) at `path`, then `sql` run on it: what the
/// migrations start from.
pub fn schema_1_archive(path: &std::path::Path, sql: &str) -> rusqlite::Connection {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.execute_batch(include_str!("../../migrations/0001_init.sql"))
        .unwrap();
    conn.execute_batch("PRAGMA user_version = 1;").unwrap();
    conn.execute_batch(sql).unwrap();
    conn
}
