//! The client against the simulator serving HTTPS on loopback with a certificate from a private
//! CA made for the test. This process trusts only the system's roots (nothing is added to the
//! environment here), so the CA is unknown; the walk with the CA trusted runs in lockctl's
//! tests, with `SSL_CERT_FILE` set for the child processes.

use std::time::{Duration, Instant};

use lockdesk_api::{AccessToken, Error, TlsProblem};
use lockdesk_sim::test_pki::{TestCa, Validity};
use lockdesk_sim::{SimHandle, SimOptions, TlsIdentity};

use crate::support::{oauth_for, sim_with, v3_client};

async fn https_sim(identity: TlsIdentity) -> SimHandle {
    sim_with(SimOptions {
        tls: Some(identity),
        ..SimOptions::small()
    })
    .await
}

fn assert_refused(e: &Error, problem: TlsProblem, base_url: &str) {
    assert_eq!(e.code(), "tls_certificate", "{e:?}");
    match e {
        Error::Tls {
            base_url: b,
            host,
            problem: p,
        } => {
            assert_eq!(host, "127.0.0.1");
            assert_eq!(*p, problem);
            assert_eq!(b.trim_end_matches('/'), base_url);
        }
        other => panic!("not a TLS error: {other:?}"),
    }
}

#[tokio::test]
async fn a_certificate_from_an_unknown_authority_is_refused_at_once_with_its_own_error() {
    let ca = TestCa::new();
    let sim = https_sim(ca.loopback()).await;
    assert!(sim.base_url().starts_with("https://127.0.0.1:"));
    let client = v3_client(&sim);
    let oauth = oauth_for(&sim, &client);

    // Through the attempt loop: refused without the retries a connection failure gets.
    let started = Instant::now();
    let e = oauth
        .token_info(&AccessToken::new("any".into()))
        .await
        .unwrap_err();
    assert_refused(&e, TlsProblem::UnknownIssuer, sim.base_url());
    assert!(started.elapsed() < Duration::from_secs(5));
    let message = e.to_string();
    assert!(
        message.contains("127.0.0.1")
            && message.contains("issued by an authority this computer does not trust"),
        "{message}"
    );

    // Through the oauth2 crate's token request (the same client).
    let request = oauth.begin_sign_in();
    let location = format!(
        "{}?code=never-issued&state={}",
        client.redirect_uri,
        request.state()
    );
    let grant = oauth.code_from_redirect(&request, &location).unwrap();
    let e = oauth.exchange_code(grant).await.unwrap_err();
    assert_refused(&e, TlsProblem::UnknownIssuer, sim.base_url());
}

#[tokio::test]
async fn an_expired_certificate_is_refused_as_expired_before_its_issuer_is_looked_at() {
    let ca = TestCa::new();
    let sim = https_sim(ca.server(&["127.0.0.1"], Validity::Expired)).await;
    let oauth = oauth_for(&sim, &v3_client(&sim));
    let e = oauth
        .token_info(&AccessToken::new("any".into()))
        .await
        .unwrap_err();
    assert_refused(&e, TlsProblem::Expired, sim.base_url());
}

#[tokio::test]
async fn plain_http_to_the_https_simulator_is_not_a_certificate_problem() {
    let ca = TestCa::new();
    let sim = https_sim(ca.loopback()).await;
    let http_url = sim.base_url().replacen("https://", "http://", 1);
    let transport = lockdesk_api::Transport::new(
        lockdesk_api::ServiceUrl::parse(&http_url).unwrap(),
        lockdesk_api::RetryPolicy {
            max_attempts: 1,
            ..lockdesk_api::RetryPolicy::default()
        },
        Duration::from_secs(5),
    )
    .unwrap();
    let e = transport
        .http()
        .get(format!("{http_url}/v3/organizations"))
        .send()
        .await
        .unwrap_err();
    assert!(lockdesk_api::tls::problem_of(&e).is_none(), "{e:?}");
}
