use std::fs;

use lockdesk_api::ApiVersion;
use lockdesk_core::sessions::{self, AddProfile};
use lockdesk_core::ProfileStore;

use crate::support::world;

#[tokio::test]
async fn a_bad_profiles_file_is_reported_and_left_alone() {
    let w = world().await;
    let path = w.dir.path().join("profiles.json");
    let garbage = "{\"version\": 1, \"profiles\": [ {\"name\": \"x\" ";
    fs::write(&path, garbage).unwrap();
    let err = sessions::add_profile(
        &w.ctx,
        AddProfile {
            name: "work".into(),
            base_url: w.sim.base_url().into(),
            client_id: "id".into(),
            redirect_uri: "https://localhost/lockdesk/callback".into(),
            api: ApiVersion::V3,
            client_secret: "s".into(),
        },
    )
    .await
    .unwrap_err();
    assert_eq!(err.code(), lockdesk_core::ErrorCode::ConfigInvalid);
    assert!(err.to_string().contains("profiles.json"), "{err}");
    assert_eq!(fs::read_to_string(&path).unwrap(), garbage);
    assert_eq!(
        ProfileStore::new(&w.ctx).list().unwrap_err().code(),
        lockdesk_core::ErrorCode::ConfigInvalid
    );
    // Nothing reached the keychain either.
    assert!(w.secrets.keys().is_empty());

    // Well-formed JSON with an invalid profile is refused too.
    let bad = r#"{"version":1,"profiles":[{"name":"a b","base_url":"http://example.com","client_id":"c","redirect_uri":"https://x/cb","api":"v3"}]}"#;
    fs::write(&path, bad).unwrap();
    let err = ProfileStore::new(&w.ctx).get("a b").unwrap_err();
    assert_eq!(err.code(), lockdesk_core::ErrorCode::ConfigInvalid);
    assert_eq!(fs::read_to_string(&path).unwrap(), bad);
}

#[tokio::test]
async fn removing_a_profile_removes_its_secrets() {
    let w = world().await;
    w.add_profile("work", ApiVersion::V3).await;
    w.sign_in("work").await;
    assert_eq!(w.secrets.keys(), ["work/client_secret", "work/tokens"]);
    assert_eq!(
        sessions::add_profile(
            &w.ctx,
            AddProfile {
                name: "work".into(),
                base_url: w.sim.base_url().into(),
                client_id: "other".into(),
                redirect_uri: "https://localhost/lockdesk/callback".into(),
                api: ApiVersion::V3,
                client_secret: "other-secret".into(),
            },
        )
        .await
        .unwrap_err()
        .code(),
        lockdesk_core::ErrorCode::ProfileExists
    );
    // The existing secret was not replaced.
    assert_eq!(
        w.secrets.get_secret("work/client_secret"),
        Some(w.client_secret(0))
    );
    sessions::remove_profile(&w.ctx, "work").unwrap();
    assert!(w.secrets.keys().is_empty());
    assert_eq!(
        sessions::remove_profile(&w.ctx, "work").unwrap_err().code(),
        lockdesk_core::ErrorCode::ProfileNotFound
    );
}

trait GetSecret {
    fn get_secret(&self, key: &str) -> Option<String>;
}

impl GetSecret for lockdesk_core::MemoryStore {
    fn get_secret(&self, key: &str) -> Option<String> {
        lockdesk_core::SecretStore::get(self, key).unwrap()
    }
}
