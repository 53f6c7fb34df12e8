//! What the team's alert store (`crate::team::alert_store`) reads and writes here: the open
//! alerts, alerts another computer raised taken in, and acknowledgements made elsewhere.

use chrono::{DateTime, Utc};
use rusqlite::{params, params_from_iter};

use super::{collect_views, ms, row_parts, AlertStore, AlertView, DbResult};
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
            {
                let mut muted = tx.prepare(
                    "SELECT 1 FROM mutes WHERE organization_id = ?1 AND rule = ?2 AND target = ?3",
                )?;
                let mut insert = tx.prepare(
                    "INSERT OR IGNORE INTO alerts
                        (organization_id, key, rule, target, at_ms, raised_at_ms, finding, muted,
                         acknowledged_at_ms)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                )?;
                for a in alerts {
                    let f = &a.finding;
                    let is_muted =
                        muted.exists(params![organization_id, f.rule.as_str(), f.target])?;
                    let json = serde_json::to_string(f).unwrap_or_else(|_| "{}".into());
                    n += insert.execute(params![
                        organization_id,
                        f.key,
                        f.rule.as_str(),
                        f.target,
                        ms(f.at),
                        ms(a.raised_at),
                        json,
                        is_muted,
                        a.acknowledged_at.map(ms),
                    ])? as u64;
                }
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
