use chrono::{DateTime, Utc};
use oauth2::{AccessToken, RefreshToken};
use serde::{Deserialize, Serialize};

use crate::serde_util::timestamp;

/// `GET /oauth/token/info`. The field table names the token `token`, the sample `access_token`:
/// both are accepted. Debug output of the tokens is redacted by their types.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TokenInfo {
    #[serde(default)]
    pub application_name: Option<String>,
    #[serde(default, alias = "token")]
    pub access_token: Option<AccessToken>,
    #[serde(default)]
    pub refresh_token: Option<RefreshToken>,
    #[serde(default, deserialize_with = "timestamp")]
    pub created_at: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "timestamp")]
    pub expires_at: Option<DateTime<Utc>>,
}
