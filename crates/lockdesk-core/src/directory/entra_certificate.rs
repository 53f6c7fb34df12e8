//! Signing in to Entra ID with a certificate instead of a client secret (what many IT
//! departments require): the app registration holds the certificate, Lockdesk its private key
//! (in the keychain; the certificate's thumbprint, which is not secret, in `directory.json`) and
//! signs a short-lived client assertion (RS256, `x5t` naming the certificate) for each sign-in.

use base64::Engine;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sha1::{Digest, Sha1};
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::CertificateDer;

use crate::error::{Error, Result, SourceFailure};

/// What Lockdesk keeps of a certificate file.
pub struct AppCertificate {
    /// `x5t`: the certificate's SHA-1 thumbprint, base64url (as Entra ID shows it in hex).
    pub thumbprint: String,
    /// The private key, PEM: the secret, for the keychain.
    pub private_key_pem: String,
}

fn bad() -> Error {
    Error::invalid(
        "certificate",
        "give a PEM file with the certificate uploaded to the app registration and its private key (RSA, not encrypted)",
    )
}

impl AppCertificate {
    /// Reads a PEM file holding the certificate and its private key.
    pub fn from_pem(text: &str) -> Result<AppCertificate> {
        let cert = CertificateDer::pem_slice_iter(text.as_bytes())
            .next()
            .and_then(|c| c.ok())
            .ok_or_else(bad)?;
        let key = key_block(text).ok_or_else(bad)?;
        jsonwebtoken::EncodingKey::from_rsa_pem(key.as_bytes()).map_err(|_| bad())?;
        Ok(AppCertificate {
            thumbprint: base64::engine::general_purpose::URL_SAFE_NO_PAD
                .encode(Sha1::digest(cert.as_ref())),
            private_key_pem: key,
        })
    }
}

/// The private key's PEM block (PKCS#8 or PKCS#1), as it is in the file.
fn key_block(text: &str) -> Option<String> {
    ["PRIVATE KEY", "RSA PRIVATE KEY"].iter().find_map(|label| {
        let begin = format!("-----BEGIN {label}-----");
        let end = format!("-----END {label}-----");
        let from = text.find(&begin)?;
        let to = text[from..].find(&end)? + from + end.len();
        Some(format!("{}\n", &text[from..to]))
    })
}

#[derive(Serialize)]
struct Claims<'a> {
    aud: &'a str,
    iss: &'a str,
    sub: &'a str,
    jti: String,
    nbf: i64,
    exp: i64,
}

/// A client assertion for `client_id` at `token_url`, valid ten minutes.
pub fn assertion(
    client_id: &str,
    token_url: &str,
    private_key_pem: &str,
    thumbprint: &str,
    now: DateTime<Utc>,
) -> Result<String> {
    let key = jsonwebtoken::EncodingKey::from_rsa_pem(private_key_pem.as_bytes()).map_err(|_| {
        Error::DirectorySourceFailed {
            why: SourceFailure::SecretMissing,
            permission: None,
            reason: "the certificate's private key in the keychain does not read: remove the source and add it again".into(),
        }
    })?;
    let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::RS256);
    header.x5t = Some(thumbprint.to_owned());
    let claims = Claims {
        aud: token_url,
        iss: client_id,
        sub: client_id,
        jti: rand::random::<[u8; 16]>()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect(),
        nbf: now.timestamp(),
        exp: now.timestamp() + 600,
    };
    jsonwebtoken::encode(&header, &claims, &key).map_err(|e| Error::DirectorySourceFailed {
        why: SourceFailure::Unexpected,
        permission: None,
        reason: format!("the sign-in could not be signed: {e}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_without_a_key_or_a_certificate_is_refused() {
        assert!(AppCertificate::from_pem("").is_err());
        assert!(AppCertificate::from_pem(
            "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"
        )
        .is_err());
        assert_eq!(
            key_block("x\n-----BEGIN RSA PRIVATE KEY-----\nQQ==\n-----END RSA PRIVATE KEY-----\ny")
                .as_deref(),
            Some("-----BEGIN RSA PRIVATE KEY-----\nQQ==\n-----END RSA PRIVATE KEY-----\n")
        );
    }
}
