//! The app command layer end to end through `dispatch` (what the test host and, one command at
//! a time, the Tauri shell call), against the demo simulator in process.

use std::io::Cursor;
use std::sync::Arc;
use std::time::Duration;

use lockdesk_core::app::context::AppContext;
use lockdesk_core::app::dispatch::dispatch;
use lockdesk_core::core_context::Context;
use lockdesk_core::error::ErrorPayload;
use lockdesk_core::secrets::MemoryStore;
use lockdesk_sim::SimOptions;
use serde_json::{json, Value};

struct App {
    ctx: AppContext,
    _dir: tempfile::TempDir,
}

async fn app() -> App {
    let dir = tempfile::tempdir().unwrap();
    let core = Context::for_tests(dir.path(), Arc::new(MemoryStore::new()));
    App {
        ctx: AppContext::with_demo_options(core, SimOptions::small()),
        _dir: dir,
    }
}

impl App {
    async fn call(&self, cmd: &str, args: Value) -> Value {
        match dispatch(&self.ctx, cmd, args.clone()).await {
            Ok(v) => v,
            Err(e) => panic!("{cmd} {args}: {e:?}"),
        }
    }
    async fn fail(&self, cmd: &str, args: Value) -> ErrorPayload {
        match dispatch(&self.ctx, cmd, args.clone()).await {
            Ok(v) => panic!("{cmd} {args} succeeded: {v}"),
            Err(e) => e,
        }
    }
    /// A call of the demo simulator's control API, with its token.
    async fn sim_post(&self, path: &str, body: Value) {
        let st = self.call("session_status", json!({})).await;
        let (base, token) = (&st["demo_base_url"], &st["demo_sim_token"]);
        let r = reqwest::Client::new()
            .post(format!("{}{path}", base.as_str().unwrap()))
            .header(lockdesk_sim::CONTROL_TOKEN_HEADER, token.as_str().unwrap())
            .json(&body)
            .send()
            .await
            .unwrap();
        assert!(r.status().is_success(), "{path}: {}", r.status());
    }
    /// Demo signed in, the first organization chosen.
    async fn demo() -> App {
        let a = app().await;
        let st = a.call("session_start_demo", json!({})).await;
        assert_eq!(st["demo"], true);
        assert_eq!(st["active"]["name"], "demo");
        assert_eq!(st["history"]["name"], "demo-history");
        let orgs = a.call("orgs_list", json!({})).await;
        let first = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
        a.call("orgs_choose", json!({ "organization_id": first }))
            .await;
        a
    }
    async fn wait_job(&self, id: &str) -> Value {
        for _ in 0..200 {
            let j = self.call("jobs_get", json!({ "job_id": id })).await;
            if j["state"] != "running" {
                return j;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("job {id} did not finish");
    }
}

fn png(w: u32, h: u32) -> String {
    use base64::Engine;
    let img = image::DynamicImage::new_rgb8(w, h);
    let mut out = Vec::new();
    img.write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    base64::engine::general_purpose::STANDARD.encode(out)
}

#[tokio::test]
async fn errors_have_codes_before_sign_in() {
    let a = app().await;
    assert_eq!(
        a.fail("locks_list", json!({})).await.code,
        lockdesk_core::error::ErrorCode::NotSignedIn
    );
    assert_eq!(
        a.fail("no_such", json!({})).await.code,
        lockdesk_core::error::ErrorCode::UnknownCommand
    );
    let e = a.fail("locks_rename", json!({ "lock_id": 5 })).await;
    assert_eq!(e.code, lockdesk_core::error::ErrorCode::InvalidArguments);
    let e = a
        .fail(
            "session_complete_sign_in",
            json!({ "profile": "x", "redirected_url": "https://a/" }),
        )
        .await;
    assert_eq!(e.code, lockdesk_core::error::ErrorCode::NoPendingSignIn);
    let list = a.call("profiles_list", json!({})).await;
    assert_eq!(list["profiles"], json!([]));
}

#[tokio::test]
async fn demo_locks_rename_image_and_reset() {
    let a = App::demo().await;
    let locks = a.call("locks_list", json!({})).await;
    let locks = locks["locks"].as_array().unwrap();
    assert!(locks.len() >= 10);
    let model = |kind: &str| json!({ "kind": kind });
    assert!(
        locks.iter().any(|l| l["model"] == model("ctl"))
            && locks.iter().any(|l| l["model"] == model("pro"))
    );
    let id = locks[0]["id"].as_str().unwrap();
    let renamed = a
        .call(
            "locks_rename",
            json!({ "lock_id": id, "name": "  Front door  " }),
        )
        .await;
    assert_eq!(renamed["name"], "Front door");
    let too_long = a
        .fail(
            "locks_rename",
            json!({ "lock_id": id, "name": "x".repeat(51) }),
        )
        .await;
    assert_eq!(too_long.code, lockdesk_core::error::ErrorCode::Validation);

    let set = a
        .call(
            "locks_set_image",
            json!({ "lock_id": id, "source": { "kind": "bytes", "file_name": "big.png", "base64": png(3200, 1600) } }),
        )
        .await;
    assert_eq!(set["image"]["resized"], true);
    assert_eq!(set["image"]["uploaded"]["width"], 1600);
    assert_eq!(set["image"]["uploaded"]["format"], "jpeg");
    let url = set["lock"]["image_url"].as_str().unwrap().to_owned();
    assert!(!url.is_empty());
    // The window shows it through the core, as a data: URL of the uploaded JPEG.
    let shown = a.call("images_get", json!({ "url": url })).await;
    let data = shown["data_url"].as_str().unwrap();
    let b64 = data.strip_prefix("data:image/jpeg;base64,").expect(data);
    let bytes = base64::Engine::decode(&base64::engine::general_purpose::STANDARD, b64).unwrap();
    assert_eq!(image::load_from_memory(&bytes).unwrap().width(), 1600);
    // An address the service never named is not fetched.
    let e = a
        .fail(
            "images_get",
            json!({ "url": url.replace("/_sim/images/", "/_sim/images/x") }),
        )
        .await;
    assert_eq!(e.code, lockdesk_core::error::ErrorCode::InvalidInput);
    // Named in an answer about this organization only: with the other one chosen, refused.
    let orgs = a.call("orgs_list", json!({})).await;
    let org = |i: usize| orgs["organizations"][i]["id"].as_str().unwrap().to_owned();
    a.call("orgs_choose", json!({ "organization_id": org(1) }))
        .await;
    let e = a.fail("images_get", json!({ "url": url })).await;
    assert_eq!(e.code, lockdesk_core::error::ErrorCode::InvalidInput);
    a.call("orgs_choose", json!({ "organization_id": org(0) }))
        .await;
    a.call("images_get", json!({ "url": url })).await;

    let text = base64_of(b"not an image at all");
    let e = a
        .fail(
            "locks_set_image",
            json!({ "lock_id": id, "source": { "kind": "bytes", "file_name": "notes.txt", "base64": text } }),
        )
        .await;
    assert_eq!(e.code, lockdesk_core::error::ErrorCode::NotAnImage);
    assert_eq!(e.details.file_name.as_deref(), Some("notes.txt"));
    // Paths are readable only when the shell registered them as dropped.
    let e = a
        .fail(
            "locks_set_image",
            json!({ "lock_id": id, "source": { "kind": "path", "path": "/etc/passwd" } }),
        )
        .await;
    assert_eq!(e.code, lockdesk_core::error::ErrorCode::InvalidInput);

    let reset = a.call("locks_reset_image", json!({ "lock_id": id })).await;
    assert_ne!(reset["image_url"].as_str(), Some(url.as_str()));
    let got = a.call("locks_get", json!({ "lock_id": id })).await;
    assert_eq!(got["name"], "Front door");
}

fn base64_of(b: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(b)
}

#[tokio::test]
async fn groups_users_history_and_account() {
    let a = App::demo().await;
    let groups = a.call("lock_groups_list", json!({})).await;
    assert!(groups["lock_groups"].is_array());
    let g = a
        .call(
            "lock_groups_create",
            json!({ "name": "Floor 2", "memo": "east" }),
        )
        .await;
    let gid = g["id"].as_str().unwrap();
    let locks = a.call("locks_list", json!({})).await;
    let lid = locks["locks"][0]["id"].as_str().unwrap();
    let g = a
        .call(
            "lock_groups_add_locks",
            json!({ "lock_group_id": gid, "lock_ids": [lid] }),
        )
        .await;
    assert_eq!(g["locks"][0]["id"], lid);
    let g = a
        .call(
            "lock_groups_remove_locks",
            json!({ "lock_group_id": gid, "lock_ids": [lid] }),
        )
        .await;
    assert_eq!(g["locks"], json!([]));
    a.call("lock_groups_delete", json!({ "lock_group_id": gid }))
        .await;

    let users = a.call("users_list", json!({ "with_dates": true })).await;
    assert!(users["users"].as_array().unwrap().len() >= 10);
    let ug = a
        .call("user_groups_create", json!({ "name": "Night shift" }))
        .await;
    let ug = a
        .call(
            "user_groups_update",
            json!({ "user_group_id": ug["id"], "name": "Night" }),
        )
        .await;
    assert_eq!(ug["name"], "Night");

    let hl = a.call("history_locks", json!({})).await;
    let hid = hl["locks"][0]["id"].as_str().unwrap();
    let page = a
        .call("history_accesses", json!({ "lock_id": hid, "limit": 10 }))
        .await;
    assert_eq!(page["accesses"].as_array().unwrap().len(), 10);
    assert_eq!(page["has_more"], true);

    let acct = a.call("account_info", json!({})).await;
    assert_eq!(acct["session"]["profile"], "demo");
    assert_eq!(acct["session"]["renewable"], true);
    assert_eq!(acct["history_session"]["renewable"], false);
    assert_eq!(acct["missing_scopes"], json!([]));

    // A scope switched off in the service: the refusal names the scope, the account shows it.
    a.sim_post(
        "/_sim/scopes",
        json!({ "mail": "admin@example.com", "scope": "organization:lock:write", "enabled": false }),
    )
    .await;
    let e = a
        .fail("locks_rename", json!({ "lock_id": lid, "name": "X" }))
        .await;
    assert_eq!(e.code, lockdesk_core::error::ErrorCode::InsufficientScope);
    assert_eq!(
        e.details.scope.as_deref().unwrap(),
        "organization:lock:write"
    );
    let acct = a.call("account_info", json!({})).await;
    assert_eq!(acct["missing_scopes"], json!(["organization:lock:write"]));

    let out = a.call("session_sign_out", json!({})).await;
    assert_eq!(out["revoked"], true);
    assert_eq!(
        a.fail("locks_list", json!({})).await.code,
        lockdesk_core::error::ErrorCode::NotSignedIn
    );
}

#[tokio::test]
async fn bulk_invite_preview_run_and_run_again() {
    let a = App::demo().await;
    let users = a.call("users_list", json!({})).await;
    let member_mail = users["users"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|u| u["mail"].as_str())
        .unwrap()
        .to_owned();
    a.call(
        "invitations_create",
        json!({ "mail": "pending@example.org" }),
    )
    .await;
    let csv = format!(
        "mail,authority,code\nnew1@example.org,member,C1\nnew2@example.org,manager,\nbad-address,,\nnew1@example.org,,\npending@example.org,,\n{member_mail},,\nnew3@example.org,boss,\n"
    );
    let p = a
        .call("invitations_bulk_preview", json!({ "csv": csv }))
        .await;
    let statuses: Vec<&str> = p["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses,
        [
            "ready",
            "ready",
            "invalid",
            "duplicate",
            "already_invited",
            "already_user",
            "invalid"
        ]
    );
    assert_eq!(p["rows"][0]["line"], 2);

    let started = a
        .call("invitations_bulk_start", json!({ "csv": csv }))
        .await;
    let job = a.wait_job(started["job_id"].as_str().unwrap()).await;
    assert_eq!(job["state"], "finished");
    let outcomes: Vec<&str> = job["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["outcome"].as_str().unwrap())
        .collect();
    assert_eq!(
        outcomes,
        [
            "invited",
            "invited",
            "invalid",
            "duplicate",
            "already_invited",
            "already_user",
            "invalid"
        ]
    );
    assert_eq!(job["done"], 7);
    // Progress is numbers only: two sent, no text for a front end to show.
    assert_eq!(job["sent"], 2);
    assert!(job.get("message").is_none(), "{job}");

    // Again: nothing is sent twice.
    let started = a
        .call("invitations_bulk_start", json!({ "csv": csv }))
        .await;
    let job = a.wait_job(started["job_id"].as_str().unwrap()).await;
    let invited = job["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["outcome"] == "invited")
        .count();
    assert_eq!(invited, 0);
    assert_eq!(job["results"][0]["outcome"], "already_invited");
}

#[tokio::test]
async fn bulk_invite_stops_at_the_limit() {
    let a = App::demo().await;
    let active = a
        .call("invitations_list", json!({ "status": "active" }))
        .await["invitations"]
        .as_array()
        .unwrap()
        .len();
    a.sim_post(
        "/_sim/config",
        json!({ "max_active_invitations": active + 2 }),
    )
    .await;
    let csv = "a1@example.org\na2@example.org\na3@example.org\na4@example.org\n";
    let started = a
        .call("invitations_bulk_start", json!({ "csv": csv }))
        .await;
    let job = a.wait_job(started["job_id"].as_str().unwrap()).await;
    assert_eq!(job["state"], "stopped");
    assert_eq!(job["error"]["code"], "invitation_limit_exceeded");
    assert_eq!(job["sent"], 2);
    let outcomes: Vec<&str> = job["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["outcome"].as_str().unwrap())
        .collect();
    assert_eq!(
        outcomes,
        ["invited", "invited", "limit_reached", "not_attempted"]
    );
}

#[path = "bulk_files.rs"]
mod bulk_files;
#[path = "lost_answers.rs"]
mod lost_answers;
#[path = "users_invitations.rs"]
mod users_invitations;
#[path = "views.rs"]
mod views;
