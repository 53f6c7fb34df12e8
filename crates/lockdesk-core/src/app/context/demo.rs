//! "Try the demo" as a sandbox: its own [`Space`] on a throwaway [`Context`] (an in-memory
//! keychain, config and data folders in one private temporary folder), the simulator in process
//! and both demo profiles signed in. Nothing reaches the user's profiles, keychain or data
//! folder, so it works on a machine without a keychain and leaves nothing behind.

// libc: the user id a leftover demo folder must belong to before it is deleted.
#![allow(unsafe_code)]

use std::fs::File;
use std::path::Path;
use std::sync::Arc;

use lockdesk_api::ratelimit::RateLimiter;
use lockdesk_api::ApiVersion;
use lockdesk_sim::SimOptions;

/// How the demo's simulator is seeded (tests pass `SimOptions::small()`).
pub type DemoOptions = SimOptions;

use crate::app::context::demo_folder::{DemoFolder, IN_USE, PREFIX};
use crate::app::context::space::Space;
use crate::core_context::Context;
use crate::demo::{self, Demo};
use crate::error::{Error, Result};

pub(crate) struct DemoSandbox {
    pub(crate) space: Arc<Space>,
    /// Taken when the demo is stopped; shared so a test host can stop and start its service.
    demo: Arc<tokio::sync::Mutex<Option<Demo>>>,
    base_url: String,
    /// The simulator's control token (see [`DemoSandbox::start`]).
    sim_token: String,
    /// Removed when the sandbox is dropped (after the space's archives are closed).
    folder: Option<DemoFolder>,
}

/// Deletes the sandbox folders no running Lockdesk holds: what a killed app left behind.
pub fn sweep_stale_demos() {
    sweep_in(&std::env::temp_dir());
}

/// The temporary folder is shared with every user and program: only real folders of this
/// user made private (as sandboxes are) are looked into, only a regular lock file is opened,
/// never through a link and never waiting (a FIFO planted as the lock file must not hang the
/// start).
fn sweep_in(temp: &Path) {
    let Ok(entries) = std::fs::read_dir(temp) else {
        return;
    };
    for entry in entries.flatten() {
        if !entry.file_name().to_string_lossy().starts_with(PREFIX) {
            continue;
        }
        let path = entry.path();
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        if !meta.is_dir() || !private_and_ours(&meta) {
            continue;
        }
        // A folder without the lock file is not one of ours.
        let lock_path = path.join(IN_USE);
        let is_file = std::fs::symlink_metadata(&lock_path).is_ok_and(|m| m.file_type().is_file());
        let Ok(lock) = is_file.then(|| open_lock(&lock_path)).transpose() else {
            continue;
        };
        let Some(lock) = lock else {
            continue;
        };
        if lock.try_lock().is_ok() {
            drop(lock);
            let _ = std::fs::remove_dir_all(&path);
        }
    }
}

#[cfg(unix)]
fn private_and_ours(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    // SAFETY: geteuid has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    meta.uid() == me && meta.mode() & 0o777 == crate::private_fs::DIR_MODE
}

/// Windows: the temporary folder is the user's own (`%LOCALAPPDATA%\Temp`).
#[cfg(not(unix))]
fn private_and_ours(_meta: &std::fs::Metadata) -> bool {
    true
}

fn open_lock(path: &Path) -> std::io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    options.open(path)
}

impl DemoSandbox {
    /// The simulator always gets a fresh random control token: it listens on loopback, where
    /// another program or a web page in the user's browser could otherwise reset it or read
    /// its clients' secrets (its guard also refuses any Host but its own address).
    pub(crate) async fn start(options: SimOptions) -> Result<DemoSandbox> {
        let sim_token = lockdesk_sim::random_control_token();
        let options = SimOptions {
            control_token: Some(sim_token.clone()),
            ..options
        };
        sweep_stale_demos();
        let folder = DemoFolder::new()?;
        // The demo's client keeps to its simulator's v2 limit (the service's 50 a minute unless
        // a test's simulator allows more, so its rounds of syncs do not wait minutes).
        let limiter = RateLimiter::new(options.v2_rate_limit, options.v2_rate_window);
        // Its service is the simulator on this computer: no proxy or setup script is meant for it.
        let core = Context::throwaway(folder.path())
            .with_v2_limiter(demo::DEMO_HISTORY_PROFILE, limiter)
            .with_straight_connections();
        let demo = demo::start_demo(&core, options).await?;
        let space = Space::new(core);
        space
            .sessions
            .set_profile(ApiVersion::V3, Some(demo.profile.clone()));
        space
            .sessions
            .set_profile(ApiVersion::V2, Some(demo.history_profile.clone()));
        Ok(DemoSandbox {
            space: Arc::new(space),
            base_url: demo.sim.base_url().to_owned(),
            sim_token,
            demo: Arc::new(tokio::sync::Mutex::new(Some(demo))),
            folder: Some(folder),
        })
    }

    pub(crate) fn dir(&self) -> Option<std::path::PathBuf> {
        self.folder.as_ref().map(|f| f.path().to_owned())
    }

    pub(crate) fn base_url(&self) -> Option<String> {
        Some(self.base_url.clone())
    }

    pub(crate) fn sim_token(&self) -> Option<String> {
        Some(self.sim_token.clone())
    }

    pub(crate) fn space(&self) -> Arc<Space> {
        self.space.clone()
    }

    /// The demo's simulator, to stop and start answering (tests of offline reading).
    pub(crate) fn demo_handle(&self) -> Arc<tokio::sync::Mutex<Option<Demo>>> {
        self.demo.clone()
    }

    /// Stops the simulator and deletes the sandbox's folder.
    pub(crate) async fn stop(self) {
        let demo = self.demo.lock().await.take();
        if let Some(demo) = demo {
            demo.sim.shutdown().await;
        }
    }
}

/// Stops (`false`) or starts (`true`) the simulator's answering, its data kept.
pub(crate) async fn set_answering(
    handle: Arc<tokio::sync::Mutex<Option<Demo>>>,
    on: bool,
) -> Result<()> {
    let mut demo = handle.lock().await;
    let Some(demo) = demo.as_mut() else {
        return Err(Error::Demo("the demo is not running".into()));
    };
    if on {
        demo.sim
            .listen_again()
            .await
            .map_err(|e| Error::Demo(format!("the simulator cannot listen again: {e}")))?;
    } else {
        demo.sim.stop_listening().await;
    }
    Ok(())
}

impl Drop for DemoSandbox {
    fn drop(&mut self) {
        // The archives must be closed before their folder goes; a job still holding the space
        // keeps it (and SQLite keeps its open files) until it ends.
        self.space.history.close_archives();
        drop(self.folder.take());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::private_fs;

    #[test]
    fn only_sandboxes_nobody_holds_are_swept() {
        let temp = tempfile::tempdir().unwrap();
        let held = temp.path().join("lockdesk-demo-held");
        let left = temp.path().join("lockdesk-demo-left");
        let other = temp.path().join("lockdesk-demo-1234"); // no lock file: not one of ours
        for d in [&held, &left, &other] {
            private_fs::create_private_dir_all(d).unwrap();
        }
        let lock = File::create(held.join(IN_USE)).unwrap();
        lock.lock().unwrap();
        File::create(left.join(IN_USE)).unwrap();
        sweep_in(temp.path());
        assert!(held.exists(), "a sandbox in use stays");
        assert!(!left.exists(), "a left-over sandbox goes");
        assert!(other.exists(), "a folder that is not a sandbox stays");
    }

    /// What others may plant in the shared temporary folder is left alone, and a FIFO as the
    /// lock file does not block the sweep.
    #[cfg(unix)]
    #[test]
    fn the_sweep_leaves_what_others_planted_and_never_blocks() {
        use std::os::unix::fs::PermissionsExt;

        let temp = tempfile::tempdir().unwrap();
        // A loose folder (0755) that looks like a left-over sandbox: not ours to delete.
        let loose = temp.path().join("lockdesk-demo-loose");
        std::fs::create_dir(&loose).unwrap();
        std::fs::set_permissions(&loose, std::fs::Permissions::from_mode(0o755)).unwrap();
        File::create(loose.join(IN_USE)).unwrap();
        // A link to a private folder elsewhere: never followed.
        let target = temp.path().join("elsewhere");
        private_fs::create_private_dir_all(&target).unwrap();
        File::create(target.join(IN_USE)).unwrap();
        let link = temp.path().join("lockdesk-demo-link");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        // A FIFO as the lock file: opening it for reading would wait for a writer for ever.
        let fifo_dir = temp.path().join("lockdesk-demo-fifo");
        private_fs::create_private_dir_all(&fifo_dir).unwrap();
        let fifo = fifo_dir.join(IN_USE);
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        // A lock file that is a link to a file elsewhere.
        let linked_dir = temp.path().join("lockdesk-demo-linked-lock");
        private_fs::create_private_dir_all(&linked_dir).unwrap();
        std::os::unix::fs::symlink(target.join(IN_USE), linked_dir.join(IN_USE)).unwrap();

        let (done_tx, done_rx) = std::sync::mpsc::channel();
        let root = temp.path().to_owned();
        std::thread::spawn(move || {
            sweep_in(&root);
            let _ = done_tx.send(());
        });
        done_rx
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("the sweep blocked");
        for kept in [&loose, &link, &target, &fifo_dir, &linked_dir] {
            assert!(kept.exists(), "{} was removed", kept.display());
        }
        assert!(target.join(IN_USE).exists());
    }
}
