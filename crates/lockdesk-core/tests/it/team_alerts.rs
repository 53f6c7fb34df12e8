//! Team alerts against real loopback chat services (`webhook_receiver.rs`) and the simulator in
//! process: low batteries crafted at the simulator raise alerts in a watch round, and each
//! destination receives exactly one message in its own form; a second round sends nothing
//! again; a failing service is tried again once it recovers (the clock moved, never slept); a
//! burst is one message; two programs passing at once send once; a hostile lock name arrives
//! escaped; the address and token are in the keychain only.

use lockdesk_api::ApiVersion;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::app::dispatch::dispatch;
use lockdesk_core::team_alerts::commands::AlertDestinationAddRequest;
use lockdesk_core::team_alerts::{DestinationKind, RuleSelection};
use lockdesk_core::watch::words::MessageLanguage;
use serde_json::{json, Value};

use crate::sim_world::{call, fail, SimWorld};
use crate::webhook_receiver::{Mode, Receiver};

const HOSTILE: &str = "<!channel> @all <b> [toall]";

/// The simulator signed in, with the locks' ids (the e-mail tests share it: `team_mail.rs`).
pub struct World {
    pub w: SimWorld,
    pub ctx: AppContext,
    pub locks: Vec<String>,
}

impl World {
    /// The simulator with the organization signed in, every battery full, and a first round
    /// that raised whatever the seeded data holds (before any destination).
    pub async fn start() -> World {
        let w = SimWorld::start().await;
        w.sign_in("org", ApiVersion::V3).await;
        let ctx = w.app().await;
        let locks = crate::sim_world::lock_ids(&ctx).await;
        w.full_batteries(&locks).await;
        call(&ctx, "watch_round", json!({})).await;
        World { w, ctx, locks }
    }

    pub async fn low(&self, lock: usize, percent: u8) {
        self.w.battery(&self.locks[lock], "lock", percent).await;
    }

    async fn add(&self, name: &str, kind: &str, url: &str, extra: Value) -> String {
        let mut req = json!({ "name": name, "kind": kind, "url": url, "language": "en" });
        for (k, v) in extra.as_object().unwrap() {
            req[k] = v.clone();
        }
        let added = call(&self.ctx, "alert_destinations_add", req).await;
        added["id"].as_str().unwrap().to_owned()
    }

    pub async fn round(&self) -> Value {
        call(&self.ctx, "watch_round", json!({})).await
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_destination_receives_one_message_in_its_form_and_never_twice() {
    let world = World::start().await;
    let hook = Receiver::start().await;
    let ctx = &world.ctx;
    call(
        ctx,
        "locks_rename",
        json!({ "lock_id": world.locks[0], "name": HOSTILE }),
    )
    .await;
    let slack = world
        .add(
            "Slack 総務",
            "slack",
            &hook.url("/slack/T1/B1/SECRETPATH"),
            json!({}),
        )
        .await;
    let teams = world
        .add(
            "Teams",
            "teams",
            &hook.url("/teams?sig=SECRETSIG"),
            json!({}),
        )
        .await;
    world
        .add(
            "Chatwork",
            "chatwork",
            &hook.url("/cw/v2"),
            json!({ "token": "cw-TOKEN-SECRET", "room_id": "42", "language": "ja" }),
        )
        .await;
    world
        .add("LINE WORKS", "line_works", &hook.url("/lw"), json!({}))
        .await;
    world
        .add("relay", "generic", &hook.url("/generic"), json!({}))
        .await;
    // Only silent locks: this one receives nothing of a low battery.
    world
        .add(
            "silent only",
            "slack",
            &hook.url("/silent"),
            json!({ "rules": { "which": "only", "rules": ["silent_lock"] } }),
        )
        .await;

    world.low(0, 9).await;
    let round = world.round().await;
    assert_eq!(round["new_alerts"].as_array().unwrap().len(), 1, "{round}");
    assert_eq!(round["deliveries"]["queued"], 5, "{round}");
    assert_eq!(round["deliveries"]["sent"], 5, "{round}");
    assert_eq!(round["deliveries"]["messages"], 5, "{round}");
    assert!(hook.at("/silent").is_empty());

    let s = &hook.at("/slack/T1/B1/SECRETPATH");
    assert_eq!(s.len(), 1);
    let s = s[0].json();
    let text = s["blocks"][1]["text"]["text"].as_str().unwrap();
    assert_eq!(s["blocks"][0]["text"]["text"], "*Lockdesk: Low battery*");
    assert_eq!(s["blocks"][1]["text"]["type"], "mrkdwn");
    assert!(
        text.starts_with("&lt;!channel&gt; ＠all &lt;b&gt; [toall]: lock body battery at 9%"),
        "{text}"
    );
    assert!(s["text"].as_str().unwrap().contains("&lt;!channel&gt;"));

    let t = hook.at("/teams");
    assert_eq!(t.len(), 1);
    let t = t[0].json();
    assert_eq!(t["type"], "message");
    let card = &t["attachments"][0];
    assert_eq!(
        card["contentType"],
        "application/vnd.microsoft.card.adaptive"
    );
    assert_eq!(card["content"]["type"], "AdaptiveCard");
    let run = &card["content"]["body"][1]["inlines"][0];
    assert_eq!(run["type"], "TextRun");
    assert!(
        run["text"]
            .as_str()
            .unwrap()
            .starts_with("＜!channel＞ ＠all ＜b＞ [toall]"),
        "{run}"
    );

    let c = hook.at("/cw/v2/rooms/42/messages");
    assert_eq!(c.len(), 1);
    assert_eq!(
        c[0].header("x-chatworktoken").as_deref(),
        Some("cw-TOKEN-SECRET")
    );
    assert!(c[0]
        .header("content-type")
        .unwrap()
        .starts_with("application/x-www-form-urlencoded"));
    let body = c[0].form("body");
    assert!(
        body.starts_with(
            "[info][title]Lockdesk：電池残量の低下[/title]<!channel> ＠all <b> ［toall］："
        ),
        "{body}"
    );
    assert!(!body.contains("[toall]"));

    let l = hook.at("/lw");
    assert_eq!(l.len(), 1);
    let l = l[0].json();
    assert_eq!(l["title"], "Lockdesk: Low battery");
    assert!(l["body"]["text"]
        .as_str()
        .unwrap()
        .starts_with("＜!channel＞ ＠all ＜b＞"));

    let g = hook.at("/generic");
    assert_eq!(g.len(), 1);
    let g = g[0].json();
    assert_eq!(g["source"], "lockdesk");
    assert_eq!(g["test"], false);
    assert_eq!(g["alerts"][0]["rule"], "low_battery");
    assert_eq!(g["alerts"][0]["lock_id"], world.locks[0].as_str());
    assert_eq!(g["alerts"][0]["lock_name"], HOSTILE);
    assert_eq!(g["alerts"][0]["percent"], 9);
    assert!(g["organization_id"].as_str().unwrap().starts_with("O-"));

    // The same moment again, and a restart: nothing is sent again.
    let again = world.round().await;
    assert_eq!(again["deliveries"]["sent"], 0, "{again}");
    let restarted = world.w.app().await;
    call(&restarted, "watch_round", json!({})).await;
    call(&restarted, "alert_deliveries_run", json!({})).await;
    assert_eq!(hook.accepted().len(), 5);

    let list = call(ctx, "alert_deliveries_list", json!({})).await;
    let rows = list["deliveries"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    assert!(rows
        .iter()
        .all(|r| r["state"] == "sent" && r["attempts"] == 1));

    // The addresses and the token are in the keychain, never in the file or the list.
    let file = std::fs::read_to_string(world.w.dir.path().join("alert_destinations.json")).unwrap();
    let listed = call(ctx, "alert_destinations_list", json!({}))
        .await
        .to_string();
    for secret in [
        "SECRETPATH",
        "SECRETSIG",
        "cw-TOKEN-SECRET",
        "/slack/",
        "/lw",
    ] {
        assert!(!file.contains(secret), "{secret} in {file}");
        assert!(!listed.contains(secret), "{secret} in {listed}");
    }
    assert!(file.contains("\"host\": \"127.0.0.1\""), "{file}");
    let keys = world.w.secrets().keys();
    assert!(
        keys.contains(&format!("alert_destination/{slack}")),
        "{keys:?}"
    );
    assert!(keys.contains(&format!("alert_destination/{teams}")));
    let req = AlertDestinationAddRequest {
        name: "x".into(),
        kind: DestinationKind::Chatwork,
        url: Some(hook.url("/SECRETPATH")),
        token: Some("cw-TOKEN-SECRET".into()),
        room_id: Some("1".into()),
        rules: RuleSelection::All,
        language: MessageLanguage::Ja,
        mail: None,
        password: None,
        digest: None,
    };
    let shown = format!("{req:?}");
    assert!(!shown.contains("SECRET"), "{shown}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_service_is_tried_again_once_it_recovers_and_a_refusal_is_final() {
    let world = World::start().await;
    let mut hook = Receiver::start().await;
    world
        .add("relay", "generic", &hook.url("/g"), json!({}))
        .await;
    let ctx = &world.ctx;

    // 500: tried again after a minute, not before.
    hook.set(Mode::Status(500));
    world.low(0, 9).await;
    let round = world.round().await;
    assert_eq!(round["deliveries"]["retrying"], 1, "{round}");
    assert_eq!(hook.hits(), 1);
    world.w.advance(30).await;
    call(ctx, "alert_deliveries_run", json!({})).await;
    assert_eq!(hook.hits(), 1, "tried again before its minute");
    let pending = call(ctx, "alert_deliveries_list", json!({})).await;
    assert_eq!(pending["deliveries"][0]["state"], "pending");
    assert_eq!(
        pending["deliveries"][0]["last_error"],
        "webhook_unavailable"
    );
    hook.set(Mode::Accept);
    world.w.advance(31).await;
    let pass = call(ctx, "alert_deliveries_run", json!({})).await;
    assert_eq!(pass["sent"], 1, "{pass}");
    assert_eq!(hook.at("/g").len(), 1);
    let sent = call(ctx, "alert_deliveries_list", json!({})).await;
    assert_eq!(sent["deliveries"][0]["state"], "sent");
    assert_eq!(sent["deliveries"][0]["attempts"], 2);

    // Connections refused: tried again after 1 and 2 minutes, then delivered.
    hook.stop().await;
    world.low(1, 8).await;
    let round = world.round().await;
    assert_eq!(round["deliveries"]["retrying"], 1, "{round}");
    world.w.advance(61).await;
    let pass = call(ctx, "alert_deliveries_run", json!({})).await;
    assert_eq!(pass["retrying"], 1, "{pass}");
    let page = call(ctx, "alert_deliveries_list", json!({})).await;
    assert_eq!(page["deliveries"][0]["attempts"], 2);
    assert_eq!(page["deliveries"][0]["last_error"], "webhook_unavailable");
    hook.restart().await;
    world.w.advance(60).await;
    call(ctx, "alert_deliveries_run", json!({})).await;
    assert_eq!(hook.at("/g").len(), 1, "the second minute has not passed");
    world.w.advance(61).await;
    let pass = call(ctx, "alert_deliveries_run", json!({})).await;
    assert_eq!(pass["sent"], 1, "{pass}");
    assert_eq!(hook.at("/g").len(), 2);

    // 429: its Retry-After (5 minutes) is honoured, not the one-minute backoff.
    hook.set(Mode::RetryAfter(300));
    world.low(2, 7).await;
    world.round().await;
    hook.set(Mode::Accept);
    world.w.advance(120).await;
    call(ctx, "alert_deliveries_run", json!({})).await;
    assert_eq!(hook.at("/g").len(), 2);
    world.w.advance(181).await;
    call(ctx, "alert_deliveries_run", json!({})).await;
    assert_eq!(hook.at("/g").len(), 3);

    // 404: refused, failed at once, never tried again.
    hook.set(Mode::Status(404));
    world.low(3, 6).await;
    let round = world.round().await;
    assert_eq!(round["deliveries"]["failed"], 1, "{round}");
    let hits = hook.hits();
    hook.set(Mode::Accept);
    world.w.advance(7200).await;
    call(ctx, "alert_deliveries_run", json!({})).await;
    assert_eq!(hook.hits(), hits);
    let page = call(ctx, "alert_deliveries_list", json!({ "limit": 1 })).await;
    assert_eq!(page["deliveries"][0]["state"], "failed");
    assert_eq!(page["deliveries"][0]["last_error"], "webhook_refused");

    // Still failing a day after it was queued: given up.
    hook.set(Mode::Status(503));
    world.low(4, 5).await;
    world.round().await;
    for _ in 0..30 {
        world.w.advance(3600).await;
        call(ctx, "alert_deliveries_run", json!({})).await;
    }
    let page = call(ctx, "alert_deliveries_list", json!({ "limit": 1 })).await;
    assert_eq!(page["deliveries"][0]["state"], "failed", "{page}");
    assert_eq!(page["deliveries"][0]["last_error"], "webhook_unavailable");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_is_one_message_and_two_programs_at_once_send_once() {
    let world = World::start().await;
    let hook = Receiver::start().await;
    world
        .add("burst", "line_works", &hook.url("/burst"), json!({}))
        .await;
    for i in 0..5 {
        world.low(i, 10 + i as u8).await;
    }
    let round = world.round().await;
    assert_eq!(round["new_alerts"].as_array().unwrap().len(), 5, "{round}");
    assert_eq!(round["deliveries"]["messages"], 1, "{round}");
    assert_eq!(round["deliveries"]["sent"], 5, "{round}");
    let got = hook.at("/burst");
    assert_eq!(got.len(), 1);
    let m = got[0].json();
    assert_eq!(m["title"], "Lockdesk: 5 new alerts");
    assert_eq!(m["body"]["text"].as_str().unwrap().lines().count(), 5);

    // Two programs (contexts on the same folders) passing at the same moment: each pending
    // delivery is claimed by one of them.
    let relay = Receiver::start().await;
    world
        .add("relay", "generic", &relay.url("/r"), json!({}))
        .await;
    relay.set(Mode::Status(500));
    world.low(5, 9).await;
    world.low(6, 9).await;
    world.round().await;
    relay.set(Mode::Accept);
    world.w.advance(61).await;
    let (a, b) = (world.w.app().await, world.w.app().await);
    let (ra, rb) = tokio::join!(
        dispatch(&a, "alert_deliveries_run", json!({})),
        dispatch(&b, "alert_deliveries_run", json!({}))
    );
    let sent = ra.unwrap()["sent"].as_u64().unwrap() + rb.unwrap()["sent"].as_u64().unwrap();
    // The burst destination received these two as well (each its own message, two at once is
    // no burst).
    assert_eq!(relay.at("/r").len(), 2);
    assert_eq!(sent, 2, "only the relay's two were due");
    assert_eq!(hook.at("/burst").len(), 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn send_a_test_remove_and_what_is_refused_stores_nothing() {
    let world = World::start().await;
    let hook = Receiver::start().await;
    let ctx = &world.ctx;
    let id = world
        .add(
            "Chatwork 総務",
            "chatwork",
            &hook.url("/cw"),
            json!({ "token": "tok", "room_id": "7" }),
        )
        .await;
    let sent = call(ctx, "alert_destinations_test", json!({ "id": id })).await;
    assert_eq!(sent["destination_id"], id.as_str());
    let got = hook.at("/cw/rooms/7/messages");
    assert_eq!(got.len(), 1);
    assert!(got[0].form("body").contains("Lockdesk: test message"));
    assert!(got[0].form("body").contains("Chatwork 総務"));

    // The same kind and name again is refused; a new address given replaces the one kept.
    let e = fail(
        ctx,
        "alert_destinations_add",
        json!({ "name": "Chatwork 総務", "kind": "chatwork", "token": "t2", "room_id": "8",
            "url": hook.url("/other") }),
    )
    .await;
    assert_eq!(e.code.as_str(), "destination_exists");
    let e = fail(
        ctx,
        "alert_destinations_secret",
        json!({ "id": id, "url": hook.url("/cw2") }),
    )
    .await;
    assert_eq!(e.details.field.as_deref(), Some("token"), "{}", e.message);
    call(
        ctx,
        "alert_destinations_secret",
        json!({ "id": id, "token": "tok2", "url": hook.url("/cw2") }),
    )
    .await;
    call(ctx, "alert_destinations_test", json!({ "id": id })).await;
    let got = hook.at("/cw2/rooms/7/messages");
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].header("x-chatworktoken").as_deref(), Some("tok2"));
    let list = call(ctx, "alert_destinations_list", json!({})).await;
    assert_eq!(list["destinations"].as_array().map(Vec::len), Some(1));
    assert_eq!(list["no_secret_here"], json!([]));

    hook.set(Mode::Status(401));
    let e = fail(ctx, "alert_destinations_test", json!({ "id": id })).await;
    assert_eq!(e.code.as_str(), "webhook_refused");
    assert_eq!(e.details.status, Some(401));
    hook.set(Mode::Status(502));
    let e = fail(ctx, "alert_destinations_test", json!({ "id": id })).await;
    assert_eq!(e.code.as_str(), "webhook_unavailable");
    assert!(!e.message.contains("/cw"), "{}", e.message);

    call(ctx, "alert_destinations_remove", json!({ "id": id })).await;
    assert!(world
        .w
        .secrets()
        .keys()
        .iter()
        .all(|k| !k.starts_with("alert_destination/")));
    let e = fail(ctx, "alert_destinations_test", json!({ "id": id })).await;
    assert_eq!(e.code.as_str(), "destination_not_found");
    let e = fail(ctx, "alert_destinations_remove", json!({ "id": id })).await;
    assert_eq!(e.code.as_str(), "destination_not_found");

    // Refused before anything is kept: http to another computer, no address, Chatwork without
    // its token or room, a token for a webhook.
    for (req, field) in [
        (
            json!({ "name": "a", "kind": "slack", "url": "http://hooks.example.jp/x" }),
            "url",
        ),
        (json!({ "name": "a", "kind": "teams" }), "url"),
        (
            json!({ "name": "a", "kind": "chatwork", "room_id": "1" }),
            "token",
        ),
        (
            json!({ "name": "a", "kind": "chatwork", "token": "t" }),
            "room_id",
        ),
        (
            json!({ "name": "a", "kind": "slack", "url": hook.url("/s"), "token": "t" }),
            "token",
        ),
        (
            json!({ "name": "", "kind": "slack", "url": hook.url("/s") }),
            "name",
        ),
    ] {
        let e = fail(ctx, "alert_destinations_add", req.clone()).await;
        assert_eq!(e.code.as_str(), "invalid_input", "{req}");
        assert_eq!(e.details.field.as_deref(), Some(field), "{req}");
    }
    assert!(world
        .w
        .secrets()
        .keys()
        .iter()
        .all(|k| !k.starts_with("alert_destination/")));
    let list = call(ctx, "alert_destinations_list", json!({})).await;
    assert_eq!(list["destinations"], json!([]));
}

/// Deliveries name locks and people: those done are removed with the journal's retention
/// (one still waiting stays), and removing the connection removes its destinations, their
/// keychain entries and every delivery of theirs, pending ones too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deliveries_go_with_the_retention_and_destinations_with_their_connection() {
    let world = World::start().await;
    let org = call(&world.ctx, "orgs_list", json!({})).await["organizations"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (sent, failing) = (Receiver::start().await, Receiver::start().await);
    failing.set(Mode::Status(503));
    let kept = world
        .add("relay", "generic", &sent.url("/sent"), json!({}))
        .await;
    let waiting = world
        .add("down", "generic", &failing.url("/down"), json!({}))
        .await;
    world.low(0, 9).await;
    let round = world.round().await;
    assert_eq!(round["deliveries"]["sent"], 1, "{round}");
    assert_eq!(round["deliveries"]["retrying"], 1, "{round}");
    let store =
        lockdesk_core::team_alerts::DeliveryStore::new(world.w.dir.path().join("data").as_path());
    let of = |dest: &str| {
        store
            .recent(&org, 100)
            .unwrap()
            .into_iter()
            .filter(|d| d.destination_id == dest)
            .count()
    };
    assert_eq!((of(&kept), of(&waiting)), (1, 1));

    // Two days on, a retention of one day: the sent delivery goes, the waiting one stays.
    world.w.advance(2 * 24 * 3600).await;
    call(
        &world.ctx,
        "activity_retention_set",
        json!({ "keep_days": 1 }),
    )
    .await;
    assert_eq!((of(&kept), of(&waiting)), (0, 1));

    // The connection removed: its destinations, their keychain entries and deliveries go.
    call(&world.ctx, "profiles_remove", json!({ "profile": "org" })).await;
    let file = std::fs::read_to_string(world.w.dir.path().join("alert_destinations.json")).unwrap();
    let left: Value = serde_json::from_str(&file).unwrap();
    assert_eq!(left["destinations"], json!([]), "{file}");
    assert!(
        !world
            .w
            .secrets()
            .keys()
            .iter()
            .any(|k| k.starts_with("alert_destination/")),
        "{:?}",
        world.w.secrets().keys()
    );
    assert!(store.recent(&org, 100).unwrap().is_empty());
}
