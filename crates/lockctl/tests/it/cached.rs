//! `lockctl --cached` with the real binary: the lists kept by earlier runs are read with the
//! simulator stopped, and with no network at all (a network namespace of its own); changes
//! and commands that need the service are refused with `cached_only`. Without `--cached`, an
//! unreachable service also answers the lists from the cache, and a change fails clearly.

use lockdesk_sim::{SimInfo, SimOptions};
use serde_json::Value;

use crate::procs::{Done, Home};

/// A simulator on its own runtime thread, stopped for good when the sender is used.
fn stoppable_sim() -> (
    SimInfo,
    std::sync::mpsc::Sender<()>,
    std::sync::mpsc::Receiver<()>,
) {
    let (info_tx, info_rx) = std::sync::mpsc::channel();
    let (stop_tx, stop_rx) = std::sync::mpsc::channel::<()>();
    let (stopped_tx, stopped_rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let sim = lockdesk_sim::spawn(SimOptions::small()).await.unwrap();
            info_tx.send(sim.info().clone()).unwrap();
            let _ = tokio::task::spawn_blocking(move || stop_rx.recv()).await;
            sim.shutdown().await;
            stopped_tx.send(()).unwrap();
        });
    });
    (info_rx.recv().unwrap(), stop_tx, stopped_rx)
}

fn json(d: &Done) -> Value {
    assert_eq!(d.code, 0, "stderr: {}\nstdout: {}", d.stderr, d.stdout);
    serde_json::from_str(&d.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", d.stdout))
}

/// The answer without its `cached` mark.
fn plain(mut v: Value) -> Value {
    v.as_object_mut().unwrap().remove("cached");
    v
}

#[tokio::test]
async fn cached_reads_without_the_service_and_refuses_changes() {
    let (info, stop, stopped) = stoppable_sim();
    let mut home = Home::new(info);
    home.add_and_login("work", 0).await;
    let orgs = json(&home.run(&["--json", "orgs"]).await);
    let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();

    // Nothing kept yet: --cached says so.
    let none = home
        .run(&["--org", &org, "--cached", "users", "list", "--all"])
        .await;
    assert_ne!(none.code, 0);
    assert!(none.stderr.contains("[not_cached]"), "{}", none.stderr);

    let lists: [&[&str]; 5] = [
        &["locks", "list", "--all"],
        &["lock-groups", "list"],
        &["users", "list", "--all"],
        &["invitations", "list"],
        &["user-groups", "list"],
    ];
    let mut online = Vec::new();
    for args in lists {
        let mut argv = vec!["--org", &org, "--json"];
        argv.extend_from_slice(args);
        let answer = json(&home.run(&argv).await);
        assert!(answer.get("cached").is_none(), "{args:?} online: {answer}");
        online.push(answer);
    }
    let lock_id = online[0]["locks"][0]["id"].as_str().unwrap().to_owned();
    let lock_name = online[0]["locks"][0]["name"].as_str().unwrap().to_owned();

    // No network at all (a namespace without even the loopback), the simulator still up.
    if std::process::Command::new("unshare")
        .args(["-n", "true"])
        .status()
        .is_ok_and(|s| s.success())
    {
        home.no_network = true;
        let cached = json(
            &home
                .run(&["--cached", "--json", "locks", "list", "--all"])
                .await,
        );
        assert_eq!(cached["cached"]["reason"], "cache_only");
        assert_eq!(plain(cached), online[0]);
        // Without --cached, the unreachable service is answered from the cache too.
        let fallback = json(&home.run(&["--json", "users", "list", "--all"]).await);
        assert_eq!(fallback["cached"]["reason"], "unreachable");
        assert_eq!(plain(fallback), online[2]);
        home.no_network = false;
    } else {
        eprintln!("unshare -n is not allowed here: the no-network case is not run");
    }

    stop.send(()).unwrap();
    stopped.recv().unwrap();

    for (args, kept) in lists.iter().zip(&online) {
        let mut argv = vec!["--cached", "--json"];
        argv.extend_from_slice(args);
        let answer = json(&home.run(&argv).await);
        assert_eq!(answer["cached"]["reason"], "cache_only", "{args:?}");
        assert!(answer["cached"]["as_of"].is_string());
        assert_eq!(&plain(answer), kept, "{args:?}");
    }
    // Text output: the table, and the note on stderr.
    let text = home.run(&["--cached", "locks", "list"]).await;
    assert_eq!(text.code, 0, "{}", text.stderr);
    assert!(text.stdout.contains(&lock_name), "{}", text.stdout);
    assert!(
        text.stderr.contains("offline (--cached)"),
        "{}",
        text.stderr
    );
    // A detail from the kept list.
    let shown = json(
        &home
            .run(&["--cached", "--json", "locks", "show", &lock_id])
            .await,
    );
    assert_eq!(shown, online[0]["locks"][0]);

    // Changes and other commands are refused, clearly.
    let rename = home
        .run(&["--cached", "locks", "rename", &lock_id, "Offline"])
        .await;
    assert_eq!(rename.code, 1);
    assert!(rename.stderr.contains("[cached_only]"), "{}", rename.stderr);
    assert!(
        rename.stderr.contains("without --cached"),
        "{}",
        rename.stderr
    );
    let orgs = home.run(&["--cached", "orgs"]).await;
    assert!(orgs.stderr.contains("[cached_only]"), "{}", orgs.stderr);

    // Without --cached, with the service stopped: lists from the cache, a change fails with
    // the reason and the way out.
    let fallback = json(&home.run(&["--json", "lock-groups", "list"]).await);
    assert_eq!(fallback["cached"]["reason"], "unreachable");
    assert_eq!(fallback["cached"]["error"], "transport");
    let rename = home.run(&["locks", "rename", &lock_id, "Offline"]).await;
    assert_eq!(rename.code, 1);
    assert!(rename.stderr.contains("[transport]"), "{}", rename.stderr);
    assert!(rename.stderr.contains("--cached"), "{}", rename.stderr);
}

/// Nothing a connection read outlives its sign-out: after `logout` (and after `profile
/// remove`), `--cached` has nothing to show for it.
#[tokio::test]
async fn logout_deletes_the_answers_kept_offline() {
    let (info, stop, stopped) = stoppable_sim();
    let home = Home::new(info);
    home.add_and_login("work", 0).await;
    let orgs = json(&home.run(&["--json", "orgs"]).await);
    let org = orgs["organizations"][0]["id"].as_str().unwrap().to_owned();
    json(
        &home
            .run(&["--org", &org, "--json", "locks", "list", "--all"])
            .await,
    );
    let kept = json(
        &home
            .run(&["--cached", "--json", "locks", "list", "--all"])
            .await,
    );
    assert_eq!(kept["cached"]["reason"], "cache_only");

    let out = home.run(&["logout"]).await;
    assert_eq!(out.code, 0, "{}", out.stderr);
    let after = home.run(&["--cached", "locks", "list", "--all"]).await;
    assert_ne!(after.code, 0);
    assert!(after.stderr.contains("[not_cached]"), "{}", after.stderr);
    stop.send(()).unwrap();
    stopped.recv().unwrap();
}
