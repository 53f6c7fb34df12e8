//! The legacy v2 endpoints: locks with history permission and entry/exit history. The token
//! travels as the `access_token` parameter; every request goes through the shared limiter.

use std::sync::Arc;

use chrono::{DateTime, SecondsFormat, Utc};
use futures::stream::{self, Stream, StreamExt, TryStreamExt};
use reqwest::Method;
use serde::de::DeserializeOwned;

use crate::clock::{Clock, SystemClock};
use crate::error::{Error, Result, ServiceCode};
use crate::models::{Access, V2Lock};
use crate::oauth::TokenSet;
use crate::ratelimit::RateLimiter;
use crate::transport::{ApiRequest, ApiResponse, Transport};

/// History page size when none is given (the service's documented default is 20).
pub const DEFAULT_PAGE: u32 = 20;

#[derive(Clone, Debug)]
pub struct AccessQuery {
    pub lock_id: String,
    pub offset: u32,
    pub limit: u32,
    /// Start of the range.
    pub from: Option<DateTime<Utc>>,
    /// End of the range.
    pub til: Option<DateTime<Utc>>,
}

impl AccessQuery {
    pub fn new(lock_id: impl Into<String>) -> Self {
        AccessQuery {
            lock_id: lock_id.into(),
            offset: 0,
            limit: DEFAULT_PAGE,
            from: None,
            til: None,
        }
    }
}

/// Times as ISO 8601 with milliseconds in UTC, the shape the service uses for records.
pub fn format_time(t: &DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

#[derive(Clone, Debug)]
pub struct V2Client {
    transport: Transport,
    tokens: TokenSet,
    limiter: Arc<RateLimiter>,
    clock: Arc<dyn Clock>,
    /// When the token expires by the monotonic clock ([`TokenSet::deadline`]).
    deadline: tokio::time::Instant,
}

impl V2Client {
    /// `limiter` must be shared by every caller using the same token.
    pub fn new(transport: Transport, tokens: TokenSet, limiter: Arc<RateLimiter>) -> V2Client {
        let clock: Arc<dyn Clock> = Arc::new(SystemClock);
        let deadline = tokens.deadline(clock.now(), tokio::time::Instant::now());
        V2Client {
            transport,
            tokens,
            limiter,
            clock,
            deadline,
        }
    }

    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.deadline = self
            .tokens
            .deadline(clock.now(), tokio::time::Instant::now());
        self.clock = clock;
        self
    }

    pub fn limiter(&self) -> &Arc<RateLimiter> {
        &self.limiter
    }

    pub fn expires_at(&self) -> DateTime<Utc> {
        self.tokens.expires_at
    }

    async fn get(&self, path: &str, query: Vec<(String, String)>) -> Result<ApiResponse> {
        // v2 tokens cannot be renewed: past their two hours the user signs in again. Past them
        // by the wall clock or by the monotonic one (a wall clock set back).
        if self.tokens.is_expired_at(self.clock.now())
            || tokio::time::Instant::now() >= self.deadline
        {
            return Err(Error::V2SessionExpired);
        }
        let mut req = ApiRequest::new(Method::GET, path);
        req.query = query;
        req = req.query("access_token", self.tokens.access_token.secret());
        match self
            .transport
            .execute(&req, None, Some(&self.limiter))
            .await
        {
            Err(e) if e.status() == Some(401) || e.is(&ServiceCode::InvalidToken) => {
                Err(Error::V2SessionExpired)
            }
            other => other,
        }
    }

    pub async fn locks(&self) -> Result<Vec<V2Lock>> {
        let resp = self.get("/v2/external/locks", Vec::new()).await?;
        decode_v2(&resp, "locks")
    }

    /// One page of a lock's history.
    pub async fn accesses(&self, query: &AccessQuery) -> Result<Vec<Access>> {
        if query.limit == 0 {
            return Err(Error::validation("limit", "must be at least 1"));
        }
        let mut params = vec![
            ("lock_id".to_owned(), query.lock_id.clone()),
            ("offset".to_owned(), query.offset.to_string()),
            ("limit".to_owned(), query.limit.to_string()),
        ];
        if let Some(from) = &query.from {
            params.push(("from".to_owned(), format_time(from)));
        }
        if let Some(til) = &query.til {
            params.push(("til".to_owned(), format_time(til)));
        }
        let resp = self.get("/v2/external/accesses", params).await?;
        decode_v2(&resp, "accesses")
    }

    /// Every record of `query`'s range, page after page by offset, until a short page.
    pub fn accesses_stream(&self, query: AccessQuery) -> impl Stream<Item = Result<Access>> + '_ {
        let max_pages = crate::v3::max_pages(query.limit);
        stream::try_unfold((Some(query), 0u32), move |(q, pages)| async move {
            let Some(q) = q else { return Ok(None) };
            if pages >= max_pages {
                return Err(Error::TooManyPages { pages });
            }
            let page = self.accesses(&q).await?;
            // An offset past u32 is no page the service documents: the listing ends there.
            let next = u32::try_from(page.len())
                .ok()
                .filter(|&n| n >= q.limit)
                .and_then(|n| q.offset.checked_add(n))
                .map(|offset| AccessQuery {
                    offset,
                    ..q.clone()
                });
            Ok(Some((page, (next, pages + 1))))
        })
        .map_ok(|page| stream::iter(page.into_iter().map(Ok)))
        .try_flatten()
        .boxed()
    }
}

/// `{success, key: [...]}`; an empty body is an empty list; `success: false` is an error.
pub(crate) fn decode_v2<T: DeserializeOwned>(resp: &ApiResponse, key: &str) -> Result<Vec<T>> {
    if resp.body.iter().all(u8::is_ascii_whitespace) {
        return Ok(Vec::new());
    }
    let mut value: serde_json::Value =
        serde_json::from_slice(&resp.body).map_err(|e| Error::decode(key, e))?;
    if value.get("success") == Some(&serde_json::Value::Bool(false)) {
        return Err(crate::error::service_error(resp.status, &resp.body));
    }
    match value.get_mut(key).map(serde_json::Value::take) {
        None | Some(serde_json::Value::Null) => Ok(Vec::new()),
        Some(list) => crate::transport::decode_value(list, key),
    }
}
