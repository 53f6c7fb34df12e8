//! A simulator without generated history on a virtual clock shared with the app, for tests that
//! craft its state (Watch, Today): profiles signed in through the real OAuth flow, app contexts
//! on the same folders (each one a restarted app), the simulator's control API.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use lockdesk_api::clock::OffsetClock;
use lockdesk_api::ratelimit::RateLimiter;
use lockdesk_api::ApiVersion;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::app::dispatch::dispatch;
use lockdesk_core::core_context::Context;
use lockdesk_core::error::ErrorPayload;
use lockdesk_core::secrets::MemoryStore;
use lockdesk_core::sessions::sign_in;
use lockdesk_core::sessions::sign_in::AddProfile;
use lockdesk_sim::{SimHandle, SimOptions};
use serde_json::{json, Value};

use crate::support::authorize;

/// Tuesday 2026-11-24 10:00 in Japan; Monday 2026-11-23 is 勤労感謝の日.
pub const T0: &str = "2026-11-24T01:00:00Z";

/// The history profile's name: its requests are not held to 50 a minute here.
pub const HISTORY_PROFILE: &str = "hist";

pub fn t(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

pub async fn call(ctx: &AppContext, cmd: &str, args: Value) -> Value {
    match dispatch(ctx, cmd, args.clone()).await {
        Ok(v) => v,
        Err(e) => panic!("{cmd} {args}: {e:?}"),
    }
}

pub async fn fail(ctx: &AppContext, cmd: &str, args: Value) -> ErrorPayload {
    match dispatch(ctx, cmd, args.clone()).await {
        Ok(v) => panic!("{cmd} {args} succeeded: {v}"),
        Err(e) => e,
    }
}

/// The ids of the organization's locks, as the service lists them.
pub async fn lock_ids(ctx: &AppContext) -> Vec<String> {
    call(ctx, "locks_list", json!({})).await["locks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["id"].as_str().unwrap().to_owned())
        .collect()
}

/// Waits for a background job to leave `running`; its last state.
pub async fn wait_job(ctx: &AppContext, id: &str) -> Value {
    for _ in 0..1200 {
        let j = call(ctx, "jobs_get", json!({ "job_id": id })).await;
        if j["state"] != "running" {
            return j;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("job {id} did not finish");
}

/// An app context on `core`, on the first organization.
pub async fn app_on(core: Context) -> AppContext {
    let ctx = AppContext::new(core);
    let orgs = call(&ctx, "orgs_list", json!({})).await;
    let first = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
    call(&ctx, "orgs_choose", json!({ "organization_id": first })).await;
    ctx
}

pub struct SimWorld {
    pub sim: SimHandle,
    pub dir: tempfile::TempDir,
    secrets: Arc<MemoryStore>,
    clock: OffsetClock,
}

impl SimWorld {
    /// The simulator with its clock at [`T0`], and none signed in yet.
    pub async fn start() -> SimWorld {
        let sim = lockdesk_sim::spawn(SimOptions {
            history_records: 0,
            start_time: Some(t(T0)),
            // Rounds of syncs of every lock: the rate limit is tested elsewhere.
            v2_rate_limit: 100_000,
            ..SimOptions::small()
        })
        .await
        .unwrap();
        let clock = OffsetClock::default();
        clock.advance((t(T0) - Utc::now()).num_seconds());
        SimWorld {
            sim,
            dir: tempfile::tempdir().unwrap(),
            secrets: Arc::new(MemoryStore::new()),
            clock,
        }
    }

    /// [`SimWorld::start`] with its config and data folders in `folder` (a small disk).
    pub async fn start_in(folder: &std::path::Path) -> SimWorld {
        SimWorld {
            dir: tempfile::tempdir_in(folder).unwrap(),
            ..SimWorld::start().await
        }
    }

    pub fn core(&self) -> Context {
        self.core_in(self.dir.path(), self.secrets.clone())
    }

    /// A core context on the world's simulator and clock with folders of its own under `dir`
    /// and its own keychain: another computer of the same office.
    pub fn core_in(&self, dir: &std::path::Path, secrets: Arc<MemoryStore>) -> Context {
        Context::for_tests(dir, secrets)
            .with_clock(Arc::new(self.clock.clone()))
            .with_v2_limiter(
                HISTORY_PROFILE,
                RateLimiter::new(100_000, Duration::from_secs(60)),
            )
    }

    /// The keychain every context of this world shares.
    pub fn secrets(&self) -> Arc<MemoryStore> {
        self.secrets.clone()
    }

    /// Adds profile `name` for the simulator's v3 or v2 client and signs it in as the admin.
    pub async fn sign_in(&self, name: &str, api: ApiVersion) {
        self.sign_in_as(&self.core(), name, api).await
    }

    /// [`SimWorld::sign_in`] on the computer of `core`.
    pub async fn sign_in_as(&self, core: &Context, name: &str, api: ApiVersion) {
        let c = &self.sim.info().clients[if api == ApiVersion::V3 { 0 } else { 1 }];
        sign_in::add_profile(
            core,
            AddProfile {
                name: name.into(),
                base_url: self.sim.base_url().into(),
                client_id: c.client_id.clone(),
                redirect_uri: c.redirect_uri.clone(),
                api,
                client_secret: c.client_secret.clone(),
            },
        )
        .await
        .unwrap();
        let pending = sign_in::begin_sign_in(core, name).await.unwrap();
        let redirected = authorize(self.sim.base_url(), &pending, "admin@example.com").await;
        sign_in::complete_sign_in(core, name, &pending, &redirected)
            .await
            .unwrap();
    }

    /// Another computer of the office with folders under `dir` and a keychain of its own, its
    /// connection `name` signed in, as an app context on the first organization (for the team
    /// tests, which need Linux's PostgreSQL).
    #[cfg(target_os = "linux")]
    pub async fn other_computer(&self, dir: &std::path::Path, name: &str) -> AppContext {
        let core = self.core_in(dir, Arc::new(MemoryStore::new()));
        self.sign_in_as(&core, name, ApiVersion::V3).await;
        app_on(core).await
    }

    /// A new app context on the same folders and keychain (an app restart), on the first
    /// organization.
    pub async fn app(&self) -> AppContext {
        app_on(self.core()).await
    }

    /// The simulator's control API; asserts success.
    pub async fn post(&self, path: &str, body: Value) -> Value {
        let r = reqwest::Client::new()
            .post(format!("{}{path}", self.sim.base_url()))
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = r.status();
        let v: Value = r.json().await.unwrap_or(Value::Null);
        assert!(status.is_success(), "{path}: {status} {v}");
        v
    }

    /// This computer's clock alone (set back or forward by hand, a dead battery, a time zone
    /// change), the service's time going on as it was.
    pub fn move_computer_clock(&self, seconds: i64) {
        self.clock.advance(seconds);
    }

    /// The service's time alone forward (the world went on while this computer's clock did
    /// not: it was set back).
    pub async fn advance_service(&self, seconds: i64) {
        self.post("/_sim/clock", json!({ "advance_seconds": seconds }))
            .await;
    }

    /// Signs profile `name` in again as the admin (after its sign-in expired).
    pub async fn sign_in_again(&self, name: &str) {
        let core = self.core();
        let pending = sign_in::begin_sign_in(&core, name).await.unwrap();
        let redirected = authorize(self.sim.base_url(), &pending, "admin@example.com").await;
        sign_in::complete_sign_in(&core, name, &pending, &redirected)
            .await
            .unwrap();
    }

    /// Both clocks forward.
    pub async fn advance(&self, seconds: i64) {
        self.post("/_sim/clock", json!({ "advance_seconds": seconds }))
            .await;
        self.clock.advance(seconds);
    }

    /// Sets a battery of a lock (`lock`, `nfc_reader_inside`, `nfc_reader_outside`,
    /// `door_sensor`) at the simulator.
    pub async fn battery(&self, lock: &str, part: &str, percent: u8) {
        let r = reqwest::Client::new()
            .post(format!("{}/_sim/battery", self.sim.base_url()))
            .json(&json!({ "lock_id": lock, "part": part, "percent": percent }))
            .send()
            .await
            .unwrap();
        // Locks without a door sensor refuse that part.
        assert!(r.status().is_success() || part == "door_sensor");
    }

    /// Every battery of these locks full.
    pub async fn full_batteries(&self, locks: &[String]) {
        for l in locks {
            for part in [
                "lock",
                "nfc_reader_inside",
                "nfc_reader_outside",
                "door_sensor",
            ] {
                self.battery(l, part, 100).await;
            }
        }
    }

    /// Crafted history records of a lock.
    pub async fn records(&self, lock: &str, records: impl serde::Serialize) {
        self.post(
            "/_sim/history/records",
            json!({ "lock_id": lock, "records": records }),
        )
        .await;
    }
}
