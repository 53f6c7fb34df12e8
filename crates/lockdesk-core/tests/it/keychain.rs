//! The real OS keychain (Secret Service on Linux under dbus-run-session with gnome-keyring, the
//! Credential Manager on Windows under Wine): ignored by default, run by scripts/test.

use chrono::{TimeZone, Utc};
use lockdesk_api::{AccessToken, RefreshToken, TokenSet};
use lockdesk_core::secrets::{KeyringStore, SecretStore};
use lockdesk_core::sessions::token_store::{load_tokens, save_tokens};

#[test]
#[ignore = "needs a Secret Service: run under dbus-run-session with gnome-keyring (see .ci/run)"]
fn keychain_round_trip() {
    let store = KeyringStore::with_service("lockdesk-test");
    let key = format!("it-{}/client_secret", std::process::id());
    store.set(&key, "s3cret-value").unwrap();
    assert_eq!(store.get(&key).unwrap().as_deref(), Some("s3cret-value"));
    store.delete(&key).unwrap();
    assert_eq!(store.get(&key).unwrap(), None);
    store.delete(&key).unwrap();
}

/// A sign-in's token pair is one entry. The Windows Credential Manager keeps 2,560 bytes per
/// entry: a pair of 1,100-character tokens (far longer than the service's) fits and comes back
/// whole; an entry past the limit is refused with a keychain error, never cut short.
#[test]
#[ignore = "needs a Secret Service: run under dbus-run-session with gnome-keyring (see .ci/run)"]
fn keychain_keeps_a_long_token_pair_whole() {
    let store = KeyringStore::with_service("lockdesk-test");
    let name = format!("it-{}-tokens", std::process::id());
    let profile = lockdesk_core::profiles::store::Profile {
        name: name.clone(),
        base_url: "https://api.example.jp".into(),
        client_id: "lockdesk-test".into(),
        redirect_uri: "http://127.0.0.1:8400/callback".into(),
        api: lockdesk_api::ApiVersion::V3,
    };
    let tokens = TokenSet {
        access_token: AccessToken::new("a".repeat(1100)),
        refresh_token: Some(RefreshToken::new("r".repeat(1100))),
        created_at: Utc.with_ymd_and_hms(2026, 11, 25, 9, 0, 0).unwrap(),
        expires_at: Utc.with_ymd_and_hms(2027, 2, 23, 9, 0, 0).unwrap(),
    };
    save_tokens(&store, &profile, &tokens).unwrap();
    // The entry as kept: the pair with its binding to the service address and client id.
    let stored = store.get(&format!("{name}/tokens")).unwrap().unwrap().len();
    assert!(stored > 2200 && stored <= 2560, "{stored} bytes");
    let back = load_tokens(&store, &profile).unwrap().expect("stored");
    assert_eq!(back.access_token.secret(), tokens.access_token.secret());
    assert_eq!(
        back.refresh_token.unwrap().secret(),
        tokens.refresh_token.as_ref().unwrap().secret()
    );
    lockdesk_core::sessions::token_store::delete_tokens(&store, &name).unwrap();

    if cfg!(windows) {
        let key = format!("it-{}/too-long", std::process::id());
        let err = store.set(&key, &"x".repeat(2561)).unwrap_err();
        assert_eq!(
            err.code(),
            lockdesk_core::error::ErrorCode::KeychainError,
            "{err}"
        );
        assert_eq!(store.get(&key).unwrap(), None, "nothing stored");
    }
}
