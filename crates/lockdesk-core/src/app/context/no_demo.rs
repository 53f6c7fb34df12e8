//! A build without the demo (the core's feature `demo` off): no simulator is built in, so
//! there is never a sandbox, and starting the demo says this build has none. The same names
//! as `demo.rs`, so the context is written once.

use std::path::PathBuf;
use std::sync::Arc;

use crate::app::context::space::Space;
use crate::error::{Error, Result};

/// Stands for the simulator's options, which this build does not have.
#[derive(Clone, Debug, Default)]
pub struct DemoOptions {
    _none: (),
}

impl DemoOptions {
    pub fn big_office() -> Self {
        Self::default()
    }
}

/// No value of it exists: the demo never runs in this build.
pub(crate) enum DemoSandbox {}

/// What `demo_handle` gives: nothing to stop or start.
pub(crate) struct NoDemo;

/// Nothing to sweep: this build never makes a sandbox folder.
pub fn sweep_stale_demos() {}

impl DemoSandbox {
    pub(crate) async fn start(_options: DemoOptions) -> Result<DemoSandbox> {
        Err(Error::Demo(
            "this build of Lockdesk has no demo (built without the feature `demo`)".into(),
        ))
    }

    pub(crate) fn space(&self) -> Arc<Space> {
        match *self {}
    }

    pub(crate) fn dir(&self) -> Option<PathBuf> {
        match *self {}
    }

    pub(crate) fn base_url(&self) -> Option<String> {
        match *self {}
    }

    pub(crate) fn sim_token(&self) -> Option<String> {
        match *self {}
    }

    pub(crate) fn demo_handle(&self) -> NoDemo {
        match *self {}
    }

    pub(crate) async fn stop(self) {
        match self {}
    }
}

pub(crate) async fn set_answering(_handle: NoDemo, _on: bool) -> Result<()> {
    Err(Error::Demo("the demo is not running".into()))
}
