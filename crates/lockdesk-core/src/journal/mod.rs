//! The journal: every change made through Lockdesk (in the app or in `lockctl`), kept in
//! SQLite in the data folder (`journal.sqlite3`, private, WAL, safe for the app and a scheduled
//! `lockctl` at once). An entry says when, which connection and organization, the operation,
//! its target, the changed fields (old → new where known) and the outcome: done, or the error
//! code of a failed or refused change.
//!
//! Never a secret: entries are built from an explicit list of fields per operation
//! (`journal::journaled`), never from a whole request, so tokens, codes, verifiers, client secrets
//! and image or CSV bytes cannot reach the file.

pub mod activity;
pub mod entry;
pub mod journaled;
pub mod lost_answer;
pub mod notes;
pub mod retention;
mod store;
mod upkeep;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

pub use retention::{Retention, DEFAULT_KEEP_DAYS, KEEP_DAYS};
pub use store::{Journal, JournalQuery, JOURNAL_FILE};
pub use upkeep::{JournalSize, PRUNE_EVERY};

/// Makes [`Operation`] from the `write[Operation]` marks of the command table: one per write
/// command, named as the command, plus one per row of a bulk invitation run and one per
/// scheduled report's run. A new write command is an operation without anything written here.
macro_rules! define_operations {
    (@acc [$($op:ident = $name:ident,)*]) => {
        /// What was done. Data, never English: the UI and lockctl give it words. The write
        /// commands of the command table, plus one per row of a bulk invitation run and one
        /// per scheduled report's run.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(rename_all = "snake_case")]
        pub enum Operation {
            $($op,)*
            /// One row of a bulk invitation run (each row is its own entry).
            InvitationsBulkRow,
            /// A scheduled report's period written to its folder (or failing to be): a file
            /// made on this computer, not a change at the service.
            ReportRun,
            /// The first entry of a new journal: the old file was damaged and set aside under
            /// the name in `target_id` (Activity can still read it).
            JournalReset,
        }

        impl Operation {
            pub const ALL: &'static [Operation] =
                &[$(Operation::$op,)* Operation::InvitationsBulkRow, Operation::ReportRun,
                  Operation::JournalReset];

            /// The stable name (as stored, as in JSON, and the command's name).
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Operation::$op => stringify!($name),)*
                    Operation::InvitationsBulkRow => "invitations_bulk_row",
                    Operation::ReportRun => "report_run",
                    Operation::JournalReset => "journal_reset",
                }
            }
        }
    };
    (@acc [$($out:tt)*] write [$op:ident] $name:ident($req:ident) -> $resp:ident; $($rest:tt)*) => {
        define_operations!(@acc [$($out)* $op = $name,] $($rest)*);
    };
    (@acc [$($out:tt)*] $kind:ident $name:ident($req:ident) -> $resp:ident; $($rest:tt)*) => {
        define_operations!(@acc [$($out)*] $($rest)*);
    };
    ($($all:tt)*) => {
        define_operations!(@acc [] $($all)*);
    };
}

lockdesk_commands::lockdesk_commands!(define_operations);

impl Operation {
    pub fn parse(text: &str) -> Option<Operation> {
        Operation::ALL.iter().copied().find(|o| o.as_str() == text)
    }

    /// The operation of a stored entry (this computer's journal, the team's): a name this
    /// Lockdesk does not know (written by a newer one) shows as a bulk row rather than failing
    /// the whole list.
    pub fn of_stored(text: &str) -> Operation {
        Operation::parse(text).unwrap_or(Operation::InvitationsBulkRow)
    }
}

/// The outcome of a change: `done`, or the error code (`ErrorCode::as_str`) it failed with.
pub const DONE: &str = "done";

/// The outcome of an entry written before its change was sent and not completed since: the
/// change is under way, or its program stopped (or could not write the journal) before it
/// recorded the outcome. Activity shows it as "sent, outcome not recorded".
pub const PENDING: &str = "pending";

/// One changed field: the old value where it was known, and the new one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FieldChange {
    pub field: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub old: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub new: Option<String>,
}

/// What a change is about, as the use-case knows it (built from named fields only).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Target {
    pub id: Option<String>,
    pub name: Option<String>,
    pub changes: Vec<FieldChange>,
}

impl Target {
    pub fn id(id: impl Into<String>) -> Target {
        Target {
            id: Some(id.into()),
            ..Target::default()
        }
    }

    pub fn name(mut self, name: impl Into<String>) -> Target {
        self.name = Some(name.into());
        self
    }

    /// Adds a field whose new value is `new` (the old one unknown) when `new` is given.
    pub fn set(mut self, field: &str, new: Option<impl ToString>) -> Target {
        if let Some(new) = new {
            self.changes.push(FieldChange {
                field: field.to_owned(),
                old: None,
                new: Some(new.to_string()),
            });
        }
        self
    }
}

/// An entry to record.
#[derive(Clone, Debug, PartialEq)]
pub struct NewEntry {
    pub at: DateTime<Utc>,
    pub connection: Option<String>,
    pub account: Option<String>,
    pub organization_id: Option<String>,
    pub operation: Operation,
    pub target: Target,
    /// [`DONE`], [`PENDING`] or an error code.
    pub outcome: String,
}

/// A recorded entry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct JournalEntry {
    pub id: i64,
    pub at: DateTime<Utc>,
    pub connection: Option<String>,
    pub account: Option<String>,
    pub organization_id: Option<String>,
    pub operation: Operation,
    pub target_id: Option<String>,
    pub target_name: Option<String>,
    pub changes: Vec<FieldChange>,
    /// `done`, `pending` (sent, outcome not recorded), or the error code.
    pub outcome: String,
    /// Read from the team's journal: the computer and the OS user that made it (absent in this
    /// computer's own journal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub made_by: Option<MadeBy>,
}

/// Who made a change of the team's journal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MadeBy {
    /// The computer's journal in the team (the entry's `id` is its number there).
    pub journal: String,
    pub computer: String,
    pub os_user: String,
}

#[cfg(test)]
mod tests;
