//! Everything lockctl creates is owner-only on Windows (an access list of the user and SYSTEM,
//! nothing inherited), read back after real runs: profiles, sign-in, a history sync, a renewal,
//! an export. Also in a folder the user shares: an archive (`--archive`) and an export
//! (`--output`) put there are owner-only, and the folder itself keeps its own list.

use std::path::{Path, PathBuf};

use lockdesk_core::private_fs::is_owner_only;

use crate::procs::Home;
use crate::support::start_sim;

fn everything_under(root: &Path) -> Vec<PathBuf> {
    let mut all = Vec::new();
    let mut todo = vec![root.to_owned()];
    while let Some(p) = todo.pop() {
        if p.is_dir() {
            for e in std::fs::read_dir(&p).unwrap() {
                todo.push(e.unwrap().path());
            }
        }
        all.push(p);
    }
    all
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn config_archives_locks_and_outputs_are_owner_only() {
    let home = Home::new(start_sim());
    home.make_every_kind_of_file().await;

    // A shared folder, with the list it inherits from its parent (not owner-only).
    let shared = home.dir.path().join("共有 フォルダ");
    std::fs::create_dir(&shared).unwrap();
    assert!(!is_owner_only(&shared).unwrap());
    let archive = shared.join("入退室 履歴.sqlite");
    let output = shared.join("入退室履歴.csv");
    let (archive_arg, output_arg) = (archive.to_str().unwrap(), output.to_str().unwrap());
    let sync = home
        .run(&[
            "--profile",
            "hist",
            "history",
            "sync",
            "--archive",
            archive_arg,
        ])
        .await;
    assert_eq!(sync.code, 0, "{}", sync.stderr);
    let export = home
        .run(&[
            "--profile",
            "hist",
            "history",
            "export",
            "--archive",
            archive_arg,
            "--output",
            output_arg,
        ])
        .await;
    assert_eq!(export.code, 0, "{}", export.stderr);

    let mut made = everything_under(&home.config());
    made.extend(everything_under(&home.data()));
    for expected in [
        home.config().join("profiles.json"),
        home.data().join("archive").join("hist").join("v2.sqlite"),
        home.data().join("locks").join("work.renew.lock"),
        home.data().join("journal.sqlite3"),
    ] {
        assert!(
            made.contains(&expected),
            "{} was not made",
            expected.display()
        );
    }
    made.extend([archive.clone(), output.clone()]);
    for path in &made {
        assert!(
            is_owner_only(path).unwrap(),
            "{} is not owner-only",
            path.display()
        );
    }
    assert!(
        !is_owner_only(&shared).unwrap(),
        "the shared folder kept its own list"
    );
}
