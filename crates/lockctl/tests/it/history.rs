use crate::support::world;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_export_is_csv_with_bom_for_excel() {
    let w = world();
    w.add_profile("hist", 1).await;
    w.login("hist").await.ok();

    let locks = w.run(&["--json", "history", "locks"], "").await.ok().json();
    let lock = locks[0]["id"].as_str().unwrap().to_owned();

    let csv = w
        .run(
            &["history", "accesses", "--lock", &lock, "--format", "csv"],
            "",
        )
        .await
        .ok();
    assert!(csv.stdout.starts_with(&[0xEF, 0xBB, 0xBF]), "no BOM");
    let text = csv.out();
    let mut lines = text.trim_start_matches('\u{feff}').lines();
    assert_eq!(
        lines.next().unwrap(),
        "created_at,action,client_type,user_id,user_name,user_mail,lock_id,lock_name"
    );
    assert!(lines.count() > 0, "no records");

    let json = w
        .run(
            &[
                "--json",
                "history",
                "accesses",
                "--lock",
                &lock,
                "--from",
                "2000-01-01",
            ],
            "",
        )
        .await
        .ok()
        .json();
    assert!(!json.as_array().unwrap().is_empty());

    // A v3 command on a v2 profile says what is wrong.
    let wrong = w.run(&["locks", "list"], "").await;
    assert_eq!(wrong.code, 1);
    assert!(wrong.stderr.contains("[wrong_api]"), "{}", wrong.stderr);
}
