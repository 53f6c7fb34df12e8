//! Files and folders only their owner may read: on Unix every file Lockdesk creates is 0600
//! and every folder 0700, whatever the umask, and [`tighten`] narrows ones made looser before.
//! Elsewhere the platform's per-user defaults apply (a user's profile folders on Windows and
//! macOS are already private), and these are the plain operations.
//!
//! Lives in the lowest crate that writes files (the archive); `lockdesk_core::private_fs`
//! re-exports it for the core, lockctl and the desktop shell.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

#[cfg(unix)]
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};

/// Mode of the folders Lockdesk creates (Unix).
pub const DIR_MODE: u32 = 0o700;
/// Mode of the files Lockdesk creates (Unix).
pub const FILE_MODE: u32 = 0o600;

/// Creates `path` and its missing parents as private folders. Existing folders are left as
/// they are (a folder the user chose for an archive may be shared on purpose); Lockdesk's own
/// are tightened at start ([`tighten_tree`]).
pub fn create_private_dir_all(path: &Path) -> io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    builder.mode(DIR_MODE);
    builder.create(path)
}

fn private_options() -> OpenOptions {
    let mut options = OpenOptions::new();
    #[cfg(unix)]
    options.mode(FILE_MODE);
    options
}

/// Opens `path` for reading and writing, creating it private if missing (never truncates).
/// Used for lock files and a database file before SQLite opens it.
pub fn open_private(path: &Path) -> io::Result<File> {
    let file = private_options()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?;
    tighten_open(&file)?;
    Ok(file)
}

/// Creates (or truncates) `path` for writing, private: what exports are written into.
pub fn create_private(path: &Path) -> io::Result<File> {
    let file = private_options()
        .write(true)
        .create(true)
        .truncate(true)
        .open(path)?;
    tighten_open(&file)?;
    Ok(file)
}

/// Writes `bytes` to `path` all at once: into a private temporary file beside it, synced, then
/// renamed over it, so a reader sees the old file or the new one, never half of one.
pub fn write_private_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = private_options()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&tmp)?;
        tighten_open(&f)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Narrows an existing folder to 0700 or file to 0600 when group or others have any access.
/// Symbolic links and missing paths are left alone.
pub fn tighten(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        let meta = match std::fs::symlink_metadata(path) {
            Ok(m) => m,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(e),
        };
        let mode = meta.permissions().mode();
        if mode & 0o077 == 0 || meta.file_type().is_symlink() {
            return Ok(());
        }
        let wanted = if meta.is_dir() { DIR_MODE } else { FILE_MODE };
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(wanted))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

fn tighten_open(file: &File) -> io::Result<()> {
    #[cfg(unix)]
    {
        let mode = file.metadata()?.permissions().mode();
        if mode & 0o077 != 0 {
            file.set_permissions(std::fs::Permissions::from_mode(FILE_MODE))?;
        }
    }
    #[cfg(not(unix))]
    let _ = file;
    Ok(())
}

/// Tightens `root` and everything under it, at most `depth` levels down, never following a
/// symbolic link. For Lockdesk's own folders at start (made by an older version or by hand).
pub fn tighten_tree(root: &Path, depth: usize) {
    if let Err(e) = tighten(root) {
        tracing::warn!(path = %root.display(), "could not make private: {e}");
    }
    if depth == 0 {
        return;
    }
    let Ok(meta) = std::fs::symlink_metadata(root) else {
        return;
    };
    if !meta.is_dir() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    for entry in entries.flatten() {
        tighten_tree(&entry.path(), depth - 1);
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn mode(p: &Path) -> u32 {
        std::fs::metadata(p).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn created_private_and_loose_ones_tightened() {
        let temp = tempfile::tempdir().unwrap();
        let dir = temp.path().join("a/b");
        create_private_dir_all(&dir).unwrap();
        assert_eq!(mode(&temp.path().join("a")), 0o700);
        assert_eq!(mode(&dir), 0o700);

        let file = dir.join("f.json");
        write_private_atomic(&file, b"{}").unwrap();
        assert_eq!(mode(&file), 0o600);
        assert_eq!(std::fs::read(&file).unwrap(), b"{}");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "no temp left");

        let lock = dir.join("x.lock");
        drop(open_private(&lock).unwrap());
        assert_eq!(mode(&lock), 0o600);

        // Made loose by someone else: tightened on the next open, or by the walk at start.
        std::fs::set_permissions(&lock, std::fs::Permissions::from_mode(0o644)).unwrap();
        drop(open_private(&lock).unwrap());
        assert_eq!(mode(&lock), 0o600);
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o666)).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        tighten_tree(&temp.path().join("a"), 3);
        assert_eq!(mode(&dir), 0o700);
        assert_eq!(mode(&file), 0o600);

        let export = dir.join("out.csv");
        std::fs::write(&export, "old").unwrap();
        std::fs::set_permissions(&export, std::fs::Permissions::from_mode(0o644)).unwrap();
        create_private(&export).unwrap().write_all(b"new").unwrap();
        assert_eq!(mode(&export), 0o600);
        assert_eq!(std::fs::read(&export).unwrap(), b"new");
    }
}
