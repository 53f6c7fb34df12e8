//! `lockctl alerts` with an e-mail destination: the password read from stdin (never an
//! argument), kept in the keychain only, `alerts destinations test` and `watch --once` mailing
//! through a loopback SMTP server (`lockdesk_sim::test_smtp`); and as real processes, STARTTLS
//! to a server whose certificate comes from a root this computer trusts only through
//! `SSL_CERT_FILE` (the office's own root, installed by IT), the sign-in over TLS only.

use lockdesk_sim::test_smtp::{Security, SmtpServer};

use crate::alerts::{low_battery_round, refused_without_secret};
use crate::support::world;

const USER: &str = "lockdesk@example.jp";
const PASSWORD: &str = "pw-SECRET-9";

fn add_args<'a>(org: &'a str, port: &'a str, security: &'a str) -> Vec<&'a str> {
    vec![
        "--org",
        org,
        "--json",
        "alerts",
        "destinations",
        "add",
        "--name",
        "総務メール",
        "--kind",
        "email",
        "--smtp-host",
        "127.0.0.1",
        "--smtp-port",
        port,
        "--smtp-security",
        security,
        "--smtp-user",
        USER,
        "--from",
        USER,
        "--to",
        "soumu@example.jp",
        "--to",
        "kanri@example.jp",
        "--lang",
        "en",
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_email_destination_takes_its_password_from_stdin_and_mails_tests_and_alerts() {
    let w = world();
    w.add_profile("work", 0).await;
    w.login("work").await.ok();
    let org = w.first_org().await;
    let server = SmtpServer::start(Security::Plain, Some((USER, PASSWORD))).await;
    let port = server.port().to_string();
    let args = add_args(&org, &port, "none");

    // No password on stdin: a usage error naming where to give it; nothing kept.
    refused_without_secret(&w, &args, "LOCKDESK_SMTP_PASSWORD").await;
    // Mail options with a chat kind are a usage error.
    let mixed = w
        .run(
            &[
                "alerts",
                "destinations",
                "add",
                "--name",
                "x",
                "--kind",
                "slack",
                "--to",
                "a@b.jp",
            ],
            "https://hooks.example.jp/x\n",
        )
        .await;
    assert_eq!(mixed.code, 2, "{}", mixed.stderr);

    let added = w.run(&args, &format!("{PASSWORD}\n")).await.ok().json();
    let id = added["id"].as_str().unwrap().to_owned();
    assert_eq!(added["kind"], "email");
    assert_eq!(added["host"], "127.0.0.1");
    assert_eq!(added["mail"]["security"], "none");
    assert_eq!(added["mail"]["username"], USER);
    assert!(!added.to_string().contains(PASSWORD));
    assert!(w
        .secrets
        .keys()
        .contains(&format!("alert_destination/{id}")));

    let list = w
        .run(&["alerts", "destinations", "list"], "")
        .await
        .ok()
        .out();
    assert!(
        list.contains(&format!("127.0.0.1:{port} (no encryption)")),
        "{list}"
    );
    assert!(
        list.contains("E-mail to soumu@example.jp, kanri@example.jp"),
        "{list}"
    );
    assert!(!list.contains(PASSWORD), "{list}");

    let tested = w
        .run(&["alerts", "destinations", "test", &id], "")
        .await
        .ok()
        .out();
    assert!(
        tested.starts_with(&format!("test message sent to {id}")),
        "{tested}"
    );
    let got = server.received();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].subject(), "Lockdesk: test message");
    assert_eq!(got[0].user.as_deref(), Some(USER));
    assert!(got[0].text().contains("総務メール"));

    // A low battery raised by `watch --once` is mailed once.
    low_battery_round(&w, &org).await;
    let mails: Vec<String> = server.received().iter().map(|m| m.text()).collect();
    assert_eq!(
        mails.iter().filter(|t| t.contains("battery at 4%")).count(),
        1,
        "{mails:?}"
    );

    // A wrong password given: 535, with its code and what to do.
    w.run(
        &["alerts", "destinations", "secret", &id],
        "not-the-password\n",
    )
    .await
    .ok();
    let refused = w.run(&["alerts", "destinations", "test", &id], "").await;
    assert_eq!(refused.code, 1);
    assert!(
        refused.stderr.contains("[mail_auth_failed]"),
        "{}",
        refused.stderr
    );
    assert!(
        refused.stderr.contains("LOCKDESK_SMTP_PASSWORD"),
        "{}",
        refused.stderr
    );
}

/// Real processes; Linux only: on Windows and macOS the OS verifier does not read
/// `SSL_CERT_FILE` (as in `tls.rs`).
#[cfg(target_os = "linux")]
mod procs_tls {
    use lockdesk_sim::test_pki::TestCa;
    use lockdesk_sim::test_smtp::{Security, SmtpServer};
    use serde_json::Value;

    use super::{add_args, PASSWORD, USER};
    use crate::procs::Home;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn starttls_to_a_server_with_the_office_s_own_root_and_the_password_only_over_tls() {
        let ca = TestCa::new();
        let server =
            SmtpServer::start(Security::Starttls(ca.loopback()), Some((USER, PASSWORD))).await;
        let mut home = Home::new(crate::support::start_sim_with(
            lockdesk_sim::SimOptions::small(),
        ));
        home.add_and_login("work", 0).await;
        let orgs = home.run(&["--profile", "work", "--json", "orgs"]).await;
        assert_eq!(orgs.code, 0, "{}", orgs.stderr);
        let orgs: Value = serde_json::from_str(&orgs.stdout).unwrap();
        let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
        let port = server.port().to_string();

        let added = home
            .run_with_stdin(&add_args(&org, &port, "starttls"), &format!("{PASSWORD}\n"))
            .await;
        assert_eq!(added.code, 0, "{}", added.stderr);
        let id = serde_json::from_str::<Value>(&added.stdout).unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned();

        // Not trusted yet: refused at the handshake, nothing said after STARTTLS.
        let untrusted = home.run(&["alerts", "destinations", "test", &id]).await;
        assert_eq!(untrusted.code, 1, "{}", untrusted.stderr);
        assert!(
            untrusted.stderr.contains("[tls_certificate]"),
            "{}",
            untrusted.stderr
        );
        assert!(server.received().is_empty());

        // IT installs the office's root: the same server is trusted.
        let bundle = home.dir.path().join("company-roots.pem");
        std::fs::write(&bundle, &ca.cert_pem).unwrap();
        home.env.push(("SSL_CERT_FILE".into(), bundle));
        let tested = home.run(&["alerts", "destinations", "test", &id]).await;
        assert_eq!(tested.code, 0, "{}", tested.stderr);
        let got = server.received();
        assert_eq!(got.len(), 1);
        assert!(got[0].tls, "the mail came over TLS");
        assert_eq!(got[0].user.as_deref(), Some(USER));
        assert_eq!(server.auth_in_clear(), 0, "no sign-in before TLS");

        // The password is in the keychain (the test build's file keychain), never in the
        // configuration.
        let config =
            std::fs::read_to_string(home.config().join("alert_destinations.json")).unwrap();
        assert!(!config.contains(PASSWORD), "{config}");
        assert!(config.contains("\"security\": \"starttls\""), "{config}");
    }
}
