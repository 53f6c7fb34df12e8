//! The team's journal: every computer's journal entries, each once (the computer's id and its
//! own entry number), with the computer and the OS user that made it. A computer uploads what
//! its own journal holds beyond what the team already has settled; an entry uploaded while its
//! change was still in flight (`pending`) is updated when its outcome is known. Uploading again
//! changes nothing.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use tokio_postgres::types::ToSql;
use tokio_postgres::Client;

use crate::error::Result;
use crate::schema::SchemaState;

/// The outcome of an entry whose change was sent and whose answer is not recorded yet.
pub const PENDING: &str = "pending";

/// One journal entry as the team keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SharedEntry {
    /// Whose entry: this computer's id in the team with its journal file's number (each made
    /// once), so a journal started again, numbering from 1 again, never collides.
    pub computer_id: String,
    /// The entry's number in that computer's own journal.
    pub local_id: i64,
    /// The computer's name and the OS user who made the change.
    pub computer: String,
    pub os_user: String,
    pub at: DateTime<Utc>,
    pub organization_id: Option<String>,
    pub operation: String,
    pub outcome: String,
    /// The entry as the computer's journal has it.
    pub entry: serde_json::Value,
}

/// The local number after which this computer's entries are to be uploaded: past every entry
/// the team has, except from its first one still pending.
pub async fn resume_after(client: &Client, computer_id: &str) -> Result<i64> {
    let row = client
        .query_one(
            "SELECT COALESCE(
                 (SELECT min(local_id) - 1 FROM journal_entries
                   WHERE computer_id = $1 AND outcome = $2),
                 (SELECT max(local_id) FROM journal_entries WHERE computer_id = $1),
                 0)",
            &[&computer_id, &PENDING],
        )
        .await?;
    Ok(row.get(0))
}

/// Adds `entries` (or a settled outcome to one the team holds as pending), in one
/// transaction; how many were new or changed.
pub async fn upload(
    client: &mut Client,
    schema: SchemaState,
    entries: &[SharedEntry],
) -> Result<u64> {
    schema.writable()?;
    let tx = client.transaction().await?;
    let insert = tx
        .prepare(
            "INSERT INTO journal_entries
                 (computer_id, local_id, computer, os_user, at, organization_id, operation,
                  outcome, entry)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             ON CONFLICT (computer_id, local_id) DO UPDATE
                 SET outcome = EXCLUDED.outcome, entry = EXCLUDED.entry
                 WHERE journal_entries.outcome = 'pending'
                   AND EXCLUDED.outcome <> journal_entries.outcome",
        )
        .await?;
    let mut changed = 0;
    for e in entries {
        changed += tx
            .execute(
                &insert,
                &[
                    &e.computer_id,
                    &e.local_id,
                    &e.computer,
                    &e.os_user,
                    &e.at,
                    &e.organization_id,
                    &e.operation,
                    &e.outcome,
                    &e.entry,
                ],
            )
            .await?;
    }
    tx.commit().await?;
    Ok(changed)
}

/// Which of the team's entries: every filter optional; newest first.
#[derive(Clone, Debug, Default)]
pub struct TeamQuery {
    pub since: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
    /// Only these operations (all when empty).
    pub operations: Vec<String>,
    /// `done`, `failed` (any error), or one outcome.
    pub outcome: Option<String>,
    /// Found, ignoring case, in the entry or in the computer's or user's name.
    pub text: Option<String>,
    pub offset: i64,
    pub limit: i64,
}

/// One page of the team's journal and how many entries match in all.
pub async fn query(client: &Client, q: &TeamQuery) -> Result<(Vec<SharedEntry>, i64)> {
    let text = q
        .text
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| {
            let escaped = t
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_");
            format!("%{escaped}%")
        });
    let outcome = q.outcome.as_deref().filter(|o| !o.is_empty());
    // One statement for every filter: a NULL parameter leaves its condition out.
    let filter = "WHERE ($1::timestamptz IS NULL OR at >= $1)
                    AND ($2::timestamptz IS NULL OR at < $2)
                    AND (cardinality($3::text[]) = 0 OR operation = ANY($3))
                    AND ($4::text IS NULL
                         OR ($4 = 'failed' AND outcome NOT IN ('done', 'pending'))
                         OR outcome = $4)
                    AND ($5::text IS NULL OR entry::text ILIKE $5
                         OR computer ILIKE $5 OR os_user ILIKE $5)";
    let params: [&(dyn ToSql + Sync); 5] = [&q.since, &q.until, &q.operations, &outcome, &text];
    let total: i64 = client
        .query_one(
            &format!("SELECT count(*) FROM journal_entries {filter}"),
            &params,
        )
        .await?
        .get(0);
    let mut paged: Vec<&(dyn ToSql + Sync)> = params.to_vec();
    paged.push(&q.offset);
    paged.push(&q.limit);
    let rows = client
        .query(
            &format!(
                "SELECT computer_id, local_id, computer, os_user, at, organization_id, operation,
                        outcome, entry
                   FROM journal_entries {filter}
                  ORDER BY at DESC, computer_id, local_id DESC
                 OFFSET $6 LIMIT $7"
            ),
            &paged,
        )
        .await?;
    let entries = rows
        .iter()
        .map(|r| SharedEntry {
            computer_id: r.get(0),
            local_id: r.get(1),
            computer: r.get(2),
            os_user: r.get(3),
            at: r.get(4),
            organization_id: r.get(5),
            operation: r.get(6),
            outcome: r.get(7),
            entry: r.get(8),
        })
        .collect();
    Ok((entries, total))
}

/// One page of the team's journal, newest first, and how many entries it holds in all.
pub async fn list(client: &Client, offset: i64, limit: i64) -> Result<(Vec<SharedEntry>, i64)> {
    query(
        client,
        &TeamQuery {
            offset,
            limit,
            ..TeamQuery::default()
        },
    )
    .await
}
