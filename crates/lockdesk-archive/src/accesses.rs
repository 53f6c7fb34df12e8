//! The `accesses` table: archived records, stored once each.
//!
//! ## What identifies a record
//!
//! v2 records have no id. A record is identified by its lock, its time to the millisecond, its
//! user (or none), its kind (`client_type`) and whether it locked or unlocked, plus its
//! *occurrence*: the how-manyeth identical record it is within the one answer page it came in.
//! A UNIQUE constraint over all six and `INSERT OR IGNORE` make storing idempotent:
//!
//! * a record fetched twice (overlapping incremental syncs, a page repeated after a restart, an
//!   offset shifted by a late record) is identical in every field and gets occurrence 0 both
//!   times: it is stored once;
//! * two records that differ in any field are both kept;
//! * two truly identical records (same person, same door, same kind, same millisecond) that
//!   arrive in the same page are both kept (occurrences 0 and 1). A page is one consistent
//!   answer of the service, so the only way to see identical records twice *within* a page is
//!   that they are two records. Across pages the same record can legitimately appear twice
//!   (offsets shift), so there identical records collapse: two identical events split exactly
//!   over a page boundary, in every fetch, are kept as one. That needs one person to operate one
//!   door twice the same way within one millisecond and the service to cut a page between the
//!   two, which we accept rather than ever storing a record twice.

use std::collections::HashMap;

use lockdesk_api::models::Access;
use rusqlite::{params, Connection};

use crate::batches::Numbering;
use crate::error::Result;
use crate::model::to_ms;
use crate::rollup_insert::Added;
use crate::{kinds, locks, users};

/// Stores one answer page (or any batch treated as one); returns how many records were new.
/// Call inside a transaction. `lock_id` is used for records that carry no lock. Every insert
/// into `accesses` goes through here: it numbers the new records (noting the batch, see
/// batches.rs) and adds them to the rollups of schema 4.
pub fn insert_page(conn: &Connection, lock_id: &str, records: &[Access]) -> Result<usize> {
    store_records(conn, lock_id, records, None)
}

/// Stores records with the occurrences another archive gave them (`occurrences[i]` is that of
/// `records[i]`): a batch cut anywhere keeps identical records apart as their first archive did.
pub fn insert_with_occurrences(
    conn: &Connection,
    records: &[Access],
    occurrences: &[i64],
) -> Result<usize> {
    store_records(conn, "", records, Some(occurrences))
}

fn store_records(
    conn: &Connection,
    lock_id: &str,
    records: &[Access],
    given: Option<&[i64]>,
) -> Result<usize> {
    let mut lock_refs: HashMap<&str, i64> = HashMap::new();
    let mut user_refs: HashMap<&str, i64> = HashMap::new();
    let mut kind_refs: HashMap<&str, i64> = HashMap::new();

    // Names: the newest record of the batch names each lock and user.
    let mut newest_lock: HashMap<&str, &Access> = HashMap::new();
    let mut newest_user: HashMap<&str, &Access> = HashMap::new();
    for a in records {
        let lid = record_lock(a, lock_id);
        let e = newest_lock.entry(lid).or_insert(a);
        if a.created_at > e.created_at {
            *e = a;
        }
        if let Some(uid) = record_user(a) {
            let e = newest_user.entry(uid).or_insert(a);
            if a.created_at > e.created_at {
                *e = a;
            }
        }
    }
    for (lid, a) in newest_lock {
        let l = a.lock.as_ref();
        let r = locks::upsert(
            conn,
            lid,
            l.and_then(|l| l.name.as_deref()),
            l.and_then(|l| l.image_url.as_deref()),
            to_ms(&a.created_at),
        )?;
        lock_refs.insert(lid, r);
    }
    for (uid, a) in newest_user {
        let u = a.user.as_ref();
        let r = users::upsert(
            conn,
            uid,
            u.and_then(|u| u.full_name.as_deref()),
            u.and_then(|u| u.mail.as_deref()),
            u.and_then(|u| u.image_url.as_deref()),
            to_ms(&a.created_at),
        )?;
        user_refs.insert(uid, r);
    }

    let mut occurrences: HashMap<(i64, i64, i64, i64, bool), i64> = HashMap::new();
    let mut insert = conn.prepare_cached(
        "INSERT OR IGNORE INTO accesses
             (id, lock_ref, created_at_ms, user_ref, kind_ref, is_locked, occurrence)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    let mut added = Added::new(conn)?;
    let mut numbering = Numbering::start(conn)?;
    let mut new = 0;
    for (i, a) in records.iter().enumerate() {
        let lock_ref = lock_refs[record_lock(a, lock_id)];
        let user_ref = record_user(a).map_or(0, |u| user_refs[u]);
        let kind = a.client_type.as_str();
        let kind_ref = match kind_refs.get(kind) {
            Some(r) => *r,
            None => {
                let r = kinds::ref_of(conn, kind)?;
                kind_refs.insert(kind, r);
                r
            }
        };
        let ms = to_ms(&a.created_at);
        let occ = occurrences
            .entry((lock_ref, ms, user_ref, kind_ref, a.is_locked))
            .or_insert(0);
        let this = given.map_or(*occ, |g| g[i]);
        let stored = insert.execute(params![
            numbering.next(),
            lock_ref,
            ms,
            user_ref,
            kind_ref,
            a.is_locked,
            this
        ])?;
        if stored > 0 {
            added.add(lock_ref, ms, user_ref, kind_ref, a.is_locked);
            numbering.stored(lock_ref, ms);
        }
        new += stored;
        *occ += 1;
    }
    added.store(conn)?;
    numbering.finish(conn)?;
    Ok(new)
}

fn record_lock<'a>(a: &'a Access, fallback: &'a str) -> &'a str {
    a.lock
        .as_ref()
        .and_then(|l| l.id.as_deref())
        .filter(|id| !id.is_empty())
        .unwrap_or(fallback)
}

fn record_user(a: &Access) -> Option<&str> {
    a.user
        .as_ref()
        .and_then(|u| u.id.as_deref())
        .filter(|id| !id.is_empty())
}

/// Newest archived record time of a lock (ms).
pub fn newest_ms(conn: &Connection, lock_id: &str) -> Result<Option<i64>> {
    Ok(conn
        .prepare_cached(
            "SELECT max(a.created_at_ms) FROM accesses a
             WHERE a.lock_ref = (SELECT id FROM locks WHERE lock_id = ?1)",
        )?
        .query_row([lock_id], |r| r.get(0))?)
}
