//! What became of each row of a bulk invitation, and why a row was refused before sending:
//! data the job registry (`job_registry.rs`) holds for the UI, so it imports nothing that
//! reaches the context.

use serde::{Deserialize, Serialize};

/// Why a CSV row is refused before sending, for the UI to word in its language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum InviteProblemCode {
    /// The mail cell is empty.
    MailMissing,
    /// The mail cell is not an e-mail address (`value`).
    MailInvalid,
    /// The authority cell is neither `manager` nor `member` (`value`).
    AuthorityInvalid,
    /// The same address appears earlier in the file (`first_line`).
    DuplicateInFile,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct InviteProblem {
    pub code: InviteProblemCode,
    /// The CSV column concerned: `mail` or `authority`.
    pub column: String,
    /// The cell as written in the file, when there is one.
    pub value: Option<String>,
    /// For `duplicate_in_file`: the line where the address first appears.
    pub first_line: Option<u32>,
}

impl InviteProblem {
    pub(crate) fn new(code: InviteProblemCode, column: &str, value: Option<&str>) -> InviteProblem {
        InviteProblem {
            code,
            column: column.to_owned(),
            value: value.map(str::to_owned),
            first_line: None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum InviteOutcome {
    /// Sent now.
    Invited,
    /// Pending already (before or found while sending): done, not sent again.
    AlreadyInvited,
    /// Already a user of the organization: done.
    AlreadyUser,
    Invalid,
    Duplicate,
    /// The service refused this row (`code`, `message`).
    Failed,
    /// The service's invitation limit was reached at this row.
    LimitReached,
    /// The run stopped before this row.
    NotAttempted,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct InviteResult {
    pub line: u32,
    pub mail: String,
    pub outcome: InviteOutcome,
    /// The service's error code for `failed` / `limit_reached` rows.
    pub code: Option<String>,
    pub message: Option<String>,
    /// The row's problem for `invalid` and `duplicate` outcomes.
    pub problem: Option<InviteProblem>,
    /// `invited`, but the service's answer was lost: the invitation was found at the service.
    #[serde(default)]
    pub answer_lost: bool,
}

impl InviteOutcome {
    /// The row is done: invited now or before, or the address is already a user.
    pub fn is_done(self) -> bool {
        matches!(
            self,
            InviteOutcome::Invited | InviteOutcome::AlreadyInvited | InviteOutcome::AlreadyUser
        )
    }
}
