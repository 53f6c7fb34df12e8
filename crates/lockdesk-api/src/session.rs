//! A signed-in v3 session: hands out the access token, renews it before its 90 days run out
//! and once when the service calls it invalid. Renewal is single-flight (many callers, one
//! reissue) and the rotated tokens are handed to a [`TokenSink`] before they are used, so a
//! crash can never leave only a refresh token the service has already replaced.
//!
//! Refresh tokens rotate: the one used is revoked. Other programs (the app and a scheduled
//! `lockctl`) may hold the same sign-in, so a renewal runs under the sink's
//! [`TokenSink::lock_renewal`] (an OS file lock in the core) and first reads the stored tokens
//! again ([`TokenSink::reload`]): when another program renewed meanwhile, its tokens are adopted
//! instead of spending the revoked refresh token.

use std::sync::Arc;

use chrono::Duration;
use oauth2::AccessToken;
use tokio::sync::{Mutex, RwLock};
use tokio::time::Instant;

use crate::error::{Error, Result, ServiceCode};
use crate::models::TokenInfo;
use crate::oauth::{ApiVersion, OAuth, TokenSet};

/// Where renewed tokens are persisted (the OS keychain in the app), and how renewals of the
/// same sign-in by several programs are kept apart. Only [`TokenSink::save`] is required: the
/// defaults suit tokens kept by this process alone.
pub trait TokenSink: Send + Sync {
    fn save(&self, tokens: &TokenSet) -> std::result::Result<(), String>;

    /// Waits until no other program renews this sign-in and keeps them waiting until the guard
    /// is dropped. Called off the async runtime; may block. Default: no lock.
    fn lock_renewal(&self) -> std::result::Result<RenewalGuard, RenewalLockError> {
        Ok(RenewalGuard::none())
    }

    /// The tokens stored now, which another program may have renewed since this one read
    /// them. Called with the renewal lock held. Default: none known.
    fn reload(&self) -> std::result::Result<Option<TokenSet>, String> {
        Ok(None)
    }

    /// Notes, with the renewal lock held, that the pair expiring at `renewing` is about to be
    /// renewed (`Some`), or that the renewal is over (`None`). A program stopped between the
    /// request and storing the new pair leaves the note behind: the service has retired the
    /// old refresh token, and the next program can say why it is refused. Holds nothing secret.
    /// Default: nothing noted.
    fn note_renewing(&self, _renewing: Option<chrono::DateTime<chrono::Utc>>) {}

    /// The pair (by its expiry) whose renewal a stopped program left noted.
    fn renewing_noted(&self) -> Option<chrono::DateTime<chrono::Utc>> {
        None
    }
}

/// Held while a renewal runs; dropping it lets the next program renew.
pub struct RenewalGuard(#[allow(dead_code)] Option<Box<dyn Send + Sync>>);

impl RenewalGuard {
    pub fn none() -> Self {
        RenewalGuard(None)
    }

    /// Keeps `held` (an open, locked file) until the guard is dropped.
    pub fn holding(held: impl Send + Sync + 'static) -> Self {
        RenewalGuard(Some(Box::new(held)))
    }
}

#[derive(Debug)]
pub enum RenewalLockError {
    /// Another program held the lock longer than the wait allows.
    Busy { waited_secs: u64 },
    /// The lock could not be taken at all (its file cannot be created).
    Failed(String),
}

impl RenewalLockError {
    fn into_error(self) -> Error {
        match self {
            RenewalLockError::Busy { waited_secs } => Error::RenewalBusy { waited_secs },
            RenewalLockError::Failed(reason) => {
                Error::TokenStore(format!("the renewal lock: {reason}"))
            }
        }
    }
}

/// For callers that keep tokens only in memory.
#[derive(Debug, Default)]
pub struct NoPersistence;

impl TokenSink for NoPersistence {
    fn save(&self, _: &TokenSet) -> std::result::Result<(), String> {
        Ok(())
    }
}

/// Whether two token sets are the same sign-in state (another program has not renewed).
fn same_tokens(a: &TokenSet, b: &TokenSet) -> bool {
    a.access_token.secret() == b.access_token.secret()
        && a.refresh_token.as_ref().map(|r| r.secret())
            == b.refresh_token.as_ref().map(|r| r.secret())
}

/// A token as handed out, with the generation it belongs to.
#[derive(Clone, Debug)]
pub struct Bearer {
    pub token: AccessToken,
    generation: u64,
}

struct Current {
    tokens: TokenSet,
    generation: u64,
    /// When the access token expires by the monotonic clock ([`TokenSet::deadline`]).
    deadline: Instant,
}

pub struct Session {
    oauth: OAuth,
    current: RwLock<Current>,
    renewing: Mutex<()>,
    sink: Arc<dyn TokenSink>,
    /// Renew this long before expiry.
    margin: Duration,
    /// Why the tokens in use could not be stored (they then live in this process only).
    unsaved: std::sync::Mutex<Option<String>>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("api", &self.oauth.api())
            .finish_non_exhaustive()
    }
}

impl Session {
    pub fn new(oauth: OAuth, tokens: TokenSet, sink: Arc<dyn TokenSink>) -> Session {
        let deadline = tokens.deadline(oauth.clock().now(), Instant::now());
        Session {
            oauth,
            current: RwLock::new(Current {
                tokens,
                generation: 0,
                deadline,
            }),
            renewing: Mutex::new(()),
            sink,
            margin: Duration::days(1),
            unsaved: std::sync::Mutex::new(None),
        }
    }

    /// Set when renewed tokens could not be stored (the keychain refused twice): they are used
    /// for this run only, and the next renewal tries to store again. Front ends tell the user.
    pub fn unsaved_tokens(&self) -> Option<String> {
        self.unsaved
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Stores the tokens in use again after [`Session::unsaved_tokens`] (the user unlocked the
    /// keychain): the mark is cleared when the store takes them, else it names the new reason.
    pub async fn save_again(&self) -> std::result::Result<(), String> {
        if self.unsaved_tokens().is_none() {
            return Ok(());
        }
        let tokens = self.tokens().await;
        let outcome = self.sink.save(&tokens);
        *self.unsaved.lock().unwrap_or_else(|p| p.into_inner()) = outcome.clone().err();
        outcome
    }

    pub fn with_renewal_margin(mut self, margin: Duration) -> Self {
        self.margin = margin;
        self
    }

    pub fn oauth(&self) -> &OAuth {
        &self.oauth
    }

    pub async fn tokens(&self) -> TokenSet {
        self.current.read().await.tokens.clone()
    }

    /// A usable access token, renewed first when it is about to expire by the wall clock or
    /// by the monotonic one.
    pub async fn bearer(&self) -> Result<Bearer> {
        let (bearer, expires_at, deadline, renewable) = {
            let cur = self.current.read().await;
            (
                Bearer {
                    token: cur.tokens.access_token.clone(),
                    generation: cur.generation,
                },
                cur.tokens.expires_at,
                cur.deadline,
                cur.tokens.refresh_token.is_some(),
            )
        };
        let now = self.oauth.clock().now();
        let valid_for = |margin: Duration| {
            let monotonic = margin.to_std().unwrap_or_default();
            now + margin < expires_at && Instant::now() + monotonic < deadline
        };
        if valid_for(self.margin) {
            return Ok(bearer);
        }
        if !renewable {
            if valid_for(Duration::zero()) {
                return Ok(bearer);
            }
            return Err(match self.oauth.api() {
                ApiVersion::V2 => Error::V2SessionExpired,
                ApiVersion::V3 => Error::NotSignedIn("the access token expired".into()),
            });
        }
        self.renew(&bearer).await
    }

    /// Renews unless someone else already did since `stale` was handed out: another task of
    /// this process (the generation moved on) or another program (the stored tokens changed).
    pub async fn renew(&self, stale: &Bearer) -> Result<Bearer> {
        let _gate = self.renewing.lock().await;
        let (ours, generation) = {
            let cur = self.current.read().await;
            if cur.generation != stale.generation {
                return Ok(Bearer {
                    token: cur.tokens.access_token.clone(),
                    generation: cur.generation,
                });
            }
            (cur.tokens.clone(), cur.generation)
        };
        let sink = self.sink.clone();
        let (_held, stored) = tokio::task::spawn_blocking(move || {
            let held = sink.lock_renewal().map_err(RenewalLockError::into_error)?;
            let stored = sink.reload().map_err(Error::TokenStore)?;
            Ok::<_, Error>((held, stored))
        })
        .await
        .map_err(|e| Error::TokenStore(format!("the renewal task failed: {e}")))??;
        let mut tokens = ours;
        if let Some(stored) = stored.filter(|s| !same_tokens(s, &tokens)) {
            // Another program renewed while this one waited: use its tokens, unless they are
            // themselves due (then renew from them, the newest refresh token).
            if self.oauth.clock().now() + self.margin < stored.expires_at {
                tracing::info!("adopted the tokens another program renewed");
                return Ok(self.adopt(stored, generation).await);
            }
            tokens = stored;
        }
        let Some(refresh) = tokens.refresh_token.clone() else {
            return Err(match self.oauth.api() {
                ApiVersion::V2 => Error::V2SessionExpired,
                ApiVersion::V3 => Error::NotSignedIn("no refresh token".into()),
            });
        };
        // A note left for this very pair: a program renewing it was stopped midway.
        let left_midway = self.sink.renewing_noted() == Some(tokens.expires_at);
        self.sink.note_renewing(Some(tokens.expires_at));
        let renewed = match self.oauth.refresh(&refresh).await {
            Ok(renewed) => renewed,
            Err(e) if e.is(&ServiceCode::InvalidGrant) => {
                // A note left midway stays, so that every program after this one (one stopped
                // before it could tell, too) says why, until a new sign-in replaces the pair.
                if !left_midway {
                    self.sink.note_renewing(None);
                }
                // Refused: a program without the lock (an older version, a sign-in) may have
                // stored newer tokens meanwhile; those are kept, not the refused ones.
                if let Ok(Some(stored)) = self.sink.reload() {
                    if !same_tokens(&stored, &tokens) {
                        tracing::info!("refresh refused; adopted newer stored tokens");
                        return Ok(self.adopt(stored, generation).await);
                    }
                }
                if left_midway {
                    return Err(Error::RenewalInterrupted);
                }
                return Err(Error::NotSignedIn(
                    "the service no longer accepts this sign-in".into(),
                ));
            }
            Err(e) => {
                // Not answered, or refused for another reason: whether the service retired
                // the old refresh token is not known, so the note stays unless it said no.
                if e.status().is_some() {
                    self.sink.note_renewing(None);
                }
                return Err(e);
            }
        };
        // The service has already replaced the old refresh token, so the new pair is used even
        // when it cannot be stored: dropping it would sign the user out for good.
        self.store(&renewed).await;
        if self.unsaved_tokens().is_none() {
            self.sink.note_renewing(None);
        }
        tracing::info!("access token renewed");
        Ok(self.adopt(renewed, generation).await)
    }

    /// Stores renewed tokens, trying once more after a moment; remembers a failure.
    async fn store(&self, tokens: &TokenSet) {
        let mut outcome = self.sink.save(tokens);
        if let Err(e) = &outcome {
            tracing::warn!("could not store the renewed token, trying again: {e}");
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            outcome = self.sink.save(tokens);
        }
        let unsaved = outcome.err();
        if let Some(e) = &unsaved {
            tracing::error!(
                "the renewed token is used for this run only; it could not be stored: {e}"
            );
        }
        *self.unsaved.lock().unwrap_or_else(|p| p.into_inner()) = unsaved;
    }

    /// Makes `tokens` the current ones (the generation after `generation`).
    async fn adopt(&self, tokens: TokenSet, generation: u64) -> Bearer {
        let mut cur = self.current.write().await;
        cur.deadline = tokens.deadline(self.oauth.clock().now(), Instant::now());
        cur.tokens = tokens;
        cur.generation = generation + 1;
        Bearer {
            token: cur.tokens.access_token.clone(),
            generation: cur.generation,
        }
    }

    /// Runs `call` with a token; on `invalid_token` renews once and tries again.
    pub async fn with_token<T, F, Fut>(&self, call: F) -> Result<T>
    where
        F: Fn(AccessToken) -> Fut,
        Fut: std::future::Future<Output = Result<T>>,
    {
        let bearer = self.bearer().await?;
        match call(bearer.token.clone()).await {
            Err(e) if e.is(&ServiceCode::InvalidToken) && self.oauth.api() == ApiVersion::V3 => {
                let renewed = self.renew(&bearer).await?;
                call(renewed.token).await
            }
            other => other,
        }
    }

    pub async fn token_info(&self) -> Result<TokenInfo> {
        self.with_token(|t| async move { self.oauth.token_info(&t).await })
            .await
    }

    /// Sign-out: revokes the refresh token (and with it the pair) or the access token.
    pub async fn revoke(&self) -> Result<()> {
        let tokens = self.tokens().await;
        let token = match &tokens.refresh_token {
            Some(r) => r.secret().clone(),
            None => tokens.access_token.secret().clone(),
        };
        self.oauth.revoke(&tokens.access_token, &token).await
    }
}
