//! Files the user dropped onto the window (or named on the command line): only these may be
//! read by path, so the window cannot make the core read any file it likes. Folders the user
//! chose in the folder dialog likewise: the window names them only by the handle the dialog's
//! answer carried, so it cannot make the core write reports anywhere it likes.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

#[derive(Default)]
pub(crate) struct FileGrants {
    allowed: Mutex<HashSet<PathBuf>>,
    folders: Mutex<HashMap<String, PathBuf>>,
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

    /// A new handle for `folder`: 128 random bits, unguessable by the window.
    pub(crate) fn grant_folder(&self, folder: PathBuf) -> String {
        let handle: String = rand::random::<[u8; 16]>()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        self.folders
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(handle.clone(), folder);
        handle
    }

    pub(crate) fn folder(&self, handle: &str) -> Option<PathBuf> {
        self.folders
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(handle)
            .cloned()
    }
}
