//! `invitations import` of files as Japanese Excel saves them: CP932 with Japanese headers and
//! role words, sent to the simulator; a file too large refused from its size on disk; broken
//! bytes refused, nothing sent.

use crate::support::{take_requests, world};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn import_a_cp932_file_with_japanese_headers() {
    let w = world();
    w.add_profile("work", 0).await;
    w.login("work").await.ok();
    let org = w.first_org().await;
    w.run(&["orgs", "use", &org], "").await.ok();

    let text = "メールアドレス,権限,ユーザーコード\r\n\
                sjis.boss@example.com,マネージャー,S-1\r\n\
                sjis.staff@example.com,メンバー,S-2\r\n";
    let (bytes, _, errors) = encoding_rs::SHIFT_JIS.encode(text);
    assert!(!errors && std::str::from_utf8(&bytes).is_err());
    let file = w._dir.path().join("招待.csv");
    std::fs::write(&file, &bytes).unwrap();
    let file = file.to_str().unwrap();

    let dry = w
        .run(&["invitations", "import", file, "--dry-run"], "")
        .await
        .ok();
    assert!(
        dry.out().contains("Read as Shift_JIS (CP932)."),
        "{}",
        dry.out()
    );
    assert!(dry.out().contains("2 to invite"), "{}", dry.out());
    take_requests(&w.sim.base_url).await;

    let run = w.run(&["invitations", "import", file], "").await.ok();
    assert!(
        run.stderr
            .contains("1/2 line 2 invited sjis.boss@example.com"),
        "{}",
        run.stderr
    );
    let posted: Vec<String> = take_requests(&w.sim.base_url)
        .await
        .into_iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/user_invitations"))
        .map(|r| r.params.join("&"))
        .collect();
    assert_eq!(posted.len(), 2, "{posted:?}");
    assert!(
        posted[0].contains("sjis.boss@example.com")
            && posted[0].contains("manager")
            && posted[0].contains("S-1"),
        "{posted:?}"
    );
    assert!(
        posted[1].contains("sjis.staff@example.com") && posted[1].contains("member"),
        "{posted:?}"
    );

    // Bytes that are no text encoding Excel writes: refused, nothing sent.
    let broken = w._dir.path().join("broken.csv");
    std::fs::write(&broken, b"mail\r\n\x82\x0d@example.com\r\n").unwrap();
    let out = w
        .run(&["invitations", "import", broken.to_str().unwrap()], "")
        .await;
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("[csv_encoding]"), "{}", out.stderr);

    // Too large: refused from its size on disk.
    let big = w._dir.path().join("big.csv");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(lockdesk_core::invitations::MAX_CSV_BYTES + 1)
        .unwrap();
    let out = w
        .run(&["invitations", "import", big.to_str().unwrap()], "")
        .await;
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("[csv_too_large]"), "{}", out.stderr);
    assert!(out.stderr.contains("5 MiB"), "{}", out.stderr);
    let sent = take_requests(&w.sim.base_url).await;
    assert!(
        !sent
            .iter()
            .any(|r| r.method == "POST" && r.path.ends_with("/user_invitations")),
        "{sent:?}"
    );
}
