//! A full disk, told apart from every other failure to write, the same way on every platform
//! and for every writer: SQLite's `SQLITE_FULL`, and the operating system's "no space" codes
//! (`ENOSPC` and `EDQUOT` on Unix, `ERROR_DISK_FULL` and `ERROR_HANDLE_DISK_FULL` on Windows).
//! Also the free space of a folder's disk ([`free_space`], through `fs4`), for the writers that
//! ask for room before they write, and [`FullWatch`], a writer that notes a full disk under a
//! streamed export whose own error type keeps only text.

use std::io::{self, Write};
use std::path::Path;

/// The free space a small store asks for before it writes: a transaction's pages and the
/// growth of its write-ahead log fit with room to spare. With less, the write is refused as
/// `disk_full` before anything is written.
pub const STORE_RESERVE: u64 = 256 * 1024;

/// Which table of operating-system codes applies (a parameter so that every table is tested on
/// every platform).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Platform {
    Linux,
    MacOs,
    Windows,
}

impl Platform {
    /// The platform this program runs on (other Unixes read Linux's table of POSIX codes).
    pub const fn current() -> Platform {
        if cfg!(windows) {
            Platform::Windows
        } else if cfg!(target_os = "macos") {
            Platform::MacOs
        } else {
            Platform::Linux
        }
    }
}

/// Whether an operating system's error code means that the disk (or the user's quota on it) is
/// full: `ENOSPC` (28) and `EDQUOT` (122 on Linux, 69 on macOS); on Windows `ERROR_DISK_FULL`
/// (112) and `ERROR_HANDLE_DISK_FULL` (39).
pub fn os_code_is_disk_full(platform: Platform, code: i32) -> bool {
    match platform {
        Platform::Linux => matches!(code, 28 | 122),
        Platform::MacOs => matches!(code, 28 | 69),
        Platform::Windows => matches!(code, 112 | 39),
    }
}

/// Whether a failed file operation failed because the disk is full.
pub fn io_is_disk_full(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded
    ) || e
        .raw_os_error()
        .is_some_and(|c| os_code_is_disk_full(Platform::current(), c))
        || e.get_ref()
            .and_then(|inner| inner.downcast_ref::<io::Error>())
            .is_some_and(io_is_disk_full)
}

/// Whether SQLite failed because the disk is full (`SQLITE_FULL`).
pub fn sqlite_is_disk_full(e: &rusqlite::Error) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::DiskFull)
}

/// Whether SQLite found its file damaged: `SQLITE_CORRUPT` (a page or the structure does not
/// read), `SQLITE_NOTADB` (the header is not SQLite's).
pub fn sqlite_is_damage(e: &rusqlite::Error) -> bool {
    matches!(
        e,
        rusqlite::Error::SqliteFailure(f, _)
            if matches!(
                f.code,
                rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase
            )
    )
}

/// The bytes a program without special rights may still write on the disk of `folder` (of its
/// nearest existing ancestor, when `folder` is not made yet); `None` when the system does not
/// say.
pub fn free_space(folder: &Path) -> Option<u64> {
    let existing = folder.ancestors().find(|p| p.exists())?;
    fs4::available_space(existing).ok()
}

/// Whether at least `needed` bytes are free on the disk of `folder` (taken as yes when the
/// system does not say: the write itself then tells).
pub fn has_room(folder: &Path, needed: u64) -> bool {
    free_space(folder).is_none_or(|free| free >= needed)
}

/// A writer that counts what went through and remembers whether a write found the disk full:
/// an export's error keeps only text, so the file's writer asks this afterwards.
pub struct FullWatch<W> {
    inner: W,
    written: u64,
    full: bool,
}

impl<W: Write> FullWatch<W> {
    pub fn new(inner: W) -> FullWatch<W> {
        FullWatch {
            inner,
            written: 0,
            full: false,
        }
    }

    /// Bytes accepted so far.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Whether a write or flush failed because the disk is full.
    pub fn found_full(&self) -> bool {
        self.full
    }

    pub fn into_inner(self) -> W {
        self.inner
    }

    fn note<T>(&mut self, r: io::Result<T>) -> io::Result<T> {
        if let Err(e) = &r {
            self.full |= io_is_disk_full(e);
        }
        r
    }
}

impl<W: Write> Write for FullWatch<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let r = self.inner.write(buf);
        let n = self.note(r)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        let r = self.inner.flush();
        self.note(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_platforms_no_space_codes_are_a_full_disk_and_no_others() {
        // ENOSPC, EDQUOT; Windows' ERROR_DISK_FULL and ERROR_HANDLE_DISK_FULL.
        for (platform, full) in [
            (Platform::Linux, [28, 122]),
            (Platform::MacOs, [28, 69]),
            (Platform::Windows, [112, 39]),
        ] {
            for code in full {
                assert!(os_code_is_disk_full(platform, code), "{platform:?} {code}");
            }
            // Access denied (13 / 5), no such file (2), sharing violation (32), EIO (5).
            for code in [2, 5, 13, 32, 0] {
                assert!(!os_code_is_disk_full(platform, code), "{platform:?} {code}");
            }
        }
        // Windows' codes are not a full disk on Linux (39 is ENOTEMPTY there) and back.
        assert!(!os_code_is_disk_full(Platform::Linux, 39));
        assert!(!os_code_is_disk_full(Platform::Windows, 28));
    }

    #[test]
    fn io_errors_by_kind_by_code_and_wrapped() {
        assert!(io_is_disk_full(&io::Error::from(
            io::ErrorKind::StorageFull
        )));
        assert!(io_is_disk_full(&io::Error::from(
            io::ErrorKind::QuotaExceeded
        )));
        let code = if cfg!(windows) { 112 } else { 28 };
        let os = io::Error::from_raw_os_error(code);
        assert!(io_is_disk_full(&os));
        // tempfile and others wrap the system's error in one of their own.
        assert!(io_is_disk_full(&io::Error::other(os)));
        assert!(!io_is_disk_full(&io::Error::from(
            io::ErrorKind::PermissionDenied
        )));
    }

    #[test]
    fn sqlite_codes() {
        let e = |code| {
            rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(code), Some("x".into()))
        };
        assert!(sqlite_is_disk_full(&e(rusqlite::ffi::SQLITE_FULL)));
        assert!(sqlite_is_damage(&e(rusqlite::ffi::SQLITE_CORRUPT)));
        assert!(sqlite_is_damage(&e(rusqlite::ffi::SQLITE_NOTADB)));
        assert!(!sqlite_is_damage(&e(rusqlite::ffi::SQLITE_BUSY)));
        assert!(!sqlite_is_disk_full(&e(rusqlite::ffi::SQLITE_IOERR)));
    }

    #[test]
    fn the_watch_counts_what_went_through() {
        let mut ok = FullWatch::new(Vec::new());
        ok.write_all(b"abc").unwrap();
        assert_eq!((ok.written(), ok.found_full()), (3, false));
    }
}
