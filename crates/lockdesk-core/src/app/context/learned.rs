//! What the app learned from the service's own answers during this run: the account's role
//! per profile (see [`AccountRole`]) and the scopes the service refused. Its one owner; the UI
//! reads it through `account_info` and `users_list`, and keeps no copy.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Mutex, MutexGuard};

use crate::users::view::AccountRole;

#[derive(Default)]
pub(crate) struct Learned {
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    roles: HashMap<String, AccountRole>,
    missing_scopes: BTreeSet<String>,
}

impl Learned {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(crate) fn role(&self, profile: &str) -> Option<AccountRole> {
        self.lock().roles.get(profile).copied()
    }

    pub(crate) fn note_role(&self, profile: &str, role: AccountRole) {
        self.lock().roles.insert(profile.to_owned(), role);
    }

    /// Forgets what was learned of `profile` (a new sign-in may be another account).
    pub(crate) fn forget(&self, profile: &str) {
        self.lock().roles.remove(profile);
    }

    pub(crate) fn note_missing_scope(&self, scope: &str) {
        self.lock().missing_scopes.insert(scope.to_owned());
    }

    pub(crate) fn missing_scopes(&self) -> Vec<String> {
        self.lock().missing_scopes.iter().cloned().collect()
    }
}
