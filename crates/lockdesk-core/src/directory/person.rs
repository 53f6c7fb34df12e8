//! A person as the company's directory knows them: what a source (an HR system's CSV export,
//! Entra ID, Google Workspace, Active Directory) says, in one shape for the plan.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// One person of the directory.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectoryPerson {
    /// The employee number: matched against the service's user code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub employee_id: Option<String>,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mail: Option<String>,
    /// The account is switched off in the directory (disabled, suspended, archived).
    #[serde(default)]
    pub disabled: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub joined: Option<NaiveDate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub left: Option<NaiveDate>,
}

/// Where a person stands on a day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// May have a door.
    Current,
    /// Joins on this day (later): nothing is done yet.
    Joining(NaiveDate),
    /// Switched off, or left before the day (the leaving day itself still counts).
    Left,
}

impl DirectoryPerson {
    pub fn standing(&self, today: NaiveDate) -> Standing {
        if self.disabled || self.left.is_some_and(|d| d < today) {
            Standing::Left
        } else {
            match self.joined {
                Some(d) if d > today => Standing::Joining(d),
                _ => Standing::Current,
            }
        }
    }
}
