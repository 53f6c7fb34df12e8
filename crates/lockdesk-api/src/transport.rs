//! One HTTP attempt loop for every call: no redirects, timeouts, retries by [`RetryPolicy`],
//! optional rate limiting, bodies read up to [`MAX_BODY_BYTES`], and error answers turned into
//! [`Error::Service`].

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use oauth2::AccessToken;
use reqwest::header::{HeaderMap, RETRY_AFTER};
use reqwest::{multipart, Method, StatusCode};
use serde::de::DeserializeOwned;

use crate::config::ServiceUrl;
use crate::error::{service_error, Error, Result};
use crate::proxy::ProxyLogin;
use crate::ratelimit::RateLimiter;
use crate::retry::{Failure, RetryPolicy};

/// The largest answer body read (16 MiB). The largest documented answer, a page of 1,000 locks
/// or users, is well under 2 MiB; anything past the cap is refused with
/// [`Error::AnswerTooLarge`] before it fills memory.
pub const MAX_BODY_BYTES: usize = 16 * 1024 * 1024;

#[derive(Clone, Debug)]
pub struct Transport {
    client: reqwest::Client,
    base: ServiceUrl,
    retry: RetryPolicy,
    /// A user name and password go to the proxy of `base` (a 407 then means they were refused).
    sends_proxy_login: bool,
    /// Never through a proxy ([`Transport::straight`]).
    straight: bool,
}

#[derive(Clone, Debug, Default)]
pub(crate) enum Body {
    #[default]
    Empty,
    Form(Vec<(String, String)>),
    Multipart(Vec<Part>),
}

#[derive(Clone, Debug)]
pub(crate) enum Part {
    Text {
        name: String,
        value: String,
    },
    File {
        name: String,
        file_name: String,
        mime: String,
        bytes: Bytes,
    },
}

#[derive(Clone, Debug)]
pub(crate) struct ApiRequest {
    pub method: Method,
    pub path: String,
    pub query: Vec<(String, String)>,
    pub body: Body,
}

impl ApiRequest {
    pub fn new(method: Method, path: impl Into<String>) -> Self {
        ApiRequest {
            method,
            path: path.into(),
            query: Vec::new(),
            body: Body::Empty,
        }
    }

    pub fn query(mut self, name: &str, value: impl ToString) -> Self {
        self.query.push((name.to_owned(), value.to_string()));
        self
    }

    pub fn query_opt(self, name: &str, value: Option<impl ToString>) -> Self {
        match value {
            Some(v) => self.query(name, v),
            None => self,
        }
    }

    pub fn form(mut self, fields: Vec<(String, String)>) -> Self {
        self.body = Body::Form(fields);
        self
    }

    pub fn multipart(mut self, parts: Vec<Part>) -> Self {
        self.body = Body::Multipart(parts);
        self
    }
}

#[derive(Debug)]
pub(crate) struct ApiResponse {
    pub status: StatusCode,
    pub body: Bytes,
}

/// Why a body was not read whole.
pub(crate) enum BodyError {
    TooLarge,
    Net(reqwest::Error),
}

/// The body of `resp`, refused when its declared length or what arrives passes `cap` bytes
/// (read chunk by chunk, so no more than `cap` plus one chunk is ever held).
pub(crate) async fn read_capped(
    mut resp: reqwest::Response,
    cap: usize,
) -> Result<Bytes, BodyError> {
    if resp.content_length().is_some_and(|n| n > cap as u64) {
        return Err(BodyError::TooLarge);
    }
    let mut body = bytes::BytesMut::new();
    while let Some(chunk) = resp.chunk().await.map_err(BodyError::Net)? {
        if body.len() + chunk.len() > cap {
            return Err(BodyError::TooLarge);
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body.freeze())
}

/// How long an answer's `Retry-After` asks to wait: seconds or an HTTP date (a date passed
/// is no wait).
pub fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let value = headers.get(RETRY_AFTER)?.to_str().ok()?.trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let when = chrono::DateTime::parse_from_rfc2822(value).ok()?;
    let secs = (when.timestamp() - chrono::Utc::now().timestamp()).max(0) as u64;
    Some(Duration::from_secs(secs))
}

impl Transport {
    pub fn new(base: ServiceUrl, retry: RetryPolicy, timeout: Duration) -> Result<Transport> {
        Self::through(base, retry, timeout, None)
    }

    /// [`Transport::new`] sending `proxy_login` to its proxy when a request goes through it.
    pub fn through(
        base: ServiceUrl,
        retry: RetryPolicy,
        timeout: Duration,
        proxy_login: Option<&ProxyLogin>,
    ) -> Result<Transport> {
        let sends_proxy_login = proxy_login.is_some_and(|login| {
            crate::proxy::proxy_address(base.url()).as_deref() == Some(login.proxy())
        });
        let builder = crate::proxy::route(crate::tls::client_builder(), proxy_login);
        Self::finish(base, retry, timeout, builder, sends_proxy_login, false)
    }

    /// Defaults, and never through a proxy, whatever the settings say: for a service on this
    /// computer that Lockdesk runs itself (the demo's simulator), which an office's proxy or
    /// setup script cannot mean.
    pub fn straight(base: ServiceUrl) -> Result<Transport> {
        let builder = crate::tls::client_builder().no_proxy();
        Self::finish(
            base,
            RetryPolicy::default(),
            Duration::from_secs(30),
            builder,
            false,
            true,
        )
    }

    fn finish(
        base: ServiceUrl,
        retry: RetryPolicy,
        timeout: Duration,
        builder: reqwest::ClientBuilder,
        sends_proxy_login: bool,
        straight: bool,
    ) -> Result<Transport> {
        let client = builder
            // Following redirects would carry requests (and tokens) to other hosts.
            .redirect(reqwest::redirect::Policy::none())
            .timeout(timeout)
            .connect_timeout(Duration::from_secs(10))
            .user_agent(concat!("lockdesk/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| {
                let route = if straight {
                    crate::proxy::Route::Straight
                } else {
                    crate::proxy::route_of(base.url())
                };
                crate::request_error::from_reqwest(&base, e, false, route)
            })?;
        Ok(Transport {
            client,
            base,
            retry,
            sends_proxy_login,
            straight,
        })
    }

    /// Defaults: 30 s per request, [`RetryPolicy::default`].
    pub fn with_defaults(base: ServiceUrl) -> Result<Transport> {
        Self::new(base, RetryPolicy::default(), Duration::from_secs(30))
    }

    /// [`Transport::with_defaults`] with the proxy's login, if the person gave one.
    pub fn with_proxy_login(
        base: ServiceUrl,
        proxy_login: Option<&ProxyLogin>,
    ) -> Result<Transport> {
        Self::through(
            base,
            RetryPolicy::default(),
            Duration::from_secs(30),
            proxy_login,
        )
    }

    /// A failed request as an [`Error`].
    pub(crate) fn failure(&self, err: reqwest::Error) -> Error {
        self.failure_by(err, self.route())
    }

    /// [`Transport::failure`] of a request sent by `route` (read before it was sent).
    pub(crate) fn failure_by(&self, err: reqwest::Error, route: crate::proxy::Route) -> Error {
        crate::request_error::from_reqwest(&self.base, err, self.sends_proxy_login, route)
    }

    /// How requests to the service go, for a failure's message.
    pub(crate) fn route(&self) -> crate::proxy::Route {
        if self.straight {
            crate::proxy::Route::Straight
        } else {
            crate::proxy::route_of(self.base.url())
        }
    }

    /// The proxy of the service answered 407 Proxy Authentication Required.
    pub(crate) fn proxy_refusal(&self) -> Error {
        crate::request_error::proxy_auth_required(&self.base, self.sends_proxy_login)
    }

    /// One request to the service's address, to learn whether its proxy lets this transport
    /// through: `Err(ProxyAuthRequired)` when the proxy answers 407, `Ok` for any answer of the
    /// service (whatever its status), other errors as they are. Never retried.
    pub async fn check_proxy(&self) -> Result<()> {
        match self.client.get(self.base.url().clone()).send().await {
            Ok(resp) if resp.status() == StatusCode::PROXY_AUTHENTICATION_REQUIRED => {
                Err(self.proxy_refusal())
            }
            Ok(_) => Ok(()),
            Err(e) => Err(self.failure(e)),
        }
    }

    pub fn base(&self) -> &ServiceUrl {
        &self.base
    }

    pub fn http(&self) -> &reqwest::Client {
        &self.client
    }

    pub fn retry_policy(&self) -> &RetryPolicy {
        &self.retry
    }

    fn build(&self, req: &ApiRequest, bearer: Option<&AccessToken>) -> reqwest::RequestBuilder {
        let mut builder = self
            .client
            .request(req.method.clone(), self.base.join(&req.path));
        if !req.query.is_empty() {
            builder = builder.query(&req.query);
        }
        if let Some(token) = bearer {
            builder = builder.bearer_auth(token.secret());
        }
        match &req.body {
            Body::Empty => builder,
            Body::Form(fields) => builder.form(fields),
            Body::Multipart(parts) => {
                let mut form = multipart::Form::new();
                for part in parts {
                    form = match part {
                        Part::Text { name, value } => form.text(name.clone(), value.clone()),
                        Part::File {
                            name,
                            file_name,
                            mime,
                            bytes,
                        } => {
                            let p = multipart::Part::stream(bytes.clone())
                                .file_name(file_name.clone())
                                .mime_str(mime)
                                .unwrap_or_else(|_| multipart::Part::stream(bytes.clone()));
                            form.part(name.clone(), p)
                        }
                    };
                }
                builder.multipart(form)
            }
        }
    }

    /// Sends `req`, retrying where the policy allows; a non-2xx answer becomes an error.
    pub(crate) async fn execute(
        &self,
        req: &ApiRequest,
        bearer: Option<&AccessToken>,
        limiter: Option<&Arc<RateLimiter>>,
    ) -> Result<ApiResponse> {
        let mut attempt = 0u32;
        loop {
            attempt += 1;
            let permit = match limiter {
                Some(l) => Some(l.acquire().await),
                None => None,
            };
            // Read before sending: a failure names, and marks down, the proxy it went through.
            let route = self.route();
            let sent = self.build(req, bearer).send().await;
            let (failure, wait, error) = match sent {
                Ok(resp) => {
                    let status = resp.status();
                    let wait = retry_after(resp.headers());
                    let body = read_capped(resp, MAX_BODY_BYTES).await;
                    drop(permit);
                    let body = match body {
                        Ok(b) => b,
                        Err(BodyError::TooLarge) => {
                            return Err(Error::AnswerTooLarge {
                                base_url: self.base.as_str().to_owned(),
                                limit_bytes: MAX_BODY_BYTES as u64,
                            })
                        }
                        Err(BodyError::Net(e)) => {
                            let err = self.failure_by(e, route);
                            if self.retry.may_retry(&req.method, Failure::Lost, attempt) {
                                self.pause(attempt, None).await;
                                continue;
                            }
                            return Err(self.lost(&req.method, err));
                        }
                    };
                    if status.is_success() {
                        return Ok(ApiResponse { status, body });
                    }
                    if status == StatusCode::PROXY_AUTHENTICATION_REQUIRED
                        && crate::proxy::proxy_for(self.base.url()).is_some()
                    {
                        return Err(self.proxy_refusal());
                    }
                    let err = service_error(status, &body);
                    let failure = match status.as_u16() {
                        429 => Failure::RateLimited,
                        500 | 502 | 503 | 504 => Failure::ServerError,
                        _ => return Err(err),
                    };
                    (failure, wait, err)
                }
                Err(e) => {
                    drop(permit);
                    let failure = if e.is_connect() {
                        Failure::ConnectFailed
                    } else {
                        Failure::Lost
                    };
                    let error = self.failure_by(e, route);
                    // A refused certificate stays refused, and so does a proxy that wants a
                    // user name and password: trying again only delays the answer.
                    if matches!(error, Error::Tls { .. } | Error::ProxyAuthRequired { .. }) {
                        return Err(error);
                    }
                    (failure, None, error)
                }
            };
            let too_long = wait.is_some_and(|w| w > self.retry.max_retry_after);
            if too_long || !self.retry.may_retry(&req.method, failure, attempt) {
                let error = match failure {
                    Failure::Lost => self.lost(&req.method, error),
                    _ => error,
                };
                return Err(if attempt > 1 {
                    Error::RetriesExhausted {
                        attempts: attempt,
                        last_wait: wait.unwrap_or_default(),
                        last: Box::new(error),
                    }
                } else {
                    error
                });
            }
            tracing::debug!(?failure, attempt, path = %req.path, "retrying");
            self.pause(attempt, wait).await;
        }
    }

    /// A lost answer to a request that is not idempotent is [`Error::AnswerLost`]: not "failed",
    /// for the service may have acted.
    fn lost(&self, method: &Method, error: Error) -> Error {
        if crate::retry::idempotent(method) {
            return error;
        }
        Error::AnswerLost {
            base_url: self.base.as_str().to_owned(),
            reason: match &error {
                Error::Timeout { .. } => "no answer in time".to_owned(),
                Error::Transport { reason, .. } => reason.clone(),
                other => other.to_string(),
            },
        }
    }

    async fn pause(&self, attempt: u32, wait: Option<Duration>) {
        tokio::time::sleep(self.retry.delay(attempt, wait)).await;
    }
}

/// `{key: T}` from a success body.
pub(crate) fn decode_object<T: DeserializeOwned>(resp: &ApiResponse, key: &str) -> Result<T> {
    let mut value: serde_json::Value =
        serde_json::from_slice(&resp.body).map_err(|e| Error::decode(key, e))?;
    let inner = value
        .get_mut(key)
        .map(serde_json::Value::take)
        .ok_or_else(|| Error::decode(key, format!("the answer has no {key:?}")))?;
    decode_value(inner, key)
}

/// `value` (what the answer holds under `key`) as `T`; a failure names its place in the answer.
/// The place is found by decoding again only then: tracking it costs stack and time on every
/// answer, and most answers decode.
pub(crate) fn decode_value<T: DeserializeOwned>(value: serde_json::Value, key: &str) -> Result<T> {
    T::deserialize(&value).map_err(|_| match serde_path_to_error::deserialize::<_, T>(&value) {
        Err(e) => Error::decode_at(key, Some(key), e),
        Ok(_) => Error::decode(key, "the answer decoded only the second time"),
    })
}

/// `{key: [T]}` from a success body; an empty body means nothing matched.
pub(crate) fn decode_list<T: DeserializeOwned>(resp: &ApiResponse, key: &str) -> Result<Vec<T>> {
    if resp.body.iter().all(u8::is_ascii_whitespace) {
        return Ok(Vec::new());
    }
    let mut value: serde_json::Value =
        serde_json::from_slice(&resp.body).map_err(|e| Error::decode(key, e))?;
    match value.get_mut(key).map(serde_json::Value::take) {
        None | Some(serde_json::Value::Null) => Ok(Vec::new()),
        Some(list) => decode_value(list, key),
    }
}

/// The whole success body as `T`.
pub(crate) fn decode_object_root<T: DeserializeOwned>(
    resp: &ApiResponse,
    context: &str,
) -> Result<T> {
    serde_json::from_slice(&resp.body).map_err(|first| {
        let mut de = serde_json::Deserializer::from_slice(&resp.body);
        match serde_path_to_error::deserialize::<_, T>(&mut de) {
            Err(e) => Error::decode_at(context, None, e),
            Ok(_) => Error::decode(context, first),
        }
    })
}
