//! Image fetching against a real HTTP server on loopback (wiremock): what was named for which
//! organization, loopback only for a loopback connection, redirects never inward.

use wiremock::matchers::path;
use wiremock::{Mock, MockServer, ResponseTemplate};

use std::time::Duration;

use super::*;
use crate::images::cache::Images;

fn png() -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    image::RgbImage::new(3, 2)
        .write_to(&mut out, image::ImageFormat::Png)
        .unwrap();
    out.into_inner()
}

/// A connection on loopback (like the simulator's), organization `org`.
fn local(server: &MockServer, org: &str) -> ImageScope {
    ImageScope::new(&Url::parse(&server.uri()).unwrap(), org)
}

/// A connection to a service on the internet.
fn remote(org: &str) -> ImageScope {
    ImageScope::new(&Url::parse("https://api.lockdesk.example").unwrap(), org)
}

#[tokio::test]
async fn fetches_only_images_named_for_this_organization_and_sniffs_their_type() {
    let server = MockServer::start().await;
    let images = Images::default();
    // The server calls it text; the bytes are a PNG: the bytes decide.
    Mock::given(path("/a.png"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(png(), "text/plain"))
        .expect(1)
        .mount(&server)
        .await;
    let url = format!("{}/a.png", server.uri());
    let org1 = local(&server, "O-11111-11111");
    let e = images
        .get(&org1, &url, || Ok(Route::Direct))
        .await
        .unwrap_err();
    assert_eq!(
        e.code(),
        crate::error::ErrorCode::InvalidInput,
        "not named yet"
    );
    // Named in an answer about another organization, or on another connection: not for this one.
    images.note(&local(&server, "O-22222-22222"), [&Some(url.clone())]);
    images.note(&remote("O-11111-11111"), [&Some(url.clone())]);
    let e = images
        .get(&org1, &url, || Ok(Route::Direct))
        .await
        .unwrap_err();
    assert_eq!(e.code(), crate::error::ErrorCode::InvalidInput, "{e}");
    images.note(&org1, [&Some(url.clone())]);
    let got = images.get(&org1, &url, || Ok(Route::Direct)).await.unwrap();
    assert!(got.data_url.starts_with("data:image/png;base64,"));
    assert_eq!(got.bytes, png().len() as u64);
    // Cached: the mock expects exactly one request, and the route (which may read the
    // keychain for the proxy's login) is not even decided.
    assert_eq!(
        images
            .get(&org1, &url, || panic!("the route is decided only to fetch"))
            .await
            .unwrap()
            .data_url,
        got.data_url
    );
    // The cache does not answer for an organization that never named the address.
    let e = images
        .get(&local(&server, "O-33333-33333"), &url, || Ok(Route::Direct))
        .await
        .unwrap_err();
    assert_eq!(e.code(), crate::error::ErrorCode::InvalidInput);
}

#[tokio::test]
async fn loopback_is_fetched_only_when_the_connection_is_loopback() {
    let server = MockServer::start().await;
    Mock::given(path("/lock.png"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(png(), "image/png"))
        .expect(1)
        .mount(&server)
        .await;
    let images = Images::default();
    let url = Some(format!("{}/lock.png", server.uri()));
    // A service on the internet naming an address on this computer: nothing is sent.
    let internet = remote("O-11111-11111");
    images.note(&internet, [&url]);
    let e = images
        .get(&internet, url.as_deref().unwrap(), || Ok(Route::Direct))
        .await
        .unwrap_err();
    assert_eq!(e.code(), crate::error::ErrorCode::ImageUnavailable);
    assert!(e.to_string().contains("this computer"), "{e}");
    // The simulator on loopback naming its own images: fetched.
    let sim = local(&server, "O-11111-11111");
    images.note(&sim, [&url]);
    images
        .get(&sim, url.as_deref().unwrap(), || Ok(Route::Direct))
        .await
        .unwrap();
}

#[tokio::test]
async fn redirects_into_loopback_or_a_private_range_are_not_followed() {
    let server = MockServer::start().await;
    let port = server.address().port();
    Mock::given(path("/secret.png"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(png(), "image/png"))
        .expect(0)
        .mount(&server)
        .await;
    let hops = [
        (
            "/to-ip.png",
            format!("http://127.0.0.1:{port}/secret.png"),
            "this computer",
        ),
        (
            "/to-name.png",
            format!("https://localhost:{port}/secret.png"),
            "this computer",
        ),
        (
            "/to-v6.png",
            format!("http://[::1]:{port}/secret.png"),
            "this computer",
        ),
        (
            "/to-lan.png",
            "https://10.0.0.1/x.png".to_owned(),
            "private",
        ),
        (
            "/to-metadata.png",
            "https://169.254.169.254/latest".to_owned(),
            "private",
        ),
        (
            "/to-mapped.png",
            "https://[::ffff:192.168.0.1]/x.png".to_owned(),
            "private",
        ),
        (
            "/to-http.png",
            "http://cdn.example.com/x.png".to_owned(),
            "not https",
        ),
    ];
    for (from, to, _) in &hops {
        Mock::given(path(from.to_owned()))
            .respond_with(ResponseTemplate::new(302).insert_header("location", to.as_str()))
            .mount(&server)
            .await;
    }
    // Even with a loopback connection, where the first address may be on loopback.
    let scope = local(&server, "O-11111-11111");
    let images = Images::default();
    for (from, to, why) in &hops {
        let url = format!("{}{from}", server.uri());
        images.note(&scope, [&Some(url.clone())]);
        let started = std::time::Instant::now();
        let e = images
            .get(&scope, &url, || Ok(Route::Direct))
            .await
            .unwrap_err();
        assert_eq!(
            e.code(),
            crate::error::ErrorCode::ImageUnavailable,
            "{to}: {e}"
        );
        assert!(e.to_string().contains(why), "{to}: {e}");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{to}: no connection tried"
        );
    }
}

#[tokio::test]
async fn refuses_what_is_not_an_image_too_large_or_insecure() {
    let server = MockServer::start().await;
    Mock::given(path("/page"))
        .respond_with(ResponseTemplate::new(200).set_body_raw("<html>", "image/png"))
        .mount(&server)
        .await;
    Mock::given(path("/huge.png"))
        .respond_with(
            ResponseTemplate::new(200).set_body_raw(vec![0u8; MAX_IMAGE_BYTES + 1], "image/png"),
        )
        .mount(&server)
        .await;
    Mock::given(path("/gone.png"))
        .respond_with(ResponseTemplate::new(404))
        .mount(&server)
        .await;
    let scope = local(&server, "O-11111-11111");
    let images = Images::default();
    let named = |p: &str| {
        let url = format!("{}{p}", server.uri());
        images.note(&scope, [&Some(url.clone())]);
        url
    };
    for p in ["/page", "/huge.png", "/gone.png"] {
        let e = images
            .get(&scope, &named(p), || Ok(Route::Direct))
            .await
            .unwrap_err();
        assert_eq!(
            e.code(),
            crate::error::ErrorCode::ImageUnavailable,
            "{p}: {e}"
        );
    }
    // Plain http to another computer is never fetched (no request leaves).
    let insecure = "http://example.com/lock.png".to_owned();
    images.note(&scope, [&Some(insecure.clone())]);
    let e = images
        .get(&scope, &insecure, || Ok(Route::Direct))
        .await
        .unwrap_err();
    assert_eq!(e.code(), crate::error::ErrorCode::ImageUnavailable);
    assert!(e.to_string().contains("https"), "{e}");
}

#[tokio::test]
async fn a_changed_image_is_fetched_again() {
    let server = MockServer::start().await;
    Mock::given(path("/lock.png"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(png(), "image/png"))
        .expect(2)
        .mount(&server)
        .await;
    let scope = local(&server, "O-11111-11111");
    let images = Images::default();
    let url = Some(format!("{}/lock.png", server.uri()));
    images.note(&scope, [&url]);
    images
        .get(&scope, url.as_deref().unwrap(), || Ok(Route::Direct))
        .await
        .unwrap();
    images.renew(&scope, &url);
    images
        .get(&scope, url.as_deref().unwrap(), || Ok(Route::Direct))
        .await
        .unwrap();
}

#[tokio::test]
async fn an_untrusted_certificate_is_the_certificate_error_with_the_image_host() {
    let ca = lockdesk_sim::test_pki::TestCa::new();
    let sim = lockdesk_sim::spawn(lockdesk_sim::SimOptions {
        tls: Some(ca.loopback()),
        ..lockdesk_sim::SimOptions::small()
    })
    .await
    .unwrap();
    let scope = ImageScope::new(&Url::parse(sim.base_url()).unwrap(), "O-11111-11111");
    let url = format!("{}/images/a.png", sim.base_url());
    let images = Images::default();
    images.note(&scope, [&Some(url.clone())]);
    let e = images
        .get(&scope, &url, || Ok(Route::Direct))
        .await
        .unwrap_err();
    assert_eq!(e.code(), crate::error::ErrorCode::TlsCertificate, "{e}");
    let details = e.details();
    assert_eq!(details.host.as_deref(), Some("127.0.0.1"));
    assert_eq!(
        details.tls_problem,
        Some(crate::error::TlsProblem::UnknownIssuer)
    );
}

/// The office proxy: a name only the proxy can reach is fetched through it (here a loopback
/// server standing in for the proxy answers the absolute-form request); the same address
/// straight away is not reached; names of a network inside never go to the proxy.
#[tokio::test]
async fn behind_a_proxy_an_image_goes_through_it_and_only_to_names_that_look_public() {
    let proxy = MockServer::start().await;
    Mock::given(path("/lock.png"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(png(), "image/png"))
        .expect(1)
        .mount(&proxy)
        .await;
    let images = Images::default();
    let scope = local(&proxy, "O-11111-11111");
    let through = Route::Proxy(proxy.uri());
    // Only the proxy knows this name (a `.localhost` name: loopback, as the connection is).
    let url = "http://images.lockdesk.localhost:9/lock.png".to_owned();
    images.note(&scope, [&Some(url.clone())]);
    let e = images
        .get(&scope, &url, || Ok(Route::Direct))
        .await
        .unwrap_err();
    assert_eq!(e.code(), crate::error::ErrorCode::ImageUnavailable, "{e}");
    let got = images
        .get(&scope, &url, || Ok(through.clone()))
        .await
        .unwrap();
    assert!(got.data_url.starts_with("data:image/png;base64,"));
    // Inside names are refused before anything is sent (the mock expects one request only).
    for inside in ["https://fileserver/a.png", "https://nas.local/a.png"] {
        images.note(&scope, [&Some(inside.to_owned())]);
        let e = images
            .get(&scope, inside, || Ok(through.clone()))
            .await
            .unwrap_err();
        assert_eq!(
            e.code(),
            crate::error::ErrorCode::ImageUnavailable,
            "{inside}"
        );
        assert!(e.to_string().contains("through the proxy"), "{e}");
    }
}
