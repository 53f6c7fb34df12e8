//! `Env`: the global options and the app context, as the commands see them. Its own file so the
//! commands can take it without importing lib.rs, which calls them.

use lockdesk_api::ApiVersion;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::core_context::Context;
use lockdesk_core::profiles::store::ProfileStore;

use crate::error::{Error, Result};

/// The global options and the app context, for the commands. Every command calls the app's
/// use-cases (`lockdesk_core::app`) on [`Env::app`]; lockctl itself only parses and prints.
pub struct Env<'a> {
    app: &'a AppContext,
    pub profile: Option<String>,
    pub org: Option<String>,
}

impl<'a> Env<'a> {
    pub fn new(app: &'a AppContext, profile: Option<String>, org: Option<String>) -> Env<'a> {
        app.use_organization(org.clone());
        app.use_archive(None);
        Env { app, profile, org }
    }

    pub fn ctx(&self) -> std::sync::Arc<Context> {
        self.app.core()
    }

    /// The app context without a profile (profile management).
    pub fn app_without_profile(&self) -> &AppContext {
        self.app
    }

    /// The profile given, or the only one there is.
    pub fn profile(&self) -> Result<String> {
        if let Some(p) = &self.profile {
            return Ok(p.clone());
        }
        let profiles = ProfileStore::new(&self.ctx()).list()?;
        match profiles.as_slice() {
            [] => Err(Error::NoProfile),
            [only] => Ok(only.name.clone()),
            many => Err(Error::ProfileRequired(
                many.iter().map(|p| p.name.clone()).collect(),
            )),
        }
    }

    /// The app context working with the profile, for organization work and history alike (a
    /// command of the other API then says `wrong_api`).
    pub fn app(&self) -> Result<&AppContext> {
        let profile = self.profile()?;
        self.app.use_profile(ApiVersion::V3, &profile);
        self.app.use_profile(ApiVersion::V2, &profile);
        Ok(self.app)
    }
}
