//! The archive as a team shares it: its records in the order it stored them (to upload what
//! the team lacks), records stored as another archive numbered them, each lock's complete
//! stretches, and two marks kept with the records (how far the team's records were taken in,
//! and up to which record this archive has given its own).

use lockdesk_api::models::{Access, AccessLock, AccessUser, ClientType};
use rusqlite::params;

use crate::archive::Archive;
use crate::coverage::{self, Stretch};
use crate::error::Result;
use crate::model::{from_ms, to_ms};
use crate::{accesses, batches, meta};

/// One archived record with the lock it belongs to and its occurrence (see `accesses.rs`).
#[derive(Clone, Debug, PartialEq)]
pub struct SharedRecord {
    pub lock_id: String,
    pub record: Access,
    pub occurrence: i64,
}

impl SharedRecord {
    /// A record as a team's database holds it.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        lock_id: String,
        lock_name: Option<String>,
        created_at_ms: i64,
        user: Option<(String, Option<String>, Option<String>)>,
        kind: &str,
        is_locked: bool,
        occurrence: i64,
    ) -> SharedRecord {
        SharedRecord {
            record: Access {
                is_locked,
                client_type: ClientType::parse(kind),
                created_at: from_ms(created_at_ms),
                user: user.map(|(id, full_name, mail)| AccessUser {
                    id: Some(id),
                    full_name,
                    mail,
                    image_url: None,
                }),
                lock: Some(AccessLock {
                    id: Some(lock_id.clone()),
                    name: lock_name,
                    image_url: None,
                }),
            },
            lock_id,
            occurrence,
        }
    }

    pub fn created_at_ms(&self) -> i64 {
        to_ms(&self.record.created_at)
    }
}

/// Where this archive stands with one team: the key its marks are kept under (the team's
/// address: another team's database starts from nothing).
#[derive(Clone, Debug)]
pub struct TeamMarks {
    team: String,
}

impl TeamMarks {
    pub fn new(team: &str) -> TeamMarks {
        TeamMarks {
            team: team.to_owned(),
        }
    }

    fn taken(&self) -> String {
        format!("team_taken:{}", self.team)
    }

    fn given(&self) -> String {
        format!("{}{}", meta::TEAM_GIVEN_PREFIX, self.team)
    }
}

/// A row of [`Archive::records_after`]'s query.
fn shared_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<(i64, SharedRecord)> {
    let user: Option<String> = r.get(4)?;
    Ok((
        r.get(0)?,
        SharedRecord::new(
            r.get(1)?,
            r.get(2)?,
            r.get(3)?,
            user.map(|id| Ok::<_, rusqlite::Error>((id, r.get(5)?, r.get(6)?)))
                .transpose()?,
            &r.get::<_, String>(7)?,
            r.get(8)?,
            r.get(9)?,
        ),
    ))
}

impl Archive {
    /// Up to `limit` records stored after the record numbered `after`, in the order stored,
    /// each with its number. Names are the archive's newest.
    pub fn records_after(&self, after: i64, limit: u32) -> Result<Vec<(i64, SharedRecord)>> {
        let conn = self.conn();
        let limit = limit as usize;
        const SELECT: &str = "SELECT a.id, l.lock_id, l.name, a.created_at_ms, u.user_id,
                    u.name, u.mail, k.name, a.is_locked, a.occurrence
               FROM accesses a
               JOIN locks l ON l.id = a.lock_ref
               JOIN kinds k ON k.id = a.kind_ref
               LEFT JOIN users u ON u.id = a.user_ref";
        let mut of_lock = conn.prepare_cached(&format!(
            "{SELECT} WHERE a.lock_ref = ?1 AND a.created_at_ms BETWEEN ?2 AND ?3
                AND a.id BETWEEN ?4 AND ?5"
        ))?;
        // Records numbered when the archive was put in time order: numbers follow the table.
        let mut of_stretch = conn.prepare_cached(&format!(
            "{SELECT} WHERE a.created_at_ms BETWEEN ?1 AND ?2 AND a.id BETWEEN ?3 AND ?4
              ORDER BY a.created_at_ms, a.id LIMIT ?5"
        ))?;
        let mut found = Vec::new();
        // One batch (its locks' parts) at a time: numbers do not interleave across batches.
        let mut batch: Vec<(i64, SharedRecord)> = Vec::new();
        let mut batch_last = None;
        let flush = |batch: &mut Vec<(i64, SharedRecord)>, found: &mut Vec<_>| {
            batch.sort_by_key(|(id, _)| *id);
            found.append(batch);
            found.len() < limit
        };
        batches::after(&conn, after, |b| {
            if batch_last.is_some_and(|last| last != b.last_id) && !flush(&mut batch, &mut found) {
                return Ok(false);
            }
            batch_last = Some(b.last_id);
            let first = b.first_id.max(after + 1);
            let rows: Vec<_> = if b.lock_ref == 0 {
                let wanted = limit.saturating_sub(found.len() + batch.len()) as i64;
                of_stretch
                    .query_map(
                        params![b.from_ms, b.til_ms, first, b.last_id, wanted],
                        shared_row,
                    )?
                    .collect::<Result<_, _>>()?
            } else {
                of_lock
                    .query_map(
                        params![b.lock_ref, b.from_ms, b.til_ms, first, b.last_id],
                        shared_row,
                    )?
                    .collect::<Result<_, _>>()?
            };
            batch.extend(rows);
            Ok(true)
        })?;
        flush(&mut batch, &mut found);
        found.truncate(limit);
        Ok(found)
    }

    /// Every lock's complete stretches.
    pub fn stretches(&self) -> Result<Vec<(String, Stretch)>> {
        coverage::all(&self.conn())
    }

    /// How far this archive took in the team's records (the team's sequence number; 0: none)
    /// and up to which of its own records it has given the team.
    pub fn team_marks(&self, marks: &TeamMarks) -> Result<(i64, i64)> {
        let conn = self.conn();
        let read = |key: &str| -> Result<i64> {
            Ok(meta::get(&conn, key)?
                .and_then(|v| v.parse().ok())
                .unwrap_or(0))
        };
        Ok((read(&marks.taken())?, read(&marks.given())?))
    }

    /// Notes that this archive's records up to number `given` are the team's.
    pub fn set_team_given(&self, marks: &TeamMarks, given: i64) -> Result<()> {
        meta::set(&self.conn(), &marks.given(), &given.to_string())
    }

    /// Takes in a batch of the team's records (up to the team's sequence number `taken`) and,
    /// once the last batch is in, the team's stretches, in one transaction; how many records
    /// were new. When this archive had nothing of its own left to give, what it takes in is
    /// not given back.
    pub fn take_from_team(
        &self,
        marks: &TeamMarks,
        records: &[SharedRecord],
        stretches: &[(String, Stretch)],
        taken: i64,
    ) -> Result<usize> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let before = batches::last_id(&tx)?;
        let given: i64 = meta::get(&tx, &marks.given())?
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        let (accesses, occurrences): (Vec<Access>, Vec<i64>) = records
            .iter()
            .map(|r| (r.record.clone(), r.occurrence))
            .unzip();
        let new = accesses::insert_with_occurrences(&tx, &accesses, &occurrences)?;
        for (lock_id, s) in stretches {
            coverage::add(&tx, lock_id, *s)?;
        }
        if given == before {
            meta::set(&tx, &marks.given(), &batches::last_id(&tx)?.to_string())?;
        }
        meta::set(&tx, &marks.taken(), &taken.to_string())?;
        tx.commit()?;
        Ok(new)
    }
}
