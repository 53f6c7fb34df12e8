//! "Try the demo" as a sandbox: its own [`Space`] on a throwaway [`Context`] (an in-memory
//! keychain, config and data folders in one private temporary folder), the simulator in process
//! and both demo profiles signed in. Nothing reaches the user's profiles, keychain or data
//! folder, so it works on a machine without a keychain and leaves nothing behind.

use std::fs::File;
use std::path::Path;
use std::sync::Arc;

use lockdesk_api::clock::SystemClock;
use lockdesk_api::ApiVersion;
use lockdesk_sim::SimOptions;

use super::space::Space;
use crate::demo::{self, Demo};
use crate::error::{Error, Result};
use crate::{private_fs, Context, MemoryStore};

/// Sandbox folders are `<temp>/lockdesk-demo-…`, holding this lock file while in use.
const PREFIX: &str = "lockdesk-demo-";
const IN_USE: &str = "in-use.lock";

pub(crate) struct DemoSandbox {
    pub(crate) space: Arc<Space>,
    /// Taken when the demo is stopped; shared so a test host can stop and start its service.
    demo: Arc<tokio::sync::Mutex<Option<Demo>>>,
    base_url: String,
    /// Locked while the sandbox lives, so another start can tell it from a left-over one.
    in_use: Option<File>,
    /// Removed when the sandbox is dropped (after the space's archives are closed).
    dir: Option<tempfile::TempDir>,
}

/// Deletes the sandbox folders no running Lockdesk holds: what a killed app left behind.
pub fn sweep_stale_demos() {
    sweep_in(&std::env::temp_dir());
}

fn sweep_in(temp: &Path) {
    let Ok(entries) = std::fs::read_dir(temp) else {
        return;
    };
    for entry in entries.flatten() {
        if !entry.file_name().to_string_lossy().starts_with(PREFIX) {
            continue;
        }
        // A folder without the lock file is not a sandbox (`--demo` keeps its own).
        let Ok(lock) = File::open(entry.path().join(IN_USE)) else {
            continue;
        };
        if lock.try_lock().is_ok() {
            drop(lock);
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

impl DemoSandbox {
    pub(crate) async fn start(options: SimOptions) -> Result<DemoSandbox> {
        sweep_stale_demos();
        let no_folder =
            |e: std::io::Error| Error::Demo(format!("no temporary folder for the demo: {e}"));
        let mut builder = tempfile::Builder::new();
        builder.prefix(PREFIX);
        // 0700 whatever the umask (tempfile's default is 0777 less the umask), and so is
        // everything made in it.
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(
            private_fs::DIR_MODE,
        ));
        let dir = builder.tempdir().map_err(no_folder)?;
        let in_use = private_fs::open_private(&dir.path().join(IN_USE)).map_err(no_folder)?;
        in_use.lock().map_err(no_folder)?;
        let core = Context::new(
            dir.path().join("config"),
            Arc::new(MemoryStore::new()),
            Arc::new(SystemClock),
        )
        .with_data_dir(dir.path().join("data"));
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
            demo: Arc::new(tokio::sync::Mutex::new(Some(demo))),
            in_use: Some(in_use),
            dir: Some(dir),
        })
    }

    pub(crate) fn dir(&self) -> Option<std::path::PathBuf> {
        self.dir.as_ref().map(|d| d.path().to_owned())
    }

    pub(crate) fn base_url(&self) -> Option<String> {
        Some(self.base_url.clone())
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

impl Drop for DemoSandbox {
    fn drop(&mut self) {
        // The archives must be closed before their folder goes; a job still holding the space
        // keeps it (and SQLite keeps its open files) until it ends.
        self.space.history.close_archives();
        drop(self.in_use.take());
        if let Some(dir) = self.dir.take() {
            let _ = dir.close();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_sandboxes_nobody_holds_are_swept() {
        let temp = tempfile::tempdir().unwrap();
        let held = temp.path().join("lockdesk-demo-held");
        let left = temp.path().join("lockdesk-demo-left");
        let other = temp.path().join("lockdesk-demo-1234"); // `--demo`'s folder: no lock file
        for d in [&held, &left, &other] {
            std::fs::create_dir(d).unwrap();
        }
        let lock = File::create(held.join(IN_USE)).unwrap();
        lock.lock().unwrap();
        File::create(left.join(IN_USE)).unwrap();
        sweep_in(temp.path());
        assert!(held.exists(), "a sandbox in use stays");
        assert!(!left.exists(), "a left-over sandbox goes");
        assert!(other.exists(), "a folder that is not a sandbox stays");
    }
}
