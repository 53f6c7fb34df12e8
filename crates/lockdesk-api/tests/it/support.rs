use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use lockdesk_api::clock::OffsetClock;
use lockdesk_api::ids::OrganizationId;
use lockdesk_api::{
    ApiVersion, ClientCredentials, OAuth, RetryPolicy, ServiceUrl, Session, SignInRequest,
    TokenSet, TokenSink, Transport,
};
use lockdesk_sim::{ClientInfo, SimHandle, SimOptions};
use serde_json::Value;

pub const PASSWORD: &str = "lockdesk-demo";
pub const ADMIN: &str = "admin@example.com";
pub const MANAGER: &str = "manager@example.com";
pub const MEMBER: &str = "member@example.com";

pub async fn sim() -> SimHandle {
    lockdesk_sim::spawn(SimOptions::small())
        .await
        .expect("simulator starts")
}

pub async fn sim_with(options: SimOptions) -> SimHandle {
    lockdesk_sim::spawn(options)
        .await
        .expect("simulator starts")
}

pub fn v3_client(sim: &SimHandle) -> ClientInfo {
    sim.info()
        .clients
        .iter()
        .find(|c| c.api == "v3")
        .unwrap()
        .clone()
}

pub fn v2_client(sim: &SimHandle) -> ClientInfo {
    sim.info()
        .clients
        .iter()
        .find(|c| c.api == "v2")
        .unwrap()
        .clone()
}

pub fn transport(sim: &SimHandle) -> Transport {
    let policy = RetryPolicy {
        base_delay: Duration::from_millis(10),
        ..RetryPolicy::default()
    };
    Transport::new(
        ServiceUrl::parse(sim.base_url()).unwrap(),
        policy,
        Duration::from_secs(20),
    )
    .unwrap()
}

pub fn oauth_for(sim: &SimHandle, client: &ClientInfo) -> OAuth {
    let api = if client.api == "v2" {
        ApiVersion::V2
    } else {
        ApiVersion::V3
    };
    let creds = ClientCredentials::new(
        &client.client_id,
        &client.client_secret,
        &client.redirect_uri,
    )
    .unwrap();
    OAuth::new(transport(sim), creds, api).unwrap()
}

fn raw_http() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// Logs in on the simulator's authorization page for the sign-in `request` (its `state` and
/// PKCE challenge, which the page's form carries) as `client`, and returns the answer.
pub async fn authorize(
    sim: &SimHandle,
    client: &ClientInfo,
    mail: &str,
    request: &SignInRequest,
) -> reqwest::Response {
    let q = |name: &str| {
        request
            .url
            .query_pairs()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.into_owned())
            .unwrap_or_default()
    };
    raw_http()
        .post(format!("{}/oauth/authorize/", sim.base_url()))
        .form(&[
            ("mail", mail),
            ("password", PASSWORD),
            ("client_id", &client.client_id),
            ("redirect_uri", &client.redirect_uri),
            ("response_type", "code"),
            ("state", request.state()),
            ("code_challenge", &q("code_challenge")),
            ("code_challenge_method", &q("code_challenge_method")),
        ])
        .send()
        .await
        .unwrap()
}

/// The `Location` [`authorize`] redirects to.
pub async fn redirect_location(
    sim: &SimHandle,
    client: &ClientInfo,
    mail: &str,
    request: &SignInRequest,
) -> String {
    let resp = authorize(sim, client, mail, request).await;
    assert_eq!(resp.status(), 302, "login should redirect");
    resp.headers()["location"].to_str().unwrap().to_owned()
}

pub async fn sign_in_with(
    sim: &SimHandle,
    oauth: &OAuth,
    client: &ClientInfo,
    mail: &str,
) -> TokenSet {
    let request = oauth.begin_sign_in();
    let location = redirect_location(sim, client, mail, &request).await;
    let code = oauth.code_from_redirect(&request, &location).unwrap();
    oauth.exchange_code(code).await.unwrap()
}

/// Counts how often renewed tokens were persisted.
#[derive(Default)]
pub struct CountingSink(pub AtomicUsize);

impl TokenSink for CountingSink {
    fn save(&self, _: &TokenSet) -> Result<(), String> {
        self.0.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }
}

pub struct Signed {
    pub client: lockdesk_api::Client,
    pub sink: Arc<CountingSink>,
    pub clock: OffsetClock,
}

pub async fn signed_in(sim: &SimHandle, mail: &str) -> Signed {
    let client_info = v3_client(sim);
    let clock = OffsetClock::default();
    let oauth = oauth_for(sim, &client_info).with_clock(Arc::new(clock.clone()));
    let tokens = sign_in_with(sim, &oauth, &client_info, mail).await;
    let sink = Arc::new(CountingSink::default());
    let session = Session::new(oauth, tokens, sink.clone());
    Signed {
        client: lockdesk_api::Client::new(Arc::new(session)),
        sink,
        clock,
    }
}

pub async fn first_org(client: &lockdesk_api::Client) -> OrganizationId {
    let orgs = client
        .organizations()
        .list(&Default::default())
        .await
        .unwrap();
    OrganizationId::parse(orgs[0].id.clone()).unwrap()
}

pub async fn orgs(client: &lockdesk_api::Client) -> Vec<OrganizationId> {
    client
        .organizations()
        .list(&Default::default())
        .await
        .unwrap()
        .into_iter()
        .map(|o| OrganizationId::parse(o.id).unwrap())
        .collect()
}

/// `/_sim/` control call.
pub async fn control(sim: &SimHandle, method: reqwest::Method, path: &str, body: Value) -> Value {
    let resp = raw_http()
        .request(method, format!("{}/_sim/{path}", sim.base_url()))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(
        resp.status().is_success(),
        "control {path}: {}",
        resp.status()
    );
    let text = resp.text().await.unwrap();
    if text.trim().is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap()
    }
}

pub async fn post(sim: &SimHandle, path: &str, body: Value) -> Value {
    control(sim, reqwest::Method::POST, path, body).await
}

/// A request past the client's own checks, to reach rules only the service enforces.
pub async fn raw(
    sim: &SimHandle,
    method: reqwest::Method,
    path: &str,
    token: &str,
    form: &[(&str, &str)],
) -> (u16, Value) {
    let resp = raw_http()
        .request(method, format!("{}{path}", sim.base_url()))
        .bearer_auth(token)
        .form(form)
        .send()
        .await
        .unwrap();
    let status = resp.status().as_u16();
    let text = resp.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}
