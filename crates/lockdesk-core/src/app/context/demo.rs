//! "Try the demo" as a sandbox: its own [`Space`] on a throwaway [`Context`] (an in-memory
//! keychain, config and data folders in one private temporary folder), the simulator in process
//! and both demo profiles signed in. Nothing reaches the user's profiles, keychain or data
//! folder, so it works on a machine without a keychain and leaves nothing behind.

use std::sync::Arc;

use lockdesk_api::clock::SystemClock;
use lockdesk_api::ApiVersion;
use lockdesk_sim::SimOptions;

use super::space::Space;
use crate::demo::{self, Demo};
use crate::error::{Error, Result};
use crate::{Context, MemoryStore};

pub(crate) struct DemoSandbox {
    pub(crate) space: Arc<Space>,
    /// Taken when the demo is stopped.
    demo: Option<Demo>,
    /// Removed when the sandbox is dropped (after the space's archives are closed).
    dir: Option<tempfile::TempDir>,
}

impl DemoSandbox {
    pub(crate) async fn start(options: SimOptions) -> Result<DemoSandbox> {
        let dir = tempfile::Builder::new()
            .prefix("lockdesk-demo-")
            .tempdir()
            .map_err(|e| Error::Demo(format!("no temporary folder for the demo: {e}")))?;
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
            demo: Some(demo),
            dir: Some(dir),
        })
    }

    pub(crate) fn dir(&self) -> Option<std::path::PathBuf> {
        self.dir.as_ref().map(|d| d.path().to_owned())
    }

    pub(crate) fn base_url(&self) -> Option<String> {
        self.demo.as_ref().map(|d| d.sim.base_url().to_owned())
    }

    /// Stops the simulator and deletes the sandbox's folder.
    pub(crate) async fn stop(mut self) {
        if let Some(demo) = self.demo.take() {
            demo.sim.shutdown().await;
        }
    }
}

impl Drop for DemoSandbox {
    fn drop(&mut self) {
        // The archives must be closed before their folder goes; a job still holding the space
        // keeps it (and SQLite keeps its open files) until it ends.
        self.space.history.close_archives();
        if let Some(dir) = self.dir.take() {
            let _ = dir.close();
        }
    }
}
