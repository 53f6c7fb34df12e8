//! The in-process simulator, a temporary config dir with a memory keychain, and the browser
//! part of the sign-in done with plain HTTP.

use std::sync::Arc;

use lockdesk_api::ApiVersion;
use lockdesk_core::core_context::Context;
use lockdesk_core::secrets::MemoryStore;
use lockdesk_core::sessions::sign_in;
use lockdesk_core::sessions::sign_in::{AddProfile, PendingSignIn};
use lockdesk_sim::{SimHandle, SimOptions};
use tempfile::TempDir;

pub struct World {
    pub sim: SimHandle,
    pub dir: TempDir,
    pub secrets: Arc<MemoryStore>,
    pub ctx: Context,
}

pub async fn world() -> World {
    let sim = lockdesk_sim::spawn(SimOptions::small()).await.expect("sim");
    let dir = tempfile::tempdir().unwrap();
    let secrets = Arc::new(MemoryStore::new());
    let ctx = Context::for_tests(dir.path(), secrets.clone());
    World {
        sim,
        dir,
        secrets,
        ctx,
    }
}

impl World {
    /// Adds profile `name` for the sim's v3 (index 0) or v2 (index 1) client.
    pub async fn add_profile(&self, name: &str, api: ApiVersion) {
        let client = &self.sim.info().clients[if api == ApiVersion::V3 { 0 } else { 1 }];
        sign_in::add_profile(
            &self.ctx,
            AddProfile {
                name: name.into(),
                base_url: self.sim.base_url().into(),
                client_id: client.client_id.clone(),
                redirect_uri: client.redirect_uri.clone(),
                api,
                client_secret: client.client_secret.clone(),
            },
        )
        .await
        .expect("add profile");
    }

    pub async fn sign_in(&self, name: &str) {
        let pending = sign_in::begin_sign_in(&self.ctx, name).await.unwrap();
        let redirected = authorize(self.sim.base_url(), &pending, "admin@example.com").await;
        sign_in::complete_sign_in(&self.ctx, name, &pending, &redirected)
            .await
            .expect("sign in");
    }

    pub fn client_secret(&self, index: usize) -> String {
        self.sim.info().clients[index].client_secret.clone()
    }
}

/// What the browser does: posts the login form and returns the redirect `Location`.
pub async fn authorize(base: &str, pending: &PendingSignIn, mail: &str) -> String {
    let q = |name: &str| {
        pending
            .url
            .query_pairs()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.into_owned())
            .unwrap_or_default()
    };
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let form = [
        ("mail", mail.to_owned()),
        ("password", "lockdesk-demo".to_owned()),
        ("client_id", q("client_id")),
        ("redirect_uri", q("redirect_uri")),
        ("response_type", "code".to_owned()),
        ("state", q("state")),
        ("code_challenge", q("code_challenge")),
        ("code_challenge_method", q("code_challenge_method")),
    ];
    let resp = http
        .post(format!("{base}/oauth/authorize/"))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 302, "login refused");
    resp.headers()["location"].to_str().unwrap().to_owned()
}
