//! The team's alert store (`team_alerts`): each alert raised once for the team, by the first
//! computer to find it (the others find it here and do not raise it again), acknowledged once
//! for the team, and ended when its condition is over, so the same finding later is a new
//! alert. Each computer keeps its own store too (its screen never waits for the network) and
//! brings it in line with this one.

use chrono::{DateTime, Utc};
use serde_json::Value;
use tokio_postgres::Client;

use crate::computer::Computer;
use crate::error::Result;
use crate::schema::SchemaState;

/// An alert as the team has it.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamAlert {
    /// The finding's key: one open alert per key.
    pub key: String,
    pub finding: Value,
    pub raised_at: DateTime<Utc>,
    /// The computer that raised it.
    pub computer: String,
    pub acknowledged_at: Option<DateTime<Utc>>,
    /// The computer and OS user that acknowledged it.
    pub acknowledged_by: Option<(String, String)>,
}

/// An alert a computer raised: its key, finding and when.
#[derive(Clone, Debug, PartialEq)]
pub struct Raised {
    pub key: String,
    pub finding: Value,
    pub raised_at: DateTime<Utc>,
}

/// Writes `alerts` of `organization_id` unless the team has an open alert of the same key;
/// the keys written (the others were raised by the team already).
pub async fn raise(
    client: &mut Client,
    schema: SchemaState,
    organization_id: &str,
    alerts: &[Raised],
    by: &Computer,
) -> Result<Vec<String>> {
    schema.writable()?;
    if alerts.is_empty() {
        return Ok(Vec::new());
    }
    let keys: Vec<&str> = alerts.iter().map(|a| a.key.as_str()).collect();
    let findings: Vec<&Value> = alerts.iter().map(|a| &a.finding).collect();
    let at: Vec<DateTime<Utc>> = alerts.iter().map(|a| a.raised_at).collect();
    let rows = client
        .query(
            "INSERT INTO team_alerts
                 (organization_id, alert_key, finding, raised_at, computer, os_user)
             SELECT $1, k, f, a, $5, $6
               FROM unnest($2::text[], $3::jsonb[], $4::timestamptz[]) AS t(k, f, a)
             ON CONFLICT (organization_id, alert_key) WHERE ended_at IS NULL DO NOTHING
             RETURNING alert_key",
            &[
                &organization_id,
                &keys,
                &findings,
                &at,
                &by.name,
                &by.os_user,
            ],
        )
        .await?;
    Ok(rows.iter().map(|r| r.get(0)).collect())
}

/// Ends the open alerts of these keys; how many.
pub async fn end(
    client: &Client,
    schema: SchemaState,
    organization_id: &str,
    keys: &[String],
    at: DateTime<Utc>,
) -> Result<u64> {
    schema.writable()?;
    if keys.is_empty() {
        return Ok(0);
    }
    Ok(client
        .execute(
            "UPDATE team_alerts SET ended_at = $3
              WHERE organization_id = $1 AND alert_key = ANY($2) AND ended_at IS NULL",
            &[&organization_id, &keys, &at],
        )
        .await?)
}

/// Acknowledges the open alerts of these keys not acknowledged yet; how many.
pub async fn acknowledge(
    client: &Client,
    schema: SchemaState,
    organization_id: &str,
    keys: &[String],
    at: DateTime<Utc>,
    by: &Computer,
) -> Result<u64> {
    schema.writable()?;
    if keys.is_empty() {
        return Ok(0);
    }
    Ok(client
        .execute(
            "UPDATE team_alerts
                SET acknowledged_at = $3, acknowledged_by = $4, acknowledged_user = $5
              WHERE organization_id = $1 AND alert_key = ANY($2) AND ended_at IS NULL
                AND acknowledged_at IS NULL",
            &[&organization_id, &keys, &at, &by.name, &by.os_user],
        )
        .await?)
}

/// The most open alerts read at once (an organization has far fewer: one per lock and rule).
const OPEN_MAX: i64 = 20_000;

/// The open alerts of `organization_id`, oldest first.
pub async fn open(client: &Client, organization_id: &str) -> Result<Vec<TeamAlert>> {
    let rows = client
        .query(
            "SELECT alert_key, finding, raised_at, computer, acknowledged_at, acknowledged_by,
                    acknowledged_user
               FROM team_alerts WHERE organization_id = $1 AND ended_at IS NULL
              ORDER BY raised_at, id LIMIT $2",
            &[&organization_id, &OPEN_MAX],
        )
        .await?;
    Ok(rows
        .iter()
        .map(|r| TeamAlert {
            key: r.get(0),
            finding: r.get(1),
            raised_at: r.get(2),
            computer: r.get(3),
            acknowledged_at: r.get(4),
            acknowledged_by: match (r.get(5), r.get(6)) {
                (Some(c), Some(u)) => Some((c, u)),
                _ => None,
            },
        })
        .collect())
}
