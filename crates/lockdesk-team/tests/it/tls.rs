//! TLS to the team's database: a server whose certificate an authority this computer trusts
//! issued for its name is reached over TLS; one from another authority, or issued for another
//! name, is refused as unreachable, naming the certificate. (The system's trust store itself is
//! what `lockdesk_api::tls` reads, tested with the service's HTTPS.)

use std::sync::Arc;

use lockdesk_sim::test_pki::{TestCa, Validity};
use lockdesk_team::connect::connect_over_tls;
use lockdesk_team::error::TeamError;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::CertificateDer;

use crate::server::{Server, TEAM_PASSWORD};

/// A client configuration trusting `ca_pem` only.
fn trusting(ca_pem: &str) -> rustls::ClientConfig {
    let mut roots = rustls::RootCertStore::empty();
    for cert in CertificateDer::pem_slice_iter(ca_pem.as_bytes()) {
        roots.add(cert.unwrap()).unwrap();
    }
    rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth()
}

fn refused_for_its_certificate(e: TeamError) {
    match e {
        TeamError::Unreachable { reason, .. } => {
            assert!(reason.to_lowercase().contains("certificate"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn the_server_certificate_and_its_name_are_checked() {
    let server = Server::start().await;
    let ca = TestCa::new();
    let good = ca.server(&["127.0.0.1"], Validity::Current);
    server.serve_tls(&good.cert_pem, &good.key_pem).await;
    let source = server.source();

    let client = connect_over_tls(&source, TEAM_PASSWORD, trusting(&ca.cert_pem))
        .await
        .unwrap();
    let ssl: bool = client
        .query_one(
            "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert!(ssl, "the connection is not encrypted");

    // An authority this computer does not trust.
    let stranger = TestCa::new();
    let e = connect_over_tls(&source, TEAM_PASSWORD, trusting(&stranger.cert_pem))
        .await
        .unwrap_err();
    refused_for_its_certificate(e);

    // A certificate the trusted authority issued for another name.
    let elsewhere = ca.server(&["db.example.test"], Validity::Current);
    server
        .serve_tls(&elsewhere.cert_pem, &elsewhere.key_pem)
        .await;
    let e = connect_over_tls(&source, TEAM_PASSWORD, trusting(&ca.cert_pem))
        .await
        .unwrap_err();
    refused_for_its_certificate(e);
}
