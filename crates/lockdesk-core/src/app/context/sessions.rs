//! Sessions and clients of one space: which profile the app works with (v3) and reads history
//! with (v2), sign-ins in progress, one client per profile (so a rotated refresh token is never
//! lost), and the organization chosen per profile, kept in memory once known.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};

use lockdesk_api::ids::OrganizationId;
use lockdesk_api::{ApiVersion, Client, V2Client};

use crate::sessions::sign_in::PendingSignIn;

#[derive(Default)]
pub(crate) struct Sessions {
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    active: Option<String>,
    history: Option<String>,
    pending: HashMap<String, PendingSignIn>,
    clients: HashMap<String, Arc<Client>>,
    v2_clients: HashMap<String, Arc<V2Client>>,
    /// The organization in use per v3 profile, once chosen or read from its settings.
    orgs: HashMap<String, OrganizationId>,
    /// An organization named by the caller (`lockctl --org`); checked, then remembered.
    org_override: Option<String>,
    /// An archive file named by the caller (`lockctl history … --archive FILE`).
    archive_override: Option<PathBuf>,
}

impl Sessions {
    /// Never held across an `.await`.
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(crate) fn profile(&self, api: ApiVersion) -> Option<String> {
        let st = self.lock();
        match api {
            ApiVersion::V3 => st.active.clone(),
            ApiVersion::V2 => st.history.clone(),
        }
    }

    pub(crate) fn set_profile(&self, api: ApiVersion, profile: Option<String>) {
        let mut st = self.lock();
        match api {
            ApiVersion::V3 => st.active = profile,
            ApiVersion::V2 => st.history = profile,
        }
    }

    /// Forgets `profile` wherever it is in use (after it was removed).
    pub(crate) fn drop_profile(&self, profile: &str) {
        let mut st = self.lock();
        if st.active.as_deref() == Some(profile) {
            st.active = None;
        }
        if st.history.as_deref() == Some(profile) {
            st.history = None;
        }
        st.pending.remove(profile);
    }

    pub(crate) fn add_pending(&self, profile: &str, pending: PendingSignIn) {
        self.lock().pending.insert(profile.to_owned(), pending);
    }

    pub(crate) fn pending(&self, profile: &str) -> Option<PendingSignIn> {
        self.lock().pending.get(profile).cloned()
    }

    pub(crate) fn remove_pending(&self, profile: &str) {
        self.lock().pending.remove(profile);
    }

    /// Drops the cached clients and organization of `profile` (after sign-in, sign-out, removal).
    pub(crate) fn forget_clients(&self, profile: &str) {
        let mut st = self.lock();
        st.clients.remove(profile);
        st.v2_clients.remove(profile);
        st.orgs.remove(profile);
    }

    /// The profiles whose renewed tokens could not be stored, and why.
    pub(crate) fn unsaved(&self) -> Vec<(String, String)> {
        let mut unsaved: Vec<(String, String)> = self
            .lock()
            .clients
            .iter()
            .filter_map(|(p, c)| Some((p.clone(), c.session().unsaved_tokens()?)))
            .collect();
        unsaved.sort();
        unsaved
    }

    /// The clients whose renewed tokens could not be stored.
    pub(crate) fn unsaved_clients(&self) -> Vec<Arc<Client>> {
        self.lock()
            .clients
            .values()
            .filter(|c| c.session().unsaved_tokens().is_some())
            .cloned()
            .collect()
    }

    pub(crate) fn client(&self, profile: &str) -> Option<Arc<Client>> {
        self.lock().clients.get(profile).cloned()
    }

    /// Keeps `client` unless another caller stored one first; returns the one kept.
    pub(crate) fn keep_client(&self, profile: &str, client: Arc<Client>) -> Arc<Client> {
        self.lock()
            .clients
            .entry(profile.to_owned())
            .or_insert(client)
            .clone()
    }

    pub(crate) fn v2_client(&self, profile: &str) -> Option<Arc<V2Client>> {
        self.lock().v2_clients.get(profile).cloned()
    }

    pub(crate) fn keep_v2_client(&self, profile: &str, client: Arc<V2Client>) -> Arc<V2Client> {
        self.lock()
            .v2_clients
            .entry(profile.to_owned())
            .or_insert(client)
            .clone()
    }

    pub(crate) fn org(&self, profile: &str) -> Option<OrganizationId> {
        self.lock().orgs.get(profile).cloned()
    }

    pub(crate) fn set_org(&self, profile: &str, org: OrganizationId) {
        self.lock().orgs.insert(profile.to_owned(), org);
    }

    pub(crate) fn org_override(&self) -> Option<String> {
        self.lock().org_override.clone()
    }

    pub(crate) fn archive_override(&self) -> Option<PathBuf> {
        self.lock().archive_override.clone()
    }

    pub(crate) fn set_archive_override(&self, path: Option<PathBuf>) {
        self.lock().archive_override = path;
    }

    pub(crate) fn set_org_override(&self, org: Option<String>) {
        let mut st = self.lock();
        st.org_override = org;
        // The next call checks and remembers the organization named.
        st.orgs.clear();
    }
}
