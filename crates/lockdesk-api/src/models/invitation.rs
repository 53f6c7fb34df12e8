use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::models::Authority;
use crate::serde_util::timestamp;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InvitationStatus {
    Active,
    Expired,
    /// The status after acceptance is not documented; whatever comes is kept.
    #[serde(untagged)]
    Other(String),
}

impl InvitationStatus {
    pub fn as_str(&self) -> &str {
        match self {
            InvitationStatus::Active => "active",
            InvitationStatus::Expired => "expired",
            InvitationStatus::Other(s) => s,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Invitation {
    pub id: String,
    #[serde(default, deserialize_with = "timestamp")]
    pub issued_at: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "timestamp")]
    pub expires_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub invitation_status: Option<InvitationStatus>,
    #[serde(default)]
    pub user: Option<InvitedUser>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InvitedUser {
    /// Masked with asterisks when the user has since left the service.
    #[serde(default)]
    pub mail: Option<String>,
    #[serde(default)]
    pub authority: Option<Authority>,
    #[serde(default)]
    pub code: Option<String>,
}
