//! Files and folders only their owner may read: on Unix every file Lockdesk creates is 0600
//! and every folder 0700, whatever the umask; on Windows each gets an owner-only access list
//! (the user and SYSTEM, nothing inherited: `windows.rs`), also in a shared folder the user
//! pointed Lockdesk at. [`tighten`] narrows ones made looser before.
//!
//! Lives in the lowest crate that writes files (the archive); `lockdesk_core::private_fs`
//! re-exports it for the core, lockctl and the desktop shell.

// libc: the effective user id, which a folder must belong to.
#![allow(unsafe_code)]

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

#[cfg(unix)]
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};

#[cfg(windows)]
mod windows;
#[cfg(windows)]
pub use windows::is_owner_only;

/// Mode of the folders Lockdesk creates (Unix).
pub const DIR_MODE: u32 = 0o700;
/// Mode of the files Lockdesk creates (Unix).
pub const FILE_MODE: u32 = 0o600;

/// Creates `path` and its missing parents as private folders. Existing folders are left as
/// they are (a folder the user chose for an archive may be shared on purpose); Lockdesk's own
/// are tightened at start ([`tighten_tree`]).
pub fn create_private_dir_all(path: &Path) -> io::Result<()> {
    #[cfg(windows)]
    {
        // Each folder made here gets the owner-only list before anything is put in it.
        let missing: Vec<&Path> = path.ancestors().take_while(|p| !p.exists()).collect();
        for dir in missing.into_iter().rev() {
            match std::fs::create_dir(dir) {
                Ok(()) => windows::restrict(dir, true)?,
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }
    #[cfg(not(windows))]
    {
        let mut builder = std::fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        builder.mode(DIR_MODE);
        builder.create(path)
    }
}

/// Private, and never through a link: a symbolic link planted where Lockdesk writes (in a
/// shared folder, say) would make it write, truncate or loosen the file the link names.
fn private_options() -> OpenOptions {
    #[cfg(unix)]
    {
        let mut options = OpenOptions::new();
        options.mode(FILE_MODE);
        // A link at the last component fails the open (ELOOP) instead of being followed.
        options.custom_flags(libc::O_NOFOLLOW);
        options
    }
    // Windows: the owner-only list is set once the file exists (`tighten_open`).
    #[cfg(not(unix))]
    OpenOptions::new()
}

/// Refuses to open a link. On Unix `O_NOFOLLOW` does it in the open itself; on Windows, where
/// making a link needs the right to (an administrator's or developer mode's), the path is
/// looked at first.
fn refuse_link(path: &Path) -> io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => Err(io::Error::other(format!(
            "{} is a symbolic link; Lockdesk does not write through links",
            path.display()
        ))),
        _ => Ok(()),
    }
}

/// Opens `path` for reading and writing, creating it private if missing (never truncates).
/// Used for lock files and a database file before SQLite opens it.
pub fn open_private(path: &Path) -> io::Result<File> {
    refuse_link(path)?;
    let file = private_options()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?;
    tighten_open(path, &file)?;
    Ok(file)
}

/// Creates (or truncates) `path` for writing, private: what exports are written into.
pub fn create_private(path: &Path) -> io::Result<File> {
    refuse_link(path)?;
    let file = private_options()
        .write(true)
        .create(true)
        .truncate(true)
        .open(path)?;
    tighten_open(path, &file)?;
    Ok(file)
}

/// Creates (or truncates) a file the user chose in a save dialog. On Windows it keeps the
/// folder's own access list (the user saved it there for others, perhaps); on Unix it is 0600
/// like every other file Lockdesk makes, since a mode cannot say "as the folder".
pub fn create_saved(path: &Path) -> io::Result<File> {
    #[cfg(windows)]
    {
        File::create(path)
    }
    #[cfg(not(windows))]
    {
        create_private(path)
    }
}

/// Writes `bytes` to `path` all at once: into a private temporary file beside it, synced, then
/// renamed over it, so a reader sees the old file or the new one, never half of one; then the
/// folder is synced (Unix), so the rename itself is on disk before this returns. The
/// temporary file has an unpredictable name and is created new (`O_EXCL`), so nothing planted
/// beside it is written through; the rename replaces a link at `path`, never follows it.
pub fn write_private_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // Windows: the owner-only list is set just below (`tighten_open`).
    #[cfg(unix)]
    builder.permissions(std::fs::Permissions::from_mode(FILE_MODE));
    let mut tmp = builder.tempfile_in(dir)?;
    tighten_open(tmp.path(), tmp.as_file())?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    sync_dir(dir);
    Ok(())
}

/// Flushes a folder's entries (a rename into it). Best effort: some file systems refuse to
/// sync a folder, and the file's own bytes are synced already. Windows has no such call for a
/// folder; NTFS journals the rename itself.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    }) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// Makes `path` a private folder of this user's own, creating it if missing, and refuses one
/// that is a link or (Unix) belongs to someone else: files Lockdesk then writes inside it
/// cannot be reached by a link another user planted, even when its parent is shared.
pub fn own_private_dir(path: &Path) -> io::Result<()> {
    create_private_dir_all(path)?;
    if let Some(why) = not_own_dir(path) {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!("{} {why}", path.display()),
        ));
    }
    tighten(path)
}

/// Why `path` is not a folder of this user's own: a link, not a folder, or (Unix) another
/// user's. `None` when it is one, or does not exist yet. Creates nothing.
pub fn not_own_dir(path: &Path) -> Option<&'static str> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    if meta.file_type().is_symlink() || !meta.is_dir() {
        return Some("is not a folder (a link?)");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        // SAFETY: geteuid has no preconditions and cannot fail.
        if meta.uid() != unsafe { libc::geteuid() } {
            return Some("belongs to another user");
        }
    }
    None
}

/// Whether the file at `path` could only have been put there by the computer's administrators:
/// on Unix owned by root and writable by no one else (the file and, when `path` is a link, the
/// link too); on Windows owned by the Administrators group or SYSTEM. For settings IT places
/// for every user (the update policy): one a user could have written is not theirs.
pub fn owned_by_administrators(path: &Path) -> io::Result<bool> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let root_only = |m: &std::fs::Metadata| m.uid() == 0 && m.mode() & 0o022 == 0;
        let link = std::fs::symlink_metadata(path)?;
        let file = std::fs::metadata(path)?;
        Ok(root_only(&file) && (!link.file_type().is_symlink() || link.uid() == 0))
    }
    #[cfg(windows)]
    {
        windows::owned_by_administrators(path)
    }
    #[cfg(not(any(unix, windows)))]
    {
        let _ = path;
        Ok(false)
    }
}

/// Narrows an existing folder to 0700 or file to 0600 when group or others have any access
/// (on Windows: gives it the owner-only list when its list is any other).
/// Symbolic links and missing paths are left alone, also one that goes away meanwhile: SQLite
/// deletes an archive's -wal and -shm files when another program closes its last connection.
pub fn tighten(path: &Path) -> io::Result<()> {
    match tighten_existing(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        other => other,
    }
}

fn tighten_existing(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        let meta = std::fs::symlink_metadata(path)?;
        let mode = meta.permissions().mode();
        if mode & 0o077 == 0 || meta.file_type().is_symlink() {
            return Ok(());
        }
        let wanted = if meta.is_dir() { DIR_MODE } else { FILE_MODE };
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(wanted))?;
    }
    #[cfg(windows)]
    {
        let meta = std::fs::symlink_metadata(path)?;
        if meta.file_type().is_symlink() || windows::is_owner_only(path)? {
            return Ok(());
        }
        windows::restrict(path, meta.is_dir())?;
    }
    #[cfg(not(any(unix, windows)))]
    let _ = path;
    Ok(())
}

/// Makes a file just opened at `path` private (an existing one may have been loose).
fn tighten_open(path: &Path, file: &File) -> io::Result<()> {
    #[cfg(unix)]
    {
        let _ = path;
        let mode = file.metadata()?.permissions().mode();
        if mode & 0o077 != 0 {
            file.set_permissions(std::fs::Permissions::from_mode(FILE_MODE))?;
        }
    }
    #[cfg(windows)]
    {
        let _ = file;
        if !windows::is_owner_only(path)? {
            windows::restrict(path, false)?;
        }
    }
    #[cfg(not(any(unix, windows)))]
    let _ = (path, file);
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

    /// Links planted where Lockdesk writes (a shared folder): never written, truncated or
    /// loosened through; the whole-file write replaces the link and leaves its target alone.
    #[test]
    fn a_planted_link_is_never_written_through() {
        let temp = tempfile::tempdir().unwrap();
        let victim = temp.path().join("victim");
        std::fs::write(&victim, "precious").unwrap();
        std::fs::set_permissions(&victim, std::fs::Permissions::from_mode(0o644)).unwrap();
        let link = temp.path().join("planted");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        assert!(open_private(&link).is_err());
        assert!(create_private(&link).is_err());
        write_private_atomic(&link, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
        assert_eq!(mode(&victim), 0o644, "the target's mode untouched");
        assert!(std::fs::symlink_metadata(&link).unwrap().is_file());
        assert_eq!(mode(&link), 0o600);
        // The temporary file's name cannot be guessed, so one planted beside is not used.
        let guess = temp
            .path()
            .join(format!(".planted.{}.tmp", std::process::id()));
        std::os::unix::fs::symlink(&victim, &guess).unwrap();
        write_private_atomic(&link, b"newer").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
        assert_eq!(std::fs::read_to_string(&link).unwrap(), "newer");
        // A folder of someone else's or a link is refused as our own.
        let linked_dir = temp.path().join("linked");
        std::os::unix::fs::symlink(temp.path(), &linked_dir).unwrap();
        assert!(own_private_dir(&linked_dir).is_err());
        own_private_dir(&temp.path().join("mine")).unwrap();
        assert_eq!(mode(&temp.path().join("mine")), 0o700);
    }

    /// Only a file root owns and no one else may write counts as the administrators' (the
    /// tests run as root: a file given to another user, or left writable, does not).
    #[test]
    fn a_file_counts_as_the_administrators_only_when_root_owns_it_alone() {
        let temp = tempfile::tempdir().unwrap();
        let file = temp.path().join("policy.json");
        std::fs::write(&file, "{}").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        // SAFETY: geteuid has no preconditions and cannot fail.
        let root = unsafe { libc::geteuid() } == 0;
        assert_eq!(owned_by_administrators(&file).unwrap(), root);
        if !root {
            return;
        }
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o666)).unwrap();
        assert!(!owned_by_administrators(&file).unwrap(), "writable by all");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        let link = temp.path().join("link.json");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        assert!(
            owned_by_administrators(&link).unwrap(),
            "root's link to root's file"
        );
        std::os::unix::fs::lchown(&link, Some(65534), Some(65534)).unwrap();
        assert!(
            !owned_by_administrators(&link).unwrap(),
            "another user's link"
        );
        std::os::unix::fs::chown(&file, Some(65534), Some(65534)).unwrap();
        assert!(
            !owned_by_administrators(&file).unwrap(),
            "another user's file"
        );
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

#[cfg(all(test, windows))]
mod windows_tests {
    use super::*;

    #[test]
    fn created_owner_only_and_loose_ones_tightened() {
        let temp = tempfile::tempdir().unwrap();
        // A profile folder as Japanese Windows names it: non-ASCII and a space.
        let base = temp.path().join("山田 太郎");
        std::fs::create_dir(&base).unwrap();
        assert!(
            !is_owner_only(&base).unwrap(),
            "a plain folder inherits its list"
        );

        let dir = base.join("Lockdesk").join("archive");
        create_private_dir_all(&dir).unwrap();
        assert!(is_owner_only(&base.join("Lockdesk")).unwrap());
        assert!(is_owner_only(&dir).unwrap());

        let file = dir.join("f.json");
        write_private_atomic(&file, b"{}").unwrap();
        assert!(is_owner_only(&file).unwrap());
        assert_eq!(std::fs::read(&file).unwrap(), b"{}");

        // In a folder the user shares (here: one with the inherited list), Lockdesk's files are
        // still owner-only; a file the user saves through a dialog keeps the folder's list.
        let shared = base.join("shared");
        std::fs::create_dir(&shared).unwrap();
        let archive = shared.join("acme.sqlite");
        drop(open_private(&archive).unwrap());
        assert!(is_owner_only(&archive).unwrap());
        let export = shared.join("out.csv");
        create_private(&export).unwrap().write_all(b"x").unwrap();
        assert!(is_owner_only(&export).unwrap());
        let saved = shared.join("saved.csv");
        create_saved(&saved).unwrap().write_all(b"x").unwrap();
        assert!(!is_owner_only(&saved).unwrap());

        // Made loose (the inherited list) by someone else: tightened at start.
        let loose = shared.join("loose");
        std::fs::create_dir(&loose).unwrap();
        tighten_tree(&loose, 1);
        assert!(is_owner_only(&loose).unwrap());
        tighten(&saved).unwrap();
        assert!(is_owner_only(&saved).unwrap());
    }
}
