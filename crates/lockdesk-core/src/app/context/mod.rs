//! What every app use-case receives: an [`AppContext`], in parts by responsibility.
//! - [`Space`]: a core [`Context`] with its sessions and clients ([`sessions::Sessions`]), what
//!   was learned from the service ([`learned::Learned`]), the history archives and image cache.
//!   The user's own space, or the demo's sandbox while "Try the demo" runs ([`demo`]).
//! - [`files::FileGrants`]: files the user dropped, the only ones that may be read by path,
//!   and the folders the user chose, named by handle.
//! - `Jobs`: background work, typed per kind.
//!
//! Cheap to clone (one `Arc`), so background jobs can own a handle. No global state.

#[cfg(feature = "demo")]
mod demo;
#[cfg(not(feature = "demo"))]
#[path = "no_demo.rs"]
mod demo;
mod demo_folder;
mod files;
mod learned;
mod sessions;
mod space;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use lockdesk_api::ids::OrganizationId;
use lockdesk_api::{ApiVersion, Client, V2Client};

use crate::app::job_registry::Jobs;
use crate::app::job_results::JobResult;
use crate::core_context::Context;
use crate::error::{Error, ErrorCode, Result};
use crate::organizations::choose::choose_organization;
use crate::profiles::store::{Profile, ProfileStore};
use crate::sessions::sign_in as core_sessions;
use crate::sessions::token_store::load_tokens;
use crate::users::view::AccountRole;
pub use demo::sweep_stale_demos;
use demo::{DemoOptions, DemoSandbox};
pub use demo_folder::DemoFolder;
pub(crate) use space::Space;

#[derive(Clone)]
pub struct AppContext {
    inner: Arc<Inner>,
    /// A job's context: this space whatever is in use meanwhile ([`AppContext::pinned`]).
    pinned: Option<Arc<Space>>,
}

struct Inner {
    user: Arc<Space>,
    demo: Mutex<Option<DemoSandbox>>,
    demo_options: DemoOptions,
    jobs: Jobs<JobResult>,
    files: files::FileGrants,
    /// Entra ID device code sign-ins begun and not yet waited for, by handle.
    device_sign_ins: Mutex<HashMap<String, oauth2::StandardDeviceAuthorizationResponse>>,
    /// `lockctl --cached`: read the offline cache only, never the service.
    cache_only: AtomicBool,
    /// Housekeeping in the background after a write (the journal's prune): off for `lockctl`.
    no_background_upkeep: AtomicBool,
}

impl std::fmt::Debug for AppContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppContext")
            .field("core", &self.inner.user.core)
            .field("demo", &self.demo_running())
            .finish_non_exhaustive()
    }
}

impl AppContext {
    pub fn new(core: Context) -> AppContext {
        Self::with_demo_options(core, DemoOptions::default())
    }

    /// "Try the demo" opens a big office (1,000 locks, 20,000 people, 400 invitations, 200,000
    /// records): for measuring the app at that size.
    pub fn with_big_office_demo(core: Context) -> AppContext {
        Self::with_demo_options(core, DemoOptions::big_office())
    }

    /// `demo_options` are used by "Try the demo" (tests pass `SimOptions::small()`).
    pub fn with_demo_options(core: Context, demo_options: DemoOptions) -> AppContext {
        AppContext {
            inner: Arc::new(Inner {
                user: Arc::new(Space::new(core)),
                demo: Mutex::new(None),
                demo_options,
                jobs: Jobs::default(),
                files: Default::default(),
                device_sign_ins: Default::default(),
                cache_only: AtomicBool::new(false),
                no_background_upkeep: AtomicBool::new(false),
            }),
            pinned: None,
        }
    }

    fn demo(&self) -> MutexGuard<'_, Option<DemoSandbox>> {
        self.inner.demo.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The space in use: the demo's sandbox while the demo runs, else the user's own (for a
    /// pinned context, the one it was pinned to).
    pub(crate) fn space(&self) -> Arc<Space> {
        if let Some(space) = &self.pinned {
            return space.clone();
        }
        match self.demo().as_ref() {
            Some(d) => d.space(),
            None => self.inner.user.clone(),
        }
    }

    /// Whether the space in use is the demo's sandbox.
    pub(crate) fn in_demo_space(&self) -> bool {
        !Arc::ptr_eq(&self.space(), &self.inner.user)
    }

    /// The core context in use (the demo's throwaway one while the demo runs).
    pub fn core(&self) -> Arc<Context> {
        self.space().core.clone()
    }

    /// This context bound to the space in use now, for a job that outlives the request: when
    /// the demo is started or left meanwhile, the job still sends, reads and journals in the
    /// space it started in (real invitations never land in the demo's journal, nor demo rows
    /// in the real one). The switch cancels it ([`AppContext::switch_allowed`]).
    pub(crate) fn pinned(&self) -> AppContext {
        AppContext {
            inner: self.inner.clone(),
            pinned: Some(self.space()),
        }
    }

    /// Whether the demo may be started or left now: not while a job runs, unless the user
    /// agreed to cancel it (`cancel_jobs`), which is then done.
    pub(crate) fn switch_allowed(&self, cancel_jobs: bool) -> Result<()> {
        let running = self.inner.jobs.running();
        if running.is_empty() {
            return Ok(());
        }
        if !cancel_jobs {
            return Err(Error::JobsRunning {
                jobs: running.iter().map(|k| k.as_str().to_owned()).collect(),
            });
        }
        self.inner.jobs.cancel_all();
        Ok(())
    }

    pub(crate) fn jobs(&self) -> &Jobs<JobResult> {
        &self.inner.jobs
    }

    /// Whether "Try the demo" runs.
    pub fn demo_running(&self) -> bool {
        self.demo().is_some()
    }

    /// The demo sandbox's folder while the demo runs (config and archives of the demo only).
    pub fn demo_dir(&self) -> Option<PathBuf> {
        self.demo().as_ref().and_then(DemoSandbox::dir)
    }

    pub(crate) fn demo_base_url(&self) -> Option<String> {
        self.demo().as_ref().and_then(DemoSandbox::base_url)
    }

    pub(crate) fn demo_sim_token(&self) -> Option<String> {
        self.demo().as_ref().and_then(DemoSandbox::sim_token)
    }

    /// Starts the demo in a fresh sandbox (a running one is replaced with fresh data).
    pub(crate) async fn start_demo(&self) -> Result<()> {
        let sandbox = DemoSandbox::start(self.inner.demo_options.clone()).await?;
        let old = self.demo().replace(sandbox);
        if let Some(old) = old {
            old.stop().await;
        }
        Ok(())
    }

    /// Stops (`false`) or starts (`true`) the demo simulator's answering, its data kept: the
    /// service "offline" for tests (the test host's `/_host/service`). Needs the demo running.
    pub async fn demo_service_answering(&self, on: bool) -> Result<()> {
        let handle = self.demo().as_ref().map(DemoSandbox::demo_handle);
        let Some(handle) = handle else {
            return Err(Error::Demo("the demo is not running".into()));
        };
        demo::set_answering(handle, on).await
    }

    /// Leaves the demo: its simulator stops, its sandbox is deleted, and the user's own
    /// connections are in use again.
    pub async fn leave_demo(&self) {
        let old = self.demo().take();
        if let Some(old) = old {
            self.inner.jobs.cancel_all();
            old.stop().await;
        }
    }

    /// Keeps a device code sign-in until the call that waits for it; answers its handle.
    pub(crate) fn keep_device_sign_in(
        &self,
        details: oauth2::StandardDeviceAuthorizationResponse,
    ) -> String {
        let handle: String = rand::random::<[u8; 16]>()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let mut kept = self
            .inner
            .device_sign_ins
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        // Only the latest few: a sign-in begun and never finished is not kept for ever.
        if kept.len() >= 8 {
            kept.clear();
        }
        kept.insert(handle.clone(), details);
        handle
    }

    pub(crate) fn take_device_sign_in(
        &self,
        handle: &str,
    ) -> Option<oauth2::StandardDeviceAuthorizationResponse> {
        self.inner
            .device_sign_ins
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(handle)
    }

    /// Lets the UI read `path` by name later (the shell calls this for dropped files).
    pub fn allow_file(&self, path: impl Into<PathBuf>) {
        self.inner.files.allow(path.into());
    }

    pub(crate) fn file_allowed(&self, path: &Path) -> bool {
        self.inner.files.allowed(path)
    }

    /// A handle for `folder`, a folder the user chose (the desktop shell's folder dialog, a
    /// path typed on `lockctl`'s command line): the only way a report is given its folder.
    pub fn grant_folder(&self, folder: impl Into<PathBuf>) -> String {
        self.inner.files.grant_folder(folder.into())
    }

    /// The folder `handle` was given for.
    pub(crate) fn granted_folder(&self, handle: &str) -> Option<PathBuf> {
        self.inner.files.folder(handle)
    }

    /// Whether the keychain holds tokens for `profile`.
    pub(crate) fn signed_in(&self, profile: &Profile) -> bool {
        let core = self.core();
        matches!(load_tokens(core.secrets.as_ref(), profile), Ok(Some(_)))
    }

    /// The profile in use for `api`, or the only signed-in profile of that API.
    pub(crate) fn profile_for(&self, api: ApiVersion) -> Result<String> {
        let space = self.space();
        if let Some(p) = space.sessions.profile(api) {
            return Ok(p);
        }
        let candidates: Vec<String> = ProfileStore::new(&space.core)
            .list()?
            .into_iter()
            .filter(|p| p.api == api && self.signed_in(p))
            .map(|p| p.name)
            .collect();
        match candidates.as_slice() {
            [only] => {
                space.sessions.set_profile(api, Some(only.clone()));
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
        self.space().sessions.set_org_override(organization);
    }

    /// Works with the history archive in `path` instead of the history profile's own
    /// (`lockctl history sync|query|export --archive FILE`).
    pub fn use_archive(&self, path: Option<PathBuf>) {
        self.space().sessions.set_archive_override(path);
    }

    /// Reads the offline cache only (`lockctl --cached`): the cached reads answer from it, every
    /// other command (changes included) is refused with `cached_only`, and no client is opened.
    pub fn use_cache_only(&self, on: bool) {
        self.inner.cache_only.store(on, Ordering::Relaxed);
    }

    /// A short-lived program (`lockctl`) starts no housekeeping in the background that its
    /// exit would then wait for: a `lockctl.exe` under Wine once hung at a journal write with
    /// the prune started beside it. It applies the retention with `activity --keep`.
    pub fn without_background_upkeep(&self) {
        self.inner
            .no_background_upkeep
            .store(true, Ordering::Relaxed);
    }

    pub(crate) fn background_upkeep(&self) -> bool {
        !self.inner.no_background_upkeep.load(Ordering::Relaxed)
    }

    pub fn cache_only(&self) -> bool {
        self.inner.cache_only.load(Ordering::Relaxed)
    }

    fn refuse_in_cache_only(&self) -> Result<()> {
        if self.cache_only() {
            return Err(Error::CachedOnly {
                what: "this command".into(),
            });
        }
        Ok(())
    }

    pub(crate) fn archive_override(&self) -> Option<PathBuf> {
        self.space().sessions.archive_override()
    }

    pub(crate) fn set_profile(&self, api: ApiVersion, profile: Option<String>) {
        self.space().sessions.set_profile(api, profile);
    }

    /// Drops cached clients and what was learned of `profile` (after sign-in, sign-out,
    /// removal).
    pub(crate) fn forget_clients(&self, profile: &str) {
        let space = self.space();
        space.sessions.forget_clients(profile);
        space.learned.forget(profile);
    }

    /// The connections whose renewed sign-in could not be stored in the keychain (used for
    /// this run only), with the reason: front ends tell the user.
    pub fn unsaved_sign_ins(&self) -> Vec<(String, String)> {
        self.space().sessions.unsaved()
    }

    /// Tries again to store the sign-ins of [`AppContext::unsaved_sign_ins`] in the keychain.
    pub(crate) async fn save_sign_ins_again(&self) {
        let clients = self.space().sessions.unsaved_clients();
        for client in clients {
            if let Err(e) = client.session().save_again().await {
                tracing::warn!("the renewed sign-in still cannot be stored: {e}");
            }
        }
    }

    /// The role learned for the v3 profile in use, if any.
    pub(crate) fn account_role(&self) -> Option<AccountRole> {
        let space = self.space();
        let profile = space.sessions.profile(ApiVersion::V3)?;
        space.learned.role(&profile)
    }

    /// The v3 client of the profile in use; one per profile, so a rotated token is never lost.
    pub(crate) async fn v3(&self) -> Result<(String, Arc<Client>)> {
        self.refuse_in_cache_only()?;
        let profile = self.profile_for(ApiVersion::V3)?;
        let space = self.space();
        if let Some(c) = space.sessions.client(&profile) {
            return Ok((profile, c));
        }
        let client = Arc::new(core_sessions::open_v3(&space.core, &profile).await?);
        Ok((
            profile.clone(),
            space.sessions.keep_client(&profile, client),
        ))
    }

    /// The v3 client and the organization to work on: named by the caller, else remembered for
    /// the profile, else the only one. Kept in memory once known.
    pub(crate) async fn org(&self) -> Result<(Arc<Client>, OrganizationId)> {
        let (profile, client) = self.v3().await?;
        let space = self.space();
        if let Some(org) = space.sessions.org(&profile) {
            crate::offline::used::note_used(&profile, &org);
            return Ok((client, org));
        }
        let explicit = space.sessions.org_override();
        let org = choose_organization(&space.core, &profile, &client, explicit.as_deref()).await?;
        space.sessions.set_org(&profile, org.clone());
        crate::offline::used::note_used(&profile, &org);
        Ok((client, org))
    }

    /// Remembers `org` for the v3 profile in use (the organization screen's choice).
    pub(crate) fn chose_org(&self, profile: &str, org: OrganizationId) {
        self.space().sessions.set_org(profile, org);
    }

    pub(crate) async fn v2(&self) -> Result<Arc<V2Client>> {
        self.refuse_in_cache_only()?;
        let profile = self.profile_for(ApiVersion::V2)?;
        let space = self.space();
        if let Some(c) = space.sessions.v2_client(&profile) {
            return Ok(c);
        }
        let client = Arc::new(core_sessions::open_v2(&space.core, &profile).await?);
        Ok(space.sessions.keep_v2_client(&profile, client))
    }

    /// Maps a client error of an action needing `scope`; `insufficient_scope` becomes
    /// [`Error::MissingScope`] naming it, and is remembered for the account screen.
    pub(crate) fn scoped(&self, scope: &'static str) -> impl Fn(lockdesk_api::Error) -> Error + '_ {
        move |e| {
            if ErrorCode::from_api(&e) == ErrorCode::InsufficientScope {
                self.space().learned.note_missing_scope(scope);
                Error::MissingScope {
                    scope: scope.to_owned(),
                }
            } else {
                Error::Api(e)
            }
        }
    }
}
