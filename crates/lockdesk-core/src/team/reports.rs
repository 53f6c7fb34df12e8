//! Report periods written once for the team (`lockdesk_team::reports`): a computer claims a
//! report's period in the team's database before it writes it, and notes the file after. When
//! the database does not answer, the computer writes as it does alone: the report's folder
//! keeps its own claim (`reports::claim`), so a shared folder still gets one file.

use std::time::Duration;

use lockdesk_team::reports::{claim, release, written, PeriodClaim};

use crate::app::context::AppContext;
use crate::reports::runs::STALE_AFTER_MS;
use crate::team::reach::reach;

/// What the team says of a period this computer is about to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamPeriod {
    /// This computer writes it: it works alone, the database did not answer, or its claim was
    /// the first.
    Write,
    /// Written by `computer` into `file`.
    Written { computer: String, file: String },
    /// Being written by `computer` now.
    Busy { computer: String },
}

/// Claims `period` of `report_id` for this computer (`again`: also when written before).
pub async fn claim_period(
    ctx: &AppContext,
    report_id: &str,
    period: &str,
    again: bool,
) -> TeamPeriod {
    let claimed = async {
        let Some(mut team) = reach(ctx).await? else {
            return Ok(PeriodClaim::Mine);
        };
        let stale = Duration::from_millis(STALE_AFTER_MS as u64);
        let by = &team.me;
        claim(
            &mut team.client,
            team.schema,
            report_id,
            period,
            again,
            stale,
            by,
        )
        .await
        .map_err(crate::error::Error::Team)
    };
    match claimed.await {
        Ok(PeriodClaim::Mine) => TeamPeriod::Write,
        Ok(PeriodClaim::Written { computer, file }) => TeamPeriod::Written { computer, file },
        Ok(PeriodClaim::Busy { computer }) => TeamPeriod::Busy { computer },
        Err(e) => {
            tracing::warn!(code = %e.code(), "report period not claimed with the team; written as alone: {e}");
            TeamPeriod::Write
        }
    }
}

/// Notes the period written into `file` (`Some`), or gives the claim back after a failed run
/// (`None`). A failure here is logged: the period stays claimed until the claim is stale.
pub async fn period_done(ctx: &AppContext, report_id: &str, period: &str, file: Option<&str>) {
    let noted = async {
        let Some(team) = reach(ctx).await? else {
            return Ok(());
        };
        let (client, by) = (&team.client, &team.me);
        match file {
            Some(file) => written(client, report_id, period, file, by).await,
            None => release(client, report_id, period, by).await,
        }
        .map_err(crate::error::Error::Team)
    };
    if let Err(e) = noted.await {
        tracing::warn!(code = %e.code(), "report period not noted with the team: {e}");
    }
}
