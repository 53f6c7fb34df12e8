use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Organization {
    pub id: String,
    /// Present in the detail response only.
    #[serde(default)]
    pub name: Option<String>,
}
