//! What the team's alert store (`crate::team::alert_store`) reads and writes here: the open
//! alerts, alerts another computer raised taken in, and acknowledgements made elsewhere.

use chrono::{DateTime, Utc};
use rusqlite::params_from_iter;

use super::{collect_views, insert, ms, muted, row_parts, AlertStore, AlertView, DbResult, NewRow};
use crate::watch::rules::Finding;

/// An alert the team raised, as this store takes it in.
#[derive(Clone, Debug, PartialEq)]
pub struct TakenIn {
    pub finding: Finding,
    pub raised_at: DateTime<Utc>,
    pub acknowledged_at: Option<DateTime<Utc>>,
}

impl AlertStore {
    /// The organization's open alerts (not ended), muted ones too, oldest first.
    pub fn open(&self, organization_id: &str) -> DbResult<Vec<AlertView>> {
        self.file.read(|conn| {
            let mut stmt = conn.prepare(
                "SELECT id, raised_at_ms, acknowledged_at_ms, muted, finding FROM alerts
                 WHERE organization_id = ?1 AND key NOT LIKE '%#ended@%' ORDER BY id",
            )?;
            let rows = stmt.query_map([organization_id], row_parts)?;
            collect_views(rows)
        })
    }

    /// Takes in alerts the team raised that this store lacks: never announced here (a muted
    /// rule and target's stored muted), each waiting to be queued for team chat as a round's
    /// would (the team's claims decide who sends). How many were new.
    pub fn take_in(&self, organization_id: &str, alerts: &[TakenIn]) -> DbResult<u64> {
        if alerts.is_empty() {
            return Ok(0);
        }
        self.file.write(|conn| {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let mut n = 0;
            for a in alerts {
                // Waits to be queued for team chat like a round's (`queued_ms` NULL).
                let row = NewRow {
                    raised_at: a.raised_at,
                    muted: muted(&tx, organization_id, &a.finding)?,
                    queued_at: None,
                    acknowledged_at: a.acknowledged_at,
                };
                n += insert(&tx, organization_id, &a.finding, &row)? as u64;
            }
            tx.commit()?;
            Ok(n)
        })
    }

    /// Acknowledges the open alerts of these keys (acknowledged elsewhere at `at`); how many
    /// changed.
    pub fn acknowledge_keys(
        &self,
        organization_id: &str,
        keys: &[String],
        at: DateTime<Utc>,
    ) -> DbResult<u64> {
        if keys.is_empty() {
            return Ok(0);
        }
        let marks = vec!["?"; keys.len()].join(",");
        let sql = format!(
            "UPDATE alerts SET acknowledged_at_ms = ? WHERE organization_id = ?
             AND acknowledged_at_ms IS NULL AND key IN ({marks})"
        );
        let mut args: Vec<rusqlite::types::Value> =
            vec![ms(at).into(), organization_id.to_owned().into()];
        args.extend(keys.iter().map(|k| k.clone().into()));
        self.file
            .write(|conn| Ok(conn.execute(&sql, params_from_iter(args.iter()))? as u64))
    }
}
