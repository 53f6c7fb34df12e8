//! Since when this computer has not reached its team's database, for "unreachable since …" on
//! the Activity screen and in `lockctl team status`: `team-unreachable` in the data folder,
//! holding the first failed try's time, removed by the next success. Written only when the
//! answer changes; a file that does not read (damaged, half restored) counts as "since now".

use std::path::Path;

use chrono::{DateTime, Utc};
use lockdesk_archive::private_fs;

pub const UNREACHABLE_FILE: &str = "team-unreachable";

/// Notes whether the database answered at `now`; since when it has not, when it did not.
pub fn note_reached(
    data_folder: &Path,
    reached: bool,
    now: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    let path = data_folder.join(UNREACHABLE_FILE);
    if reached {
        // Gone already is as good; a file that cannot be removed says "since" a little longer.
        let _ = std::fs::remove_file(&path);
        return None;
    }
    if let Some(since) = unreachable_since(data_folder) {
        return Some(since);
    }
    let text = now.to_rfc3339();
    // Not kept (a full disk): the time is still answered, and noted again at the next try.
    let _ = private_fs::create_private_dir_all(data_folder)
        .and_then(|()| private_fs::write_private_atomic(&path, text.as_bytes()));
    Some(now)
}

/// Since when the database has not answered, as last noted.
pub fn unreachable_since(data_folder: &Path) -> Option<DateTime<Utc>> {
    let text = std::fs::read_to_string(data_folder.join(UNREACHABLE_FILE)).ok()?;
    DateTime::parse_from_rfc3339(text.trim())
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn the_first_failure_is_kept_until_a_success() {
        let dir = tempfile::tempdir().unwrap();
        let at = |h| Utc.with_ymd_and_hms(2026, 11, 27, h, 0, 0).unwrap();
        assert_eq!(unreachable_since(dir.path()), None);
        assert_eq!(note_reached(dir.path(), false, at(9)), Some(at(9)));
        assert_eq!(note_reached(dir.path(), false, at(10)), Some(at(9)));
        assert_eq!(unreachable_since(dir.path()), Some(at(9)));
        assert_eq!(note_reached(dir.path(), true, at(11)), None);
        assert_eq!(unreachable_since(dir.path()), None);
        // Half a file restored from a backup: the next failure starts again.
        std::fs::write(dir.path().join(UNREACHABLE_FILE), "2026-11-2").unwrap();
        assert_eq!(unreachable_since(dir.path()), None);
        assert_eq!(note_reached(dir.path(), false, at(12)), Some(at(12)));
        assert_eq!(unreachable_since(dir.path()), Some(at(12)));
    }
}
