//! Which connection and organization the requests of one cached read went to: noted by the
//! context as each request leaves, read by the offline cache when the answer is kept. Apart
//! from `mod.rs` because the context, which the cache's use-cases take, writes the notes.

use std::cell::RefCell;
use std::future::Future;

use lockdesk_api::ids::OrganizationId;

use crate::error::Result;
use crate::offline::store::Scope;

/// What the requests of one read used, noted by `AppContext::org` while the read runs.
#[derive(Default)]
pub(crate) enum Used {
    #[default]
    Nothing,
    One(Scope),
    /// The connection or organization changed between two requests of the read: its answer
    /// belongs to neither, and is not kept.
    Mixed,
}

tokio::task_local! {
    static USED: RefCell<Used>;
}

/// Notes that a request of the running read goes to `org` of `profile`. The answer is kept
/// under this, not under whatever is chosen when it arrives (the user may switch meanwhile).
pub(crate) fn note_used(profile: &str, org: &OrganizationId) {
    let scope = Scope {
        profile: profile.to_owned(),
        organization_id: org.as_str().to_owned(),
    };
    // Outside a cached read there is nothing to note.
    let _ = USED.try_with(|used| {
        let mut used = used.borrow_mut();
        *used = match std::mem::take(&mut *used) {
            Used::Nothing => Used::One(scope),
            Used::One(s) if s == scope => Used::One(s),
            Used::One(_) | Used::Mixed => Used::Mixed,
        };
    });
}

/// Runs `fetch`, noting the scope its requests used.
pub(crate) async fn fetch_noting<T>(fetch: impl Future<Output = Result<T>>) -> (Result<T>, Used) {
    USED.scope(RefCell::new(Used::Nothing), async {
        let answer = fetch.await;
        (answer, USED.with(|u| u.take()))
    })
    .await
}
