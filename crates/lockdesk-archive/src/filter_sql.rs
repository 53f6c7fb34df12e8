//! A filter turned into the `WHERE` over `accesses a` that every read shares.

use std::borrow::Cow;

use rusqlite::types::Value;
use rusqlite::Connection;

use crate::error::Result;
use crate::model::{to_ms, HistoryFilter};
use crate::people::People;
use crate::{kinds, locks};

/// A filter turned into SQL over `accesses a`: ids resolved to refs first, so the planner
/// sees plain integer conditions it can match to the indexes.
pub struct Where {
    pub sql: String,
    pub params: Vec<Value>,
    /// The filter can match nothing (an unknown lock or user).
    pub empty: bool,
    /// The refs of a filter on locks (empty: any lock).
    pub lock_refs: Vec<i64>,
    /// The conditions other than the one on locks.
    others: Vec<String>,
}

impl Where {
    /// The `WHERE` of the filter narrowed to the one lock `lock_ref` (same params).
    pub fn for_lock(&self, lock_ref: i64) -> String {
        sql_of(&[format!("a.lock_ref = {lock_ref}")], &self.others)
    }

    /// The `WHERE` for one walk over the records in time order, the locks checked on the way
    /// (`+`: no index of locks, whose ranges would then all be read and sorted).
    pub fn walking(&self) -> String {
        sql_of(&[in_list("+a.lock_ref", &self.lock_refs)], &self.others)
    }
}

/// `f` without its locks when they name every lock the archive holds: the same records, read
/// as a filter on no lock, which the rollups answer (History asks for its organization's locks,
/// which for one organization's archive are all of them: a thousand in a big office).
pub(crate) fn every_lock_as_none<'f>(
    conn: &Connection,
    f: &'f HistoryFilter,
) -> Result<Cow<'f, HistoryFilter>> {
    if f.lock_ids.is_empty() {
        return Ok(Cow::Borrowed(f));
    }
    let marks = vec!["?"; f.lock_ids.len()].join(",");
    let named_all: bool = conn
        .prepare_cached(&format!(
            "SELECT (SELECT count(*) FROM locks WHERE lock_id IN ({marks}))
                  = (SELECT count(*) FROM locks)"
        ))?
        .query_row(
            rusqlite::params_from_iter(f.lock_ids.iter().map(|id| id.trim())),
            |r| r.get(0),
        )?;
    Ok(if named_all {
        Cow::Owned(HistoryFilter {
            lock_ids: Vec::new(),
            ..f.clone()
        })
    } else {
        Cow::Borrowed(f)
    })
}

/// More locks than this in a filter by a person or a kind read the person's or the kind's
/// records, not the locks'; and a page of more walks the records in time order instead of
/// merging each lock's own first rows.
pub(crate) const MANY_LOCKS: usize = 16;

pub fn where_clause(conn: &Connection, people: &People, f: &HistoryFilter) -> Result<Where> {
    let mut conds: Vec<String> = Vec::new();
    let mut params: Vec<Value> = Vec::new();
    let mut empty = false;
    let mut lock_refs = Vec::new();
    for id in &f.lock_ids {
        if let Some(r) = locks::ref_of(conn, id.trim())? {
            lock_refs.push(r);
        }
    }
    // Once each: a page of several locks merges one walk per lock.
    lock_refs.sort_unstable();
    lock_refs.dedup();
    if !f.lock_ids.is_empty() {
        empty |= lock_refs.is_empty();
        conds.push(in_list("a.lock_ref", &lock_refs));
    }
    // Which index finds the records is chosen here, with `+` on the columns whose index must
    // not be used: an archive filled by syncs has no statistics, and SQLite's guesses without
    // them picked the least selective index (10 million records: a page by a person and a kind
    // walked the kind's 1.4 million, p95 15 ms against 2.7 ms; a name piece over an
    // organization's thousand locks read every record of those locks, 2.3 s against 0.18 s).
    // A person's records come first, then a few locks', then a kind's.
    let by_user = f.user.as_deref().map(str::trim).filter(|u| !u.is_empty());
    let many_locks = lock_refs.len() > MANY_LOCKS;
    if let Some(user) = by_user {
        let refs = people.matching(conn, user)?;
        empty |= refs.is_empty();
        conds.push(in_list("a.user_ref", &refs));
    }
    if !f.kinds.is_empty() {
        let refs = kinds::refs(conn, &f.kinds)?;
        empty |= refs.is_empty();
        let by_locks = !lock_refs.is_empty() && !many_locks;
        let column = if by_user.is_some() || by_locks {
            "+a.kind_ref"
        } else {
            "a.kind_ref"
        };
        conds.push(in_list(column, &refs));
    }
    if many_locks && (by_user.is_some() || !f.kinds.is_empty()) {
        conds[0] = in_list("+a.lock_ref", &lock_refs);
    }
    if let Some(from) = &f.from {
        conds.push("a.created_at_ms >= ?".into());
        params.push(Value::Integer(to_ms(from)));
    }
    if let Some(til) = &f.til {
        conds.push("a.created_at_ms < ?".into());
        params.push(Value::Integer(to_ms(til)));
    }
    if let Some(locked) = f.is_locked {
        conds.push(format!("a.is_locked = {}", i64::from(locked)));
    }
    let others = conds.split_off(usize::from(!f.lock_ids.is_empty()));
    Ok(Where {
        sql: sql_of(&conds, &others),
        params,
        empty,
        lock_refs,
        others,
    })
}

fn sql_of(lock: &[String], others: &[String]) -> String {
    if lock.is_empty() && others.is_empty() {
        return String::new();
    }
    format!("WHERE {}", [lock, others].concat().join(" AND "))
}

pub(crate) fn in_list(column: &str, refs: &[i64]) -> String {
    if refs.is_empty() {
        return "0".into();
    }
    let list: Vec<String> = refs.iter().map(i64::to_string).collect();
    format!("{column} IN ({})", list.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Archive;
    use lockdesk_api::models::{Access, AccessLock, AccessUser, ClientType};

    /// The plan SQLite picks for counting `f`, on an archive without statistics (as a synced
    /// one is).
    fn count_plan(a: &Archive, f: &HistoryFilter) -> String {
        let conn = a.conn();
        let w = where_clause(&conn, &a.people, f).unwrap();
        let sql = format!(
            "EXPLAIN QUERY PLAN SELECT count(*) FROM accesses a {}",
            w.sql
        );
        let mut stmt = conn.prepare(&sql).unwrap();
        let rows = stmt
            .query_map(rusqlite::params_from_iter(w.params.iter()), |r| {
                r.get::<_, String>(3)
            })
            .unwrap();
        rows.map(Result::unwrap).collect::<Vec<_>>().join("; ")
    }

    /// An archive of 40 locks with a record each, by 山田 1…40, through an IC card.
    fn forty_locks() -> (tempfile::TempDir, Archive, Vec<String>) {
        let dir = tempfile::tempdir().unwrap();
        let a = Archive::open(dir.path().join("v2.sqlite")).unwrap();
        let locks: Vec<String> = (0..40).map(|i| format!("L{i:02}")).collect();
        for (i, lock) in locks.iter().enumerate() {
            let rec = Access {
                is_locked: false,
                client_type: ClientType::parse("nfc_outside"),
                created_at: lockdesk_api::parse_time(&format!("2026-03-02T00:{i:02}:00Z")).unwrap(),
                user: Some(AccessUser {
                    id: Some(format!("U{i}")),
                    full_name: Some(format!("山田 {i}")),
                    mail: None,
                    image_url: None,
                }),
                lock: Some(AccessLock {
                    id: Some(lock.clone()),
                    name: Some(lock.clone()),
                    image_url: None,
                }),
            };
            a.insert_records(lock, &[rec]).unwrap();
        }
        (dir, a, locks)
    }

    #[test]
    fn a_name_over_many_locks_is_read_from_the_people_index() {
        let (_dir, a, locks) = forty_locks();
        let by = |n: usize| HistoryFilter {
            lock_ids: locks[..n].to_vec(),
            user: Some("山田".into()),
            ..Default::default()
        };
        let many = count_plan(&a, &by(MANY_LOCKS + 1));
        assert!(many.contains("accesses_user_time"), "{many}");
        // A few locks: their own records are the fewer to read.
        let few = count_plan(&a, &by(2));
        assert!(!few.contains("accesses_user_time"), "{few}");
    }

    #[test]
    fn a_kind_is_read_by_its_own_index_only_when_nothing_narrower_is_asked() {
        let (_dir, a, locks) = forty_locks();
        let kind = |n: usize, user: Option<&str>| HistoryFilter {
            lock_ids: locks[..n].to_vec(),
            user: user.map(str::to_owned),
            kinds: vec!["nfc_outside".into()],
            ..Default::default()
        };
        // A person and a kind: the person's records (a kind is a seventh of the archive).
        for n in [0, MANY_LOCKS + 1] {
            let plan = count_plan(&a, &kind(n, Some("山田")));
            assert!(plan.contains("accesses_user_time"), "{n} locks: {plan}");
        }
        // A few locks and a kind, with a person or not: the locks' records.
        for user in [None, Some("山田")] {
            let few = count_plan(&a, &kind(2, user));
            assert!(
                few.contains("accesses_identity (lock_ref=?)"),
                "{user:?}: {few}"
            );
        }
        // Many locks or none, and a kind: the kind's records.
        for n in [0, MANY_LOCKS + 1] {
            let plan = count_plan(&a, &kind(n, None));
            assert!(plan.contains("accesses_kind_time"), "{n} locks: {plan}");
        }
    }
}
