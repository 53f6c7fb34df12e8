//! Writing one entry in the journal of the space in use: for the journaled wrappers
//! (`journaled.rs`) and for the bulk invitation, which journals each row as it goes.

use lockdesk_api::ApiVersion;

use super::context::AppContext;
use super::views::Role;
use crate::error::ErrorCode;
use crate::journal::{Journal, NewEntry, Operation, Target, DONE};

/// Records one entry in the journal of the space in use. A journal that cannot be written
/// does not undo or fail the change (it is made at the service already): it is logged.
pub(crate) fn record(
    ctx: &AppContext,
    operation: Operation,
    connection: Option<String>,
    target: Target,
    outcome: std::result::Result<(), ErrorCode>,
) {
    let space = ctx.space();
    let connection = connection.or_else(|| space.sessions.profile(ApiVersion::V3));
    let organization_id = connection
        .as_deref()
        .and_then(|p| space.sessions.org(p))
        .map(|o| o.as_str().to_owned())
        .or_else(|| space.sessions.org_override());
    let entry = NewEntry {
        at: space.core.clock.now(),
        connection,
        account: None,
        organization_id,
        operation,
        target,
        outcome: match outcome {
            Ok(()) => DONE.to_owned(),
            Err(code) => code.as_str().to_owned(),
        },
    };
    let written = space
        .core
        .data_folder()
        .map_err(|e| e.to_string())
        .and_then(|dir| Journal::new(&dir).record(&entry).map_err(|e| e.to_string()));
    match written {
        // Old entries go in the background, at most once a day (a program that writes keeps
        // the journal within its retention).
        Ok(()) => super::activity::activity_prune_when_due(ctx),
        Err(e) => tracing::warn!(
            operation = operation.as_str(),
            "the journal could not be written: {e}"
        ),
    }
}

pub(crate) fn role(r: Option<Role>) -> Option<&'static str> {
    r.map(|r| match r {
        Role::Manager => "manager",
        Role::Member => "member",
    })
}
