//! A signed-in v3 session: hands out the access token, renews it before its 90 days run out
//! and once when the service calls it invalid. Renewal is single-flight (many callers, one
//! reissue) and the rotated tokens are handed to a [`TokenSink`] before they are used, so a
//! crash can never leave only a refresh token the service has already replaced.

use std::sync::Arc;

use chrono::Duration;
use oauth2::AccessToken;
use tokio::sync::{Mutex, RwLock};

use crate::error::{Error, Result, ServiceCode};
use crate::models::TokenInfo;
use crate::oauth::{ApiVersion, OAuth, TokenSet};

/// Where renewed tokens are persisted (the OS keychain in the app).
pub trait TokenSink: Send + Sync {
    fn save(&self, tokens: &TokenSet) -> std::result::Result<(), String>;
}

/// For callers that keep tokens only in memory.
#[derive(Debug, Default)]
pub struct NoPersistence;

impl TokenSink for NoPersistence {
    fn save(&self, _: &TokenSet) -> std::result::Result<(), String> {
        Ok(())
    }
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
}

pub struct Session {
    oauth: OAuth,
    current: RwLock<Current>,
    renewing: Mutex<()>,
    sink: Arc<dyn TokenSink>,
    /// Renew this long before expiry.
    margin: Duration,
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
        Session {
            oauth,
            current: RwLock::new(Current {
                tokens,
                generation: 0,
            }),
            renewing: Mutex::new(()),
            sink,
            margin: Duration::days(1),
        }
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

    /// A usable access token, renewed first when it is about to expire.
    pub async fn bearer(&self) -> Result<Bearer> {
        let (bearer, expires_at, renewable) = {
            let cur = self.current.read().await;
            (
                Bearer {
                    token: cur.tokens.access_token.clone(),
                    generation: cur.generation,
                },
                cur.tokens.expires_at,
                cur.tokens.refresh_token.is_some(),
            )
        };
        let now = self.oauth.clock().now();
        if now + self.margin < expires_at {
            return Ok(bearer);
        }
        if !renewable {
            if now < expires_at {
                return Ok(bearer);
            }
            return Err(match self.oauth.api() {
                ApiVersion::V2 => Error::V2SessionExpired,
                ApiVersion::V3 => Error::NotSignedIn("the access token expired".into()),
            });
        }
        self.renew(&bearer).await
    }

    /// Renews unless someone else already did since `stale` was handed out.
    pub async fn renew(&self, stale: &Bearer) -> Result<Bearer> {
        let _gate = self.renewing.lock().await;
        let (refresh, generation) = {
            let cur = self.current.read().await;
            if cur.generation != stale.generation {
                return Ok(Bearer {
                    token: cur.tokens.access_token.clone(),
                    generation: cur.generation,
                });
            }
            (cur.tokens.refresh_token.clone(), cur.generation)
        };
        let Some(refresh) = refresh else {
            return Err(match self.oauth.api() {
                ApiVersion::V2 => Error::V2SessionExpired,
                ApiVersion::V3 => Error::NotSignedIn("no refresh token".into()),
            });
        };
        let tokens = self.oauth.refresh(&refresh).await.map_err(|e| {
            if e.is(&ServiceCode::InvalidGrant) {
                Error::NotSignedIn("the service no longer accepts this sign-in".into())
            } else {
                e
            }
        })?;
        self.sink.save(&tokens).map_err(Error::TokenStore)?;
        let mut cur = self.current.write().await;
        cur.tokens = tokens;
        cur.generation = generation + 1;
        tracing::info!("access token renewed");
        Ok(Bearer {
            token: cur.tokens.access_token.clone(),
            generation: cur.generation,
        })
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
