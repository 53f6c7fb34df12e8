use crate::support::world;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admin_session_from_profile_to_invitation() {
    let w = world();
    w.add_profile("work", 0).await;
    let kept = lockdesk_core::secrets::SecretStore::get(w.secrets.as_ref(), "work/client_secret")
        .unwrap()
        .unwrap();
    let kept: serde_json::Value = serde_json::from_str(&kept).unwrap();
    assert_eq!(kept["client_secret"], w.sim.clients[0].client_secret);
    let listed = w.run(&["--json", "profile", "list"], "").await.ok().json();
    assert_eq!(listed["profiles"][0]["name"], "work");

    // Not signed in yet: exit 1, the code and the hint.
    let out = w.run(&["locks", "list"], "").await;
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("[not_signed_in]"), "{}", out.stderr);
    assert!(
        out.stderr.contains("lockctl --profile work login"),
        "{}",
        out.stderr
    );

    let login = w.login("work").await.ok();
    assert!(login.out().contains("/oauth/authorize"));
    assert!(login.out().contains("Signed in"), "{}", login.out());

    let org = w.first_org().await;

    let locks = w
        .run(&["--json", "--org", &org, "locks", "list"], "")
        .await
        .ok()
        .json();
    let locks = locks["locks"].as_array().unwrap();
    assert!(!locks.is_empty());
    let lock = locks[0]["id"].as_str().unwrap().to_owned();

    // The organization is remembered from here on.
    let table = w.run(&["locks", "list", "--all"], "").await.ok().out();
    assert!(table.starts_with("ID"), "{table}");
    assert!(table.contains(&lock));

    w.run(&["locks", "rename", &lock, "Front door"], "")
        .await
        .ok();
    let shown = w
        .run(&["--json", "locks", "show", &lock], "")
        .await
        .ok()
        .json();
    assert_eq!(shown["name"], "Front door");

    // Not an image: refused by the app's image pipeline, nothing sent.
    let text = w._dir.path().join("picture.txt");
    std::fs::write(&text, "not a picture").unwrap();
    let refused = w
        .run(&["locks", "image", &lock, text.to_str().unwrap()], "")
        .await;
    assert_eq!(refused.code, 1, "{}", refused.stderr);
    assert!(
        refused.stderr.contains("[not_an_image]"),
        "{}",
        refused.stderr
    );

    let users = w.run(&["--json", "users", "list"], "").await.ok().json();
    assert!(!users["users"].as_array().unwrap().is_empty());
    // Every user as a CSV file on stdout, for Excel; the count on stderr.
    let every = users["users"].as_array().unwrap().len();
    let csv = w.run(&["users", "export", "--lang", "ja"], "").await.ok();
    let text = csv.out();
    assert!(
        text.starts_with("\u{feff}ユーザーID,名前,メールアドレス,権限,"),
        "{text}"
    );
    assert_eq!(text.matches("\r\n").count(), every + 1);
    assert!(
        csv.stderr.contains(&format!("{every} users written")),
        "{}",
        csv.stderr
    );

    w.run(
        &["invitations", "create", "--mail", "new.person@example.com"],
        "",
    )
    .await
    .ok();
    let invitations = w
        .run(&["--json", "invitations", "list", "--status", "active"], "")
        .await
        .ok()
        .json();
    assert!(
        invitations["invitations"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["mail"] == "new.person@example.com"),
        "{invitations}"
    );

    let group = w
        .run(
            &["--json", "lock-groups", "create", "--name", "Floor 3"],
            "",
        )
        .await
        .ok()
        .json();
    let group = group["id"].as_str().unwrap().to_owned();
    let with_lock = w
        .run(&["--json", "lock-groups", "add-locks", &group, &lock], "")
        .await
        .ok()
        .json();
    assert_eq!(with_lock["locks"][0]["id"], lock.as_str());

    // A service error: exit 1 with the service's code.
    let missing = w.run(&["locks", "show", "A9999999"], "").await;
    assert_eq!(missing.code, 1);
    assert!(
        missing.stderr.contains("[lock_not_found]"),
        "{}",
        missing.stderr
    );
    // A usage error: exit 2.
    assert_eq!(w.run(&["locks", "frobnicate"], "").await.code, 2);

    let info = w.run(&["token-info"], "").await.ok().out();
    assert!(info.contains("application_name"), "{info}");

    w.run(&["logout"], "").await.ok();
    let after = w.run(&["token-info"], "").await;
    assert_eq!(after.code, 1);
    assert!(after.stderr.contains("[not_signed_in]"), "{}", after.stderr);
}
