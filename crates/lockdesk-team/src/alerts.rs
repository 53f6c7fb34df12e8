//! Alerts sent once for the team. Each computer watches on its own and raises what it finds in
//! its own alert store (so its screen and notifications never wait for the network); before it
//! sends an alert to a destination it claims that delivery here, and only the first claim of
//! an alert and destination sends. A destination is named by its kind and name, so one chat
//! room set up on several computers (each holding its webhook in its own keychain) is one
//! destination to the team.

use std::collections::HashSet;

use tokio_postgres::Client;

use crate::error::Result;
use crate::schema::SchemaState;

/// One delivery to claim: an alert (its stable key) to a destination.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Delivery {
    pub alert_key: String,
    pub destination: String,
}

/// Who claims.
#[derive(Clone, Copy, Debug)]
pub struct Claimant<'a> {
    pub computer_id: &'a str,
    pub computer: &'a str,
}

/// Frees the claims of the alerts that are over (`ended` keys), then claims `deliveries` of
/// `organization_id`, in one transaction; the deliveries this computer claimed first.
pub async fn claim(
    client: &mut Client,
    schema: SchemaState,
    organization_id: &str,
    ended: &[String],
    deliveries: &[Delivery],
    by: Claimant<'_>,
) -> Result<HashSet<Delivery>> {
    schema.writable()?;
    let tx = client.transaction().await?;
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
                &[
                    &organization_id,
                    &keys,
                    &names,
                    &by.computer_id,
                    &by.computer,
                ],
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
