//! The tokens of a profile, as JSON under `<profile>/tokens` in the [`SecretStore`]. The
//! session hands every renewed pair to [`KeychainTokenSink`] before using it.

use std::sync::Arc;

use lockdesk_api::{TokenSet, TokenSink};

use crate::error::{Error, Result};
use crate::secrets::{tokens_key, SecretStore};

pub fn load_tokens(secrets: &dyn SecretStore, profile: &str) -> Result<Option<TokenSet>> {
    let Some(text) = secrets.get(&tokens_key(profile))? else {
        return Ok(None);
    };
    // The serde error never quotes the input's secret values back for a shape problem, but
    // keep only its position to be safe.
    serde_json::from_str(&text).map(Some).map_err(|e| Error::Keychain {
        reason: format!(
            "the stored session of profile {profile:?} is unreadable (line {}, column {}); sign in again",
            e.line(),
            e.column()
        ),
    })
}

pub fn save_tokens(secrets: &dyn SecretStore, profile: &str, tokens: &TokenSet) -> Result<()> {
    let text = serde_json::to_string(tokens).map_err(|e| Error::Keychain {
        reason: format!("could not encode the session: {}", e.classify() as u8),
    })?;
    secrets.set(&tokens_key(profile), &text)
}

pub fn delete_tokens(secrets: &dyn SecretStore, profile: &str) -> Result<()> {
    secrets.delete(&tokens_key(profile))
}

/// Persists renewed tokens of one profile.
pub struct KeychainTokenSink {
    secrets: Arc<dyn SecretStore>,
    profile: String,
}

impl KeychainTokenSink {
    pub fn new(secrets: Arc<dyn SecretStore>, profile: impl Into<String>) -> Self {
        KeychainTokenSink {
            secrets,
            profile: profile.into(),
        }
    }
}

impl TokenSink for KeychainTokenSink {
    fn save(&self, tokens: &TokenSet) -> std::result::Result<(), String> {
        save_tokens(self.secrets.as_ref(), &self.profile, tokens).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secrets::MemoryStore;
    use lockdesk_api::{AccessToken, RefreshToken};

    #[test]
    fn round_trip() {
        let store = Arc::new(MemoryStore::new());
        let now = chrono::Utc::now();
        let tokens = TokenSet {
            access_token: AccessToken::new("acc".into()),
            refresh_token: Some(RefreshToken::new("ref".into())),
            created_at: now,
            expires_at: now,
        };
        let sink = KeychainTokenSink::new(store.clone(), "p");
        sink.save(&tokens).unwrap();
        let back = load_tokens(store.as_ref(), "p").unwrap().unwrap();
        assert_eq!(back.access_token.secret(), "acc");
        assert_eq!(back.refresh_token.unwrap().secret(), "ref");
        store.set("p/tokens", "{\"access_token\": \"leak").unwrap();
        let err = load_tokens(store.as_ref(), "p").unwrap_err();
        assert!(!err.to_string().contains("leak"));
        delete_tokens(store.as_ref(), "p").unwrap();
        assert!(load_tokens(store.as_ref(), "p").unwrap().is_none());
    }
}
