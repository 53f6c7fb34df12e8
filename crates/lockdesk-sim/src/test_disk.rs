//! A real full disk for tests, without fault injection: a small tmpfs of the test's own, in a
//! private mount namespace so nothing is left mounted on the machine, whatever becomes of the
//! test. The test calls [`SmallDisk::enter`] (through [`small_disk!`]) first: the test binary runs that one test again
//! inside `unshare --mount` (as root, CI's case; `unshare --map-root-user --mount` for a
//! developer, where the kernel allows user namespaces), where `enter` mounts the tmpfs and
//! answers it; in the first process `enter` waits for that run, fails if it failed, and
//! answers `None`. Where neither can be made (not Linux, no `unshare`, user namespaces off and
//! not root), `enter` prints why the test is skipped and answers `None`.
//!
//! Filling it ([`SmallDisk::fill`]) writes a ballast file until the file system says it is
//! full; [`SmallDisk::free`] removes it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// [`SmallDisk::enter`] for the test function `$test` of the calling module, `$kib` KiB:
/// `let Some(disk) = small_disk!(my_test, 2048) else { return };`.
#[macro_export]
macro_rules! small_disk {
    ($test:ident, $kib:expr) => {
        $crate::test_disk::SmallDisk::enter(concat!(module_path!(), "::", stringify!($test)), $kib)
    };
}

/// Set in the run inside the namespace: the folder to mount the tmpfs on.
const INSIDE: &str = "LOCKDESK_TEST_SMALL_DISK";

/// A mounted tmpfs of a fixed size (inside the test's own mount namespace).
#[derive(Debug)]
pub struct SmallDisk {
    root: PathBuf,
}

impl SmallDisk {
    /// `test`: the test's full path (`concat!(module_path!(), "::name")`; the crate's name
    /// before the first `::` is left out). `size_kib`: the file system's size.
    pub fn enter(test: &str, size_kib: u64) -> Option<SmallDisk> {
        if let Ok(dir) = std::env::var(INSIDE) {
            let root = PathBuf::from(dir);
            let status = Command::new("mount")
                .args(["-t", "tmpfs", "-o"])
                .arg(format!("size={size_kib}k,mode=0700"))
                .arg("lockdesk-test")
                .arg(&root)
                .status()
                .expect("mount runs");
            assert!(
                status.success(),
                "mount -t tmpfs failed inside the namespace"
            );
            return Some(SmallDisk { root });
        }
        let name = test.split_once("::").map_or(test, |(_, rest)| rest);
        let Some(unshare) = namespace_command() else {
            eprintln!(
                "skipped {name}: no small file system can be made here (needs Linux with \
                 `unshare`, as root or with user namespaces allowed)"
            );
            return None;
        };
        let dir = tempfile::tempdir().expect("a temporary folder");
        let exe = std::env::current_exe().expect("the test binary");
        let out = Command::new("unshare")
            .args(&unshare)
            .arg(exe)
            .args([name, "--exact", "--nocapture", "--test-threads=1"])
            .env(INSIDE, dir.path())
            .output()
            .expect("unshare runs");
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.status.success() && text.contains("1 passed"),
            "{name} on a small disk failed:\n{text}"
        );
        None
    }

    /// The mounted folder.
    pub fn path(&self) -> &Path {
        &self.root
    }

    fn ballast(&self) -> PathBuf {
        self.root.join("ballast")
    }

    /// Fills the file system to the last byte (a ballast file written until it is refused),
    /// and again while space comes free: a program's background work (a journal's prune
    /// shrinking its log) may give pages back just after the first fill.
    pub fn fill(&self) {
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.ballast())
            .expect("the ballast file");
        let mut free = u64::MAX;
        for _ in 0..50 {
            for chunk in [64 * 1024, 4096, 512, 1] {
                let buf = vec![0u8; chunk];
                while f.write_all(&buf).is_ok() {}
            }
            let _ = f.sync_all();
            std::thread::sleep(std::time::Duration::from_millis(20));
            free = fs_free(&self.root);
            if free < 4096 {
                return;
            }
        }
        panic!("the small disk still has {free} bytes free");
    }

    /// Frees the space the ballast took.
    pub fn free(&self) {
        std::fs::remove_file(self.ballast()).expect("the ballast is removed");
    }
}

fn fs_free(path: &Path) -> u64 {
    let out = Command::new("df")
        .args(["--output=avail", "-B1"])
        .arg(path)
        .output()
        .expect("df runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .nth(1)
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or(u64::MAX)
}

/// The `unshare` arguments that give a mount namespace here: plain as root, with a user
/// namespace otherwise.
fn namespace_command() -> Option<Vec<&'static str>> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    let works = |args: &[&str]| {
        Command::new("unshare")
            .args(args)
            .args(["sh", "-c", "mount -t tmpfs -o size=64k none /mnt"])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    [&["--mount"][..], &["--map-root-user", "--mount"][..]]
        .into_iter()
        .find(|args| works(args))
        .map(|args| args.to_vec())
}
