//! Watch rules shared by a team (two computers: their own folders and keychains, one simulator,
//! one private PostgreSQL): rules set while alone are shared by the first read after
//! connecting; a save made from an older version than the team's is put together with the
//! team's when it changed other rules, and refused with who and when when it changed the same
//! (the screen then reads the team's); a round brings the team's rules down; while the
//! database is down the rules read from this computer's copy and cannot be changed.

use lockdesk_api::ApiVersion;
use lockdesk_core::app::context::AppContext;
use serde_json::{json, Value};

use crate::sim_world::{call, fail, SimWorld};
use crate::team_server::{Server, TEAM_PASSWORD};

async fn set_interval(ctx: &AppContext, minutes: u32) -> Result<Value, String> {
    let mut rules = call(ctx, "watch_rules_get", json!({})).await;
    rules["interval_minutes"] = json!(minutes);
    lockdesk_core::app::dispatch::dispatch(ctx, "watch_rules_set", json!({ "rules": rules }))
        .await
        .map_err(|e| e.code.as_str().to_owned())
}

async fn interval(ctx: &AppContext) -> u64 {
    call(ctx, "watch_rules_get", json!({})).await["interval_minutes"]
        .as_u64()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_computers_share_the_rules_and_a_late_save_is_refused() {
    let w = SimWorld::start().await;
    let server = Server::start().await;
    w.sign_in("work", ApiVersion::V3).await;
    let a = w.app().await;
    let other = tempfile::tempdir().unwrap();
    let b = w.other_computer(other.path(), "work").await;

    // Set on A while it works alone; B has the defaults.
    set_interval(&a, 7).await.unwrap();
    let connect = json!({ "address": server.source().address(), "password": TEAM_PASSWORD });
    call(&a, "team_connect", connect.clone()).await;
    call(&b, "team_connect", connect).await;
    // A's first read shares its rules; B's next read has them.
    assert_eq!(interval(&a).await, 7);
    assert_eq!(interval(&b).await, 7);

    // B's screen reads version 1; A saves (version 2); B saves what its screen showed:
    // refused, naming who and when.
    let mut b_screen = call(&b, "watch_rules_get", json!({})).await;
    set_interval(&a, 9).await.unwrap();
    b_screen["interval_minutes"] = json!(11);
    let late = fail(&b, "watch_rules_set", json!({ "rules": b_screen })).await;
    assert_eq!(late.code.as_str(), "team_conflict", "{late:?}");
    let details = serde_json::to_value(&late.details).unwrap();
    assert!(details["changed_by"].is_string(), "{details}");
    assert!(details["changed_by_user"].is_string(), "{details}");
    assert!(details["changed_at"].is_string(), "{details}");
    // Nothing of B's was saved; B now reads the team's.
    assert_eq!(interval(&b).await, 9);
    // Made again from what B now has: kept, and A's next round brings it down.
    set_interval(&b, 11).await.unwrap();
    call(&a, "watch_round", json!({})).await;
    let a_copy: Value = serde_json::from_slice(&std::fs::read(rules_file(&a)).unwrap()).unwrap();
    assert_eq!(a_copy["interval_minutes"], 11);

    // The database stops: the rules still read (this computer's copy); a change is refused
    // and nothing is saved.
    server.stop();
    assert_eq!(interval(&a).await, 11);
    assert_eq!(
        set_interval(&a, 13).await.unwrap_err(),
        "team_shared_unreachable"
    );
    assert_eq!(interval(&a).await, 11);
    server.start_again();
    set_interval(&a, 13).await.unwrap();
    assert_eq!(interval(&b).await, 13);
    // The team kept each of the four saves once: A's shared rules, A's, B's and A's changes.
    let version: i64 = server
        .admin_of_team_db()
        .await
        .query_one(
            "SELECT version FROM team_documents WHERE kind = 'watch_rules'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(version, 4);

    // Two administrators changing different rules from the same version: B's save is put
    // together with A's, and both computers read both changes.
    let mut a_screen = call(&a, "watch_rules_get", json!({})).await;
    let mut b_screen = call(&b, "watch_rules_get", json!({})).await;
    a_screen["low_battery"]["threshold_percent"] = json!(15);
    call(&a, "watch_rules_set", json!({ "rules": a_screen })).await;
    let silent = !b_screen["silent_lock"]["enabled"].as_bool().unwrap();
    b_screen["silent_lock"]["enabled"] = json!(silent);
    let saved = call(&b, "watch_rules_set", json!({ "rules": b_screen })).await;
    assert_eq!(saved["low_battery"]["threshold_percent"], 15, "{saved}");
    assert_eq!(saved["silent_lock"]["enabled"], silent, "{saved}");
    assert_eq!(call(&a, "watch_rules_get", json!({})).await, saved);
    // The same rule changed by both: the second is refused, nothing of it saved.
    let mut a_screen = saved.clone();
    let mut b_screen = saved.clone();
    a_screen["low_battery"]["threshold_percent"] = json!(10);
    call(&a, "watch_rules_set", json!({ "rules": a_screen })).await;
    b_screen["low_battery"]["enabled"] = json!(false);
    let late = fail(&b, "watch_rules_set", json!({ "rules": b_screen })).await;
    assert_eq!(late.code.as_str(), "team_conflict", "{late:?}");
    let now = call(&b, "watch_rules_get", json!({})).await;
    assert_eq!(now["low_battery"]["threshold_percent"], 10, "{now}");
    assert_eq!(now["low_battery"]["enabled"], true, "{now}");
}

/// The rules file of the organization `ctx` uses (the only one in its watch folder).
fn rules_file(ctx: &AppContext) -> std::path::PathBuf {
    let dir = ctx.core().config_dir.join("watch");
    std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "json"))
        .unwrap()
}

/// The demo's changes are made up: while it runs, nothing reaches the team, and the team's
/// settings are not offered (its own journal, no team status, no connecting).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_demo_never_reaches_the_team() {
    let w = SimWorld::start().await;
    let server = Server::start().await;
    w.sign_in("work", ApiVersion::V3).await;
    let a = w.app().await;
    let connect = json!({ "address": server.source().address(), "password": TEAM_PASSWORD });
    call(&a, "team_connect", connect.clone()).await;
    assert_eq!(call(&a, "team_status", json!({})).await["reachable"], true);

    call(&a, "session_start_demo", json!({})).await;
    let status = call(&a, "team_status", json!({})).await;
    assert_eq!(status["address"], Value::Null, "{status}");
    let page = call(&a, "activity_list", json!({})).await;
    assert!(page.get("team").is_none(), "{page}");
    let refused = fail(&a, "team_connect", connect).await;
    assert_eq!(refused.code.as_str(), "invalid_input");
    let entries = team_entries(&server).await;
    // A demo change is journaled in the demo's journal only.
    let orgs = call(&a, "orgs_list", json!({})).await;
    let demo_org = orgs["organizations"][0]["id"].clone();
    call(&a, "orgs_choose", json!({ "organization_id": demo_org })).await;
    let locks = call(&a, "locks_list", json!({})).await;
    let lock = locks["locks"][0]["id"].as_str().unwrap().to_owned();
    call(
        &a,
        "locks_rename",
        json!({ "lock_id": lock, "name": "デモの扉" }),
    )
    .await;
    call(&a, "activity_list", json!({})).await;
    let after = team_entries(&server).await;
    assert_eq!(after, entries, "a demo change reached the team");
}

/// How many journal entries the team's database holds.
async fn team_entries(server: &Server) -> i64 {
    server
        .admin_of_team_db()
        .await
        .query_one("SELECT count(*) FROM journal_entries", &[])
        .await
        .unwrap()
        .get(0)
}
