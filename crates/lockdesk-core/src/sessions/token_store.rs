//! The tokens of a profile, as JSON under `<profile>/tokens` in the [`SecretStore`]. The
//! session hands every renewed pair to [`KeychainTokenSink`] before using it.
//!
//! Several programs may share one sign-in (the app and a scheduled `lockctl`), and a refresh
//! token works once. So a renewal holds an OS file lock, `<data>/locks/<profile>.renew.lock`
//! ([`renewal_lock_path`]), around reading the keychain again, refreshing and storing: the
//! second program finds the tokens the first one stored and uses them. The lock is released
//! by the OS when a program dies.

use std::fs::{File, TryLockError};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use lockdesk_api::{RenewalGuard, RenewalLockError, TokenSet, TokenSink};

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::private_fs;
use crate::profiles::store::Profile;
use crate::secrets::{tokens_key, SecretStore};
use crate::sessions::secret_binding::Binding;

/// The keychain value: the token pair and where it may be sent ([`Binding`]).
#[derive(Serialize, Deserialize)]
struct StoredTokens {
    #[serde(rename = "for", default)]
    binding: Option<Binding>,
    #[serde(flatten)]
    tokens: TokenSet,
}

/// The stored tokens of `profile`; refused (`secret_bound_elsewhere`) when they were stored
/// for another service address or client id than `profile` names.
pub fn load_tokens(secrets: &dyn SecretStore, profile: &Profile) -> Result<Option<TokenSet>> {
    load_bound(secrets, &profile.name, &Binding::of(profile)?)
}

fn load_bound(
    secrets: &dyn SecretStore,
    name: &str,
    binding: &Binding,
) -> Result<Option<TokenSet>> {
    let Some(text) = secrets.get(&tokens_key(name))? else {
        return Ok(None);
    };
    // The serde error never quotes the input's secret values back for a shape problem, but
    // keep only its position to be safe.
    let stored: StoredTokens = serde_json::from_str(&text).map_err(|e| Error::Keychain {
        reason: format!(
            "the stored session of profile {name:?} is unreadable (line {}, column {}); sign in again",
            e.line(),
            e.column()
        ),
    })?;
    binding.check(stored.binding.as_ref(), name)?;
    Ok(Some(stored.tokens))
}

pub fn save_tokens(secrets: &dyn SecretStore, profile: &Profile, tokens: &TokenSet) -> Result<()> {
    save_bound(secrets, &profile.name, &Binding::of(profile)?, tokens)
}

fn save_bound(
    secrets: &dyn SecretStore,
    name: &str,
    binding: &Binding,
    tokens: &TokenSet,
) -> Result<()> {
    let stored = StoredTokens {
        binding: Some(binding.clone()),
        tokens: tokens.clone(),
    };
    let text = serde_json::to_string(&stored).map_err(|e| Error::Keychain {
        reason: format!("could not encode the session: {}", e.classify() as u8),
    })?;
    secrets.set(&tokens_key(name), &text)
}

pub fn delete_tokens(secrets: &dyn SecretStore, profile: &str) -> Result<()> {
    secrets.delete(&tokens_key(profile))
}

/// How long a renewal waits for another program's before it gives up (`renewal_busy`). One
/// renewal is one request with its own time limit and retries.
pub const RENEWAL_WAIT: Duration = Duration::from_secs(90);

/// The lock file serializing renewals of `profile`'s sign-in, in `locks_dir`
/// ([`crate::core_context::Context::locks_dir`]: `<data>/locks`).
pub fn renewal_lock_path(locks_dir: &Path, profile: &str) -> PathBuf {
    // Profile names are checked ([A-Za-z0-9_.-]), so this is one plain file name.
    locks_dir.join(format!("{profile}.renew.lock"))
}

/// Takes the OS lock on `path` (created private), trying again until `wait` has passed.
pub fn take_renewal_lock(
    path: &Path,
    wait: Duration,
) -> std::result::Result<File, RenewalLockError> {
    let failed = |e: std::io::Error| RenewalLockError::Failed(format!("{}: {e}", path.display()));
    if let Some(dir) = path.parent() {
        private_fs::create_private_dir_all(dir).map_err(failed)?;
    }
    let file = private_fs::open_private(path).map_err(failed)?;
    let started = Instant::now();
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(file),
            Err(TryLockError::WouldBlock) if started.elapsed() < wait => {
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(TryLockError::WouldBlock) => {
                return Err(RenewalLockError::Busy {
                    waited_secs: wait.as_secs(),
                })
            }
            Err(TryLockError::Error(e)) => return Err(failed(e)),
        }
    }
}

/// Persists renewed tokens of one profile; with a lock file, renewals by other programs (and
/// other sessions of this one) are serialized and the stored tokens read again first.
pub struct KeychainTokenSink {
    secrets: Arc<dyn SecretStore>,
    profile: String,
    binding: Binding,
    lock: Option<PathBuf>,
    wait: Duration,
}

impl KeychainTokenSink {
    pub fn new(secrets: Arc<dyn SecretStore>, profile: &Profile) -> Result<Self> {
        Ok(KeychainTokenSink {
            secrets,
            binding: Binding::of(profile)?,
            profile: profile.name.clone(),
            lock: None,
            wait: RENEWAL_WAIT,
        })
    }

    /// Renewals hold the OS lock on `path` (see [`renewal_lock_path`]).
    pub fn with_renewal_lock(mut self, path: PathBuf) -> Self {
        self.lock = Some(path);
        self
    }

    /// How long to wait for another program's renewal (default [`RENEWAL_WAIT`]).
    pub fn with_renewal_wait(mut self, wait: Duration) -> Self {
        self.wait = wait;
        self
    }
}

impl TokenSink for KeychainTokenSink {
    fn save(&self, tokens: &TokenSet) -> std::result::Result<(), String> {
        save_bound(self.secrets.as_ref(), &self.profile, &self.binding, tokens)
            .map_err(|e| e.to_string())
    }

    fn lock_renewal(&self) -> std::result::Result<RenewalGuard, RenewalLockError> {
        match &self.lock {
            Some(path) => take_renewal_lock(path, self.wait).map(RenewalGuard::holding),
            None => Ok(RenewalGuard::none()),
        }
    }

    fn reload(&self) -> std::result::Result<Option<TokenSet>, String> {
        load_bound(self.secrets.as_ref(), &self.profile, &self.binding).map_err(|e| e.to_string())
    }

    fn note_renewing(&self, renewing: Option<chrono::DateTime<chrono::Utc>>) {
        let Some(note) = self.lock.as_deref().map(renewing_note_path) else {
            return;
        };
        let written = match renewing {
            Some(pair) => private_fs::write_private_atomic(&note, pair.to_rfc3339().as_bytes()),
            None => match std::fs::remove_file(&note) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
                _ => Ok(()),
            },
        };
        if let Err(e) = written {
            tracing::warn!(
                "the renewal note {} could not be written: {e}",
                note.display()
            );
        }
    }

    fn renewing_noted(&self) -> Option<chrono::DateTime<chrono::Utc>> {
        let note = renewing_note_path(self.lock.as_deref()?);
        let text = std::fs::read_to_string(note).ok()?;
        chrono::DateTime::parse_from_rfc3339(text.trim())
            .ok()
            .map(|t| t.with_timezone(&chrono::Utc))
    }
}

/// Beside the renewal lock (`<profile>.renew.lock`): `<profile>.renewing`, holding the expiry of
/// the pair being renewed (nothing secret). A file of its own, since on Windows the locked
/// file cannot be written through another handle.
fn renewing_note_path(lock: &Path) -> PathBuf {
    lock.with_extension("").with_extension("renewing")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secrets::MemoryStore;
    use lockdesk_api::{AccessToken, RefreshToken};

    fn profile(base_url: &str) -> Profile {
        Profile {
            name: "p".into(),
            base_url: base_url.into(),
            client_id: "client".into(),
            redirect_uri: "http://127.0.0.1:8400/callback".into(),
            api: lockdesk_api::ApiVersion::V3,
        }
    }

    fn pair() -> TokenSet {
        let now = chrono::Utc::now();
        TokenSet {
            access_token: AccessToken::new("acc".into()),
            refresh_token: Some(RefreshToken::new("ref".into())),
            created_at: now,
            expires_at: now,
        }
    }

    #[test]
    fn round_trip() {
        let store = Arc::new(MemoryStore::new());
        let tokens = pair();
        let p = profile("https://api.example.jp");
        let sink = KeychainTokenSink::new(store.clone(), &p).unwrap();
        sink.save(&tokens).unwrap();
        let back = load_tokens(store.as_ref(), &p).unwrap().unwrap();
        assert_eq!(back.access_token.secret(), "acc");
        assert_eq!(back.refresh_token.unwrap().secret(), "ref");
        store.set("p/tokens", "{\"access_token\": \"leak").unwrap();
        let err = load_tokens(store.as_ref(), &p).unwrap_err();
        assert!(!err.to_string().contains("leak"));
        delete_tokens(store.as_ref(), "p").unwrap();
        assert!(load_tokens(store.as_ref(), &p).unwrap().is_none());
    }

    #[test]
    fn tokens_are_given_only_to_the_address_they_were_stored_for() {
        let store = MemoryStore::new();
        let tokens = pair();
        save_tokens(&store, &profile("https://api.example.jp"), &tokens).unwrap();
        let moved = profile("https://api.example.com");
        let e = load_tokens(&store, &moved).unwrap_err();
        assert_eq!(e.code(), crate::error::ErrorCode::SecretBoundElsewhere);
        assert!(!format!("{e} {e:?}").contains("acc"));
        // A pair stored before binding is not sent anywhere either.
        let unbound = serde_json::to_string(&tokens).unwrap();
        store.set("p/tokens", &unbound).unwrap();
        let e = load_tokens(&store, &profile("https://api.example.jp")).unwrap_err();
        assert_eq!(e.code(), crate::error::ErrorCode::SecretBoundElsewhere);
    }
}
