//! Each lock's newest archived record and how far back the archive holds its history: the input
//! of the silent-lock rule, read the same way by the watch round and Today.

use chrono::{DateTime, Utc};
use lockdesk_archive::{Archive, HistoryFilter, HistoryQuery, SortOrder};

use crate::watch::LockActivity;

/// `locks` as (id, name), each with its newest record before `now`.
pub fn lock_activity(
    archive: &Archive,
    locks: &[(String, Option<String>)],
    now: DateTime<Utc>,
) -> lockdesk_archive::Result<Vec<LockActivity>> {
    let ids: Vec<String> = locks.iter().map(|(id, _)| id.clone()).collect();
    let (mut complete, _) = archive.completeness(&ids)?;
    let mut out = Vec::with_capacity(locks.len());
    for (id, name) in locks {
        let page = archive.query(&HistoryQuery {
            filter: HistoryFilter {
                lock_ids: vec![id.clone()],
                til: Some(now),
                ..Default::default()
            },
            sort: SortOrder::NewestFirst,
            limit: 1,
            ..Default::default()
        })?;
        out.push(LockActivity {
            lock_id: id.clone(),
            lock_name: name.clone(),
            last_record_at: page.rows.first().map(|r| r.created_at),
            complete: complete.remove(id).unwrap_or_default(),
        });
    }
    Ok(out)
}
