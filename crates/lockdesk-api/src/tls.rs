//! TLS for every request Lockdesk makes, in one place: certificates are checked against the
//! operating system's trust store, so a company's own root (TLS inspection) is trusted where
//! IT installed it. reqwest 0.12 has no feature for the OS verifier, so a rustls configuration
//! with `rustls-platform-verifier` is handed to it (`use_preconfigured_tls`):
//! - Windows: the OS verifier (certificate store, revocation);
//! - macOS: the OS verifier (Keychain, roots installed by MDM, revocation);
//! - Linux: WebPKI over the CA bundle found by `rustls-native-certs`; when `SSL_CERT_FILE` or
//!   `SSL_CERT_DIR` is set, only those certificates are trusted (they replace the bundle).
//!
//! Crypto is `ring` (no aws-lc-rs: the installers cross-compile). There is no way to turn the
//! check off. reqwest is built with `rustls-tls-manual-roots` and so has no roots of its own: a
//! client not started from [`client_builder`] trusts nothing. [`problem_of`] finds a certificate
//! refusal in an error's causes.

use std::error::Error as StdError;
use std::fmt;
use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::CryptoProvider;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, DigitallySignedStruct, SignatureScheme};

/// A reqwest client builder that verifies certificates with the OS trust store. Every client
/// of Lockdesk starts here.
pub fn client_builder() -> reqwest::ClientBuilder {
    reqwest::Client::builder().use_preconfigured_tls(client_config())
}

/// The rustls configuration of [`client_builder`]. The trust store is read when this is
/// called, so a root installed meanwhile counts for the next client.
pub fn client_config() -> rustls::ClientConfig {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let verifier: Arc<dyn ServerCertVerifier> =
        match rustls_platform_verifier::Verifier::new(provider.clone()) {
            Ok(v) => Arc::new(v),
            // Linux with no CA bundle: loopback http still works; https is refused as untrusted.
            Err(e) => {
                tracing::warn!("no trusted certificates on this computer: {e}");
                Arc::new(TrustNothing(provider.clone()))
            }
        };
    let mut config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("ring supports TLS 1.2 and 1.3")
        .dangerous() // the platform verifier is plugged in this way (its own extension does the same)
        .with_custom_certificate_verifier(verifier)
        .with_no_client_auth();
    // reqwest is built without HTTP/2.
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    config
}

/// Refuses every certificate: used when the OS trust store cannot be read at all.
#[derive(Debug)]
struct TrustNothing(Arc<CryptoProvider>);

impl ServerCertVerifier for TrustNothing {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Err(rustls::Error::InvalidCertificate(
            CertificateError::UnknownIssuer,
        ))
    }

    fn verify_tls12_signature(
        &self,
        _message: &[u8],
        _cert: &CertificateDer<'_>,
        _dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        Err(rustls::Error::InvalidCertificate(
            CertificateError::UnknownIssuer,
        ))
    }

    fn verify_tls13_signature(
        &self,
        _message: &[u8],
        _cert: &CertificateDer<'_>,
        _dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        Err(rustls::Error::InvalidCertificate(
            CertificateError::UnknownIssuer,
        ))
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

/// What was wrong with a TLS connection, as data (front ends word it: the core hands it on in
/// `details.tls_problem`, as its snake_case name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TlsProblem {
    /// Issued by an authority this computer does not trust (a company's inspecting proxy whose
    /// root is not installed, a self-signed certificate).
    UnknownIssuer,
    Expired,
    NotYetValid,
    /// The certificate is for another host name.
    WrongName,
    Revoked,
    /// Anything else (a broken certificate, no common protocol, not TLS at all).
    Other,
}

impl TlsProblem {
    pub const ALL: [TlsProblem; 6] = [
        TlsProblem::UnknownIssuer,
        TlsProblem::Expired,
        TlsProblem::NotYetValid,
        TlsProblem::WrongName,
        TlsProblem::Revoked,
        TlsProblem::Other,
    ];

    /// Stable snake_case name (logs, details).
    pub fn as_str(self) -> &'static str {
        match self {
            TlsProblem::UnknownIssuer => "unknown_issuer",
            TlsProblem::Expired => "expired",
            TlsProblem::NotYetValid => "not_yet_valid",
            TlsProblem::WrongName => "wrong_name",
            TlsProblem::Revoked => "revoked",
            TlsProblem::Other => "other",
        }
    }

    fn of(err: &rustls::Error) -> TlsProblem {
        use CertificateError as C;
        match err {
            rustls::Error::InvalidCertificate(c) => match c {
                C::UnknownIssuer => TlsProblem::UnknownIssuer,
                C::Expired | C::ExpiredContext { .. } => TlsProblem::Expired,
                C::NotValidYet | C::NotValidYetContext { .. } => TlsProblem::NotYetValid,
                C::NotValidForName | C::NotValidForNameContext { .. } => TlsProblem::WrongName,
                C::Revoked => TlsProblem::Revoked,
                _ => TlsProblem::Other,
            },
            _ => TlsProblem::Other,
        }
    }
}

impl fmt::Display for TlsProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TlsProblem::UnknownIssuer => {
                "it is issued by an authority this computer does not trust"
            }
            TlsProblem::Expired => "it has expired (or this computer's clock is wrong)",
            TlsProblem::NotYetValid => "it is not valid yet (or this computer's clock is wrong)",
            TlsProblem::WrongName => "it is for another host name",
            TlsProblem::Revoked => "it has been revoked",
            TlsProblem::Other => "the secure connection could not be set up",
        })
    }
}

/// The TLS problem among the causes of `err`, if the failure was one. rustls errors travel
/// inside `std::io::Error`s, whose `source()` skips the wrapped error itself, so each
/// `io::Error` is opened with `get_ref`.
pub fn problem_of(err: &(dyn StdError + 'static)) -> Option<TlsProblem> {
    let mut next = Some(err);
    while let Some(e) = next {
        if let Some(tls) = e.downcast_ref::<rustls::Error>() {
            return Some(TlsProblem::of(tls));
        }
        if let Some(inner) = e
            .downcast_ref::<std::io::Error>()
            .and_then(|io| io.get_ref())
        {
            if let Some(p) = problem_of(inner) {
                return Some(p);
            }
        }
        next = e.source();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_serializes_as_its_stable_name() {
        for p in TlsProblem::ALL {
            assert_eq!(serde_json::to_value(p).unwrap(), p.as_str());
        }
    }

    #[test]
    fn problems_are_found_through_io_errors_and_sources() {
        let expired = rustls::Error::InvalidCertificate(CertificateError::Expired);
        let io = std::io::Error::new(std::io::ErrorKind::InvalidData, expired);
        assert_eq!(problem_of(&io), Some(TlsProblem::Expired));

        #[derive(Debug)]
        struct Wrap(std::io::Error);
        impl fmt::Display for Wrap {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("wrapped")
            }
        }
        impl StdError for Wrap {
            fn source(&self) -> Option<&(dyn StdError + 'static)> {
                Some(&self.0)
            }
        }
        let name = rustls::Error::InvalidCertificate(CertificateError::NotValidForName);
        let wrapped = Wrap(std::io::Error::other(name));
        assert_eq!(problem_of(&wrapped), Some(TlsProblem::WrongName));

        let refused = std::io::Error::from(std::io::ErrorKind::ConnectionRefused);
        assert_eq!(problem_of(&refused), None);
        let alert = rustls::Error::AlertReceived(rustls::AlertDescription::HandshakeFailure);
        assert_eq!(problem_of(&alert), Some(TlsProblem::Other));
    }

    #[test]
    fn a_client_with_the_os_trust_store_builds() {
        client_builder().build().unwrap();
    }
}
