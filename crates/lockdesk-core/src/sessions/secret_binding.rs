//! Binds a connection's keychain entries (client secret, tokens) to the service address and
//! client id they were stored for. `profiles.json` is a plain file: edited to point a
//! connection at another host, it must not make Lockdesk send that host the secret or the
//! tokens (the refresh token never expires). Each entry carries [`Binding::of`] its profile,
//! and is refused when the profile no longer matches, before anything is sent.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::{Error, Result};
use crate::profiles::store::Profile;

/// A fingerprint of the service address (normalized) and client id: 128 bits of SHA-256, hex.
/// Short, so a token pair still fits a Windows credential's 2,560 bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Binding(String);

impl Binding {
    pub fn of(profile: &Profile) -> Result<Binding> {
        let url = profile.service_url()?;
        let digest = Sha256::new()
            .chain_update(url.as_str().as_bytes())
            .chain_update(b"\n")
            .chain_update(profile.client_id.trim().as_bytes())
            .finalize();
        Ok(Binding(
            digest[..16].iter().map(|b| format!("{b:02x}")).collect(),
        ))
    }

    /// Refuses an entry stored for another address or client id, or stored without a binding
    /// (before Lockdesk bound them: where it was meant to go cannot be known).
    pub fn check(&self, stored: Option<&Binding>, profile: &str) -> Result<()> {
        match stored {
            Some(b) if b == self => Ok(()),
            _ => Err(Error::SecretBoundElsewhere(profile.to_owned())),
        }
    }
}

/// The client secret's keychain value: the secret and where it may be sent.
#[derive(Serialize, Deserialize)]
struct StoredSecret {
    #[serde(rename = "for")]
    binding: Binding,
    client_secret: String,
}

/// The keychain value for `secret`, bound to `profile`.
pub fn bind_client_secret(profile: &Profile, secret: &str) -> Result<String> {
    let stored = StoredSecret {
        binding: Binding::of(profile)?,
        client_secret: secret.to_owned(),
    };
    serde_json::to_string(&stored).map_err(|e| Error::Keychain {
        reason: format!("could not encode the client secret: {}", e.classify() as u8),
    })
}

/// The client secret of a keychain value, if it is bound to `profile`.
pub fn bound_client_secret(profile: &Profile, value: &str) -> Result<String> {
    // A value that is not our JSON is one stored before binding (a bare secret).
    let stored: Option<StoredSecret> = serde_json::from_str(value).ok();
    Binding::of(profile)?.check(stored.as_ref().map(|s| &s.binding), &profile.name)?;
    Ok(stored.map(|s| s.client_secret).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use lockdesk_api::ApiVersion;

    fn profile(base_url: &str, client_id: &str) -> Profile {
        Profile {
            name: "office".into(),
            base_url: base_url.into(),
            client_id: client_id.into(),
            redirect_uri: "http://127.0.0.1:8400/callback".into(),
            api: ApiVersion::V3,
        }
    }

    #[test]
    fn a_secret_is_given_only_to_the_address_and_client_it_was_stored_for() {
        let office = profile("https://api.example.jp", "client-1");
        let value = bind_client_secret(&office, "s3cret").unwrap();
        assert_eq!(bound_client_secret(&office, &value).unwrap(), "s3cret");
        // The same address written another way is the same service.
        let same = profile("https://API.example.jp/", "client-1");
        assert_eq!(bound_client_secret(&same, &value).unwrap(), "s3cret");
        for other in [
            profile("https://api.example.com", "client-1"),
            profile("https://api.example.jp", "client-2"),
        ] {
            let e = bound_client_secret(&other, &value).unwrap_err();
            assert!(matches!(e, Error::SecretBoundElsewhere(_)), "{e:?}");
            assert!(!format!("{e} {e:?}").contains("s3cret"));
        }
        // Stored before binding: where it belongs is unknown, so it is not sent.
        let e = bound_client_secret(&office, "s3cret").unwrap_err();
        assert!(matches!(e, Error::SecretBoundElsewhere(_)));
    }
}
