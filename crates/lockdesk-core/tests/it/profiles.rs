use std::fs;

use lockdesk_api::ApiVersion;
use lockdesk_core::profiles::store::ProfileStore;
use lockdesk_core::sessions::sign_in;
use lockdesk_core::sessions::sign_in::AddProfile;

use crate::support::world;

#[tokio::test]
async fn a_bad_profiles_file_is_reported_and_left_alone() {
    let w = world().await;
    let path = w.dir.path().join("profiles.json");
    let garbage = "{\"version\": 1, \"profiles\": [ {\"name\": \"x\" ";
    fs::write(&path, garbage).unwrap();
    let err = sign_in::add_profile(
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
    assert_eq!(err.code(), lockdesk_core::error::ErrorCode::ConfigInvalid);
    assert!(err.to_string().contains("profiles.json"), "{err}");
    assert_eq!(fs::read_to_string(&path).unwrap(), garbage);
    assert_eq!(
        ProfileStore::new(&w.ctx).list().unwrap_err().code(),
        lockdesk_core::error::ErrorCode::ConfigInvalid
    );
    // Nothing reached the keychain either.
    assert!(w.secrets.keys().is_empty());

    // Well-formed JSON with an invalid profile is refused too.
    let bad = r#"{"version":1,"profiles":[{"name":"a b","base_url":"http://example.com","client_id":"c","redirect_uri":"https://x/cb","api":"v3"}]}"#;
    fs::write(&path, bad).unwrap();
    let err = ProfileStore::new(&w.ctx).get("a b").unwrap_err();
    assert_eq!(err.code(), lockdesk_core::error::ErrorCode::ConfigInvalid);
    assert_eq!(fs::read_to_string(&path).unwrap(), bad);
}

#[tokio::test]
async fn removing_a_profile_removes_its_secrets() {
    let w = world().await;
    w.add_profile("work", ApiVersion::V3).await;
    w.sign_in("work").await;
    assert_eq!(w.secrets.keys(), ["work/client_secret", "work/tokens"]);
    assert_eq!(
        sign_in::add_profile(
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
        lockdesk_core::error::ErrorCode::ProfileExists
    );
    // The existing secret was not replaced.
    let kept: serde_json::Value =
        serde_json::from_str(&w.secrets.get_secret("work/client_secret").unwrap()).unwrap();
    assert_eq!(kept["client_secret"], w.client_secret(0));
    sign_in::remove_profile(&w.ctx, "work").unwrap();
    assert!(w.secrets.keys().is_empty());
    assert_eq!(
        sign_in::remove_profile(&w.ctx, "work").unwrap_err().code(),
        lockdesk_core::error::ErrorCode::ProfileNotFound
    );
}

trait GetSecret {
    fn get_secret(&self, key: &str) -> Option<String>;
}

impl GetSecret for lockdesk_core::secrets::MemoryStore {
    fn get_secret(&self, key: &str) -> Option<String> {
        lockdesk_core::secrets::SecretStore::get(self, key).unwrap()
    }
}

/// The refresh token never expires, so removing a connection revokes it at the service first;
/// when the service cannot be asked, the connection is removed from this computer all the
/// same and the answer says the revoke failed.
#[tokio::test]
async fn removing_a_connection_revokes_it_at_the_service_first() {
    use lockdesk_core::app::context::AppContext;
    use lockdesk_core::app::dispatch::dispatch;
    use serde_json::json;

    let w = world().await;
    w.add_profile("work", ApiVersion::V3).await;
    w.sign_in("work").await;
    let stored: serde_json::Value =
        serde_json::from_str(&w.secrets.get_secret("work/tokens").unwrap()).unwrap();
    let refresh = stored["refresh_token"].as_str().unwrap().to_owned();
    // The app over the same folder and keychain as the world.
    let app = AppContext::new(lockdesk_core::core_context::Context::for_tests(
        w.dir.path(),
        w.secrets.clone(),
    ));
    let removed = dispatch(&app, "profiles_remove", json!({ "profile": "work" }))
        .await
        .unwrap();
    assert_eq!(removed["revoked"], true, "{removed}");
    assert_eq!(removed["revoke_error"], serde_json::Value::Null);
    assert!(w.secrets.keys().is_empty());
    let client = &w.sim.info().clients[0];
    let reuse = reqwest::Client::new()
        .post(format!("{}/oauth/token", w.sim.base_url()))
        .form(&[
            ("grant_type", "refresh_token"),
            ("client_id", client.client_id.as_str()),
            ("client_secret", client.client_secret.as_str()),
            ("refresh_token", refresh.as_str()),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(reuse.status(), 400, "the copy no longer works");

    // The revoke fails: removed locally anyway, and said.
    w.add_profile("home", ApiVersion::V3).await;
    w.sign_in("home").await;
    reqwest::Client::new()
        .post(format!("{}/_sim/faults", w.sim.base_url()))
        .json(&json!({ "error_rate": 1.0, "status": 503, "path_prefix": "/oauth/revoke" }))
        .send()
        .await
        .unwrap();
    let removed = dispatch(&app, "profiles_remove", json!({ "profile": "home" }))
        .await
        .unwrap();
    assert_eq!(removed["revoked"], false);
    assert!(removed["revoke_error"]["code"].is_string(), "{removed}");
    assert!(w.secrets.keys().is_empty());
    assert!(ProfileStore::new(&w.ctx).list().unwrap().is_empty());
}

/// `profiles.json` edited to point a signed-in connection at another host (or client id): the
/// client secret and the tokens are refused before anything is sent, and that host receives
/// nothing; pointed back, the connection works again.
#[tokio::test]
async fn secrets_never_go_to_a_host_profiles_json_was_edited_to_name() {
    use lockdesk_core::app::context::AppContext;
    use lockdesk_core::app::dispatch::dispatch;
    use lockdesk_core::error::ErrorCode;
    use serde_json::json;

    let w = world().await;
    w.add_profile("work", ApiVersion::V3).await;
    w.sign_in("work").await;
    let elsewhere = lockdesk_sim::spawn(lockdesk_sim::SimOptions::small())
        .await
        .unwrap();
    let path = ProfileStore::new(&w.ctx).path().to_owned();
    let original = std::fs::read_to_string(&path).unwrap();
    let edited = |field: &str, from: &str, to: &str| {
        let mut file: serde_json::Value = serde_json::from_str(&original).unwrap();
        let p = &mut file["profiles"][0];
        assert_eq!(p[field], from);
        p[field] = json!(to);
        std::fs::write(&path, file.to_string()).unwrap();
    };
    let client_id = w.sim.info().clients[0].client_id.clone();
    for (field, from, to) in [
        ("base_url", w.sim.base_url(), elsewhere.base_url()),
        ("client_id", client_id.as_str(), "another-client"),
    ] {
        edited(field, from, to);
        let e = sign_in::token_info(&w.ctx, "work").await.unwrap_err();
        assert_eq!(e.code(), ErrorCode::SecretBoundElsewhere, "{field}: {e}");
        let e = sign_in::begin_sign_in(&w.ctx, "work").await.unwrap_err();
        assert_eq!(e.code(), ErrorCode::SecretBoundElsewhere, "{field}: {e}");
        let app = AppContext::new(lockdesk_core::core_context::Context::for_tests(
            w.dir.path(),
            w.secrets.clone(),
        ));
        let listed = dispatch(&app, "profiles_list", json!({})).await.unwrap();
        assert_eq!(listed["profiles"][0]["signed_in"], false, "{listed}");
    }
    let seen: serde_json::Value = reqwest::get(format!("{}/_sim/requests", elsewhere.base_url()))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        seen["requests"],
        json!([]),
        "the other host received nothing"
    );

    std::fs::write(&path, &original).unwrap();
    sign_in::token_info(&w.ctx, "work").await.unwrap();
}
