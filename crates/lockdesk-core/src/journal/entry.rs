//! Writing the journal of the space in use, before and after a change: for the journaled
//! wrappers (`journaled.rs`), each bulk invitation row and each report run.
//!
//! Journal first: [`begin`] writes the entry as `pending` before the change is sent; when it
//! cannot (a full disk, a damaged journal just set aside), the change is refused with the
//! journal's error and never sent. [`complete`] then writes the outcome; when that fails the
//! pending entry stays, and Activity shows it as "sent, outcome not recorded": a change is
//! never made without an entry, and an entry is never silently lost. This is the one order
//! the kill-at-any-moment tests rely on: a change the service shows has an entry, pending or
//! complete.

use lockdesk_api::ApiVersion;

use crate::app::context::AppContext;
use crate::error::{Error, ErrorCode, Result};
use crate::journal::{Journal, NewEntry, Operation, Target, DONE};
use crate::users::view::Role;

/// An entry written before its change: complete it with [`complete`].
#[must_use = "a pending entry is completed with its outcome"]
pub(crate) struct Pending {
    journal: Journal,
    id: i64,
    operation: Operation,
}

/// Writes the entry of a change about to be sent, as pending. An error (the journal's: a full
/// disk, a damaged file set aside) means the change must not be sent.
pub(crate) fn begin(
    ctx: &AppContext,
    operation: Operation,
    connection: Option<String>,
    target: &Target,
) -> Result<Pending> {
    let entry = new_entry(ctx, operation, connection, target.clone(), Ok(()));
    let space = ctx.space();
    let journal = Journal::new(&space.core.data_folder()?).with_clock(space.core.clock.clone());
    let id = journal.begin(&entry).map_err(Error::from)?;
    Ok(Pending {
        journal,
        id,
        operation,
    })
}

/// Records the outcome of a change begun with [`begin`]. A journal that cannot be written now
/// does not undo or fail the change (it is made at the service already): the entry stays
/// pending ("outcome not recorded") and the failure is logged.
pub(crate) fn complete(
    ctx: &AppContext,
    pending: Pending,
    target: &Target,
    outcome: std::result::Result<(), ErrorCode>,
) {
    match pending
        .journal
        .complete(pending.id, target, &outcome_text(outcome))
    {
        // Old entries go in the background, at most once a day (a program that writes keeps
        // the journal within its retention).
        Ok(()) => crate::journal::activity::activity_prune_when_due(ctx),
        Err(e) => tracing::warn!(
            operation = pending.operation.as_str(),
            "the journal entry stays pending: its outcome could not be written: {e}"
        ),
    }
}

/// Takes back an entry begun with [`begin`] whose change was not made after all (nothing was
/// sent or written). A failure is logged; the entry then stays pending.
pub(crate) fn withdraw(pending: Pending) {
    if let Err(e) = pending.journal.withdraw(pending.id) {
        tracing::warn!(
            operation = pending.operation.as_str(),
            "the journal entry stays pending: it could not be taken back: {e}"
        );
    }
}

/// Records one whole entry after the fact, for what is not refused when the journal cannot be
/// written (signing in and out: a full disk must never keep a person from signing out). A
/// failure is logged.
pub(crate) fn record(
    ctx: &AppContext,
    operation: Operation,
    connection: Option<String>,
    target: Target,
    outcome: std::result::Result<(), ErrorCode>,
) {
    let entry = new_entry(ctx, operation, connection, target, outcome);
    let written = ctx
        .space()
        .core
        .data_folder()
        .map_err(|e| e.to_string())
        .and_then(|dir| {
            Journal::new(&dir)
                .with_clock(ctx.core().clock.clone())
                .record(&entry)
                .map_err(|e| e.to_string())
        });
    match written {
        Ok(()) => crate::journal::activity::activity_prune_when_due(ctx),
        Err(e) => tracing::warn!(
            operation = operation.as_str(),
            "the journal could not be written: {e}"
        ),
    }
}

fn outcome_text(outcome: std::result::Result<(), ErrorCode>) -> String {
    match outcome {
        Ok(()) => DONE.to_owned(),
        Err(code) => code.as_str().to_owned(),
    }
}

fn new_entry(
    ctx: &AppContext,
    operation: Operation,
    connection: Option<String>,
    target: Target,
    outcome: std::result::Result<(), ErrorCode>,
) -> NewEntry {
    let space = ctx.space();
    let connection = connection.or_else(|| space.sessions.profile(ApiVersion::V3));
    let organization_id = connection
        .as_deref()
        .and_then(|p| space.sessions.org(p))
        .map(|o| o.as_str().to_owned())
        .or_else(|| space.sessions.org_override());
    NewEntry {
        at: space.core.clock.now(),
        connection,
        account: None,
        organization_id,
        operation,
        target,
        outcome: outcome_text(outcome),
    }
}

pub(crate) fn role(r: Option<Role>) -> Option<&'static str> {
    r.map(|r| match r {
        Role::Manager => "manager",
        Role::Member => "member",
    })
}
