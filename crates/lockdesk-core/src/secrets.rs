//! Where secrets live: the client secret and the tokens of each profile. The app uses the OS
//! keychain ([`KeyringStore`]); tests use [`MemoryStore`]. Keys look like
//! `"<profile>/client_secret"` and `"<profile>/tokens"`.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::error::{Error, Result};

pub trait SecretStore: Send + Sync {
    fn get(&self, key: &str) -> Result<Option<String>>;
    fn set(&self, key: &str, value: &str) -> Result<()>;
    /// Deleting a missing entry is not an error.
    fn delete(&self, key: &str) -> Result<()>;
}

pub fn client_secret_key(profile: &str) -> String {
    format!("{profile}/client_secret")
}

pub fn tokens_key(profile: &str) -> String {
    format!("{profile}/tokens")
}

/// The user name and password given for a proxy, `scheme://host:port` (never bound to a
/// profile: they are sent to that proxy only, whichever service is reached through it).
pub fn proxy_login_key(proxy: &str) -> String {
    format!("proxy/{proxy}")
}

/// The webhook address (and Chatwork's API token) of a team-alert destination, or its mail
/// sign-in's password: only in the keychain, never in `alert_destinations.json`. (On macOS the
/// item keeps the name it was first given, "… webhook address", for mail passwords too.)
pub fn alert_destination_key(id: &str) -> String {
    format!("alert_destination/{id}")
}

/// A directory source's secret (Entra ID's client secret, Google's service account key, the LDAP
/// bind password): only in the keychain, never in `directory.json`.
pub fn directory_source_key(id: &str) -> String {
    format!("directory_source/{id}")
}

/// The password of the team data source at `address` (`postgres://USER@HOST:PORT/DB`): bound
/// to that address, so a `team.json` edited to name another server does not receive it.
pub fn team_password_key(address: &str) -> String {
    format!("team/{address}")
}

/// The keychain's service name. macOS shows it as the item's name in Keychain Access and in its
/// "wants to use your confidential information stored in …" prompt, so there it is the app's
/// name. Linux and Windows keep `lockdesk`: changing it there would lose the secrets existing
/// users stored under it (there are no macOS users yet).
pub const SERVICE: &str = if cfg!(target_os = "macos") {
    "Lockdesk"
} else {
    "lockdesk"
};

/// The keychain entry's account for a store key. On macOS it says what the item is
/// ([`described`]), since Keychain Access lists it beside the name; elsewhere it is the key,
/// as it always was (existing entries stay found).
pub fn account_name(key: &str) -> String {
    if cfg!(target_os = "macos") {
        described(key)
    } else {
        key.to_owned()
    }
}

/// `acme/client_secret` → `acme: client secret`, `acme/tokens` → `acme: sign-in tokens`;
/// `proxy/host:port` → `proxy host:port: user name and password`; other keys as they are.
pub fn described(key: &str) -> String {
    // A proxy's key always has a port; a profile named `proxy` keeps its own words.
    if let Some(proxy) = key.strip_prefix("proxy/").filter(|p| p.contains(':')) {
        return format!("proxy {proxy}: user name and password");
    }
    if let Some(id) = key.strip_prefix("alert_destination/") {
        return format!("alert destination {id}: webhook address");
    }
    if let Some(id) = key.strip_prefix("directory_source/") {
        return format!("directory source {id}: client secret");
    }
    if let Some(address) = key.strip_prefix("team/").filter(|a| a.contains("://")) {
        return format!("team data source {address}: password");
    }
    match key.rsplit_once('/') {
        Some((profile, "client_secret")) => format!("{profile}: client secret"),
        Some((profile, "tokens")) => format!("{profile}: sign-in tokens"),
        _ => key.to_owned(),
    }
}

/// The OS keychain through the `keyring` crate (Secret Service on Linux, Keychain on macOS,
/// Credential Manager on Windows), under [`SERVICE`] with [`account_name`]s.
#[derive(Debug, Clone)]
pub struct KeyringStore {
    service: String,
}

impl Default for KeyringStore {
    fn default() -> Self {
        KeyringStore {
            service: SERVICE.to_owned(),
        }
    }
}

impl KeyringStore {
    pub fn new() -> Self {
        Self::default()
    }

    /// Another service name (used by the keychain test so it never touches real entries).
    pub fn with_service(service: impl Into<String>) -> Self {
        KeyringStore {
            service: service.into(),
        }
    }

    fn entry(&self, key: &str) -> Result<keyring::Entry> {
        keyring::Entry::new(&self.service, &account_name(key)).map_err(map_keyring)
    }
}

/// Keyring errors without any payload that could hold secret bytes.
fn map_keyring(err: keyring::Error) -> Error {
    match err {
        keyring::Error::PlatformFailure(e) | keyring::Error::NoStorageAccess(e) => {
            Error::KeychainUnavailable {
                reason: e.to_string(),
            }
        }
        keyring::Error::BadEncoding(_) => Error::Keychain {
            reason: "a stored entry is not valid UTF-8".into(),
        },
        keyring::Error::TooLong(attr, limit) => Error::Keychain {
            reason: format!("{attr} is longer than the keychain allows ({limit})"),
        },
        keyring::Error::Invalid(attr, reason) => Error::Keychain {
            reason: format!("{attr}: {reason}"),
        },
        keyring::Error::Ambiguous(_) => Error::Keychain {
            reason: "several keychain entries match; remove the duplicates".into(),
        },
        keyring::Error::NoEntry => Error::Keychain {
            reason: "no such entry".into(),
        },
        other => Error::Keychain {
            reason: format!("{other:?}").chars().take(200).collect(),
        },
    }
}

/// The most a Windows Credential Manager entry holds (`CRED_MAX_CREDENTIAL_BLOB_SIZE`).
pub const WINDOWS_CREDENTIAL_BYTES: usize = 2560;

impl SecretStore for KeyringStore {
    fn get(&self, key: &str) -> Result<Option<String>> {
        let entry = self.entry(key)?;
        // Windows: stored as UTF-8 bytes (see `set`).
        #[cfg(windows)]
        let found = entry.get_secret().and_then(|b| {
            String::from_utf8(b).map_err(|e| keyring::Error::BadEncoding(e.into_bytes()))
        });
        #[cfg(not(windows))]
        let found = entry.get_password();
        match found {
            Ok(v) => Ok(Some(v)),
            Err(keyring::Error::NoEntry) => Ok(None),
            Err(e) => Err(map_keyring(e)),
        }
    }

    fn set(&self, key: &str, value: &str) -> Result<()> {
        // The Credential Manager keeps at most 2,560 bytes, and keyring's `set_password` stores
        // UTF-16 there (1,280 characters): a token pair is stored as its UTF-8 bytes instead,
        // which gives it the whole 2,560.
        #[cfg(windows)]
        {
            if value.len() > WINDOWS_CREDENTIAL_BYTES {
                return Err(Error::Keychain {
                    reason: format!(
                        "the entry is {} bytes; the Windows Credential Manager keeps at most {WINDOWS_CREDENTIAL_BYTES}",
                        value.len()
                    ),
                });
            }
            self.entry(key)?
                .set_secret(value.as_bytes())
                .map_err(map_keyring)
        }
        #[cfg(not(windows))]
        self.entry(key)?.set_password(value).map_err(map_keyring)
    }

    fn delete(&self, key: &str) -> Result<()> {
        match self.entry(key)?.delete_credential() {
            Ok(()) | Err(keyring::Error::NoEntry) => Ok(()),
            Err(e) => Err(map_keyring(e)),
        }
    }
}

/// Secrets in memory, for tests.
#[derive(Debug, Default)]
pub struct MemoryStore {
    entries: Mutex<HashMap<String, String>>,
    /// Writes refused, as by a keychain that locked meanwhile (tests).
    refuse_writes: std::sync::atomic::AtomicBool,
}

impl MemoryStore {
    pub fn new() -> Self {
        Self::default()
    }

    /// Every key currently stored, sorted (for tests).
    pub fn keys(&self) -> Vec<String> {
        let mut keys: Vec<String> = self.lock().keys().cloned().collect();
        keys.sort();
        keys
    }

    /// From now on refuses (or again accepts) every write, as a keychain that locked.
    pub fn refuse_writes(&self, refuse: bool) {
        self.refuse_writes
            .store(refuse, std::sync::atomic::Ordering::SeqCst);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, String>> {
        self.entries.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl SecretStore for MemoryStore {
    fn get(&self, key: &str) -> Result<Option<String>> {
        Ok(self.lock().get(key).cloned())
    }

    fn set(&self, key: &str, value: &str) -> Result<()> {
        if self.refuse_writes.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(Error::Keychain {
                reason: "the keychain is locked".into(),
            });
        }
        self.lock().insert(key.to_owned(), value.to_owned());
        Ok(())
    }

    fn delete(&self, key: &str) -> Result<()> {
        self.lock().remove(key);
        Ok(())
    }
}

/// Test builds only (feature `test-keychain`): secrets as private files in one folder, one
/// file per key, so several processes of a test share them. Never a keychain for real use.
#[cfg(feature = "test-keychain")]
#[derive(Debug)]
pub struct FileStore {
    dir: std::path::PathBuf,
}

#[cfg(feature = "test-keychain")]
impl FileStore {
    pub fn new(dir: impl Into<std::path::PathBuf>) -> Self {
        FileStore { dir: dir.into() }
    }

    /// The key, hex-encoded: one plain file name whatever the key holds.
    fn path(&self, key: &str) -> std::path::PathBuf {
        let name: String = key.bytes().map(|b| format!("{b:02x}")).collect();
        self.dir.join(name)
    }

    fn failed(e: std::io::Error) -> Error {
        Error::Keychain {
            reason: format!("test keychain: {e}"),
        }
    }
}

#[cfg(feature = "test-keychain")]
impl SecretStore for FileStore {
    fn get(&self, key: &str) -> Result<Option<String>> {
        match std::fs::read_to_string(self.path(key)) {
            Ok(v) => Ok(Some(v)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(Self::failed(e)),
        }
    }

    fn set(&self, key: &str, value: &str) -> Result<()> {
        crate::private_fs::create_private_dir_all(&self.dir).map_err(Self::failed)?;
        crate::private_fs::write_private_atomic(&self.path(key), value.as_bytes())
            .map_err(Self::failed)
    }

    fn delete(&self, key: &str) -> Result<()> {
        match std::fs::remove_file(self.path(key)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(Self::failed(e)),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_store_round_trip() {
        let s = MemoryStore::new();
        assert_eq!(s.get("p/tokens").unwrap(), None);
        s.set("p/tokens", "x").unwrap();
        assert_eq!(s.get("p/tokens").unwrap().as_deref(), Some("x"));
        s.delete("p/tokens").unwrap();
        s.delete("p/tokens").unwrap();
        assert!(s.keys().is_empty());
    }

    #[test]
    fn keys() {
        assert_eq!(client_secret_key("a"), "a/client_secret");
        assert_eq!(tokens_key("a"), "a/tokens");
    }

    /// Existing Linux and Windows users' entries are found under the names they were stored
    /// with; on macOS the names say what the items are.
    #[test]
    fn keychain_names() {
        assert_eq!(described(&client_secret_key("acme")), "acme: client secret");
        assert_eq!(described(&tokens_key("acme")), "acme: sign-in tokens");
        assert_eq!(described("other"), "other");
        assert_eq!(
            described(&alert_destination_key("a18f")),
            "alert destination a18f: webhook address"
        );
        assert_eq!(
            described(&proxy_login_key("http://proxy.example:8080")),
            "proxy http://proxy.example:8080: user name and password"
        );
        assert_eq!(described("proxy/tokens"), "proxy: sign-in tokens");
        if cfg!(target_os = "macos") {
            assert_eq!(
                (SERVICE, account_name("a/tokens").as_str()),
                ("Lockdesk", "a: sign-in tokens")
            );
        } else {
            assert_eq!(
                (SERVICE, account_name("a/tokens").as_str()),
                ("lockdesk", "a/tokens")
            );
        }
    }
}
