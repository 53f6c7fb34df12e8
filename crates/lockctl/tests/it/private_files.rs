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
