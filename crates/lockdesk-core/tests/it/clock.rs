//! This computer's clock moved (set back an hour, forward a day) or asleep for 60 hours, the
//! service's time going on as it does: the watcher's rounds see every record once, a report's
//! period is written once and none twice, a digest goes out once at its morning. Real HTTP,
//! real SQLite; the computer's clock and the simulator's are moved apart.

use lockdesk_api::ApiVersion;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::watch::commands::round_due;
use serde_json::{json, Value};

use crate::sim_world::{call, t, SimWorld, HISTORY_PROFILE, T0};
use crate::team_alerts::World;
use crate::webhook_receiver::Receiver;

const HOUR: i64 = 3600;
const DAY: i64 = 24 * HOUR;

/// Listed-user alerts among a round's new alerts.
fn listed(round: &Value) -> usize {
    round["new_alerts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["finding"]["rule"] == "listed_user")
        .count()
}

/// Whether the app's loop would run a round now (every 5 minutes).
async fn due(ctx: &AppContext, w: &SimWorld) -> bool {
    let status = call(ctx, "watch_status", json!({})).await;
    let last = status["last_round"]["at"].as_str().map(t);
    round_due(w.core().clock.now(), last, 5)
}

/// A round: how many listed-user alerts it raised.
async fn round(ctx: &AppContext) -> usize {
    listed(&call(ctx, "watch_round", json!({})).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_rounds_see_each_record_once_whichever_way_the_clock_moves() {
    let w = SimWorld::start().await;
    w.sign_in("org", ApiVersion::V3).await;
    w.sign_in(HISTORY_PROFILE, ApiVersion::V2).await;
    let ctx = w.app().await;
    let lock = call(&ctx, "locks_list", json!({})).await["locks"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let user = call(&ctx, "users_list", json!({})).await["users"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut rules = call(&ctx, "watch_rules_get", json!({})).await;
    rules["interval_minutes"] = json!(5);
    rules["listed_users"] = json!({ "enabled": true, "users": [user] });
    call(&ctx, "watch_rules_set", json!({ "rules": rules })).await;
    let entry = |seconds: i64| {
        let at = t(T0) + chrono::Duration::seconds(seconds);
        json!([{ "at": at.to_rfc3339(), "user_id": user, "client_type": "mobile_app",
                 "is_locked": false }])
    };
    // The computer's clock is T0 + `computer` seconds; the service's T0 + `service`.
    let (mut computer, mut service) = (0, 0);
    assert_eq!(round(&ctx).await, 0);
    assert!(!due(&ctx, &w).await);

    // Set back an hour: due at once (not an hour and five minutes later). The service's
    // record made meanwhile is later than this computer's "now": not read yet, nor lost.
    w.move_computer_clock(-HOUR);
    computer -= HOUR;
    w.advance_service(60).await;
    service += 60;
    w.records(&lock, entry(30)).await;
    assert!(due(&ctx, &w).await);
    assert_eq!(round(&ctx).await, 0);
    // The clock put right: read once, and once only.
    w.move_computer_clock(service + 60 - computer);
    w.advance_service(60).await;
    (computer, service) = (service + 60, service + 60);
    assert!(due(&ctx, &w).await);
    assert_eq!(round(&ctx).await, 1);
    assert_eq!(round(&ctx).await, 0);

    // Forward a day: due, one round; the history sign-in (2 hours) looks expired to this
    // computer, so the round reads what is archived. Put right again, a round is due at once
    // (its last one is dated a day ahead) and reads the record made meanwhile, once.
    w.records(&lock, entry(service + 10)).await;
    w.move_computer_clock(DAY);
    assert!(due(&ctx, &w).await);
    let ahead = round(&ctx).await;
    w.move_computer_clock(-DAY + 60);
    w.advance_service(60).await;
    (computer, service) = (computer + 60, service + 60);
    assert_eq!(computer, service);
    assert!(due(&ctx, &w).await);
    let back = round(&ctx).await;
    assert_eq!(ahead + back, 1, "ahead {ahead}, back {back}");
    assert_eq!(round(&ctx).await, 0);

    // Asleep for 60 hours (both clocks on), records made meanwhile: the history sign-in has
    // expired by then, the person signs in again (here with an app restarted on the same
    // folders), and one round reads them, once.
    w.records(&lock, entry(30 * HOUR)).await;
    w.records(&lock, entry(31 * HOUR)).await;
    w.advance(60 * HOUR).await;
    w.sign_in_again(HISTORY_PROFILE).await;
    let ctx = w.app().await;
    assert!(due(&ctx, &w).await);
    assert_eq!(round(&ctx).await, 2);
    assert_eq!(round(&ctx).await, 0);
    let all = call(
        &ctx,
        "watch_alerts_list",
        json!({ "rules": ["listed_user"] }),
    )
    .await;
    assert_eq!(all["total"], 4, "{all}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_report_period_is_written_once_whichever_way_the_clock_moves() {
    let w = SimWorld::start().await;
    w.sign_in("org", ApiVersion::V3).await;
    let ctx = w.app().await;
    let folder = tempfile::tempdir().unwrap();
    // Daily at 09:30 (Japan): at T0, 10:00 on Tuesday the 24th, Monday's period is due.
    call(
        &ctx,
        "reports_add",
        json!({ "name": "journal", "what": { "kind": "journal" },
                "schedule": { "every": "daily", "at": "09:30" }, "format": "csv",
                "language": "en", "folder_handle": ctx.grant_folder(folder.path()) }),
    )
    .await;
    let files = || {
        let mut names: Vec<String> = std::fs::read_dir(folder.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let run = || async {
        call(&ctx, "reports_run", json!({})).await["runs"][0]["outcome"]["kind"].clone()
    };
    assert_eq!(run().await, "written");
    assert_eq!(files(), ["journal_2026-11-23.csv"]);

    // Set back an hour, to 09:00: Sunday's period is the one "due", but Monday's is written:
    // no earlier period is written now, and none twice.
    w.move_computer_clock(-HOUR);
    assert_eq!(run().await, "already_written");
    // Forward a day (Wednesday 09:00, then 10:00): Tuesday's period, once.
    w.move_computer_clock(DAY + HOUR);
    assert_eq!(run().await, "written");
    assert_eq!(run().await, "already_written");
    // Put right again: nothing.
    w.move_computer_clock(-DAY);
    assert_eq!(run().await, "already_written");
    // Asleep for 60 hours, to Thursday 22:00: the period that ended last (Wednesday's), once.
    w.advance(60 * HOUR).await;
    assert_eq!(run().await, "written");
    assert_eq!(run().await, "already_written");
    assert_eq!(
        files(),
        [
            "journal_2026-11-23.csv",
            "journal_2026-11-24.csv",
            "journal_2026-11-25.csv"
        ]
    );
}

/// Alerts of Tuesday wait for Wednesday's 08:30 digest; the computer sleeps from Tuesday
/// night for 60 hours: the digest goes out once when it wakes, the alert raised then waits for
/// its own morning, and a clock set back an hour sends nothing again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_digest_missed_while_asleep_goes_out_once() {
    let world = World::start().await;
    let hook = Receiver::start().await;
    call(
        &world.ctx,
        "alert_destinations_add",
        json!({ "name": "relay", "kind": "generic", "url": hook.url("/digest"),
                "language": "en", "digest": { "at": "08:30" } }),
    )
    .await;
    world.low(0, 9).await;
    assert_eq!(world.round().await["deliveries"]["queued"], 1);
    // Tuesday 22:00, then 60 hours asleep: Friday 10:00.
    world.w.advance(12 * HOUR).await;
    world.w.advance(60 * HOUR).await;
    world.low(1, 8).await;
    let round = world.round().await;
    assert_eq!(round["deliveries"]["queued"], 1, "{round}");
    let posted = hook.at("/digest");
    assert_eq!(posted.len(), 1);
    assert_eq!(posted[0].json()["alerts"].as_array().unwrap().len(), 1);
    world.w.move_computer_clock(-HOUR);
    call(&world.ctx, "alert_deliveries_run", json!({})).await;
    world.round().await;
    assert_eq!(hook.at("/digest").len(), 1, "nothing sent twice");
}
