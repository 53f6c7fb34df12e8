use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LockGroup {
    pub id: String,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub memo: Option<String>,
    /// Detail and membership responses only.
    #[serde(default)]
    pub locks: Option<Vec<LockSummary>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LockSummary {
    pub id: String,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub image_url: Option<String>,
}
