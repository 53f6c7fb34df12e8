//! Renewal shared with other programs: sessions of one sign-in that each hold their own copy
//! of the tokens (as separate processes do) and one store with a renewal lock (as the core's
//! keychain sink with its lock file). Refresh tokens rotate, so only one may renew; the others
//! adopt what it stored.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use lockdesk_api::{RenewalGuard, RenewalLockError, Session, TokenSet, TokenSink};
use serde_json::json;

use crate::support::*;

/// One stored token set and one lock, shared by every sink made from it.
#[derive(Default)]
struct Store {
    tokens: Mutex<Option<TokenSet>>,
    locked: Arc<(Mutex<bool>, Condvar)>,
    saves: AtomicUsize,
}

struct Held(Arc<(Mutex<bool>, Condvar)>);

impl Drop for Held {
    fn drop(&mut self) {
        *self.0 .0.lock().unwrap() = false;
        self.0 .1.notify_all();
    }
}

/// A program's sink over the shared store. `stale_once`: the first reload answers the stale
/// tokens (a program that stored without the lock, after this one looked).
struct SharedSink {
    store: Arc<Store>,
    with_lock: bool,
    stale_once: Option<(AtomicBool, TokenSet)>,
}

impl TokenSink for SharedSink {
    fn save(&self, tokens: &TokenSet) -> Result<(), String> {
        *self.store.tokens.lock().unwrap() = Some(tokens.clone());
        self.store.saves.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }

    fn lock_renewal(&self) -> Result<RenewalGuard, RenewalLockError> {
        if !self.with_lock {
            return Ok(RenewalGuard::none());
        }
        let (flag, cv) = &*self.store.locked;
        let mut held = flag.lock().unwrap();
        while *held {
            held = cv.wait(held).unwrap();
        }
        *held = true;
        Ok(RenewalGuard::holding(Held(self.store.locked.clone())))
    }

    fn reload(&self) -> Result<Option<TokenSet>, String> {
        if let Some((used, stale)) = &self.stale_once {
            if !used.swap(true, Ordering::SeqCst) {
                return Ok(Some(stale.clone()));
            }
        }
        Ok(self.store.tokens.lock().unwrap().clone())
    }
}

fn refresh_secret(t: &TokenSet) -> String {
    t.refresh_token.as_ref().unwrap().secret().clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn programs_renewing_at_once_all_succeed_with_one_refresh() {
    let sim = sim().await;
    let info = v3_client(&sim);
    let oauth = oauth_for(&sim, &info);
    let tokens = sign_in_with(&sim, &oauth, &info, ADMIN).await;
    let store = Arc::new(Store::default());
    *store.tokens.lock().unwrap() = Some(tokens.clone());
    // Four programs read the same tokens; then the service's 90 days pass.
    let clients: Vec<_> = (0..4)
        .map(|_| {
            let sink = SharedSink {
                store: store.clone(),
                with_lock: true,
                stale_once: None,
            };
            let session = Session::new(oauth_for(&sim, &info), tokens.clone(), Arc::new(sink));
            lockdesk_api::Client::new(Arc::new(session))
        })
        .collect();
    post(&sim, "clock", json!({"advance_seconds": 91 * 86400})).await;
    let calls = clients.iter().map(|c| async move { first_org(c).await });
    futures::future::join_all(calls).await;
    assert_eq!(store.saves.load(Ordering::SeqCst), 1, "one refresh for all");
    let kept = store.tokens.lock().unwrap().clone().unwrap();
    for c in &clients {
        assert_eq!(
            refresh_secret(&c.session().tokens().await),
            refresh_secret(&kept)
        );
    }
    // The kept refresh token is the live one.
    oauth
        .refresh(kept.refresh_token.as_ref().unwrap())
        .await
        .unwrap();
}

#[tokio::test]
async fn a_refused_refresh_adopts_newer_stored_tokens() {
    let sim = sim().await;
    let info = v3_client(&sim);
    let oauth = oauth_for(&sim, &info);
    let stale = sign_in_with(&sim, &oauth, &info, ADMIN).await;
    let store = Arc::new(Store::default());
    // Another program renewed (the stale refresh token is now revoked) and stored its tokens,
    // but only after this program looked (no lock between them).
    let newer = oauth
        .refresh(stale.refresh_token.as_ref().unwrap())
        .await
        .unwrap();
    *store.tokens.lock().unwrap() = Some(newer.clone());
    let sink = SharedSink {
        store: store.clone(),
        with_lock: false,
        stale_once: Some((AtomicBool::new(false), stale.clone())),
    };
    let session = Session::new(oauth_for(&sim, &info), stale.clone(), Arc::new(sink));
    let bearer = session.bearer().await.unwrap();
    let renewed = session
        .renew(&bearer)
        .await
        .expect("adopts, not signed out");
    assert_eq!(renewed.token.secret(), newer.access_token.secret());
    assert_eq!(
        refresh_secret(&session.tokens().await),
        refresh_secret(&newer)
    );
    assert_eq!(store.saves.load(Ordering::SeqCst), 0, "nothing refreshed");
    session.token_info().await.unwrap();
}

/// A keychain that refuses the first `fail_first` saves.
#[derive(Default)]
struct FlakySink {
    fail_first: usize,
    attempts: AtomicUsize,
    stored: Mutex<Option<TokenSet>>,
}

impl TokenSink for FlakySink {
    fn save(&self, tokens: &TokenSet) -> Result<(), String> {
        if self.attempts.fetch_add(1, Ordering::SeqCst) < self.fail_first {
            return Err("the keychain is locked".into());
        }
        *self.stored.lock().unwrap() = Some(tokens.clone());
        Ok(())
    }
}

/// The service replaces the refresh token at each renewal, so a renewed pair the keychain
/// refuses is still used (dropping it would sign the user out for good), the save is tried
/// again, and the session says the tokens live in memory only.
#[tokio::test]
async fn renewed_tokens_the_keychain_refuses_are_used_and_the_save_tried_again() {
    let sim = sim().await;
    let info = v3_client(&sim);
    let oauth = oauth_for(&sim, &info);
    let session_with = |tokens: TokenSet, sink: Arc<FlakySink>| {
        lockdesk_api::Client::new(Arc::new(Session::new(oauth_for(&sim, &info), tokens, sink)))
    };

    let tokens = sign_in_with(&sim, &oauth, &info, ADMIN).await;
    let refused = Arc::new(FlakySink {
        fail_first: usize::MAX,
        ..FlakySink::default()
    });
    let client = session_with(tokens.clone(), refused.clone());
    post(&sim, "clock", json!({"advance_seconds": 91 * 86400})).await;
    first_org(&client).await;
    assert_eq!(refused.attempts.load(Ordering::SeqCst), 2, "tried twice");
    assert!(client
        .session()
        .unsaved_tokens()
        .unwrap()
        .contains("locked"));
    let in_memory = client.session().tokens().await;
    assert_ne!(refresh_secret(&in_memory), refresh_secret(&tokens));
    // The old refresh token is dead at the service; the one kept in memory is the live one.
    assert!(oauth
        .refresh(tokens.refresh_token.as_ref().unwrap())
        .await
        .is_err());
    oauth
        .refresh(in_memory.refresh_token.as_ref().unwrap())
        .await
        .unwrap();

    // Refused once: stored on the second try, nothing left unsaved.
    let tokens = sign_in_with(&sim, &oauth, &info, ADMIN).await;
    let once = Arc::new(FlakySink {
        fail_first: 1,
        ..FlakySink::default()
    });
    let client = session_with(tokens, once.clone());
    post(&sim, "clock", json!({"advance_seconds": 91 * 86400})).await;
    first_org(&client).await;
    assert_eq!(once.attempts.load(Ordering::SeqCst), 2);
    assert!(client.session().unsaved_tokens().is_none());
    let stored = once.stored.lock().unwrap().clone().unwrap();
    assert_eq!(
        refresh_secret(&stored),
        refresh_secret(&client.session().tokens().await)
    );
}
