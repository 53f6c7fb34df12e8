//! One core for every front end: the same tasks through `lockctl::run` and through the app's
//! command layer (`lockdesk_core::app::dispatch::dispatch`, what the desktop shell and the test host
//! call), each against its own fresh simulator. Both must send the same requests to the
//! service (the simulator's request log, ids of things created normalised) and reach the same
//! outcomes: names, images (downscaled, converted or refused), group updates and bulk CSV
//! invitations (a result per row; a second run sends nothing).

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use lockdesk_core::app::context::AppContext;
use lockdesk_core::app::dispatch::dispatch;
use lockdesk_core::core_context::Context;
use lockdesk_core::error::ErrorPayload;
use lockdesk_core::secrets::MemoryStore;
use lockdesk_sim::routes::requests::RecordedRequest;
use lockdesk_sim::SimInfo;
use serde_json::{json, Value};
use tempfile::TempDir;

use crate::support::{authorize, start_sim, take_requests, world, Outcome, World};

/// The app's side: an app context on its own simulator, signed in through the use-cases.
struct App {
    sim: SimInfo,
    _dir: TempDir,
    ctx: AppContext,
}

impl App {
    async fn new() -> App {
        let sim = start_sim();
        let dir = tempfile::tempdir().unwrap();
        let ctx = AppContext::new(Context::for_tests(dir.path(), Arc::new(MemoryStore::new())));
        let app = App {
            sim,
            _dir: dir,
            ctx,
        };
        let c = &app.sim.clients[0];
        let add = json!({
            "name": "work", "base_url": app.sim.base_url, "client_id": c.client_id,
            "redirect_uri": c.redirect_uri, "api": "v3", "client_secret": c.client_secret,
        });
        app.ok("profiles_add", add).await;
        let begun = app
            .ok("session_begin_sign_in", json!({ "profile": "work" }))
            .await;
        let redirected = authorize(begun["url"].as_str().unwrap()).await;
        let done = json!({ "profile": "work", "redirected_url": redirected });
        app.ok("session_complete_sign_in", done).await;
        let orgs = app.ok("orgs_list", json!({})).await;
        let org = orgs["organizations"][0]["id"].clone();
        app.ok("orgs_choose", json!({ "organization_id": org }))
            .await;
        app
    }

    async fn call(&self, command: &str, args: Value) -> Result<Value, ErrorPayload> {
        dispatch(&self.ctx, command, args).await
    }

    async fn ok(&self, command: &str, args: Value) -> Value {
        self.call(command, args)
            .await
            .unwrap_or_else(|e| panic!("{command}: {e:?}"))
    }
}

/// lockctl's side: a profile signed in with `login`, the first organization chosen.
async fn cli() -> World {
    let w = world();
    w.add_profile("work", 0).await;
    w.login("work").await.ok();
    let org = w.first_org().await;
    w.run(&["orgs", "use", &org], "").await.ok();
    w
}

/// Requests as comparable lines; ids the service made up during the test (groups,
/// invitations, users) become `<id1>`, `<id2>`… in order of appearance.
fn normalise(requests: &[RecordedRequest]) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    requests
        .iter()
        .map(|r| {
            let line = format!(
                "{} {} [{}] -> {}",
                r.method,
                r.path,
                r.params.join(" & "),
                r.status
            );
            let mut out = String::new();
            let mut token = String::new();
            let mut flush = |token: &mut String, out: &mut String| {
                let made_up = ["AG-", "UG-", "UI-", "U-"]
                    .iter()
                    .any(|p| token.starts_with(p) && token.matches('-').count() >= 2);
                if made_up {
                    let n = match seen.iter().position(|s| s == token) {
                        Some(i) => i + 1,
                        None => {
                            seen.push(token.clone());
                            seen.len()
                        }
                    };
                    out.push_str(&format!("<id{n}>"));
                } else {
                    out.push_str(token);
                }
                token.clear();
            };
            for c in line.chars() {
                if c.is_ascii_alphanumeric() || c == '-' {
                    token.push(c);
                } else {
                    flush(&mut token, &mut out);
                    out.push(c);
                }
            }
            flush(&mut token, &mut out);
            out
        })
        .collect()
}

/// Runs one task on both sides and checks both sent the same requests.
async fn both(
    w: &World,
    app: &App,
    args: &[&str],
    command: &str,
    req: Value,
) -> (Outcome, Result<Value, ErrorPayload>) {
    let (cli, answer, _) = both_sent(w, app, args, command, req).await;
    (cli, answer)
}

/// [`both`], with the requests sent (normalised).
async fn both_sent(
    w: &World,
    app: &App,
    args: &[&str],
    command: &str,
    req: Value,
) -> (Outcome, Result<Value, ErrorPayload>, Vec<String>) {
    let mut argv = vec!["--json"];
    argv.extend_from_slice(args);
    let cli = w.run(&argv, "").await;
    let mut answer = app.call(command, req).await;
    if command == "invitations_bulk_start" {
        // The app sends in a background job: wait for it to finish.
        if let Ok(started) = answer {
            answer = Ok(job_results(app, started).await);
        }
    }
    let cli_sent = normalise(&take_requests(&w.sim.base_url).await);
    let app_sent = normalise(&take_requests(&app.sim.base_url).await);
    assert_eq!(
        cli_sent, app_sent,
        "lockctl {args:?} and {command} sent different requests"
    );
    (cli, answer, cli_sent)
}

/// The code lockctl printed on stderr (`error: … [code]`).
fn cli_code(o: &Outcome) -> String {
    let line = o.stderr.lines().find(|l| l.starts_with("error:")).unwrap();
    let start = line.rfind('[').unwrap();
    line[start + 1..line.len() - 1].to_owned()
}

/// Width, height and format of the image the simulator stored for a lock.
async fn stored_image(url: &str) -> (u32, u32, image::ImageFormat) {
    let bytes = reqwest::get(url).await.unwrap().bytes().await.unwrap();
    let format = image::guess_format(&bytes).unwrap();
    let img = image::load_from_memory(&bytes).unwrap();
    (img.width(), img.height(), format)
}

fn photo(dir: &Path) -> String {
    let img = image::RgbImage::from_fn(3000, 1000, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, ((x + y) % 256) as u8])
    });
    let path = dir.join("photo.png");
    img.save(&path).unwrap();
    path.to_str().unwrap().to_owned()
}

fn bmp(dir: &Path) -> String {
    let img = image::RgbImage::from_fn(40, 30, |x, _| image::Rgb([x as u8 * 6, 90, 200]));
    let path = dir.join("door.bmp");
    img.save_with_format(&path, image::ImageFormat::Bmp)
        .unwrap();
    path.to_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lockctl_and_the_app_send_the_same_requests_and_agree() {
    let (w, app) = (cli().await, App::new().await);
    take_requests(&w.sim.base_url).await;
    take_requests(&app.sim.base_url).await;
    let files = tempfile::tempdir().unwrap();

    // Locks: the same list.
    let (c, a) = both(
        &w,
        &app,
        &["locks", "list", "--all"],
        "locks_list",
        json!({}),
    )
    .await;
    let (c, a) = (c.ok().json(), a.unwrap());
    assert_eq!(
        c["locks"].as_array().unwrap().len(),
        a["locks"].as_array().unwrap().len()
    );
    let lock = a["locks"][0]["id"].as_str().unwrap().to_owned();
    assert_eq!(c["locks"][0]["id"], lock.as_str());

    // A name.
    let rename = json!({ "lock_id": lock, "name": "Front door" });
    let (c, a) = both(
        &w,
        &app,
        &["locks", "rename", &lock, "Front door"],
        "locks_rename",
        rename,
    )
    .await;
    assert_eq!(c.ok().json()["name"], "Front door");
    assert_eq!(a.unwrap()["name"], "Front door");

    // A 3000×1000 photo is downscaled to 1600×533 by both (the same bytes are sent).
    let path = photo(files.path());
    app.ctx.allow_file(&path);
    let set = json!({ "lock_id": lock, "source": { "kind": "path", "path": path } });
    let (c, a) = both(
        &w,
        &app,
        &["locks", "image", &lock, &path],
        "locks_set_image",
        set,
    )
    .await;
    let (c, a) = (c.ok().json(), a.unwrap());
    for answer in [&c, &a] {
        assert_eq!(answer["image"]["resized"], true, "{answer}");
        assert_eq!(answer["image"]["uploaded"]["width"], 1600);
        assert_eq!(answer["image"]["uploaded"]["height"], 533);
        let (wd, ht, _) = stored_image(answer["lock"]["image_url"].as_str().unwrap()).await;
        assert_eq!((wd, ht), (1600, 533));
    }

    // A BMP is converted by both (the service takes no BMP).
    let path = bmp(files.path());
    app.ctx.allow_file(&path);
    let set = json!({ "lock_id": lock, "source": { "kind": "path", "path": path } });
    let (c, a) = both(
        &w,
        &app,
        &["locks", "image", &lock, &path],
        "locks_set_image",
        set,
    )
    .await;
    let (c, a) = (c.ok().json(), a.unwrap());
    assert_eq!(c["image"]["uploaded"], a["image"]["uploaded"]);
    for answer in [&c, &a] {
        assert_eq!(answer["image"]["original"]["format"], "bmp");
        let (wd, ht, format) = stored_image(answer["lock"]["image_url"].as_str().unwrap()).await;
        assert_eq!((wd, ht), (40, 30));
        assert_ne!(format, image::ImageFormat::Bmp);
    }

    // A text file is refused by both with the same code, and nothing is sent.
    let path = files.path().join("notes.txt");
    std::fs::write(&path, "not a picture").unwrap();
    let path = path.to_str().unwrap().to_owned();
    app.ctx.allow_file(&path);
    let set = json!({ "lock_id": lock, "source": { "kind": "path", "path": path } });
    let (c, a) = both(
        &w,
        &app,
        &["locks", "image", &lock, &path],
        "locks_set_image",
        set,
    )
    .await;
    assert_eq!(c.code, 1, "{}", c.stderr);
    assert_eq!(cli_code(&c), "not_an_image");
    assert_eq!(
        a.unwrap_err().code,
        lockdesk_core::error::ErrorCode::NotAnImage
    );

    // A group update without a name: the same result on both sides.
    let create = json!({ "name": "Floor 3", "memo": "first" });
    let args = [
        "lock-groups",
        "create",
        "--name",
        "Floor 3",
        "--memo",
        "first",
    ];
    let (c, a) = both(&w, &app, &args, "lock_groups_create", create).await;
    let (cg, ag) = (c.ok().json(), a.unwrap());
    let (cid, aid) = (cg["id"].as_str().unwrap(), ag["id"].as_str().unwrap());
    let update = json!({ "lock_group_id": aid, "memo": "second" });
    let args = ["lock-groups", "update", cid, "--memo", "second"];
    let (c, a) = both(&w, &app, &args, "lock_groups_update", update).await;
    let group = a.expect("an update without a name keeps the name");
    let c = c.ok().json();
    assert_eq!((&c["name"], &c["memo"]), (&group["name"], &group["memo"]));
    assert_eq!(group["name"], "Floor 3", "the name is kept");
    assert_eq!(group["memo"], "second");

    // The same for user groups.
    let create = json!({ "name": "Night shift", "memo": "first" });
    let args = [
        "user-groups",
        "create",
        "--name",
        "Night shift",
        "--memo",
        "first",
    ];
    let (c, a) = both(&w, &app, &args, "user_groups_create", create).await;
    let (cg, ag) = (c.ok().json(), a.unwrap());
    let (cid, aid) = (cg["id"].as_str().unwrap(), ag["id"].as_str().unwrap());
    let update = json!({ "user_group_id": aid, "memo": "second" });
    let args = ["user-groups", "update", cid, "--memo", "second"];
    let (c, a) = both(&w, &app, &args, "user_groups_update", update).await;
    let group = a.expect("an update without a name keeps the name");
    let c = c.ok().json();
    assert_eq!((&c["name"], &c["memo"]), (&group["name"], &group["memo"]));
    assert_eq!(group["name"], "Night shift", "the name is kept");
    assert_eq!(group["memo"], "second");

    // Users by address: the same filter sent, the same users.
    let mail = "admin@example.com";
    let args = ["users", "list", "--mail", mail, "--all"];
    let (c, a) = both(&w, &app, &args, "users_list", json!({ "mail": mail })).await;
    let ids = |v: &Value| -> Vec<Value> {
        v["users"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["id"].clone())
            .collect()
    };
    let (c, a) = (c.ok().json(), a.unwrap());
    assert_eq!(ids(&c), ids(&a));
    assert_eq!(ids(&a).len(), 1);

    bulk_invitations(&w, &app, files.path()).await;
}

/// The results of the app's bulk job, once it is done.
async fn job_results(app: &App, started: Value) -> Value {
    let id = started["job_id"].as_str().unwrap();
    for _ in 0..200 {
        let job = app.ok("jobs_get", json!({ "job_id": id })).await;
        if job["state"] != "running" {
            return job;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the bulk job did not finish");
}

fn rows(results: &Value) -> Vec<(Value, Value, Value, Value)> {
    results
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["line"].clone(),
                r["mail"].clone(),
                r["outcome"].clone(),
                r["code"].clone(),
            )
        })
        .collect()
}

async fn bulk_invitations(w: &World, app: &App, dir: &Path) {
    let users = app.ok("users_list", json!({ "limit": 20 })).await;
    let member = users["users"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|u| u["mail"].as_str())
        .unwrap()
        .to_owned();
    take_requests(&app.sim.base_url).await;
    let csv = format!(
        "mail,authority,code\n\
         new.one@example.com,member,C-1\n\
         new.two@example.com,manager,\n\
         not-an-address,member,\n\
         New.One@example.com,member,\n\
         new.three@example.com,boss,\n\
         {member},member,\n"
    );
    let file = dir.join("invite.csv");
    std::fs::write(&file, &csv).unwrap();
    let file = file.to_str().unwrap();
    let req = json!({ "csv": csv });

    // The dry run is the preview: the same rows, nothing sent.
    let args = ["invitations", "import", file, "--dry-run"];
    let (c, a) = both(w, app, &args, "invitations_bulk_preview", req.clone()).await;
    assert_eq!(c.code, 1, "invalid rows: {}", c.stderr);
    let (c, a) = (c.json(), a.unwrap());
    let statuses = |p: &Value| -> Vec<(Value, Value)> {
        p["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| (r["line"].clone(), r["status"].clone()))
            .collect()
    };
    assert_eq!(statuses(&c), statuses(&a));
    assert_eq!(a["ready"], 2);
    assert_eq!(a["rows"][0]["line"], 2);

    // The run: the same result per row; progress on lockctl's stderr.
    let args = ["invitations", "import", file];
    let (c, a, sent) = both_sent(w, app, &args, "invitations_bulk_start", req.clone()).await;
    let posts = |sent: &[String]| sent.iter().filter(|r| r.starts_with("POST")).count();
    assert_eq!(posts(&sent), 2, "{sent:?}");
    let job = a.unwrap();
    assert_eq!(c.code, 1, "{}", c.stderr);
    assert!(
        c.stderr.contains("line 2 invited new.one@example.com"),
        "{}",
        c.stderr
    );
    let report = c.json();
    assert_eq!(rows(&report["results"]), rows(&job["results"]));
    let outcomes: Vec<&str> = report["results"]
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
            "invalid",
            "already_user"
        ]
    );
    assert_eq!(report["sent"], 2);

    // Again: nothing is sent twice, on either side (`both` compared the requests: the same
    // lists, no invitation).
    let (c, a, sent) = both_sent(w, app, &args, "invitations_bulk_start", req).await;
    assert_eq!(posts(&sent), 0, "{sent:?}");
    let job = a.unwrap();
    let report = c.json();
    assert_eq!(rows(&report["results"]), rows(&job["results"]));
    assert_eq!(report["results"][0]["outcome"], "already_invited");
    assert_eq!(report["sent"], 0);
    assert_eq!(job["state"], "finished");
}
