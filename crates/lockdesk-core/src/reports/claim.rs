//! The claim a writer puts beside a report file in its folder, `.NAME.claim`, created
//! exclusively: the folder is often a share several computers write into (each with its own run
//! store), and the claim keeps a second one from writing the same period while the first does.
//! It names the writer (host, process, time) for whoever finds it.
//!
//! A claim is stale, and taken over, when it is older than [`STALE_AFTER`] (a writer that was
//! killed, or a computer that went away mid-run, never removes its claim), or at once when it
//! names a process of this computer that is gone. Should two writers ever both write (a stale
//! claim taken over by two at the same moment), the file is still whole: each writes its own
//! temporary file and the final name is given without replacing an existing file (`write.rs`).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use crate::this_process;

/// A claim older than this was left by a writer that stopped (the run store's own bound).
pub(crate) const STALE_AFTER: Duration =
    Duration::milliseconds(crate::reports::runs::STALE_AFTER_MS);

/// What a claim file holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Holder {
    pub host: String,
    pub pid: u32,
    pub at: DateTime<Utc>,
}

impl Holder {
    fn this_process(now: DateTime<Utc>) -> Holder {
        Holder {
            host: this_process::host_name().unwrap_or_default(),
            pid: std::process::id(),
            at: now,
        }
    }

    /// Whether the claim may be taken over at `now`.
    fn is_stale(&self, now: DateTime<Utc>) -> bool {
        if now - self.at >= STALE_AFTER {
            return true;
        }
        this_process::is_gone(&self.host, self.pid)
    }
}

/// A claim this program holds; removed when dropped (unless another took it over meanwhile).
pub(crate) struct Claim {
    path: PathBuf,
    holder: Holder,
}

/// What trying to claim found.
pub(crate) enum Claimed {
    Mine(Claim),
    /// Another writer holds it.
    Held,
}

impl Claim {
    /// Claims `path` for this program at `now`: created new, or taken over from a stale claim.
    pub(crate) fn take(path: &Path, now: DateTime<Utc>) -> io::Result<Claimed> {
        let holder = Holder::this_process(now);
        let text = serde_json::to_string(&holder).map_err(io::Error::other)?;
        // Twice at most: once more after a stale claim was removed.
        for _ in 0..2 {
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)
            {
                Ok(mut file) => {
                    file.write_all(text.as_bytes())?;
                    file.sync_all()?;
                    return Ok(Claimed::Mine(Claim {
                        path: path.to_owned(),
                        holder,
                    }));
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    match read_holder(path) {
                        // Still being written by its maker, or a planted folder or link: not
                        // ours to remove unless it reads as a stale claim.
                        Some(found) if found.is_stale(now) => {
                            tracing::info!(
                                claim = %path.display(),
                                host = %found.host,
                                pid = found.pid,
                                "a stale report claim is taken over"
                            );
                            match std::fs::remove_file(path) {
                                Ok(()) => {}
                                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                                Err(e) => return Err(e),
                            }
                        }
                        Some(_) => return Ok(Claimed::Held),
                        None if claim_age(path).is_some_and(|age| age >= STALE_AFTER) => {
                            // Unreadable (a writer killed between creating and writing it).
                            let _ = std::fs::remove_file(path);
                        }
                        None => return Ok(Claimed::Held),
                    }
                }
                Err(e) => return Err(e),
            }
        }
        Ok(Claimed::Held)
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        // Another writer may have taken it over as stale meanwhile: its claim stays.
        if read_holder(&self.path).as_ref() == Some(&self.holder) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// The holder written in the claim at `path`; `None` when it is not a claim that reads.
pub(crate) fn read_holder(path: &Path) -> Option<Holder> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    if !meta.is_file() || meta.len() > 4096 {
        return None;
    }
    serde_json::from_slice(&std::fs::read(path).ok()?).ok()
}

/// How long ago the claim file was last written, by the file system's clock.
fn claim_age(path: &Path) -> Option<Duration> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    if !meta.is_file() {
        return None;
    }
    let age = meta.modified().ok()?.elapsed().ok()?;
    Duration::from_std(age).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claim_is_held_until_dropped_and_a_stale_one_taken_over() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(".月次_2026-10.xlsx.claim");
        let now = Utc::now();
        let Claimed::Mine(first) = Claim::take(&path, now).unwrap() else {
            panic!("a free claim was not taken");
        };
        assert!(matches!(Claim::take(&path, now).unwrap(), Claimed::Held));
        assert_eq!(read_holder(&path).unwrap().pid, std::process::id());
        drop(first);
        assert!(!path.exists(), "released on drop");

        // Another computer's claim: held while fresh, taken over once stale.
        let other = Holder {
            host: "another-computer".into(),
            pid: 1,
            at: now,
        };
        std::fs::write(&path, serde_json::to_string(&other).unwrap()).unwrap();
        assert!(matches!(Claim::take(&path, now).unwrap(), Claimed::Held));
        let later = now + STALE_AFTER;
        let Claimed::Mine(taken) = Claim::take(&path, later).unwrap() else {
            panic!("a stale claim was not taken over");
        };
        assert_eq!(read_holder(&path).unwrap().at, later);
        drop(taken);
        assert!(!path.exists());
    }
}
