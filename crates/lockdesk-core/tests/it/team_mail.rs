//! Alerts by e-mail against a real SMTP server on loopback (`lockdesk_sim::test_smtp`) and the
//! simulator in process, on the virtual clock: a watch round's alert arrives as a plain-text
//! mail from and to the right addresses, its subject in Japanese, the lock named in the body
//! and no name able to add a header; the password is in the keychain only; a server answering
//! 451 or gone gets the mail when it is back, 550 and 535 fail at once with their codes;
//! STARTTLS is required and no password goes out before a trusted TLS handshake; a digest
//! sends the day's alerts as one mail (or one chat post) at its time on the next office day,
//! once.

use chrono::{DateTime, Utc};
use lockdesk_core::team_alerts::commands::{AlertDestinationAddRequest, MailDestinationRequest};
use lockdesk_core::team_alerts::{DestinationKind, RuleSelection};
use lockdesk_core::watch::words::MessageLanguage;
use lockdesk_sim::test_pki::TestCa;
use lockdesk_sim::test_smtp::{Answer, Security, SmtpServer};
use serde_json::{json, Value};

use crate::sim_world::{call, fail, t, T0};
use crate::team_alerts::World;
use crate::webhook_receiver::Receiver;

const USER: &str = "lockdesk@example.jp";
const PASSWORD: &str = "pw-SECRET-1";
const TO: [&str; 2] = ["soumu@example.jp", "kanri@example.jp"];

/// The request adding an e-mail destination for `server` (plain SMTP: a loopback server).
fn mail_request(
    server: &SmtpServer,
    security: &str,
    password: Option<&str>,
    extra: Value,
) -> Value {
    let mut req = json!({
        "name": "総務メール",
        "kind": "email",
        "mail": {
            "host": "127.0.0.1",
            "port": server.port(),
            "security": security,
            "username": if password.is_some() { USER } else { "" },
            "from": "lockdesk@example.jp",
            "to": TO,
        },
    });
    if let Some(p) = password {
        req["password"] = json!(p);
    }
    for (k, v) in extra.as_object().unwrap() {
        req[k] = v.clone();
    }
    req
}

async fn add(world: &World, req: Value) -> String {
    let added = call(&world.ctx, "alert_destinations_add", req).await;
    added["id"].as_str().unwrap().to_owned()
}

async fn deliveries(world: &World) -> Vec<Value> {
    call(&world.ctx, "alert_deliveries_list", json!({})).await["deliveries"]
        .as_array()
        .unwrap()
        .clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_s_alert_arrives_as_a_plain_text_mail_and_no_name_adds_a_header() {
    let world = World::start().await;
    let server = SmtpServer::start(Security::Plain, Some((USER, PASSWORD))).await;
    let ctx = &world.ctx;
    let hostile = "正面\r\nBcc: evil@example.com";
    call(
        ctx,
        "locks_rename",
        json!({ "lock_id": world.locks[0], "name": hostile }),
    )
    .await;
    let id = add(
        &world,
        mail_request(&server, "none", Some(PASSWORD), json!({})),
    )
    .await;

    world.low(0, 9).await;
    let round = world.round().await;
    assert_eq!(round["deliveries"]["queued"], 1, "{round}");
    assert_eq!(round["deliveries"]["sent"], 1, "{round}");
    let got = server.received();
    assert_eq!(got.len(), 1);
    let mail = &got[0];
    assert_eq!(mail.from, "lockdesk@example.jp");
    assert_eq!(mail.to, TO);
    assert_eq!(mail.user.as_deref(), Some(USER));
    assert_eq!(
        mail.header("from").as_deref(),
        Some("Lockdesk <lockdesk@example.jp>")
    );
    assert_eq!(
        mail.header("to").as_deref(),
        Some("soumu@example.jp, kanri@example.jp")
    );
    assert_eq!(mail.subject(), "Lockdesk：電池残量の低下");
    assert!(mail
        .header("content-type")
        .unwrap()
        .starts_with("text/plain; charset=utf-8"));
    // The name's line break cannot start a header: no Bcc, nothing of the name in the head.
    for line in mail.headers() {
        assert!(!line.to_ascii_lowercase().starts_with("bcc"), "{line}");
        assert!(!line.contains("evil"), "{line}");
    }
    let text = mail.text();
    assert!(
        text.contains("\n正面  Bcc: evil@example[.]com：錠本体の電池残量が9%です（"),
        "{text}"
    );
    assert!(text.contains("送信先「総務メール」"), "{text}");

    // Once: again at the same moment, and after a restart.
    assert_eq!(world.round().await["deliveries"]["sent"], 0);
    let restarted = world.w.app().await;
    call(&restarted, "alert_deliveries_run", json!({})).await;
    assert_eq!(server.received().len(), 1);

    // A burst is one mail listing every alert.
    for i in 1..6 {
        world.low(i, 10 + i as u8).await;
    }
    let round = world.round().await;
    assert_eq!(round["deliveries"]["messages"], 1, "{round}");
    assert_eq!(round["deliveries"]["sent"], 5, "{round}");
    let burst = &server.received()[1];
    assert_eq!(burst.subject(), "Lockdesk：新しいアラート5件");
    assert_eq!(
        burst
            .text()
            .lines()
            .filter(|l| l.contains("電池残量が"))
            .count(),
        5
    );

    // The password is in the keychain only: not in the file, the list, or Debug output.
    let file = std::fs::read_to_string(world.w.dir.path().join("alert_destinations.json")).unwrap();
    let listed = call(ctx, "alert_destinations_list", json!({}))
        .await
        .to_string();
    assert!(!file.contains(PASSWORD), "{file}");
    assert!(!listed.contains(PASSWORD), "{listed}");
    assert!(file.contains("\"security\": \"none\""), "{file}");
    assert!(world
        .w
        .secrets()
        .keys()
        .contains(&format!("alert_destination/{id}")));
    let req = AlertDestinationAddRequest {
        name: "x".into(),
        kind: DestinationKind::Email,
        url: None,
        token: None,
        room_id: None,
        rules: RuleSelection::All,
        language: MessageLanguage::Ja,
        mail: Some(MailDestinationRequest {
            host: "smtp.example.jp".into(),
            username: USER.into(),
            from: USER.into(),
            to: vec![TO[0].into()],
            ..MailDestinationRequest::default()
        }),
        password: Some(PASSWORD.into()),
        digest: None,
    };
    let shown = format!("{req:?}");
    assert!(!shown.contains("SECRET"), "{shown}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_answering_451_or_gone_gets_the_mail_later_and_550_and_535_fail_at_once() {
    let world = World::start().await;
    let mut server = SmtpServer::start(Security::Plain, Some((USER, PASSWORD))).await;
    let ctx = &world.ctx;
    let id = add(
        &world,
        mail_request(&server, "none", Some(PASSWORD), json!({})),
    )
    .await;

    // 451 at the end of data: tried again after a minute, not before.
    server.set(Answer::Data(451));
    world.low(0, 9).await;
    let round = world.round().await;
    assert_eq!(round["deliveries"]["retrying"], 1, "{round}");
    assert_eq!(
        deliveries(&world).await[0]["last_error"],
        "mail_unavailable"
    );
    server.set(Answer::Accept);
    world.w.advance(30).await;
    call(ctx, "alert_deliveries_run", json!({})).await;
    assert!(
        server.received().is_empty(),
        "tried again before its minute"
    );
    world.w.advance(31).await;
    let pass = call(ctx, "alert_deliveries_run", json!({})).await;
    assert_eq!(pass["sent"], 1, "{pass}");
    assert_eq!(server.received().len(), 1);
    let rows = deliveries(&world).await;
    assert_eq!(rows[0]["state"], "sent");
    assert_eq!(rows[0]["attempts"], 2);

    // The server gone (connections refused), then back on its port.
    server.stop();
    world.low(1, 8).await;
    assert_eq!(world.round().await["deliveries"]["retrying"], 1);
    assert_eq!(
        deliveries(&world).await[0]["last_error"],
        "mail_unavailable"
    );
    server.restart().await;
    world.w.advance(61).await;
    assert_eq!(
        call(ctx, "alert_deliveries_run", json!({})).await["sent"],
        1
    );
    assert_eq!(server.received().len(), 2);

    // 550 to the recipients: refused for good, never tried again.
    server.set(Answer::Rcpt(550));
    world.low(2, 7).await;
    assert_eq!(world.round().await["deliveries"]["failed"], 1);
    let sessions = server.sessions();
    server.set(Answer::Accept);
    world.w.advance(7200).await;
    call(ctx, "alert_deliveries_run", json!({})).await;
    assert_eq!(server.sessions(), sessions);
    let row = &deliveries(&world).await[0];
    assert_eq!(row["state"], "failed");
    assert_eq!(row["last_error"], "mail_refused");

    // "Send a test" answers the same way, with the server's reply code.
    server.set(Answer::Rcpt(550));
    let e = fail(ctx, "alert_destinations_test", json!({ "id": id })).await;
    assert_eq!(e.code.as_str(), "mail_refused");
    assert_eq!(e.details.status, Some(550));
    assert!(e.message.contains("550"), "{}", e.message);
    server.set(Answer::Mail(421));
    let e = fail(ctx, "alert_destinations_test", json!({ "id": id })).await;
    assert_eq!(e.code.as_str(), "mail_unavailable");
    server.set(Answer::Accept);

    // A wrong password: 535, failed at once with its own code, the mail never sent.
    let wrong = add(
        &world,
        mail_request(
            &server,
            "none",
            Some("not-the-password"),
            json!({ "name": "wrong password", "rules": { "which": "only", "rules": ["silent_lock"] } }),
        ),
    )
    .await;
    let e = fail(ctx, "alert_destinations_test", json!({ "id": wrong })).await;
    assert_eq!(e.code.as_str(), "mail_auth_failed");
    assert_eq!(e.details.status, Some(535));
    assert_eq!(e.category, lockdesk_core::error::ErrorCategory::Connection);
    let sent = call(ctx, "alert_destinations_test", json!({ "id": id })).await;
    assert_eq!(sent["destination_id"], id.as_str());
    let test = server.received().pop().unwrap();
    assert_eq!(test.subject(), "Lockdesk：テスト送信");
    assert!(test.text().contains("総務メール"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_password_goes_out_without_starttls_to_a_certificate_this_computer_trusts() {
    let world = World::start().await;
    let ctx = &world.ctx;
    // The test CA is not this computer's: the handshake fails before anything is said.
    let ca = TestCa::new();
    let untrusted =
        SmtpServer::start(Security::Starttls(ca.loopback()), Some((USER, PASSWORD))).await;
    let id = add(
        &world,
        mail_request(&untrusted, "starttls", Some(PASSWORD), json!({})),
    )
    .await;
    let e = fail(ctx, "alert_destinations_test", json!({ "id": id })).await;
    assert_eq!(e.code.as_str(), "tls_certificate");
    assert_eq!(
        e.details.tls_problem.map(|p| p.as_str()),
        Some("unknown_issuer")
    );
    assert_eq!(e.details.host.as_deref(), Some("127.0.0.1"));
    // In a round it is tried again, as a refused certificate of a chat service is.
    world.low(0, 9).await;
    assert_eq!(world.round().await["deliveries"]["retrying"], 1);
    assert_eq!(deliveries(&world).await[0]["last_error"], "tls_certificate");
    assert!(untrusted.received().is_empty());
    assert_eq!(untrusted.auth_in_clear(), 0);

    // Implicit TLS (465's way) likewise.
    let implicit = SmtpServer::start(Security::Tls(ca.loopback()), Some((USER, PASSWORD))).await;
    let id = add(
        &world,
        mail_request(&implicit, "tls", Some(PASSWORD), json!({ "name": "TLS" })),
    )
    .await;
    let e = fail(ctx, "alert_destinations_test", json!({ "id": id })).await;
    assert_eq!(e.code.as_str(), "tls_certificate");

    // A server that does not offer STARTTLS gets neither the password nor the mail.
    let plain = SmtpServer::start(Security::Plain, Some((USER, PASSWORD))).await;
    let id = add(
        &world,
        mail_request(
            &plain,
            "starttls",
            Some(PASSWORD),
            json!({ "name": "平文" }),
        ),
    )
    .await;
    let e = fail(ctx, "alert_destinations_test", json!({ "id": id })).await;
    assert_eq!(e.code.as_str(), "mail_starttls_missing");
    assert!(e.message.contains("STARTTLS"), "{}", e.message);
    assert_eq!(plain.auth_in_clear(), 0);
    assert!(plain.received().is_empty());

    // Unencrypted only to this computer; each refusal keeps nothing.
    let before = world.w.secrets().keys().len();
    for (req, field) in [
        (
            json!({ "name": "a", "kind": "email", "password": "p",
                "mail": { "host": "smtp.example.jp", "security": "none", "username": "u",
                          "from": USER, "to": TO } }),
            "mail.security",
        ),
        (
            json!({ "name": "a", "kind": "email",
                "mail": { "host": "smtp.example.jp", "username": "u", "from": USER, "to": TO } }),
            "password",
        ),
        (
            json!({ "name": "a", "kind": "email", "password": "p",
                "mail": { "host": "smtp.example.jp", "from": USER, "to": TO } }),
            "password",
        ),
        (
            json!({ "name": "a", "kind": "email",
                "mail": { "host": "smtp.example.jp", "from": USER, "to": ["a@b.jp\r\nBcc: c@d.jp"] } }),
            "mail.to",
        ),
        (
            json!({ "name": "a", "kind": "email",
                "mail": { "host": "smtp.example.jp:25", "from": USER, "to": TO } }),
            "mail.host",
        ),
        (
            json!({ "name": "a", "kind": "slack", "url": "https://hooks.example.jp/x",
                "mail": { "host": "smtp.example.jp", "from": USER, "to": TO } }),
            "mail",
        ),
        (
            json!({ "name": "a", "kind": "email", "digest": { "at": "25:00" },
                "mail": { "host": "smtp.example.jp", "from": USER, "to": TO } }),
            "digest.at",
        ),
    ] {
        let e = fail(ctx, "alert_destinations_add", req.clone()).await;
        assert_eq!(e.code.as_str(), "invalid_input", "{req}");
        assert_eq!(e.details.field.as_deref(), Some(field), "{req}");
    }
    assert_eq!(world.w.secrets().keys().len(), before);
    // Port 465 alone means TLS; STARTTLS on 587 otherwise.
    let tls = call(
        ctx,
        "alert_destinations_add",
        json!({ "name": "a", "kind": "email",
            "mail": { "host": "smtp.example.jp", "port": 465, "from": USER, "to": TO } }),
    )
    .await;
    assert_eq!(tls["mail"]["security"], "tls");
    let submission = call(
        ctx,
        "alert_destinations_add",
        json!({ "name": "b", "kind": "email",
            "mail": { "host": "SMTP.Example.JP", "from": USER, "to": TO } }),
    )
    .await;
    assert_eq!(submission["mail"]["security"], "starttls");
    assert_eq!(submission["mail"]["port"], 587);
    assert_eq!(submission["host"], "smtp.example.jp");
}

/// Moves both clocks of `world` from `now` to `when`.
async fn move_to(world: &World, now: &mut DateTime<Utc>, when: &str) {
    let target = t(when);
    world.w.advance((target - *now).num_seconds()).await;
    *now = target;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_digest_sends_the_day_s_alerts_as_one_mail_on_the_next_office_morning_once() {
    let world = World::start().await;
    let mut now = t(T0);
    let server = SmtpServer::start(Security::Plain, None).await;
    add(
        &world,
        mail_request(
            &server,
            "none",
            None,
            json!({ "digest": { "at": "08:30" } }),
        ),
    )
    .await;
    // A chat destination takes a digest the same way.
    let hook = Receiver::start().await;
    add(
        &world,
        json!({ "name": "relay", "kind": "generic", "url": hook.url("/digest"),
                "language": "en", "digest": { "at": "08:30" } }),
    )
    .await;

    // Tuesday 10:00 and 12:00: queued, not sent.
    world.low(0, 9).await;
    let round = world.round().await;
    assert_eq!(round["deliveries"]["queued"], 2, "{round}");
    assert_eq!(round["deliveries"]["sent"], 0, "{round}");
    move_to(&world, &mut now, "2026-11-24T03:00:00Z").await;
    world.low(1, 8).await;
    assert_eq!(world.round().await["deliveries"]["queued"], 2);
    let rows = deliveries(&world).await;
    assert!(rows
        .iter()
        .all(|r| r["state"] == "pending" && r["next_try"] == "2026-11-24T23:30:00Z"));

    // Wednesday 08:29: not yet. 08:31: one mail with both, whichever program passes.
    move_to(&world, &mut now, "2026-11-24T23:29:00Z").await;
    assert_eq!(
        call(&world.ctx, "alert_deliveries_run", json!({})).await["sent"],
        0
    );
    assert!(server.received().is_empty());
    move_to(&world, &mut now, "2026-11-24T23:31:00Z").await;
    let (a, b) = (world.w.app().await, world.w.app().await);
    let (ra, rb) = tokio::join!(
        call(&a, "alert_deliveries_run", json!({})),
        call(&b, "alert_deliveries_run", json!({}))
    );
    assert_eq!(
        ra["messages"].as_u64().unwrap() + rb["messages"].as_u64().unwrap(),
        2
    );
    let posted = hook.at("/digest");
    assert_eq!(posted.len(), 1);
    let posted = posted[0].json();
    assert_eq!(
        posted["title"],
        "Lockdesk: daily digest, 2 alerts (2026-11-24)"
    );
    assert_eq!(posted["alerts"].as_array().unwrap().len(), 2);
    let got = server.received();
    assert_eq!(got.len(), 1);
    assert_eq!(
        got[0].subject(),
        "Lockdesk：アラートのまとめ 2件（2026-11-24）"
    );
    let text = got[0].text();
    assert_eq!(
        text.lines().filter(|l| l.contains("電池残量が")).count(),
        2,
        "{text}"
    );
    // Never twice.
    move_to(&world, &mut now, "2026-11-25T01:00:00Z").await;
    world.round().await;
    call(&world.ctx, "alert_deliveries_run", json!({})).await;
    assert_eq!(server.received().len(), 1);

    // Friday's alert waits through the weekend for Monday 08:30.
    move_to(&world, &mut now, "2026-11-27T01:00:00Z").await;
    world.low(2, 7).await;
    assert_eq!(world.round().await["deliveries"]["queued"], 2);
    move_to(&world, &mut now, "2026-11-28T23:31:00Z").await;
    call(&world.ctx, "alert_deliveries_run", json!({})).await;
    assert_eq!(server.received().len(), 1, "Sunday is no office day");
    move_to(&world, &mut now, "2026-11-29T23:31:00Z").await;
    call(&world.ctx, "alert_deliveries_run", json!({})).await;
    let got = server.received();
    assert_eq!(got.len(), 2);
    assert_eq!(
        got[1].subject(),
        "Lockdesk：アラートのまとめ 1件（2026-11-27）"
    );
    assert_eq!(hook.at("/digest").len(), 2);
}

/// The mail password is bound to the server, port and user name it was given for:
/// `alert_destinations.json` edited to point the destination at another server (or port, or
/// user) makes Lockdesk refuse to send it (`mail_password_bound_elsewhere`), and that server
/// is not even connected to; the destination as it was given still works.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edited_destination_file_never_sends_the_mail_password_elsewhere() {
    let world = World::start().await;
    let ctx = &world.ctx;
    let given = SmtpServer::start(Security::Plain, Some((USER, PASSWORD))).await;
    let elsewhere = SmtpServer::start(Security::Plain, None).await;
    let id = add(
        &world,
        mail_request(&given, "none", Some(PASSWORD), json!({})),
    )
    .await;
    call(ctx, "alert_destinations_test", json!({ "id": id })).await;
    assert_eq!(given.received().len(), 1, "the destination as given");

    let path = world.w.dir.path().join("alert_destinations.json");
    let original = std::fs::read_to_string(&path).unwrap();
    let other_port = elsewhere.port();
    for (what, host, port, user) in [
        ("another server", "localhost", other_port, USER),
        ("another port", "127.0.0.1", other_port, USER),
        ("another user", "127.0.0.1", given.port(), "someone-else"),
    ] {
        let mut file: Value = serde_json::from_str(&original).unwrap();
        let dest = &mut file["destinations"][0];
        dest["host"] = json!(host);
        dest["mail"]["port"] = json!(port);
        dest["mail"]["username"] = json!(user);
        std::fs::write(&path, serde_json::to_string_pretty(&file).unwrap()).unwrap();
        let e = fail(ctx, "alert_destinations_test", json!({ "id": id })).await;
        assert_eq!(e.code.as_str(), "mail_password_bound_elsewhere", "{what}");
        assert_eq!(e.details.field.as_deref(), Some("id"), "{what}");
        assert!(!e.message.contains(PASSWORD), "{what}: {}", e.message);
    }
    // In a round the delivery fails for good, and nothing reached the other server.
    world.low(0, 9).await;
    let round = world.round().await;
    assert_eq!(round["deliveries"]["failed"], 1, "{round}");
    assert_eq!(
        deliveries(&world).await[0]["last_error"],
        "mail_password_bound_elsewhere"
    );
    assert_eq!(elsewhere.sessions(), 0, "the other server was connected to");
    assert_eq!(given.received().len(), 1);

    // The file as it was: the password goes to its own server again.
    std::fs::write(&path, &original).unwrap();
    call(ctx, "alert_destinations_test", json!({ "id": id })).await;
    assert_eq!(given.received().len(), 2);
}
