//! The private temporary folder a demo runs in ("Try the demo", the app's `--demo`, `lockctl
//! demo`): `<temp>/lockdesk-demo-XXXXXX`, an unpredictable name made new (never one another
//! user could have made first and kept open), 0700 whatever the umask, with a lock file held
//! while in use, so a later start can tell a folder a killed program left from one in use and
//! sweep it (`demo.rs`). Deleted when dropped.

use std::fs::File;
use std::path::Path;

use crate::error::{Error, Result};
use crate::private_fs;

/// Demo folders are `<temp>/lockdesk-demo-…`, holding this lock file while in use.
pub(crate) const PREFIX: &str = "lockdesk-demo-";
pub(crate) const IN_USE: &str = "in-use.lock";

pub struct DemoFolder {
    /// Released before the folder goes (fields drop in this order).
    _in_use: File,
    dir: tempfile::TempDir,
}

impl DemoFolder {
    pub fn new() -> Result<DemoFolder> {
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
        Ok(DemoFolder {
            _in_use: in_use,
            dir,
        })
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn a_demo_folder_is_new_private_and_gone_when_dropped() {
        let (a, b) = (DemoFolder::new().unwrap(), DemoFolder::new().unwrap());
        assert_ne!(a.path(), b.path());
        let name = a.path().file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with(PREFIX), "{name}");
        assert_ne!(name, format!("{PREFIX}{}", std::process::id()));
        let mode = std::fs::metadata(a.path()).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        let path = a.path().to_owned();
        drop(a);
        assert!(!path.exists());
    }
}
