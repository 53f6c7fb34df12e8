//! The watcher against the simulator in process (real HTTP, real SQLite): crafted history and
//! batteries through the simulator's control API, the simulator and the app on one virtual
//! clock. Each rule fires once on a matching case and never on its near miss; a second round,
//! a restart (a new context on the same folders) and two contexts at once raise nothing twice.

use lockdesk_api::ApiVersion;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::app::dispatch::dispatch;
use serde_json::{json, Value};

use crate::sim_world::{call, fail, SimWorld};

fn jst(s: &str) -> String {
    format!("{s}+09:00")
}

/// The simulator with one organization (v3) and one history (v2) profile signed in.
struct Watch(SimWorld);

impl std::ops::Deref for Watch {
    type Target = SimWorld;
    fn deref(&self) -> &SimWorld {
        &self.0
    }
}

impl Watch {
    async fn start() -> Watch {
        let w = SimWorld::start().await;
        w.sign_in("org", ApiVersion::V3).await;
        w.sign_in(crate::sim_world::HISTORY_PROFILE, ApiVersion::V2)
            .await;
        Watch(w)
    }
}

fn rec(at: &str, user: Option<&str>, client_type: &str, is_locked: bool) -> Value {
    json!({ "at": jst(at), "user_id": user, "client_type": client_type, "is_locked": is_locked })
}

/// `rule` → how many new alerts of `locks`.
fn count(alerts: &Value, rule: &str, locks: &[String]) -> usize {
    alerts
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["finding"]["rule"] == rule)
        .filter(|a| locks.iter().any(|l| a["finding"]["lock_id"] == l.as_str()))
        .count()
}

/// Five locks and three users of the first organization, with batteries at 100 % and the
/// crafted history of every rule's case and near miss.
async fn craft(w: &Watch, ctx: &AppContext) -> (Vec<String>, Vec<String>) {
    let locks: Vec<String> = call(ctx, "locks_list", json!({})).await["locks"]
        .as_array()
        .unwrap()
        .iter()
        .take(5)
        .map(|l| l["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(locks.len(), 5);
    let users: Vec<String> = call(ctx, "users_list", json!({})).await["users"]
        .as_array()
        .unwrap()
        .iter()
        .take(3)
        .map(|u| u["id"].as_str().unwrap().to_owned())
        .collect();
    w.full_batteries(&locks).await;
    // Low battery: 19 % fires, 20 % does not.
    w.battery(&locks[0], "lock", 19).await;
    w.battery(&locks[0], "nfc_reader_inside", 20).await;
    let (u1, u2, u3) = (
        Some(users[0].as_str()),
        Some(users[1].as_str()),
        Some(users[2].as_str()),
    );
    // Outside hours (09:00-18:00, Monday to Friday, holidays off): a holiday morning and 08:59
    // on a weekday fire; 09:00 does not. Each is locked again a minute later.
    w.records(
        &locks[0],
        json!([
            rec("2026-11-23T10:30:00", u1, "nfc_outside", false),
            rec("2026-11-23T10:31:00", None, "autolock", true),
            rec("2026-11-24T08:59:00", u1, "nfc_outside", false),
            rec("2026-11-24T09:00:00", None, "autolock", true),
            rec("2026-11-24T09:00:30", u1, "nfc_outside", false),
            rec("2026-11-24T09:01:00", None, "autolock", true),
        ]),
    )
    .await;
    // Unlocked too long (10 minutes): locked again after 9:59 does not fire, after 10:01 does;
    // an unlocking 5 minutes before now is not judged yet (the clocks run while the test does).
    w.records(
        &locks[1],
        json!([
            rec("2026-11-24T09:10:00", u1, "mobile_app", false),
            rec("2026-11-24T09:19:59", None, "autolock", true),
            rec("2026-11-24T09:30:00", u1, "mobile_app", false),
            rec("2026-11-24T09:40:01", None, "autolock", true),
            rec("2026-11-24T09:55:00", u1, "mobile_app", false),
        ]),
    )
    .await;
    // A listed user (users[1]) unlocks and locks; an unlisted one does the same.
    w.records(
        &locks[2],
        json!([
            rec("2026-11-24T09:20:00", u2, "nfc_outside", false),
            rec("2026-11-24T09:21:00", u2, "mobile_app", true),
            rec("2026-11-24T09:22:00", u3, "nfc_outside", false),
            rec("2026-11-24T09:23:00", u3, "mobile_app", true),
        ]),
    )
    .await;
    // Silent for 7 days: a lock last used 7 days and a minute ago fires, 7 days less an hour
    // does not (the to-the-second edge is the rules' unit test).
    w.records(
        &locks[3],
        json!([rec("2026-11-17T09:59:00", None, "autolock", true)]),
    )
    .await;
    w.records(
        &locks[4],
        json!([rec("2026-11-17T11:00:00", None, "autolock", true)]),
    )
    .await;
    let rules = json!({
        "interval_minutes": 5,
        "low_battery": { "enabled": true, "threshold_percent": 20 },
        "unlocked_too_long": { "enabled": true, "minutes": 10 },
        "outside_hours": { "enabled": true, "days": [1, 2, 3, 4, 5], "start": "09:00",
            "end": "18:00", "holidays_off": true, "utc_offset_minutes": 540 },
        "listed_users": { "enabled": true, "users": [users[1]] },
        "silent_lock": { "enabled": true, "days": 7 }
    });
    call(ctx, "watch_rules_set", json!({ "rules": rules })).await;
    (locks, users)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_rule_fires_once_and_never_twice() {
    let w = Watch::start().await;
    let ctx = w.app().await;
    let (locks, users) = craft(&w, &ctx).await;

    let round = call(&ctx, "watch_round", json!({})).await;
    assert_eq!(round["sync"]["kind"], "synced", "{round}");
    let new = &round["new_alerts"];
    assert_eq!(count(new, "low_battery", &locks), 1, "{new}");
    let battery = new
        .as_array()
        .unwrap()
        .iter()
        .find(|a| {
            a["finding"]["rule"] == "low_battery" && a["finding"]["lock_id"] == locks[0].as_str()
        })
        .unwrap();
    assert_eq!(battery["finding"]["part"], "lock");
    assert_eq!(battery["finding"]["percent"], 19);
    assert_eq!(count(new, "outside_hours", &locks), 2, "{new}");
    assert_eq!(count(new, "unlocked_too_long", &locks), 1, "{new}");
    assert_eq!(count(new, "listed_user", &locks), 2, "{new}");
    assert!(new
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["finding"]["rule"] == "listed_user")
        .all(|a| a["finding"]["user_id"] == users[1].as_str()));
    assert_eq!(count(new, "silent_lock", &locks), 1, "{new}");
    let silent = new
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["finding"]["rule"] == "silent_lock")
        .unwrap();
    assert_eq!(silent["finding"]["lock_id"], locks[3].as_str());

    // The same moment again: nothing new.
    let again = call(&ctx, "watch_round", json!({})).await;
    assert_eq!(again["new_alerts"], json!([]), "{again}");

    // 6 minutes later the open unlocking is past its 10 minutes: exactly that one is new.
    w.advance(360).await;
    let later = call(&ctx, "watch_round", json!({})).await;
    let new = &later["new_alerts"];
    assert_eq!(new.as_array().unwrap().len(), 1, "{new}");
    assert_eq!(new[0]["finding"]["rule"], "unlocked_too_long");
    assert!(new[0]["finding"]["locked_at"].is_null());

    // A restart: a new context on the same folders raises nothing.
    drop(ctx);
    let restarted = w.app().await;
    let after = call(&restarted, "watch_round", json!({})).await;
    assert_eq!(after["new_alerts"], json!([]), "{after}");

    let status = call(&restarted, "watch_status", json!({})).await;
    assert_eq!(status["last_new_alerts"], 0);
    assert_eq!(status["interval_minutes"], 5);
    assert!(status["last_round"]["at"].is_string());
    let unacked = status["unacknowledged"].as_u64().unwrap();
    assert!(unacked >= 8, "{status}");

    // Acknowledge one: it leaves the unacknowledged list.
    let page = call(
        &restarted,
        "watch_alerts_list",
        json!({ "rules": ["silent_lock"], "acknowledged": false }),
    )
    .await;
    assert_eq!(page["total"], 1, "{page}");
    let id = page["alerts"][0]["id"].clone();
    let acked = call(
        &restarted,
        "watch_alerts_acknowledge",
        json!({ "ids": [id] }),
    )
    .await;
    assert_eq!(acked["acknowledged"], 1);
    let page = call(
        &restarted,
        "watch_alerts_list",
        json!({ "rules": ["silent_lock"], "acknowledged": false }),
    )
    .await;
    assert_eq!(page["total"], 0);
    let status = call(&restarted, "watch_status", json!({})).await;
    assert_eq!(status["unacknowledged"].as_u64().unwrap(), unacked - 1);

    // Paging: one alert per page, newest raised first.
    let p1 = call(&restarted, "watch_alerts_list", json!({ "limit": 1 })).await;
    let p2 = call(
        &restarted,
        "watch_alerts_list",
        json!({ "limit": 1, "offset": 1 }),
    )
    .await;
    assert_eq!(p1["alerts"].as_array().unwrap().len(), 1);
    assert_ne!(p1["alerts"][0]["id"], p2["alerts"][0]["id"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_muted_rule_and_target_is_never_raised() {
    let w = Watch::start().await;
    let ctx = w.app().await;
    let (locks, _) = craft(&w, &ctx).await;
    call(&ctx, "watch_round", json!({})).await;

    let target = format!("{}/nfc_reader_outside", locks[4]);
    call(
        &ctx,
        "watch_mute",
        json!({ "rule": "low_battery", "target": target }),
    )
    .await;
    w.battery(&locks[4], "nfc_reader_outside", 3).await;
    let round = call(&ctx, "watch_round", json!({})).await;
    assert_eq!(round["new_alerts"], json!([]), "{round}");
    let status = call(&ctx, "watch_status", json!({})).await;
    assert_eq!(status["mutes"][0]["target"], target.as_str());
    let muted = call(
        &ctx,
        "watch_alerts_list",
        json!({ "rules": ["low_battery"], "include_muted": true, "lock_id": locks[4] }),
    )
    .await;
    assert_eq!(muted["total"], 1, "{muted}");
    assert_eq!(muted["alerts"][0]["muted"], true);

    // Unmuted, the same battery is still not raised (it was seen); another part is.
    call(
        &ctx,
        "watch_unmute",
        json!({ "rule": "low_battery", "target": target }),
    )
    .await;
    w.battery(&locks[4], "nfc_reader_inside", 3).await;
    let round = call(&ctx, "watch_round", json!({})).await;
    let new = round["new_alerts"].as_array().unwrap();
    assert_eq!(new.len(), 1, "{round}");
    assert_eq!(new[0]["finding"]["part"], "nfc_reader_inside");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_are_validated_on_set_and_on_load() {
    let w = Watch::start().await;
    let ctx = w.app().await;
    let defaults = call(&ctx, "watch_rules_get", json!({})).await;
    assert_eq!(defaults["low_battery"]["threshold_percent"], 20);
    assert_eq!(defaults["outside_hours"]["utc_offset_minutes"], 540);

    let mut bad = defaults.clone();
    bad["low_battery"]["threshold_percent"] = json!(0);
    let e = fail(&ctx, "watch_rules_set", json!({ "rules": bad })).await;
    assert_eq!(e.code.as_str(), "invalid_input");
    assert_eq!(
        e.details.field.as_deref(),
        Some("low_battery.threshold_percent")
    );
    let mut bad = defaults.clone();
    bad["outside_hours"]["start"] = json!("18:00");
    bad["outside_hours"]["end"] = json!("09:00");
    let e = fail(&ctx, "watch_rules_set", json!({ "rules": bad })).await;
    assert_eq!(e.code.as_str(), "invalid_input");
    // Nothing was written: still the defaults.
    assert_eq!(call(&ctx, "watch_rules_get", json!({})).await, defaults);

    let mut good = defaults.clone();
    good["silent_lock"]["days"] = json!(3);
    call(&ctx, "watch_rules_set", json!({ "rules": good.clone() })).await;
    assert_eq!(call(&ctx, "watch_rules_get", json!({})).await, good);
    let dir = w.dir.path().join("watch");
    let file = std::fs::read_dir(&dir)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }

    // A damaged file is a clear error and is left as it is.
    std::fs::write(&file, b"{\"interval_minutes\": 0").unwrap();
    let e = fail(&ctx, "watch_rules_get", json!({})).await;
    assert_eq!(e.code.as_str(), "config_invalid");
    let e = fail(&ctx, "watch_round", json!({})).await;
    assert_eq!(e.code.as_str(), "config_invalid");
    assert_eq!(std::fs::read(&file).unwrap(), b"{\"interval_minutes\": 0");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sync_of_another_program_is_skipped_and_the_rules_still_run() {
    let w = Watch::start().await;
    let ctx = w.app().await;
    let (locks, _) = craft(&w, &ctx).await;
    // Another program holds the archive's sync lock.
    let path = w.dir.path().join("data/archive/hist/v2.sqlite");
    let other = lockdesk_archive::Archive::open(&path).unwrap();
    let held = other.lock_for_sync().unwrap();
    let round = call(&ctx, "watch_round", json!({})).await;
    assert_eq!(round["sync"]["kind"], "skipped_busy", "{round}");
    // Nothing archived yet: only the battery rule (from the locks) found something.
    assert_eq!(count(&round["new_alerts"], "low_battery", &locks), 1);
    assert_eq!(count(&round["new_alerts"], "outside_hours", &locks), 0);
    drop(held);
    let round = call(&ctx, "watch_round", json!({})).await;
    assert_eq!(round["sync"]["kind"], "synced");
    assert_eq!(count(&round["new_alerts"], "outside_hours", &locks), 2);
    assert_eq!(count(&round["new_alerts"], "low_battery", &locks), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_contexts_at_once_raise_each_alert_once() {
    let w = Watch::start().await;
    let ctx = w.app().await;
    craft(&w, &ctx).await;
    let (a, b) = (w.app().await, w.app().await);
    let (ra, rb) = tokio::join!(
        dispatch(&a, "watch_round", json!({})),
        dispatch(&b, "watch_round", json!({}))
    );
    let (ra, rb) = (ra.unwrap(), rb.unwrap());
    let mut keys: Vec<String> = ra["new_alerts"]
        .as_array()
        .unwrap()
        .iter()
        .chain(rb["new_alerts"].as_array().unwrap())
        .map(|a| a["finding"]["key"].as_str().unwrap().to_owned())
        .collect();
    let n = keys.len();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), n, "an alert was raised twice");
    let all = call(&ctx, "watch_alerts_list", json!({ "limit": 1000 })).await;
    assert_eq!(all["total"].as_u64().unwrap() as usize, n);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replaced_battery_that_runs_low_again_is_raised_again() {
    let w = Watch::start().await;
    let ctx = w.app().await;
    let (locks, _) = craft(&w, &ctx).await;
    let lock = &locks[2];
    let part = "nfc_reader_outside";
    let raised_now = |round: &Value| {
        round["new_alerts"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| a["finding"]["target"] == format!("{lock}/{part}").as_str())
            .map(|a| a["finding"]["percent"].as_i64().unwrap())
            .collect::<Vec<_>>()
    };
    w.battery(lock, part, 7).await;
    assert_eq!(raised_now(&call(&ctx, "watch_round", json!({})).await), [7]);
    // Wavering above the threshold, within the margin, then low again: the same alert.
    w.battery(lock, part, 25).await;
    assert_eq!(
        raised_now(&call(&ctx, "watch_round", json!({})).await),
        [] as [i64; 0]
    );
    w.battery(lock, part, 6).await;
    assert_eq!(
        raised_now(&call(&ctx, "watch_round", json!({})).await),
        [] as [i64; 0]
    );
    // Replaced (100 %), then low again weeks later: a new alert, on a restarted app too.
    w.battery(lock, part, 100).await;
    assert_eq!(
        raised_now(&call(&ctx, "watch_round", json!({})).await),
        [] as [i64; 0]
    );
    w.battery(lock, part, 9).await;
    let restarted = w.app().await;
    assert_eq!(
        raised_now(&call(&restarted, "watch_round", json!({})).await),
        [9]
    );
    assert_eq!(
        raised_now(&call(&ctx, "watch_round", json!({})).await),
        [] as [i64; 0]
    );
    // Both alerts stay listed, the newest first.
    let listed = call(
        &ctx,
        "watch_alerts_list",
        json!({ "rules": ["low_battery"], "lock_id": lock }),
    )
    .await;
    let percents: Vec<i64> = listed["alerts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["finding"]["percent"].as_i64().unwrap())
        .collect();
    assert_eq!(percents, [9, 7], "{listed}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn batteries_are_watched_when_the_history_cannot_be_read() {
    let w = Watch::start().await;
    let ctx = w.app().await;
    let (locks, _) = craft(&w, &ctx).await;
    call(&ctx, "watch_round", json!({})).await;
    // The next morning: the two-hour history sign-in has long expired.
    w.advance(12 * 3600).await;
    w.battery(&locks[1], "lock", 5).await;
    let round = call(&ctx, "watch_round", json!({})).await;
    assert_eq!(round["sync"]["kind"], "failed", "{round}");
    assert!(!round["sync"]["code"].as_str().unwrap().is_empty());
    assert_eq!(
        count(&round["new_alerts"], "low_battery", &locks),
        1,
        "{round}"
    );
    // No history connection at all (removed): the batteries are still watched.
    call(&ctx, "profiles_remove", json!({ "profile": "hist" })).await;
    let restarted = w.app().await;
    w.battery(&locks[3], "lock", 4).await;
    let round = call(&restarted, "watch_round", json!({})).await;
    assert_eq!(round["sync"]["kind"], "failed", "{round}");
    assert_eq!(round["records"], 0, "{round}");
    assert_eq!(
        count(&round["new_alerts"], "low_battery", &locks),
        1,
        "{round}"
    );
}

/// Records at the first instant a date may have (1970-01-01, the decoders' lower bound) go
/// through the sync, the archive's rollups, a watch round, Today and History's aggregates with
/// no panic: days counted back 56 years are ordinary arithmetic.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_at_the_edge_of_the_date_range_pass_through_every_part() {
    let w = Watch::start().await;
    let ctx = w.app().await;
    let lock = call(&ctx, "locks_list", json!({})).await["locks"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    w.records(
        &lock,
        json!([
            { "at": "1970-01-01T00:00:00Z", "user_id": null, "client_type": "autolock", "is_locked": true },
            { "at": "1970-01-01T00:00:00.001Z", "user_id": null, "client_type": "autolock", "is_locked": false },
        ]),
    )
    .await;
    let round = call(&ctx, "watch_round", json!({})).await;
    assert_eq!(round["sync"]["kind"], "synced", "{round}");
    let silent = round["new_alerts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| {
            a["finding"]["rule"] == "silent_lock" && a["finding"]["lock_id"] == lock.as_str()
        })
        .count();
    assert_eq!(silent, 1, "{round}");
    let today = call(&ctx, "today_overview", json!({})).await;
    assert!(today["unusable_settings"].as_array().unwrap().is_empty());
    let page = call(
        &ctx,
        "history_archive_query",
        json!({ "limit": 5, "with_total": true, "lock_ids": [lock] }),
    )
    .await;
    assert_eq!(page["total"], 2, "{page}");
    call(&ctx, "history_archive_aggregates", json!({})).await;
}
