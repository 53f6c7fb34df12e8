//! What a simulator tells about itself (`SimInfo`: its base URL, demo clients and accounts), built
//! from its state by `sim_info`. Built by both lib.rs, which starts the routes, and the control
//! routes (`GET /_sim/info`).

use serde::{Deserialize, Serialize};

use crate::backend::demo::{ACCOUNTS, DEMO_PASSWORD};
use crate::backend::state::Client;
use crate::backend::State;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SimInfo {
    pub base_url: String,
    pub clients: Vec<ClientInfo>,
    pub accounts: Vec<AccountInfo>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ClientInfo {
    /// `v3` or `v2`
    pub api: String,
    pub client_id: String,
    pub client_secret: String,
    pub redirect_uri: String,
    pub scopes: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AccountInfo {
    pub mail: String,
    pub password: String,
    /// `super_manager`, `manager` or `member`
    pub role: String,
}

pub(crate) fn client_info(c: &Client) -> ClientInfo {
    ClientInfo {
        api: c.api.as_str().to_string(),
        client_id: c.client_id.clone(),
        client_secret: c.client_secret.clone(),
        redirect_uri: c.redirect_uri.clone(),
        scopes: c.scopes.clone(),
    }
}

/// The demo identities of a state.
pub(crate) fn sim_info(st: &State) -> SimInfo {
    SimInfo {
        base_url: st.base_url.clone(),
        clients: st
            .clients
            .iter()
            .filter(|c| c.client_id.starts_with("demo-"))
            .map(client_info)
            .collect(),
        accounts: ACCOUNTS
            .iter()
            .map(|(mail, role)| AccountInfo {
                mail: mail.to_string(),
                password: DEMO_PASSWORD.to_string(),
                role: role.to_string(),
            })
            .collect(),
    }
}
