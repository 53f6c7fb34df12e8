//! Connections (profiles) and organizations.

use chrono::{DateTime, Utc};
use lockdesk_api::ApiVersion;
use serde::{Deserialize, Serialize};

/// Which API a profile is registered for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Api {
    V3,
    V2,
}

impl From<ApiVersion> for Api {
    fn from(v: ApiVersion) -> Self {
        match v {
            ApiVersion::V3 => Api::V3,
            ApiVersion::V2 => Api::V2,
        }
    }
}

impl From<Api> for ApiVersion {
    fn from(v: Api) -> Self {
        match v {
            Api::V3 => ApiVersion::V3,
            Api::V2 => ApiVersion::V2,
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ProfileView {
    pub name: String,
    pub base_url: String,
    pub client_id: String,
    pub redirect_uri: String,
    pub api: Api,
    /// Tokens are in the keychain.
    pub signed_in: bool,
    /// When the stored access token expires (v2: two hours after sign-in, not renewable).
    pub expires_at: Option<DateTime<Utc>>,
    /// The organization remembered for this profile.
    pub organization_id: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OrganizationView {
    pub id: String,
    /// Only known after a detail request; `null` when the service did not say.
    pub name: Option<String>,
}
