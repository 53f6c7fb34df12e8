//! The journal: every write command of the command table leaves an entry through `dispatch`
//! (done or failed), old → new where known, each bulk row, and never a secret.

use std::sync::Arc;

use lockdesk_commands::WRITE_COMMANDS;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::app::dispatch::dispatch;
use lockdesk_core::core_context::Context;
use lockdesk_core::journal::{Journal, JournalEntry, JournalQuery, DONE};
use lockdesk_core::secrets::MemoryStore;
use lockdesk_sim::SimOptions;
use serde_json::{json, Value};

struct App {
    ctx: AppContext,
    _dir: tempfile::TempDir,
}

impl App {
    fn new() -> App {
        let dir = tempfile::tempdir().unwrap();
        let core = Context::for_tests(dir.path(), Arc::new(MemoryStore::new()));
        App {
            ctx: AppContext::with_demo_options(core, SimOptions::small()),
            _dir: dir,
        }
    }

    async fn demo() -> App {
        let a = App::new();
        a.call("session_start_demo", json!({})).await;
        let orgs = a.call("orgs_list", json!({})).await;
        let first = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
        a.call("orgs_choose", json!({ "organization_id": first }))
            .await;
        a
    }

    async fn call(&self, cmd: &str, args: Value) -> Value {
        match dispatch(&self.ctx, cmd, args.clone()).await {
            Ok(v) => v,
            Err(e) => panic!("{cmd} {args}: {e:?}"),
        }
    }

    fn journal(&self) -> Journal {
        Journal::new(&self.ctx.core().data_folder().unwrap())
    }

    /// Every entry, oldest first.
    fn entries(&self) -> Vec<JournalEntry> {
        let q = JournalQuery {
            limit: 10_000,
            ..JournalQuery::default()
        };
        let mut e = self.journal().list(&q).unwrap().0;
        e.reverse();
        e
    }
}

fn first_id(list: &Value, key: &str) -> String {
    list[key][0]["id"].as_str().unwrap().to_owned()
}

/// A plausible request for each write command (failing ones are fine: failures are journaled
/// too). A write command added to the table without one here fails the test.
fn plausible(name: &str, lock: &str, user: &str, lock_group: &str, user_group: &str) -> Value {
    match name {
        "session_complete_sign_in" => {
            json!({ "profile": "demo", "redirected_url": "http://127.0.0.1/cb?code=x&state=y" })
        }
        "session_sign_out" => json!({}),
        "locks_rename" => json!({ "lock_id": lock, "name": "Journal door" }),
        "locks_set_image" => json!({
            "lock_id": lock,
            "source": { "kind": "bytes", "file_name": "a.png", "base64": "bm90IGFuIGltYWdl" }
        }),
        "locks_reset_image" => json!({ "lock_id": lock }),
        "lock_groups_create" | "user_groups_create" => json!({ "name": "Journal group" }),
        "lock_groups_update" => json!({ "lock_group_id": lock_group, "name": "Renamed" }),
        "lock_groups_delete" => json!({ "lock_group_id": lock_group }),
        "lock_groups_add_locks" | "lock_groups_remove_locks" => {
            json!({ "lock_group_id": lock_group, "lock_ids": [lock] })
        }
        "users_register" => json!({ "name": "Journal User" }),
        "users_invite" => json!({ "user_id": user }),
        "users_update" => json!({ "user_id": user, "name": "Journal Renamed" }),
        "users_remove" => json!({ "user_id": user }),
        "invitations_create" => json!({ "mail": "journal@example.org" }),
        "invitations_bulk_start" => json!({ "csv": "" }),
        "user_groups_update" => json!({ "user_group_id": user_group, "memo": "m" }),
        // No directory source in the demo: refused, and journaled as refused.
        "directory_apply" => json!({ "fingerprint": "none" }),
        other => panic!("no plausible request for the write command {other}: add one"),
    }
}

#[tokio::test]
async fn every_write_command_of_the_table_leaves_one_entry() {
    let a = App::demo().await;
    let lock = first_id(&a.call("locks_list", json!({})).await, "locks");
    let user = first_id(&a.call("users_list", json!({})).await, "users");
    let lock_group = first_id(&a.call("lock_groups_list", json!({})).await, "lock_groups");
    let user_group = first_id(&a.call("user_groups_list", json!({})).await, "user_groups");
    // Sign-out last: the others need the session.
    let mut names: Vec<&str> = WRITE_COMMANDS.to_vec();
    names.sort_by_key(|n| *n == "session_sign_out");
    assert!(names.len() >= 18);
    let mut failed = 0;
    for name in names {
        let before = a.entries().len();
        let args = plausible(name, &lock, &user, &lock_group, &user_group);
        let result = dispatch(&a.ctx, name, args).await;
        let entries = a.entries();
        assert_eq!(
            entries.len(),
            before + 1,
            "{name} must leave exactly one journal entry"
        );
        let e = entries.last().unwrap();
        assert_eq!(e.operation.as_str(), name);
        match result {
            Ok(_) => assert_eq!(e.outcome, DONE, "{name}"),
            Err(err) => {
                failed += 1;
                assert_eq!(e.outcome, err.code.as_str(), "{name}");
            }
        }
        assert_eq!(e.connection.as_deref(), Some("demo"), "{name}");
    }
    assert!(failed >= 3, "the failing requests are journaled too");
}

#[tokio::test]
async fn a_rename_records_old_and_new_with_the_organization() {
    let a = App::demo().await;
    let locks = a.call("locks_list", json!({})).await;
    let lock = &locks["locks"][0];
    let id = lock["id"].as_str().unwrap();
    let old = lock["name"].as_str().unwrap();
    a.call(
        "locks_rename",
        json!({ "lock_id": id, "name": " 正面玄関 " }),
    )
    .await;
    let _ = dispatch(
        &a.ctx,
        "locks_rename",
        json!({ "lock_id": id, "name": "  " }),
    )
    .await;
    let e = a.entries();
    let [done, refused] = &e[..] else {
        panic!("{e:?}")
    };
    assert_eq!(done.target_id.as_deref(), Some(id));
    assert_eq!(done.target_name.as_deref(), Some("正面玄関"));
    assert_eq!(done.changes.len(), 1);
    assert_eq!(done.changes[0].field, "name");
    assert_eq!(done.changes[0].old.as_deref(), Some(old));
    assert_eq!(done.changes[0].new.as_deref(), Some("正面玄関"));
    assert_eq!(done.outcome, DONE);
    assert!(done
        .organization_id
        .as_deref()
        .is_some_and(|o| !o.is_empty()));
    assert_eq!(refused.outcome, "invalid_input");
}

#[tokio::test]
async fn each_row_of_a_bulk_run_is_an_entry() {
    let a = App::demo().await;
    let csv = "mail,authority,code\nrow1@example.org,member,C1\nrow2@example.org,manager,\nbad-address,,\n";
    let started = a
        .call("invitations_bulk_start", json!({ "csv": csv }))
        .await;
    let id = started["job_id"].as_str().unwrap().to_owned();
    for _ in 0..200 {
        let j = a.call("jobs_get", json!({ "job_id": id })).await;
        if j["state"] != "running" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    let e = a.entries();
    let ops: Vec<(&str, Option<&str>, &str)> = e
        .iter()
        .map(|e| {
            (
                e.operation.as_str(),
                e.target_id.as_deref(),
                e.outcome.as_str(),
            )
        })
        .collect();
    assert_eq!(
        ops,
        [
            ("invitations_bulk_start", None, "done"),
            ("invitations_bulk_row", Some("row1@example.org"), "done"),
            ("invitations_bulk_row", Some("row2@example.org"), "done"),
        ]
    );
    assert!(e[1]
        .changes
        .iter()
        .any(|c| c.field == "user_code" && c.new.as_deref() == Some("C1")));
}

/// A real sign-in (profile with a client secret, the login form, the code exchange), a failed
/// one and a sign-out: the journal records them, and no secret reaches its files.
#[tokio::test]
async fn a_sign_in_leaves_no_secret_in_the_journal() {
    let sim = lockdesk_sim::spawn(SimOptions::small()).await.unwrap();
    let client = sim.info().clients[0].clone();
    let a = App::new();
    a.call(
        "profiles_add",
        json!({
            "name": "office",
            "base_url": sim.base_url(),
            "client_id": client.client_id,
            "redirect_uri": client.redirect_uri,
            "api": "v3",
            "client_secret": client.client_secret,
        }),
    )
    .await;
    let begun = a
        .call("session_begin_sign_in", json!({ "profile": "office" }))
        .await;
    let page = url::Url::parse(begun["url"].as_str().unwrap()).unwrap();
    let q: std::collections::HashMap<_, _> = page.query_pairs().into_owned().collect();
    let resp = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .post(format!("{}/oauth/authorize/", sim.base_url()))
        .form(&[
            ("mail", "admin@example.com"),
            ("password", "lockdesk-demo"),
            ("client_id", q["client_id"].as_str()),
            ("redirect_uri", q["redirect_uri"].as_str()),
            ("response_type", "code"),
            ("state", q["state"].as_str()),
            (
                "code_challenge",
                q.get("code_challenge").map_or("", |s| s.as_str()),
            ),
            (
                "code_challenge_method",
                q.get("code_challenge_method").map_or("", |s| s.as_str()),
            ),
        ])
        .send()
        .await
        .unwrap();
    let to = resp.headers()["location"].to_str().unwrap().to_owned();
    let back = url::Url::parse(&to).unwrap();
    let code = back
        .query_pairs()
        .find(|(k, _)| k == "code")
        .unwrap()
        .1
        .into_owned();
    // The same redirect with a wrong state is refused, and journaled as refused.
    let forged = to.replace(q["state"].as_str(), "forged-state");
    let refused = dispatch(
        &a.ctx,
        "session_complete_sign_in",
        json!({ "profile": "office", "redirected_url": forged }),
    )
    .await;
    assert!(refused.is_err());
    a.call(
        "session_complete_sign_in",
        json!({ "profile": "office", "redirected_url": to }),
    )
    .await;
    let office = lockdesk_core::profiles::store::ProfileStore::new(&a.ctx.core())
        .get("office")
        .unwrap();
    let tokens =
        lockdesk_core::sessions::token_store::load_tokens(a.ctx.core().secrets.as_ref(), &office)
            .unwrap()
            .unwrap();
    let access = tokens.access_token.secret().to_owned();
    let refresh = tokens.refresh_token.as_ref().map(|r| r.secret().to_owned());
    a.call("session_sign_out", json!({ "profile": "office" }))
        .await;

    let e = a.entries();
    let ops: Vec<(&str, &str)> = e
        .iter()
        .map(|e| (e.operation.as_str(), e.outcome.as_str()))
        .collect();
    assert_eq!(ops[1], ("session_complete_sign_in", "done"));
    assert_eq!(ops[2], ("session_sign_out", "done"));
    assert_eq!(ops[0].0, "session_complete_sign_in");
    assert_ne!(ops[0].1, "done");
    assert!(e.iter().all(|e| e.connection.as_deref() == Some("office")));

    let mut secrets = vec![
        client.client_secret.clone(),
        code,
        q["state"].clone(),
        access,
    ];
    secrets.extend(refresh);
    let data = a.ctx.core().data_folder().unwrap();
    let mut files = 0;
    for f in std::fs::read_dir(&data).unwrap() {
        let f = f.unwrap();
        if !f.file_name().to_string_lossy().starts_with("journal") {
            continue;
        }
        // The -wal/-shm files go when the last connection closes (the background prune's).
        let bytes = match std::fs::read(f.path()) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            read => read.unwrap(),
        };
        files += 1;
        for s in &secrets {
            assert!(s.len() >= 8, "a real secret: {s:?}");
            assert!(
                !bytes.windows(s.len()).any(|w| w == s.as_bytes()),
                "{} holds a secret",
                f.path().display()
            );
        }
    }
    assert!(files >= 1);
}

#[tokio::test]
async fn activity_lists_filters_and_exports_csv() {
    let a = App::demo().await;
    let lock = first_id(&a.call("locks_list", json!({})).await, "locks");
    a.call(
        "locks_rename",
        json!({ "lock_id": lock, "name": "=1+2 通用口" }),
    )
    .await;
    let _ = dispatch(&a.ctx, "users_remove", json!({ "user_id": "no such" })).await;

    let all = a.call("activity_list", json!({})).await;
    assert_eq!(all["total"], 2);
    assert_eq!(all["entries"][0]["operation"], "users_remove");
    let failed = a
        .call("activity_list", json!({ "outcome": "failed" }))
        .await;
    assert_eq!(failed["total"], 1);
    let renames = a
        .call(
            "activity_list",
            json!({ "operations": ["locks_rename"], "text": "通用" }),
        )
        .await;
    assert_eq!(renames["total"], 1);
    let later = a
        .call("activity_list", json!({ "since": "2999-01-01T00:00:00Z" }))
        .await;
    assert_eq!(later["total"], 0);
    let page = a
        .call("activity_list", json!({ "offset": 1, "limit": 1 }))
        .await;
    assert_eq!(page["entries"][0]["operation"], "locks_rename");
    let bad = dispatch(&a.ctx, "activity_list", json!({ "limit": 0 })).await;
    assert_eq!(bad.unwrap_err().code.as_str(), "invalid_input");

    let csv = a
        .call("activity_export_csv", json!({ "language": "ja" }))
        .await;
    assert_eq!(csv["entries"], 2);
    let text = csv["content"].as_str().unwrap();
    assert!(text.starts_with("\u{feff}日時 (UTC),接続,"));
    assert_eq!(text.matches("\r\n").count(), 3, "{text}");
    assert!(!text.replace("\r\n", "").contains('\n'));
    // Every cell is guarded: the name and the change that start with `=` are text.
    assert!(text.contains(",'=1+2 通用口,"), "{text}");
    assert!(!text.contains(",=1+2"), "{text}");
}

#[tokio::test]
async fn group_and_user_updates_record_old_values() {
    let a = App::demo().await;
    let groups = a.call("lock_groups_list", json!({})).await;
    let group = &groups["lock_groups"][0];
    let (gid, gname) = (
        group["id"].as_str().unwrap(),
        group["name"].as_str().unwrap(),
    );
    a.call(
        "lock_groups_update",
        json!({ "lock_group_id": gid, "name": "新しい名称" }),
    )
    .await;
    let users = a.call("users_list", json!({})).await;
    let user = users["users"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["mail"].is_string() && u["authority"] == json!({ "kind": "member" }))
        .unwrap();
    let (uid, uname) = (user["id"].as_str().unwrap(), user["name"].as_str().unwrap());
    a.call(
        "users_update",
        json!({ "user_id": uid, "name": "New Name", "authority": "manager" }),
    )
    .await;
    let e = a.entries();
    let change = |i: usize, field: &str| {
        e[i].changes
            .iter()
            .find(|c| c.field == field)
            .map(|c| (c.old.clone(), c.new.clone()))
            .unwrap_or_else(|| panic!("{field} in {:?}", e[i]))
    };
    assert_eq!(
        change(0, "name"),
        (Some(gname.to_owned()), Some("新しい名称".to_owned()))
    );
    assert_eq!(e[0].changes.len(), 1, "the memo was not changed");
    assert_eq!(
        change(1, "name"),
        (Some(uname.to_owned()), Some("New Name".to_owned()))
    );
    assert_eq!(
        change(1, "authority"),
        (Some("member".to_owned()), Some("manager".to_owned()))
    );
}
