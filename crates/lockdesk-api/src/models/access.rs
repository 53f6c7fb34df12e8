use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::serde_util::{id_as_string, timestamp};

/// A lock of the v2 `GET /v2/external/locks` answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct V2Lock {
    pub id: String,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub image_url: Option<String>,
}

/// How a door was locked or unlocked.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClientType {
    MobileApp,
    Manager,
    NfcOutside,
    NfcInside,
    Autolock,
    Hand,
    Button,
    #[serde(untagged)]
    Other(String),
}

impl ClientType {
    pub const ALL: [ClientType; 7] = [
        ClientType::MobileApp,
        ClientType::Manager,
        ClientType::NfcOutside,
        ClientType::NfcInside,
        ClientType::Autolock,
        ClientType::Hand,
        ClientType::Button,
    ];

    pub fn as_str(&self) -> &str {
        match self {
            ClientType::MobileApp => "mobile_app",
            ClientType::Manager => "manager",
            ClientType::NfcOutside => "nfc_outside",
            ClientType::NfcInside => "nfc_inside",
            ClientType::Autolock => "autolock",
            ClientType::Hand => "hand",
            ClientType::Button => "button",
            ClientType::Other(s) => s,
        }
    }

    pub fn parse(s: &str) -> ClientType {
        Self::ALL
            .iter()
            .find(|c| c.as_str() == s)
            .cloned()
            .unwrap_or_else(|| ClientType::Other(s.to_owned()))
    }
}

/// One entry/exit record of the v2 history. Records carry no id of their own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Access {
    pub is_locked: bool,
    pub client_type: ClientType,
    #[serde(deserialize_with = "required_time")]
    pub created_at: DateTime<Utc>,
    #[serde(default)]
    pub user: Option<AccessUser>,
    #[serde(default)]
    pub lock: Option<AccessLock>,
}

fn required_time<'de, D: serde::Deserializer<'de>>(d: D) -> Result<DateTime<Utc>, D::Error> {
    timestamp(d)?.ok_or_else(|| serde::de::Error::custom("created_at is missing"))
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AccessUser {
    /// Kept as text: real history ids can exceed 64 bits.
    #[serde(default, deserialize_with = "id_as_string")]
    pub id: Option<String>,
    #[serde(default)]
    pub full_name: Option<String>,
    #[serde(default)]
    pub mail: Option<String>,
    #[serde(default)]
    pub image_url: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AccessLock {
    #[serde(default, deserialize_with = "id_as_string")]
    pub id: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub image_url: Option<String>,
}
