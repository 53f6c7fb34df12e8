use std::fmt;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::serde_util::timestamp;

/// Role within the organization. Only `manager` and `member` may be sent; the value the service
/// uses for the super manager is not documented, so anything else is kept as it came.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Authority {
    Manager,
    Member,
    #[serde(untagged)]
    Other(String),
}

impl Authority {
    /// Parses an input value; only the two documented input values are accepted.
    pub fn parse_input(value: &str) -> Result<Authority> {
        match value.trim() {
            "manager" => Ok(Authority::Manager),
            "member" => Ok(Authority::Member),
            other => Err(Error::validation(
                "user_authority",
                format!("{other:?} is not a role; use manager or member"),
            )),
        }
    }

    pub fn as_str(&self) -> &str {
        match self {
            Authority::Manager => "manager",
            Authority::Member => "member",
            Authority::Other(s) => s,
        }
    }

    /// A role that is neither manager nor member: in practice the super manager.
    pub fn is_above_manager(&self) -> bool {
        matches!(self, Authority::Other(s) if s.contains("super") || s == "owner" || s == "admin")
    }
}

impl fmt::Display for Authority {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct User {
    pub id: String,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub mail: Option<String>,
    #[serde(default)]
    pub image_url: Option<String>,
    #[serde(default)]
    pub authority: Option<Authority>,
    #[serde(default)]
    pub code: Option<String>,
    /// List operation with `include_datetime` only.
    #[serde(default, deserialize_with = "timestamp")]
    pub created_at: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "timestamp")]
    pub updated_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub nfcs: Option<Vec<IcCard>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IcCard {
    pub id: String,
    #[serde(default)]
    pub name: Option<String>,
}
