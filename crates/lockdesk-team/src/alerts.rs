//! Alerts sent once for the team. Each computer watches on its own and raises what it finds in
//! its own alert store (so its screen and notifications never wait for the network; the team's
//! store, `alert_store`, says which were the team's already); before it
//! sends an alert to a destination it claims that delivery here, and only the first claim of
//! an alert and destination sends. A destination is named by its kind and name, so one chat
//! room set up on several computers (each holding its webhook in its own keychain) is one
//! destination to the team.

use std::collections::HashSet;

use tokio_postgres::Client;

use crate::computer::Computer;
use crate::error::Result;
use crate::schema::SchemaState;

/// One delivery to claim: an alert (its stable key) to a destination.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Delivery {
    pub alert_key: String,
    pub destination: String,
}

/// Notes the destinations `by` can send to (`held`, by kind and name; those it no longer has
/// forgotten), frees the claims of the alerts that are over (`ended` keys), then claims
/// `deliveries` of `organization_id`, in one transaction; the deliveries `by` claimed first.
pub async fn claim(
    client: &mut Client,
    schema: SchemaState,
    organization_id: &str,
    held: &[String],
    ended: &[String],
    deliveries: &[Delivery],
    by: &Computer,
) -> Result<HashSet<Delivery>> {
    schema.writable()?;
    let tx = client.transaction().await?;
    tx.execute(
        "DELETE FROM destination_holders
          WHERE organization_id = $1 AND computer_id = $2 AND NOT destination = ANY($3)",
        &[&organization_id, &by.id, &held],
    )
    .await?;
    tx.execute(
        "INSERT INTO destination_holders (organization_id, destination, computer_id, computer)
         SELECT $1, d, $2, $3 FROM unnest($4::text[]) AS t(d)
         ON CONFLICT (organization_id, destination, computer_id)
         DO UPDATE SET computer = EXCLUDED.computer, seen_at = now()",
        &[&organization_id, &by.id, &by.name, &held],
    )
    .await?;
    if !ended.is_empty() {
        tx.execute(
            "DELETE FROM alert_deliveries WHERE organization_id = $1 AND alert_key = ANY($2)",
            &[&organization_id, &ended],
        )
        .await?;
    }
    let mut won = HashSet::new();
    if !deliveries.is_empty() {
        let keys: Vec<&str> = deliveries.iter().map(|d| d.alert_key.as_str()).collect();
        let names: Vec<&str> = deliveries.iter().map(|d| d.destination.as_str()).collect();
        let rows = tx
            .query(
                "INSERT INTO alert_deliveries
                     (organization_id, alert_key, destination, computer_id, computer)
                 SELECT $1, k, d, $4, $5 FROM unnest($2::text[], $3::text[]) AS t(k, d)
                 ON CONFLICT DO NOTHING
                 RETURNING alert_key, destination",
                &[&organization_id, &keys, &names, &by.id, &by.name],
            )
            .await?;
        won = rows
            .iter()
            .map(|r| Delivery {
                alert_key: r.get(0),
                destination: r.get(1),
            })
            .collect();
    }
    tx.commit().await?;
    Ok(won)
}

/// A computer that can send to a destination, and when it last said so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holder {
    pub destination: String,
    pub computer_id: String,
    pub computer: String,
    pub seen_at: chrono::DateTime<chrono::Utc>,
}

/// The computers that said within `within` that they can send to each destination of
/// `organization_id`, by destination and computer name.
pub async fn holders(
    client: &Client,
    organization_id: &str,
    within: std::time::Duration,
) -> Result<Vec<Holder>> {
    let rows = client
        .query(
            "SELECT destination, computer_id, computer, seen_at FROM destination_holders
              WHERE organization_id = $1 AND seen_at > now() - make_interval(secs => $2)
              ORDER BY destination, computer",
            &[&organization_id, &within.as_secs_f64()],
        )
        .await?;
    Ok(rows
        .iter()
        .map(|r| Holder {
            destination: r.get(0),
            computer_id: r.get(1),
            computer: r.get(2),
            seen_at: r.get(3),
        })
        .collect())
}
