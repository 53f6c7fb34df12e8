//! Everything lockctl creates is private on Unix, whatever the umask: after real runs with
//! `umask 000` (profiles, sign-in, a history sync, a renewal), every folder under the config
//! and data folders is 0700 and every file 0600; folders left loose are tightened at start.

use std::os::unix::fs::PermissionsExt;

use crate::procs::{modes, Home};
use crate::support::start_sim;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn config_archives_and_locks_are_private() {
    let mut home = Home::new(start_sim());
    home.open_umask = true;
    home.make_every_kind_of_file().await;

    let config = modes(&home.config());
    let data = modes(&home.data());
    for expected in [
        home.config().join("profiles.json"),
        home.data().join("archive/hist/v2.sqlite"),
        home.data().join("archive/hist/v2.sqlite.sync-lock"),
        home.data().join("locks/work.renew.lock"),
        home.data().join("journal.sqlite3"),
    ] {
        assert!(
            config.iter().chain(&data).any(|(p, _)| *p == expected),
            "{} was not made",
            expected.display()
        );
    }
    for (path, mode) in config.iter().chain(&data) {
        let wanted = if path.is_dir() { 0o700 } else { 0o600 };
        assert_eq!(*mode, wanted, "{} is {mode:o}", path.display());
    }

    // Made loose by an older version: tightened when lockctl starts.
    let loose = |p: &std::path::Path, m: u32| {
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).unwrap()
    };
    loose(&home.config(), 0o755);
    loose(&home.config().join("profiles.json"), 0o644);
    loose(&home.data().join("archive/hist/v2.sqlite"), 0o644);
    let listed = home.run(&["profile", "list"]).await;
    assert_eq!(listed.code, 0, "{}", listed.stderr);
    for (path, mode) in modes(&home.config()).iter().chain(&modes(&home.data())) {
        let wanted = if path.is_dir() { 0o700 } else { 0o600 };
        assert_eq!(*mode, wanted, "{} is {mode:o} after start", path.display());
    }
}

/// `lockctl demo` runs in private temporary folders of unpredictable names made new (its own
/// and the demo's, as "Try the demo" does), never `lockdesk-demo-<pid>`, which another user
/// of the shared temporary folder could make first; a demo killed midway leaves folders the
/// next demo sweeps, and one that ends leaves nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_demo_runs_in_new_private_folders_and_leaves_nothing() {
    use tokio::io::{AsyncBufReadExt, BufReader};
    let mut home = Home::new(start_sim());
    let tmp = home.dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    home.env.push(("TMPDIR".into(), tmp.clone()));
    let demos = || -> Vec<std::path::PathBuf> {
        std::fs::read_dir(&tmp)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with("lockdesk-demo-")
            })
            .collect()
    };

    let mut serving = home.command(&["demo", "--serve"]).spawn().unwrap();
    let pid = serving.id().unwrap();
    let mut lines = BufReader::new(serving.stdout.take().unwrap()).lines();
    while let Some(line) = lines.next_line().await.unwrap() {
        if line.contains("keeps running at") {
            break;
        }
    }
    let made = demos();
    assert_eq!(made.len(), 2, "its own and the demo's: {made:?}");
    for dir in &made {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        assert_ne!(name, format!("lockdesk-demo-{pid}"), "a predictable name");
        let mode = std::fs::symlink_metadata(dir).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700, "{name}");
    }
    serving.kill().await.unwrap();
    serving.wait().await.unwrap();
    assert_eq!(demos().len(), 2, "a killed demo leaves its folders");

    let tour = home.run(&["demo"]).await;
    assert_eq!(tour.code, 0, "{}", tour.stderr);
    assert!(demos().is_empty(), "left: {:?}", demos());
}
