//! Files the user dropped onto the window (or named on the command line): only these may be
//! read by path, so the window cannot make the core read any file it likes.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

#[derive(Default)]
pub(crate) struct FileGrants {
    allowed: Mutex<HashSet<PathBuf>>,
}

impl FileGrants {
    pub(crate) fn allow(&self, path: PathBuf) {
        self.allowed
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(path);
    }

    pub(crate) fn allowed(&self, path: &Path) -> bool {
        self.allowed
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains(path)
    }
}
