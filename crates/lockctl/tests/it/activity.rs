//! `lockctl activity`: what lockctl changed is journaled (through the same use-cases as the
//! app), and shown as a table with every cell cleaned, or as JSON.

use crate::support::world;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lockctl_changes_show_in_activity() {
    let w = world();
    w.add_profile("work", 0).await;
    w.login("work").await.ok();
    let org = w.first_org().await;
    let locks = w
        .run(&["--json", "--org", &org, "locks", "list"], "")
        .await
        .ok()
        .json();
    let lock = locks["locks"][0]["id"].as_str().unwrap().to_owned();
    w.run(
        &[
            "--org",
            &org,
            "locks",
            "rename",
            &lock,
            "Side\u{1b}[31m door",
        ],
        "",
    )
    .await
    .ok();
    let refused = w
        .run(&["--org", &org, "users", "remove", "no-such-user"], "")
        .await;
    assert_eq!(refused.code, 1);

    let table = w.run(&["activity"], "").await.ok();
    let out = table.out();
    assert!(out.starts_with("TIME (UTC)"), "{out}");
    assert!(
        out.contains("locks_rename") && out.contains("users_remove"),
        "{out}"
    );
    assert!(out.contains("session_complete_sign_in"), "{out}");
    assert!(out.contains("Side[31m door"), "{out}");
    assert!(
        !out.contains('\u{1b}'),
        "control characters are cleaned: {out:?}"
    );

    let json = w
        .run(&["--json", "activity", "--op", "users_remove"], "")
        .await
        .ok()
        .json();
    assert_eq!(json["total"], 1);
    let e = &json["entries"][0];
    assert_eq!(e["connection"], "work");
    assert_eq!(e["organization_id"], org.as_str());
    assert_ne!(e["outcome"], "done");
    let later = w
        .run(&["--json", "activity", "--since", "2999-01-01"], "")
        .await
        .ok()
        .json();
    assert_eq!(later["total"], 0);
    assert_eq!(w.run(&["activity", "--op", "bogus"], "").await.code, 2);
}
