//! The team's journal as the Activity screen and `lockctl activity` read it: this computer's
//! waiting entries shared first (so its latest changes are in the page), then the page asked
//! for, each entry with the computer and OS user that made it. When the database does not
//! answer in time the caller shows this computer's own journal and says since when.

use std::time::Duration;

use chrono::{DateTime, Utc};
use lockdesk_team::journal::{query, SharedEntry, TeamQuery};

use crate::app::context::AppContext;
use crate::error::{Error, Result};
use crate::journal::{Journal, JournalEntry, JournalQuery, MadeBy, Operation};
use crate::team::commands::TeamProblem;
use crate::team::reach::{reach, team_settings, within_time};
use crate::team::reachability::unreachable_since;
use crate::team::upload::upload_journal;

/// What reading the team's journal gave.
pub enum TeamRead {
    /// This computer works alone.
    Alone,
    /// A page of the team's journal, and how many entries match in all.
    Page(Vec<JournalEntry>, u64),
    /// The database did not answer: why, and since when.
    Unreachable {
        problem: TeamProblem,
        since: Option<DateTime<Utc>>,
    },
}

/// The page `q` asks for of the team's journal, within `within`.
pub async fn read_team_journal(
    ctx: &AppContext,
    q: &JournalQuery,
    within: Duration,
) -> Result<TeamRead> {
    let Some(source) = team_settings(ctx)?.source()? else {
        return Ok(TeamRead::Alone);
    };
    let read = async {
        let Some(mut team) = reach(ctx).await? else {
            return Ok(None);
        };
        let core = ctx.core();
        if !team.schema.read_only {
            let journal = Journal::new(&core.data_folder()?).with_clock(core.clock.clone());
            upload_journal(&mut team, &journal).await?;
        }
        let (shared, total) = query(&team.client, &team_query(q))
            .await
            .map_err(Error::Team)?;
        Ok(Some((shared, total)))
    };
    match within_time(ctx, &source, within, read).await {
        Ok(None) => Ok(TeamRead::Alone),
        Ok(Some((shared, total))) => Ok(TeamRead::Page(
            shared.into_iter().map(journal_entry).collect(),
            total.max(0) as u64,
        )),
        Err(e @ Error::Team(_)) | Err(e @ Error::TeamPasswordMissing) => {
            Ok(TeamRead::Unreachable {
                problem: TeamProblem {
                    code: e.code().as_str().to_owned(),
                    message: e.to_string(),
                },
                since: unreachable_since(&ctx.core().data_folder()?),
            })
        }
        Err(e) => Err(e),
    }
}

fn team_query(q: &JournalQuery) -> TeamQuery {
    TeamQuery {
        since: q.since,
        until: q.until,
        operations: q.operations.iter().map(|o| o.as_str().to_owned()).collect(),
        outcome: q.outcome.clone(),
        text: q.text.clone(),
        offset: i64::from(q.offset),
        limit: i64::from(q.limit),
    }
}

/// The entry as its computer journaled it, with who made it; the outcome as the team has it
/// settled. An entry a newer Lockdesk wrote (an operation this one does not know) keeps what
/// the columns say.
fn journal_entry(s: SharedEntry) -> JournalEntry {
    let made_by = Some(MadeBy {
        journal: s.computer_id.clone(),
        computer: s.computer.clone(),
        os_user: s.os_user.clone(),
    });
    match serde_json::from_value::<JournalEntry>(s.entry) {
        Ok(e) => JournalEntry {
            outcome: s.outcome,
            made_by,
            ..e
        },
        Err(_) => JournalEntry {
            id: s.local_id,
            at: s.at,
            connection: None,
            account: None,
            organization_id: s.organization_id,
            operation: Operation::of_stored(&s.operation),
            target_id: None,
            target_name: None,
            changes: Vec::new(),
            outcome: s.outcome,
            made_by,
        },
    }
}
