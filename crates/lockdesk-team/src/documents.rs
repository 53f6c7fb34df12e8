//! Settings the team shares, one document per kind and key (an organization's watch rules),
//! each with a version and who changed it last. A save names the version it was made from and
//! is refused when another computer saved since ([`Saved::Conflict`] names who and when), so
//! two administrators changing the same rules never overwrite each other unknowingly.

use chrono::{DateTime, Utc};
use serde_json::Value;
use tokio_postgres::{Client, Row};

use crate::computer::Computer;
use crate::error::Result;
use crate::schema::SchemaState;

/// A document as the team has it.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    pub body: Value,
    pub version: i64,
    pub computer: String,
    pub os_user: String,
    pub changed_at: DateTime<Utc>,
}

/// What a save did.
#[derive(Clone, Debug, PartialEq)]
pub enum Saved {
    /// Kept as this version.
    Kept(i64),
    /// Another computer saved since the version named: the team's document as it is.
    Conflict(Document),
}

const COLUMNS: &str = "body, version, computer, os_user, changed_at";

fn document(r: &Row) -> Document {
    Document {
        body: r.get(0),
        version: r.get(1),
        computer: r.get(2),
        os_user: r.get(3),
        changed_at: r.get(4),
    }
}

/// The team's document of `kind` and `key`, if it has one.
pub async fn get(client: &Client, kind: &str, key: &str) -> Result<Option<Document>> {
    let row = client
        .query_opt(
            &format!("SELECT {COLUMNS} FROM team_documents WHERE kind = $1 AND key = $2"),
            &[&kind, &key],
        )
        .await?;
    Ok(row.as_ref().map(document))
}

/// Saves `body` as made from `from` (the version this computer's copy came from; `None`: the
/// team had none).
pub async fn save(
    client: &mut Client,
    schema: SchemaState,
    kind: &str,
    key: &str,
    body: &Value,
    from: Option<i64>,
    by: &Computer,
) -> Result<Saved> {
    schema.writable()?;
    let tx = client.transaction().await?;
    let kept = match from {
        None => {
            tx.query_opt(
                "INSERT INTO team_documents (kind, key, body, version, computer, os_user)
                 VALUES ($1, $2, $3, 1, $4, $5)
                 ON CONFLICT DO NOTHING RETURNING version",
                &[&kind, &key, body, &by.name, &by.os_user],
            )
            .await?
        }
        Some(from) => {
            tx.query_opt(
                "UPDATE team_documents
                    SET body = $3, version = version + 1, computer = $5, os_user = $6,
                        changed_at = now()
                  WHERE kind = $1 AND key = $2 AND version = $4
              RETURNING version",
                &[&kind, &key, body, &from, &by.name, &by.os_user],
            )
            .await?
        }
    };
    let saved = match kept {
        Some(row) => Saved::Kept(row.get(0)),
        None => {
            let row = tx
                .query_opt(
                    &format!("SELECT {COLUMNS} FROM team_documents WHERE kind = $1 AND key = $2"),
                    &[&kind, &key],
                )
                .await?;
            match row {
                Some(r) => Saved::Conflict(document(&r)),
                // Named a version of a document the team no longer has: kept as new.
                None => {
                    let row = tx
                        .query_one(
                            "INSERT INTO team_documents (kind, key, body, version, computer, os_user)
                             VALUES ($1, $2, $3, 1, $4, $5) RETURNING version",
                            &[&kind, &key, body, &by.name, &by.os_user],
                        )
                        .await?;
                    Saved::Kept(row.get(0))
                }
            }
        }
    };
    tx.commit().await?;
    Ok(saved)
}
