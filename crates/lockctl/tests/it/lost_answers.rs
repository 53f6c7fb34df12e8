//! `invitations import`, `invitations create` and `users register` when the service acts and
//! its answer is lost (the simulator's `lose_answer_rate`): found out at the service, never
//! sent twice; a second import sends only what is left and ends with status 0.

use serde_json::{json, Value};

use crate::support::{world, World};

async fn faults(w: &World, body: Value) {
    reqwest::Client::new()
        .post(format!("{}/_sim/faults", w.sim.base_url))
        .json(&body)
        .send()
        .await
        .unwrap()
        .error_for_status()
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lost_answers_are_found_out_and_nothing_is_sent_twice() {
    let w = world();
    w.add_profile("work", 0).await;
    w.login("work").await.ok();
    let org = w.first_org().await;
    w.run(&["orgs", "use", &org], "").await.ok();

    let post_faults = |lose: f64, drop: f64| json!({ "lose_answer_rate": lose, "drop_rate": drop, "methods": ["POST"], "path_prefix": "/v3/" });

    // One invitation and one registration whose answers are lost: done, said once.
    faults(&w, post_faults(1.0, 0.0)).await;
    let sent = w
        .run(
            &["invitations", "create", "--mail", "lost.one@example.com"],
            "",
        )
        .await
        .ok();
    assert!(
        sent.out().contains("lost.one@example.com"),
        "{}",
        sent.out()
    );
    let user = w
        .run(
            &[
                "--json",
                "users",
                "register",
                "--name",
                "Lost Answer",
                "--code",
                "LA-7",
            ],
            "",
        )
        .await
        .ok()
        .json();
    assert!(user["id"].is_string(), "{user}");
    // By name only the service cannot tell: exit 1, the code, and the hint to look first.
    let unknown = w
        .run(&["users", "register", "--name", "Only A Name"], "")
        .await;
    assert_eq!(unknown.code, 1, "{}", unknown.stderr);
    assert!(
        unknown.stderr.contains("[answer_lost]"),
        "{}",
        unknown.stderr
    );
    assert!(
        unknown.stderr.contains("did not send it twice"),
        "{}",
        unknown.stderr
    );

    faults(&w, json!({})).await;
    assert_eq!(w.active_invitations_to("lost.one@example.com").await, 1);
    let users = w.run(&["--json", "users", "list"], "").await.ok().json();
    let named = |name: &str| {
        users["users"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|u| u["name"] == name)
            .count()
    };
    assert_eq!(named("Lost Answer"), 1);
    assert_eq!(named("Only A Name"), 1);

    // A file through lost and dropped answers, then again.
    let mails: Vec<String> = (1..=10).map(|i| format!("row{i}@example.com")).collect();
    let file = w._dir.path().join("flaky.csv");
    std::fs::write(&file, format!("mail\n{}\n", mails.join("\n"))).unwrap();
    let file = file.to_str().unwrap();
    faults(&w, post_faults(0.4, 0.3)).await;
    let first = w.run(&["--json", "invitations", "import", file], "").await;
    assert_eq!(
        first.code, 1,
        "rows dropped before the service acted are not done"
    );
    assert!(
        first
            .stderr
            .contains("(the answer was lost; found invited at the service)"),
        "{}",
        first.stderr
    );
    let report = first.json();
    let left = report["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["outcome"] == "failed")
        .count();
    assert!(left > 0, "{report}");

    faults(&w, json!({})).await;
    let second = w
        .run(&["--json", "invitations", "import", file], "")
        .await
        .ok();
    assert_eq!(second.code, 0);
    assert_eq!(second.json()["sent"], left as u64);
    for mail in &mails {
        assert_eq!(w.active_invitations_to(mail).await, 1, "{mail}");
    }
}

/// A renewal whose new tokens the keychain refuses still works for this run (the service has
/// retired the old refresh token), and lockctl says the sign-in was not stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_renewed_sign_in_the_keychain_refuses_is_used_and_the_user_told() {
    let w = world();
    w.add_profile("work", 0).await;
    w.login("work").await.ok();
    let org = w.first_org().await;
    faults(&w, json!({})).await;
    reqwest::Client::new()
        .post(format!("{}/_sim/clock", w.sim.base_url))
        .json(&json!({ "advance_seconds": 91 * 86400 }))
        .send()
        .await
        .unwrap()
        .error_for_status()
        .unwrap();
    w.secrets.refuse_writes(true);
    let listed = w.run(&["--org", &org, "locks", "list"], "").await.ok();
    assert!(
        listed
            .stderr
            .contains("could not be stored in the keychain"),
        "{}",
        listed.stderr
    );
    assert!(
        listed.stderr.contains("lockctl --profile work login"),
        "{}",
        listed.stderr
    );
}
