//! The team's history archive: one computer at a time syncs the history from the service
//! (it holds the lease of the service's address, renewed while it syncs; a holder that stops
//! or sleeps loses it when the lease runs out) and uploads what its own archive took in; every
//! computer takes the records in the order they were uploaded into its own archive, and with
//! them each lock's stretches known complete. `lockdesk_history` is the records' read-only
//! view for Excel or Power BI.

use std::time::Duration;

use chrono::{DateTime, Utc};
use tokio_postgres::{Client, IsolationLevel, Transaction};

use crate::computer::Computer;
use crate::error::Result;
use crate::schema::SchemaState;

/// One archived record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRecord {
    pub lock_id: String,
    pub lock_name: Option<String>,
    pub created_at: DateTime<Utc>,
    pub user: Option<TeamUser>,
    pub kind: String,
    pub is_locked: bool,
    /// Its place among identical records, as the archive that uploaded it numbered them.
    pub occurrence: i32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamUser {
    pub id: String,
    pub name: Option<String>,
    pub mail: Option<String>,
}

/// A stretch `[from_ms, til_ms)` of a lock's history held completely (`from_ms` `None`: from
/// its first record).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamStretch {
    pub lock_id: String,
    pub from_ms: Option<i64>,
    pub til_ms: i64,
}

/// What asking for the lease found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lease {
    /// This computer syncs, until it renews or lets go.
    Mine,
    /// Another computer syncs now.
    Held {
        computer: String,
        os_user: String,
        until: DateTime<Utc>,
    },
    /// The team's archive was synced within the bound asked: nobody needs to sync now.
    Fresh {
        computer: String,
        synced_at: DateTime<Utc>,
    },
}

/// The advisory lock an upload holds: uploads follow one another, so sequence numbers are
/// visible in the order they were given and a reader taking "after N" never skips one.
const UPLOAD_LOCK: i32 = 0x4c44; // "LD"

/// Asks for `service`'s lease for `hold`: this computer's when nobody holds it (or
/// this computer does) and no sync finished within `fresh_within` (zero: sync anyway).
pub async fn take_lease(
    client: &mut Client,
    schema: SchemaState,
    service: &str,
    by: &Computer,
    hold: Duration,
    fresh_within: Duration,
) -> Result<Lease> {
    schema.writable()?;
    let tx = client.transaction().await?;
    tx.execute(
        "INSERT INTO history_lease (service, computer_id, computer, os_user, until)
         VALUES ($1, '', '', '', '-infinity') ON CONFLICT DO NOTHING",
        &[&service],
    )
    .await?;
    let row = tx
        .query_one(
            "SELECT computer_id, computer, os_user, until, until > now(),
                    COALESCE(synced_by, ''), synced_at,
                    synced_at > now() - make_interval(secs => $2)
               FROM history_lease WHERE service = $1 FOR UPDATE",
            &[&service, &fresh_within.as_secs_f64()],
        )
        .await?;
    let (holder, held_now): (String, bool) = (row.get(0), row.get(4));
    let lease = if held_now && holder != by.id {
        Lease::Held {
            computer: row.get(1),
            os_user: row.get(2),
            until: row.get(3),
        }
    } else if row.get::<_, Option<bool>>(7) == Some(true) {
        Lease::Fresh {
            computer: row.get(5),
            synced_at: row.get(6),
        }
    } else {
        tx.execute(
            "UPDATE history_lease
                SET computer_id = $2, computer = $3, os_user = $4,
                    until = now() + make_interval(secs => $5)
              WHERE service = $1",
            &[&service, &by.id, &by.name, &by.os_user, &hold.as_secs_f64()],
        )
        .await?;
        Lease::Mine
    };
    tx.commit().await?;
    Ok(lease)
}

/// Holds this computer's lease `hold` longer; `false` when it is no longer this computer's
/// (it ran out and another took it).
pub async fn renew_lease(
    client: &Client,
    service: &str,
    by: &Computer,
    hold: Duration,
) -> Result<bool> {
    let n = client
        .execute(
            "UPDATE history_lease SET until = now() + make_interval(secs => $3)
              WHERE service = $1 AND computer_id = $2",
            &[&service, &by.id, &hold.as_secs_f64()],
        )
        .await?;
    Ok(n == 1)
}

/// Lets this computer's lease go, noting a finished sync (`synced`) or not (it failed or was
/// cancelled: the next computer to ask syncs).
pub async fn let_go(client: &Client, service: &str, by: &Computer, synced: bool) -> Result<()> {
    client
        .execute(
            "UPDATE history_lease
                SET until = now(),
                    synced_at = CASE WHEN $3 THEN now() ELSE synced_at END,
                    synced_by = CASE WHEN $3 THEN computer ELSE synced_by END
              WHERE service = $1 AND computer_id = $2",
            &[&service, &by.id, &synced],
        )
        .await?;
    Ok(())
}

/// Uploads `records` of `service` (each once: one already there changes nothing);
/// how many were new.
pub async fn upload(
    client: &mut Client,
    schema: SchemaState,
    service: &str,
    records: &[TeamRecord],
) -> Result<u64> {
    schema.writable()?;
    let tx = client.transaction().await?;
    tx.execute(
        "SELECT pg_advisory_xact_lock($1, hashtext($2))",
        &[&UPLOAD_LOCK, &service],
    )
    .await?;
    let col = |f: fn(&TeamRecord) -> Option<String>| records.iter().map(f).collect::<Vec<_>>();
    let lock_ids: Vec<&str> = records.iter().map(|r| r.lock_id.as_str()).collect();
    let times: Vec<DateTime<Utc>> = records.iter().map(|r| r.created_at).collect();
    let user_ids: Vec<String> = col(|r| r.user.as_ref().map(|u| u.id.clone()))
        .into_iter()
        .map(Option::unwrap_or_default)
        .collect();
    let kinds: Vec<&str> = records.iter().map(|r| r.kind.as_str()).collect();
    let locked: Vec<bool> = records.iter().map(|r| r.is_locked).collect();
    let occurrences: Vec<i32> = records.iter().map(|r| r.occurrence).collect();
    let lock_names = col(|r| r.lock_name.clone());
    let user_names = col(|r| r.user.as_ref().and_then(|u| u.name.clone()));
    let user_mails = col(|r| r.user.as_ref().and_then(|u| u.mail.clone()));
    let new = tx
        .execute(
            "INSERT INTO history_records (service, lock_id, created_at, user_id, kind,
                                          is_locked, occurrence, lock_name, user_name, user_mail)
             SELECT $1, * FROM unnest($2::text[], $3::timestamptz[], $4::text[], $5::text[],
                                      $6::bool[], $7::int4[], $8::text[], $9::text[],
                                      $10::text[])
             ON CONFLICT DO NOTHING",
            &[
                &service,
                &lock_ids,
                &times,
                &user_ids,
                &kinds,
                &locked,
                &occurrences,
                &lock_names,
                &user_names,
                &user_mails,
            ],
        )
        .await?;
    tx.commit().await?;
    Ok(new)
}

/// Replaces `service`'s stretches by `stretches` (the uploader's archive took in the
/// team's before it synced, so its stretches hold the team's).
pub async fn upload_stretches(
    client: &mut Client,
    schema: SchemaState,
    service: &str,
    stretches: &[TeamStretch],
) -> Result<()> {
    schema.writable()?;
    let tx = client.transaction().await?;
    tx.execute(
        "DELETE FROM history_coverage WHERE service = $1",
        &[&service],
    )
    .await?;
    let lock_ids: Vec<&str> = stretches.iter().map(|s| s.lock_id.as_str()).collect();
    let froms: Vec<Option<i64>> = stretches.iter().map(|s| s.from_ms).collect();
    let tils: Vec<i64> = stretches.iter().map(|s| s.til_ms).collect();
    tx.execute(
        "INSERT INTO history_coverage (service, lock_id, from_ms, til_ms)
         SELECT $1, * FROM unnest($2::text[], $3::int8[], $4::int8[])",
        &[&service, &lock_ids, &froms, &tils],
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// A consistent view of the team's archive for taking it in: stretches read in it are never
/// ahead of the records read in it.
pub async fn snapshot(client: &mut Client) -> Result<Transaction<'_>> {
    Ok(client
        .build_transaction()
        .isolation_level(IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
        .await?)
}

/// `service`'s stretches.
pub async fn stretches(tx: &Transaction<'_>, service: &str) -> Result<Vec<TeamStretch>> {
    let rows = tx
        .query(
            "SELECT lock_id, from_ms, til_ms FROM history_coverage WHERE service = $1",
            &[&service],
        )
        .await?;
    Ok(rows
        .iter()
        .map(|r| TeamStretch {
            lock_id: r.get(0),
            from_ms: r.get(1),
            til_ms: r.get(2),
        })
        .collect())
}

/// Up to `limit` records uploaded after sequence number `after`, each with its number.
pub async fn records_after(
    tx: &Transaction<'_>,
    service: &str,
    after: i64,
    limit: i64,
) -> Result<Vec<(i64, TeamRecord)>> {
    let rows = tx
        .query(
            "SELECT seq, lock_id, lock_name, created_at, user_id, user_name, user_mail, kind,
                    is_locked, occurrence
               FROM history_records
              WHERE service = $1 AND seq > $2 ORDER BY seq LIMIT $3",
            &[&service, &after, &limit],
        )
        .await?;
    Ok(rows
        .iter()
        .map(|r| {
            let user_id: String = r.get(4);
            (
                r.get(0),
                TeamRecord {
                    lock_id: r.get(1),
                    lock_name: r.get(2),
                    created_at: r.get(3),
                    user: (!user_id.is_empty()).then(|| TeamUser {
                        id: user_id,
                        name: r.get(5),
                        mail: r.get(6),
                    }),
                    kind: r.get(7),
                    is_locked: r.get(8),
                    occurrence: r.get(9),
                },
            )
        })
        .collect())
}

/// Who syncs the team's archive now, and who last finished a sync and when.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LeaseState {
    pub syncing: Option<String>,
    pub synced_by: Option<String>,
    pub synced_at: Option<DateTime<Utc>>,
}

pub async fn lease_state(client: &Client, service: &str) -> Result<LeaseState> {
    let row = client
        .query_opt(
            "SELECT CASE WHEN until > now() THEN computer END, synced_by, synced_at
               FROM history_lease WHERE service = $1",
            &[&service],
        )
        .await?;
    Ok(row.map_or_else(LeaseState::default, |r| LeaseState {
        syncing: r.get(0),
        synced_by: r.get(1),
        synced_at: r.get(2),
    }))
}
