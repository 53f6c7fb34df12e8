use lockdesk_core::{KeyringStore, SecretStore};

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
