//! What every app use-case receives: the core [`Context`] plus the state of one running app
//! (which profiles are active, pending sign-ins, the demo simulator, cached clients, jobs).
//! Cheap to clone (one `Arc`), so background jobs can own a handle. No global state.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

use lockdesk_api::ids::OrganizationId;
use lockdesk_api::{ApiVersion, Client, V2Client};
use lockdesk_sim::SimOptions;

use super::jobs::Jobs;
use crate::demo::Demo;
use crate::error::{Error, ErrorCode, Result};
use crate::organizations::choose_organization;
use crate::sessions::{self, PendingSignIn};
use crate::token_store::load_tokens;
use crate::{Context, ProfileStore};

#[derive(Clone)]
pub struct AppContext {
    inner: Arc<Inner>,
}

struct Inner {
    core: Context,
    state: Mutex<AppState>,
    jobs: Jobs,
    demo_options: SimOptions,
    history: super::history::HistoryState,
    images: super::images::Images,
}

#[derive(Default)]
pub(crate) struct AppState {
    /// The v3 profile the app works with.
    pub active: Option<String>,
    /// The v2 (history) profile.
    pub history: Option<String>,
    pub pending: HashMap<String, PendingSignIn>,
    pub demo: Option<Demo>,
    pub clients: HashMap<String, Arc<Client>>,
    pub v2_clients: HashMap<String, Arc<V2Client>>,
    /// Scopes the service refused during this run.
    pub missing_scopes: BTreeSet<String>,
    /// Files the user dropped onto the window; only these may be read by path.
    pub allowed_files: HashSet<PathBuf>,
    /// What the app learned of each v3 profile's role (see [`super::AccountRole`]).
    pub roles: HashMap<String, super::AccountRole>,
    /// An organization named by the caller (`lockctl --org`); checked, then remembered.
    pub org_override: Option<String>,
}

impl std::fmt::Debug for AppContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppContext")
            .field("core", &self.inner.core)
            .finish_non_exhaustive()
    }
}

impl AppContext {
    pub fn new(core: Context) -> AppContext {
        Self::with_demo_options(core, SimOptions::default())
    }

    /// `demo_options` are used by "Try the demo" (tests pass `SimOptions::small()`).
    pub fn with_demo_options(core: Context, demo_options: SimOptions) -> AppContext {
        AppContext {
            inner: Arc::new(Inner {
                core,
                state: Mutex::new(AppState::default()),
                jobs: Jobs::default(),
                demo_options,
                history: Default::default(),
                images: Default::default(),
            }),
        }
    }

    pub fn core(&self) -> &Context {
        &self.inner.core
    }

    pub(crate) fn jobs(&self) -> &Jobs {
        &self.inner.jobs
    }

    pub(crate) fn images(&self) -> &super::images::Images {
        &self.inner.images
    }

    pub(crate) fn history_state(&self) -> &super::history::HistoryState {
        &self.inner.history
    }

    /// Whether the built-in demo runs (its archive lives in a temporary directory).
    pub(crate) fn demo_running(&self) -> bool {
        self.state().demo.is_some()
    }

    pub(crate) fn demo_options(&self) -> SimOptions {
        self.inner.demo_options.clone()
    }

    /// Never held across an `.await`.
    pub(crate) fn state(&self) -> MutexGuard<'_, AppState> {
        self.inner.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Lets the UI read `path` by name later (the shell calls this for dropped files).
    pub fn allow_file(&self, path: impl Into<PathBuf>) {
        self.state().allowed_files.insert(path.into());
    }

    pub(crate) fn file_allowed(&self, path: &Path) -> bool {
        self.state().allowed_files.contains(path)
    }

    /// Whether the keychain holds tokens for `profile`.
    pub(crate) fn signed_in(&self, profile: &str) -> bool {
        matches!(
            load_tokens(self.core().secrets.as_ref(), profile),
            Ok(Some(_))
        )
    }

    /// The active profile of `api`, or the only signed-in profile of that API.
    pub(crate) fn profile_for(&self, api: ApiVersion) -> Result<String> {
        let chosen = {
            let st = self.state();
            match api {
                ApiVersion::V3 => st.active.clone(),
                ApiVersion::V2 => st.history.clone(),
            }
        };
        if let Some(p) = chosen {
            return Ok(p);
        }
        let candidates: Vec<String> = ProfileStore::new(self.core())
            .list()?
            .into_iter()
            .filter(|p| p.api == api && self.signed_in(&p.name))
            .map(|p| p.name)
            .collect();
        match candidates.as_slice() {
            [only] => {
                self.set_profile(api, Some(only.clone()));
                Ok(only.clone())
            }
            _ => Err(Error::NoActiveProfile(api)),
        }
    }

    /// Works with `profile` for `api` from now on (`lockctl --profile`, the Connections screen).
    pub fn use_profile(&self, api: ApiVersion, profile: &str) {
        self.set_profile(api, Some(profile.to_owned()));
    }

    /// Works on `organization` (`lockctl --org ID`); it is remembered for the profile on first
    /// use, as a choice in the app is.
    pub fn use_organization(&self, organization: Option<String>) {
        self.state().org_override = organization;
    }

    pub(crate) fn set_profile(&self, api: ApiVersion, profile: Option<String>) {
        let mut st = self.state();
        match api {
            ApiVersion::V3 => st.active = profile,
            ApiVersion::V2 => st.history = profile,
        }
    }

    /// Drops cached clients and what was learned of `profile` (after sign-in, sign-out,
    /// removal).
    pub(crate) fn forget_clients(&self, profile: &str) {
        let mut st = self.state();
        st.clients.remove(profile);
        st.v2_clients.remove(profile);
        st.roles.remove(profile);
    }

    /// The role learned for the active v3 profile, if any.
    pub(crate) fn account_role(&self) -> Option<super::AccountRole> {
        let profile = self.state().active.clone()?;
        self.state().roles.get(&profile).copied()
    }

    /// The v3 client of the active profile; one per profile, so a rotated token is never lost.
    pub(crate) async fn v3(&self) -> Result<(String, Arc<Client>)> {
        let profile = self.profile_for(ApiVersion::V3)?;
        if let Some(c) = self.state().clients.get(&profile) {
            return Ok((profile, c.clone()));
        }
        let client = Arc::new(sessions::open_v3(self.core(), &profile).await?);
        let client = self
            .state()
            .clients
            .entry(profile.clone())
            .or_insert(client)
            .clone();
        Ok((profile, client))
    }

    /// The v3 client and the organization to work on (remembered per profile).
    pub(crate) async fn org(&self) -> Result<(Arc<Client>, OrganizationId)> {
        let (profile, client) = self.v3().await?;
        let explicit = self.state().org_override.clone();
        let org = choose_organization(self.core(), &profile, &client, explicit.as_deref()).await?;
        Ok((client, org))
    }

    pub(crate) async fn v2(&self) -> Result<Arc<V2Client>> {
        let profile = self.profile_for(ApiVersion::V2)?;
        if let Some(c) = self.state().v2_clients.get(&profile) {
            return Ok(c.clone());
        }
        let client = Arc::new(sessions::open_v2(self.core(), &profile).await?);
        let client = self
            .state()
            .v2_clients
            .entry(profile)
            .or_insert(client)
            .clone();
        Ok(client)
    }

    /// Maps a client error of an action needing `scope`; `insufficient_scope` becomes
    /// [`Error::MissingScope`] naming it, and is remembered for the account screen.
    pub(crate) fn scoped(&self, scope: &'static str) -> impl Fn(lockdesk_api::Error) -> Error + '_ {
        move |e| {
            if ErrorCode::from_api(&e) == ErrorCode::InsufficientScope {
                self.state().missing_scopes.insert(scope.to_owned());
                Error::MissingScope {
                    scope: scope.to_owned(),
                }
            } else {
                Error::Api(e)
            }
        }
    }
}
