//! `invitations import`: the app's bulk invitation on the command line (per-row results with
//! line numbers, progress on stderr, a re-run that sends nothing twice, exit status 1 when a
//! row is not done), and names from the service printed without control characters.

use crate::support::world;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn import_a_csv_file_of_invitations_twice() {
    let w = world();
    w.add_profile("work", 0).await;
    w.login("work").await.ok();
    let org = w.first_org().await;
    w.run(&["orgs", "use", &org], "").await.ok();

    let bad = w._dir.path().join("bad.csv");
    std::fs::write(
        &bad,
        "mail,authority\nok.person@example.com,member\nnot-an-address,member\n",
    )
    .unwrap();
    let dry = w
        .run(
            &["invitations", "import", bad.to_str().unwrap(), "--dry-run"],
            "",
        )
        .await;
    assert_eq!(dry.code, 1, "{}", dry.stderr);
    assert!(dry.stderr.contains("[import_incomplete]"), "{}", dry.stderr);
    let table = dry.out();
    let line3 = table.lines().find(|l| l.starts_with('3')).unwrap();
    assert!(line3.contains("invalid"), "{table}");
    assert!(line3.contains("not an e-mail address"), "{table}");
    assert!(table.contains("nothing was sent"), "{table}");

    let good = w._dir.path().join("good.csv");
    std::fs::write(
        &good,
        "\u{feff}E-mail,Role\nfirst.new@example.com,manager\nsecond.new@example.com,\n",
    )
    .unwrap();
    let good = good.to_str().unwrap();
    let run = w.run(&["invitations", "import", good], "").await.ok();
    assert!(
        run.stderr
            .contains("1/2 line 2 invited first.new@example.com"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("2/2 line 3 invited second.new@example.com"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains('\r'));
    assert!(run.out().contains("2 invited now"), "{}", run.out());

    // Again: both are pending already, nothing is sent, and that is success.
    let again = w
        .run(&["--json", "invitations", "import", good], "")
        .await
        .ok();
    let report = again.json();
    assert_eq!(report["sent"], 0);
    assert_eq!(report["results"][1]["outcome"], "already_invited");
    assert_eq!(report["results"][1]["line"], 3);
    assert_eq!(w.active_invitations_to("first.new@example.com").await, 1);
    assert_eq!(w.active_invitations_to("second.new@example.com").await, 1);

    // A name with an escape sequence is shown without it.
    let locks = w.run(&["--json", "locks", "list"], "").await.ok().json();
    let lock = locks["locks"][0]["id"].as_str().unwrap().to_owned();
    w.run(&["locks", "rename", &lock, "Side\u{1b}[2J door"], "")
        .await
        .ok();
    let table = w.run(&["locks", "list", "--all"], "").await.ok().out();
    assert!(table.contains("Side[2J door"), "{table}");
    assert!(!table.contains('\u{1b}'), "{table:?}");
    let renamed = w
        .run(
            &["locks", "rename", &lock, "Back\u{1b}]0;owned\u{7} door"],
            "",
        )
        .await
        .ok()
        .out();
    assert!(
        !renamed.chars().any(|c| c.is_control() && c != '\n'),
        "{renamed:?}"
    );
}
