//! Sharing this computer's journal with the team: the entries its own journal holds beyond
//! what the team has settled, uploaded in batches, each once (a repeated upload changes
//! nothing). While the team's database cannot be reached the entries simply wait in this
//! computer's journal, in order; the next upload sends them.

use lockdesk_team::journal::{resume_after, upload, SharedEntry};
use lockdesk_team::Computer;

use crate::error::{Error, Result};
use crate::journal::{Journal, JournalEntry};
use crate::team::reach::Reached;

/// Entries per transaction.
const BATCH: u32 = 500;

/// Uploads what the team does not have of `journal`; how many entries were new or settled.
pub(crate) async fn upload_journal(team: &mut Reached, journal: &Journal) -> Result<u64> {
    let computer = &team.me;
    // This computer and this journal file: a journal started again numbers from 1 again.
    let key = format!(
        "{}-{:016x}",
        computer.id,
        journal.file_id().map_err(Error::Archive)?
    );
    let mut after = resume_after(&team.client, &key)
        .await
        .map_err(Error::Team)?;
    let mut changed = 0;
    loop {
        let entries = journal.after(after, BATCH).map_err(Error::Archive)?;
        let Some(last) = entries.last() else {
            return Ok(changed);
        };
        after = last.id;
        let shared: Vec<SharedEntry> = entries.iter().map(|e| shared(e, &key, computer)).collect();
        changed += upload(&mut team.client, team.schema, &shared)
            .await
            .map_err(Error::Team)?;
    }
}

fn shared(e: &JournalEntry, key: &str, computer: &Computer) -> SharedEntry {
    SharedEntry {
        computer_id: key.to_owned(),
        local_id: e.id,
        computer: computer.name.clone(),
        os_user: computer.os_user.clone(),
        at: e.at,
        organization_id: e.organization_id.clone(),
        operation: e.operation.as_str().to_owned(),
        outcome: e.outcome.clone(),
        entry: serde_json::to_value(e).unwrap_or_default(),
    }
}
