//! PKCE (RFC 7636, S256) on every sign-in: the authorization address carries the challenge,
//! the code exchange carries its verifier, and the simulator (which checks them) agrees.

use lockdesk_api::{Error, ServiceCode, SignInRequest};
use lockdesk_sim::backend::pkce::s256;
use lockdesk_sim::SimHandle;
use serde_json::Value;
use url::Url;

use crate::support::*;

fn query(url: &Url, name: &str) -> Option<String> {
    url.query_pairs()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
}

/// What the browser does with the sign-in address: the login page's form carries every
/// parameter of the address (the simulator's page does so), plus the credentials.
async fn log_in_as_browser(sim: &SimHandle, url: &Url) -> String {
    let mut form: Vec<(String, String)> = url.query_pairs().into_owned().collect();
    form.push(("mail".into(), ADMIN.into()));
    form.push(("password".into(), PASSWORD.into()));
    let resp = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .post(format!("{}/oauth/authorize/", sim.base_url()))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 302, "login refused");
    resp.headers()["location"].to_str().unwrap().to_owned()
}

async fn recorded_token_requests(sim: &SimHandle) -> Vec<Value> {
    let log: Value = reqwest::get(format!("{}/_sim/requests", sim.base_url()))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    log["requests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["path"] == "/oauth/token")
        .cloned()
        .collect()
}

#[tokio::test]
async fn every_sign_in_sends_an_s256_challenge_and_then_its_verifier() {
    let sim = sim().await;
    let info = v3_client(&sim);
    let oauth = oauth_for(&sim, &info);
    let request = oauth.begin_sign_in();

    // The address carries an S256 challenge of this sign-in's verifier.
    let verifier = request.pkce_verifier().to_owned();
    assert!((43..=128).contains(&verifier.len()), "{verifier}");
    assert_eq!(
        query(&request.url, "code_challenge_method").as_deref(),
        Some("S256")
    );
    assert_eq!(query(&request.url, "code_challenge"), Some(s256(&verifier)));
    // Each sign-in has its own verifier; Debug shows none.
    let other = oauth.begin_sign_in();
    assert_ne!(other.pkce_verifier(), verifier);
    assert_ne!(
        query(&other.url, "code_challenge"),
        query(&request.url, "code_challenge")
    );
    let debug = format!("{request:?}");
    assert!(!debug.contains(&verifier), "{debug}");

    // The simulator checks the verifier: another sign-in's verifier does not redeem the code.
    let location = log_in_as_browser(&sim, &request.url).await;
    let crossed = SignInRequest::from_parts(
        request.url.clone(),
        request.state().to_owned(),
        other.pkce_verifier().to_owned(),
    );
    let err = oauth
        .exchange_code(oauth.code_from_redirect(&crossed, &location).unwrap())
        .await
        .unwrap_err();
    assert!(err.is(&ServiceCode::InvalidGrant), "{err:?}");

    // The client's own exchange sends the right verifier and gets tokens.
    let location = log_in_as_browser(&sim, &request.url).await;
    let grant = oauth.code_from_redirect(&request, &location).unwrap();
    assert!(!format!("{grant:?}").contains(&verifier));
    let tokens = oauth.exchange_code(grant).await.unwrap();
    assert!(tokens.refresh_token.is_some());

    let sent = recorded_token_requests(&sim).await;
    let last = sent.last().expect("a token request");
    assert_eq!(last["status"], 200);
    let params: Vec<&str> = last["params"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    // Sent (the log keeps its name, never its value); that it was the right one, the exchange
    // of a challenged code succeeding shows (the crossed verifier above was refused).
    assert!(params.contains(&"code_verifier=<redacted>"), "{params:?}");
    assert!(!params.iter().any(|p| p.contains(&verifier)), "{params:?}");
    sim.shutdown().await;
}

/// The sign-in address with its query changed by `f` (a parameter dropped where it says `None`),
/// as something on the way could change it.
fn altered(url: &Url, f: impl Fn(String, String) -> Option<(String, String)>) -> Url {
    let pairs: Vec<(String, String)> = url
        .query_pairs()
        .into_owned()
        .filter_map(|(k, v)| f(k, v))
        .collect();
    let mut url = url.clone();
    url.query_pairs_mut().clear().extend_pairs(pairs);
    url
}

#[tokio::test]
async fn a_service_refusing_the_challenge_is_reported() {
    let sim = sim().await;
    let info = v3_client(&sim);
    let oauth = oauth_for(&sim, &info);
    let request = oauth.begin_sign_in();
    // A page that was sent a "plain" challenge redirects back with invalid_request.
    let url = altered(&request.url, |k, v| match k.as_str() {
        "code_challenge_method" => Some((k, "plain".to_owned())),
        _ => Some((k, v)),
    });
    let location = log_in_as_browser(&sim, &url).await;
    let err = oauth.code_from_redirect(&request, &location).unwrap_err();
    assert!(
        matches!(&err, Error::Authorization(m) if m.starts_with("invalid_request")),
        "{err:?}"
    );
    sim.shutdown().await;
}

/// A challenge stripped from the sign-in address on the way (a downgrade): the code comes back
/// bound to no challenge, the client still sends its verifier, and the simulator refuses it.
#[tokio::test]
async fn a_code_whose_challenge_was_stripped_is_refused() {
    let sim = sim().await;
    let info = v3_client(&sim);
    let oauth = oauth_for(&sim, &info);
    let request = oauth.begin_sign_in();
    let url = altered(&request.url, |k, v| {
        (!k.starts_with("code_challenge")).then_some((k, v))
    });
    let location = log_in_as_browser(&sim, &url).await;
    let grant = oauth.code_from_redirect(&request, &location).unwrap();
    let err = oauth.exchange_code(grant).await.unwrap_err();
    assert!(err.is(&ServiceCode::InvalidGrant), "{err:?}");
    sim.shutdown().await;
}
