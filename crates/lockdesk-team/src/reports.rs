//! Report periods written once for the team: before a computer writes a report's period it
//! claims it here; the first claim writes, the others hear that it is being written or was
//! (with the file and the computer). A claim never finished (the computer was switched off
//! mid-run) is taken over once it is older than the bound the caller gives.

use std::time::Duration;

use tokio_postgres::Client;

use crate::computer::Computer;
use crate::error::Result;
use crate::schema::SchemaState;

/// What claiming a period found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeriodClaim {
    /// This computer writes it.
    Mine,
    /// Written by `computer` into `file`.
    Written { computer: String, file: String },
    /// Being written by `computer` now.
    Busy { computer: String },
}

/// Claims `period` of `report_id` for `by`: new, or this computer's own unfinished claim, or
/// another's older than `stale_after`; with `again`, also one written before.
pub async fn claim(
    client: &mut Client,
    schema: SchemaState,
    report_id: &str,
    period: &str,
    again: bool,
    stale_after: Duration,
    by: &Computer,
) -> Result<PeriodClaim> {
    schema.writable()?;
    let tx = client.transaction().await?;
    let inserted = tx
        .execute(
            "INSERT INTO report_periods (report_id, period, computer_id, computer)
             VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
            &[&report_id, &period, &by.id, &by.name],
        )
        .await?;
    let claim = if inserted == 1 {
        PeriodClaim::Mine
    } else {
        let row = tx
            .query_one(
                "SELECT computer_id, computer, written_at IS NOT NULL, COALESCE(file, ''),
                        claimed_at < now() - make_interval(secs => $3)
                   FROM report_periods WHERE report_id = $1 AND period = $2 FOR UPDATE",
                &[&report_id, &period, &stale_after.as_secs_f64()],
            )
            .await?;
        let (holder, computer, written, file, stale): (String, String, bool, String, bool) =
            (row.get(0), row.get(1), row.get(2), row.get(3), row.get(4));
        let take = if written {
            again
        } else {
            holder == by.id || stale
        };
        if take {
            tx.execute(
                "UPDATE report_periods
                    SET computer_id = $3, computer = $4, claimed_at = now(), written_at = NULL,
                        file = NULL
                  WHERE report_id = $1 AND period = $2",
                &[&report_id, &period, &by.id, &by.name],
            )
            .await?;
            PeriodClaim::Mine
        } else if written {
            PeriodClaim::Written { computer, file }
        } else {
            PeriodClaim::Busy { computer }
        }
    };
    tx.commit().await?;
    Ok(claim)
}

/// Notes the period this computer claimed as written into `file`.
pub async fn written(
    client: &Client,
    report_id: &str,
    period: &str,
    file: &str,
    by: &Computer,
) -> Result<()> {
    client
        .execute(
            "UPDATE report_periods SET written_at = now(), file = $4
              WHERE report_id = $1 AND period = $2 AND computer_id = $3",
            &[&report_id, &period, &by.id, &file],
        )
        .await?;
    Ok(())
}

/// Gives up this computer's unfinished claim (the run failed): the next run, on any computer,
/// claims it again.
pub async fn release(client: &Client, report_id: &str, period: &str, by: &Computer) -> Result<()> {
    client
        .execute(
            "DELETE FROM report_periods
              WHERE report_id = $1 AND period = $2 AND computer_id = $3 AND written_at IS NULL",
            &[&report_id, &period, &by.id],
        )
        .await?;
    Ok(())
}
