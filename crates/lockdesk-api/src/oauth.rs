//! The authorization-code flow against the service: sign-in URL with a CSRF `state` and a PKCE
//! challenge, the redirect checked against that state, code exchange with the PKCE verifier,
//! reissue, revoke and token information. Standard parts go through the `oauth2` crate; revoke
//! and token info are the service's own.
//!
//! PKCE (RFC 7636, S256; recommended for native apps by RFC 8252 and RFC 9700): every sign-in
//! sends `code_challenge` + `code_challenge_method=S256` to the authorization page and the
//! matching `code_verifier` with the code. The service's documentation lists neither parameter;
//! an OAuth server without PKCE ignores unknown parameters, so the client always sends them and
//! a server that supports PKCE (the simulator does) binds the code to this client's verifier.
//! The verifier is a secret: it stays in memory with the pending sign-in, never in `Debug`,
//! logs or files.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use oauth2::basic::{
    BasicRevocationErrorResponse, BasicTokenIntrospectionResponse, BasicTokenType,
};
use oauth2::{
    AccessToken, AuthType, AuthUrl, AuthorizationCode, CsrfToken, EndpointNotSet, EndpointSet,
    PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, RefreshToken, RequestTokenError, Scope,
    StandardRevocableToken, TokenUrl,
};
use reqwest::Method;
use serde::{Deserialize, Serialize};
use url::Url;

use crate::clock::{Clock, SystemClock};
use crate::config::ClientCredentials;
use crate::error::{Error, Result, ServiceCode};
use crate::models::TokenInfo;
use crate::serde_util::{int_or_string, timestamp};
use crate::transport::{decode_object_root, ApiRequest, Transport};

/// Access tokens of v3 last 90 days; v2 tokens two hours.
pub const V3_TOKEN_LIFETIME: Duration = Duration::from_secs(90 * 24 * 3600);
pub const V2_TOKEN_LIFETIME: Duration = Duration::from_secs(7200);

/// Which API a registration is for: v2 tokens have no refresh token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ApiVersion {
    V3,
    V2,
}

/// What a sign-in yields and what is kept in the keychain. Debug output is redacted.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TokenSet {
    pub access_token: AccessToken,
    pub refresh_token: Option<RefreshToken>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

impl TokenSet {
    pub fn is_expired_at(&self, now: DateTime<Utc>) -> bool {
        now >= self.expires_at
    }

    /// When the access token expires by the monotonic clock, reckoned at `now` (wall clock)
    /// and `at` (monotonic): what the wall clock says is left of it, never more than its whole
    /// lifetime. A program then uses a token only while both clocks say it is valid: a wall
    /// clock set back (or a token dated ahead of it) does not keep a token in use past its
    /// lifetime, and a sleep, which the monotonic clock may not count, is seen by the wall's.
    pub fn deadline(&self, now: DateTime<Utc>, at: tokio::time::Instant) -> tokio::time::Instant {
        let lifetime = self.expires_at - self.created_at;
        let left = (self.expires_at - now).clamp(
            chrono::Duration::zero(),
            lifetime.max(chrono::Duration::zero()),
        );
        at + left.to_std().unwrap_or_default()
    }
}

/// The token endpoint's answer, decoded tolerantly: `expires_in` and `created_at` as number or
/// string, `refresh_token` absent for v2.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ServiceTokenResponse {
    access_token: AccessToken,
    #[serde(default = "bearer")]
    token_type: BasicTokenType,
    #[serde(default)]
    refresh_token: Option<RefreshToken>,
    #[serde(default, deserialize_with = "int_or_string")]
    expires_in: Option<i64>,
    #[serde(default, deserialize_with = "timestamp")]
    created_at: Option<DateTime<Utc>>,
}

fn bearer() -> BasicTokenType {
    BasicTokenType::Bearer
}

impl oauth2::TokenResponse for ServiceTokenResponse {
    type TokenType = BasicTokenType;
    fn access_token(&self) -> &AccessToken {
        &self.access_token
    }
    fn token_type(&self) -> &BasicTokenType {
        &self.token_type
    }
    fn expires_in(&self) -> Option<Duration> {
        self.expires_in
            .and_then(|s| u64::try_from(s).ok())
            .map(Duration::from_secs)
    }
    fn refresh_token(&self) -> Option<&RefreshToken> {
        self.refresh_token.as_ref()
    }
    fn scopes(&self) -> Option<&Vec<Scope>> {
        None
    }
}

/// Error body of the token endpoint: `{"code","message"}` or the OAuth `{"error",...}` form.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ServiceErrorResponse {
    #[serde(default, alias = "error")]
    code: Option<String>,
    #[serde(default, alias = "error_description")]
    message: Option<String>,
}

impl std::fmt::Display for ServiceErrorResponse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {}",
            self.code.as_deref().unwrap_or("error"),
            self.message.as_deref().unwrap_or("")
        )
    }
}

impl oauth2::ErrorResponse for ServiceErrorResponse {}

type OAuthClient = oauth2::Client<
    ServiceErrorResponse,
    ServiceTokenResponse,
    BasicTokenIntrospectionResponse,
    StandardRevocableToken,
    BasicRevocationErrorResponse,
    EndpointSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointSet,
>;

/// A started sign-in: open `url` in a browser, then hand the redirected address to
/// [`OAuth::code_from_redirect`] with this value, which holds the expected `state` and the PKCE
/// verifier. `Debug` shows neither secret.
pub struct SignInRequest {
    pub url: Url,
    state: CsrfToken,
    pkce_verifier: PkceCodeVerifier,
}

impl std::fmt::Debug for SignInRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SignInRequest")
            .field("url", &self.url.as_str())
            .field("state", &"[redacted]")
            .field("pkce_verifier", &"[redacted]")
            .finish()
    }
}

impl SignInRequest {
    pub fn state(&self) -> &str {
        self.state.secret()
    }

    /// The PKCE `code_verifier` of this sign-in (a secret: keep it in memory only).
    pub fn pkce_verifier(&self) -> &str {
        self.pkce_verifier.secret()
    }

    /// Rebuilds a request whose state and verifier were kept elsewhere (in memory, e.g. across
    /// a CLI prompt or between the app's begin and complete commands).
    pub fn from_parts(url: Url, state: String, pkce_verifier: String) -> SignInRequest {
        SignInRequest {
            url,
            state: CsrfToken::new(state),
            pkce_verifier: PkceCodeVerifier::new(pkce_verifier),
        }
    }
}

/// What [`OAuth::code_from_redirect`] yields and [`OAuth::exchange_code`] takes: the code and
/// the PKCE verifier of the sign-in it belongs to, so no exchange goes out without it. `Debug`
/// shows neither secret.
#[derive(Debug)]
pub struct AuthorizationGrant {
    code: AuthorizationCode,
    pkce_verifier: PkceCodeVerifier,
}

impl AuthorizationGrant {
    pub fn new(code: AuthorizationCode, pkce_verifier: PkceCodeVerifier) -> Self {
        AuthorizationGrant {
            code,
            pkce_verifier,
        }
    }

    pub fn code(&self) -> &AuthorizationCode {
        &self.code
    }
}

#[derive(Clone, Debug)]
pub struct OAuth {
    transport: Transport,
    credentials: ClientCredentials,
    client: OAuthClient,
    api: ApiVersion,
    clock: Arc<dyn Clock>,
}

impl OAuth {
    pub fn new(
        transport: Transport,
        credentials: ClientCredentials,
        api: ApiVersion,
    ) -> Result<OAuth> {
        let base = transport.base();
        let auth_url = AuthUrl::from_url(base.join("/oauth/authorize/"));
        let token_url = TokenUrl::from_url(base.join("/oauth/token"));
        let client = oauth2::Client::new(credentials.client_id.clone())
            .set_client_secret(credentials.client_secret.clone())
            .set_auth_uri(auth_url)
            .set_token_uri(token_url)
            .set_redirect_uri(RedirectUrl::from_url(credentials.redirect_uri.clone()))
            // The service takes client_id and client_secret as form fields.
            .set_auth_type(AuthType::RequestBody);
        Ok(OAuth {
            transport,
            credentials,
            client,
            api,
            clock: Arc::new(SystemClock),
        })
    }

    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = clock;
        self
    }

    pub fn clock(&self) -> &Arc<dyn Clock> {
        &self.clock
    }

    pub fn api(&self) -> ApiVersion {
        self.api
    }

    pub fn transport(&self) -> &Transport {
        &self.transport
    }

    pub fn credentials(&self) -> &ClientCredentials {
        &self.credentials
    }

    /// The authorization page address with a fresh random `state` and a fresh PKCE S256
    /// challenge (`code_challenge`, `code_challenge_method=S256`).
    pub fn begin_sign_in(&self) -> SignInRequest {
        let (challenge, pkce_verifier) = PkceCodeChallenge::new_random_sha256();
        let (url, state) = self
            .client
            .authorize_url(CsrfToken::new_random)
            .set_pkce_challenge(challenge)
            .url();
        SignInRequest {
            url,
            state,
            pkce_verifier,
        }
    }

    /// Reads the address the browser was sent to after login and returns its code with this
    /// sign-in's PKCE verifier, after checking it is the registered redirect URI and carries
    /// this sign-in's `state`. A bare code is refused: without the state nothing proves it
    /// belongs to this sign-in.
    pub fn code_from_redirect(
        &self,
        request: &SignInRequest,
        redirected: &str,
    ) -> Result<AuthorizationGrant> {
        let redirected = redirected.trim();
        let url = Url::parse(redirected).map_err(|_| {
            Error::Authorization(
                "paste the whole address the browser was sent to (it starts with the redirect URI)"
                    .into(),
            )
        })?;
        let expected = &self.credentials.redirect_uri;
        if url.scheme() != expected.scheme()
            || url.host_str() != expected.host_str()
            || url.port_or_known_default() != expected.port_or_known_default()
            || url.path() != expected.path()
        {
            return Err(Error::Authorization(format!(
                "the address is not the registered redirect URI {expected}"
            )));
        }
        let param = |name: &str| {
            url.query_pairs()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.into_owned())
        };
        if let Some(error) = param("error") {
            let description = param("error_description").unwrap_or_default();
            return Err(Error::Authorization(
                format!("{error} {description}").trim().to_owned(),
            ));
        }
        match param("state") {
            Some(state) if state == *request.state.secret() => {}
            _ => return Err(Error::StateMismatch),
        }
        match param("code") {
            Some(code) if !code.is_empty() => Ok(AuthorizationGrant::new(
                AuthorizationCode::new(code),
                PkceCodeVerifier::new(request.pkce_verifier.secret().clone()),
            )),
            _ => Err(Error::Authorization("the redirect carries no code".into())),
        }
    }

    /// Exchanges the code for tokens, sending the sign-in's `code_verifier`.
    pub async fn exchange_code(&self, grant: AuthorizationGrant) -> Result<TokenSet> {
        let http = crate::oauth_http::CappedClient(self.transport.http().clone());
        let response = self
            .on_next_proxy(|| {
                self.client
                    .exchange_code(grant.code.clone())
                    .set_pkce_verifier(PkceCodeVerifier::new(grant.pkce_verifier.secret().clone()))
                    .request_async(&http)
            })
            .await?;
        Ok(self.token_set(response))
    }

    /// A token request, sent once more when its connection could not reach a proxy that a
    /// script ranks another choice after (nothing reached the service, so the code or refresh
    /// token is unused; `proxy_auto.rs` now gives the next choice).
    async fn on_next_proxy<F, Fut, T>(&self, send: F) -> Result<T>
    where
        F: Fn() -> Fut,
        Fut: std::future::Future<Output = std::result::Result<T, TokenError>>,
    {
        let route = self.transport.route();
        let err = match send().await {
            Ok(answer) => return Ok(answer),
            Err(err) => err,
        };
        let never_connected = matches!(
            &err,
            RequestTokenError::Request(oauth2::HttpClientError::Reqwest(e)) if e.is_connect()
        );
        let err = map_token_error(&self.transport, err, route.clone());
        match &err {
            Error::Transport { route: went, .. }
                if never_connected
                    && matches!(went, crate::proxy::Route::Proxy(_))
                    && self.transport.route() != *went =>
            {
                let route = self.transport.route();
                send()
                    .await
                    .map_err(|e| map_token_error(&self.transport, e, route))
            }
            _ => Err(err),
        }
    }

    /// Reissue. The new refresh token replaces the old one, which stops working.
    pub async fn refresh(&self, refresh_token: &RefreshToken) -> Result<TokenSet> {
        if self.api == ApiVersion::V2 {
            return Err(Error::V2SessionExpired);
        }
        let http = crate::oauth_http::CappedClient(self.transport.http().clone());
        let response = self
            .on_next_proxy(|| {
                self.client
                    .exchange_refresh_token(refresh_token)
                    .request_async(&http)
            })
            .await?;
        let mut tokens = self.token_set(response);
        // A reissue without a new refresh token keeps the old one usable.
        if tokens.refresh_token.is_none() {
            tokens.refresh_token = Some(refresh_token.clone());
        }
        Ok(tokens)
    }

    /// `POST /oauth/revoke`: needs the bearer header and the client credentials.
    pub async fn revoke(&self, bearer: &AccessToken, token: &str) -> Result<()> {
        let req = ApiRequest::new(Method::POST, "/oauth/revoke").form(vec![
            ("client_id".into(), self.credentials.client_id.to_string()),
            (
                "client_secret".into(),
                self.credentials.client_secret.secret().clone(),
            ),
            ("token".into(), token.to_owned()),
        ]);
        self.transport.execute(&req, Some(bearer), None).await?;
        Ok(())
    }

    pub async fn token_info(&self, bearer: &AccessToken) -> Result<TokenInfo> {
        let req = ApiRequest::new(Method::GET, "/oauth/token/info");
        let resp = self.transport.execute(&req, Some(bearer), None).await?;
        decode_object_root(&resp, "token info")
    }

    fn token_set(&self, response: ServiceTokenResponse) -> TokenSet {
        token_set_at(response, self.api, self.clock.now())
    }
}

/// The longest lifetime believed from `expires_in` (ten years): past it, the answer is absurd
/// and the token is treated as lasting ten years (a refused token is renewed anyway).
pub const MAX_TOKEN_LIFETIME: Duration = Duration::from_secs(10 * 366 * 24 * 3600);

/// The [`TokenSet`] of a token answer received at `now`. Never panics: `expires_in` is capped
/// at [`MAX_TOKEN_LIFETIME`], and a `created_at` more than a day ahead of `now`, or so far off
/// that adding the lifetime leaves the date range, counts from `now` instead.
pub fn token_set_at(
    response: ServiceTokenResponse,
    api: ApiVersion,
    now: DateTime<Utc>,
) -> TokenSet {
    let default_lifetime = match api {
        ApiVersion::V3 => V3_TOKEN_LIFETIME,
        ApiVersion::V2 => V2_TOKEN_LIFETIME,
    };
    let lifetime = oauth2::TokenResponse::expires_in(&response)
        .unwrap_or(default_lifetime)
        .min(MAX_TOKEN_LIFETIME);
    // Both fit: the cap is far below chrono's range.
    let lifetime = chrono::Duration::from_std(lifetime).unwrap_or(chrono::Duration::days(90));
    // A creation time more than a day ahead of this computer's clock (the clock was set back,
    // or the value is absurd) would keep the token "valid" by the wall clock for as long: it
    // counts from now instead.
    let created_at = response
        .created_at
        .filter(|c| *c <= now + chrono::Duration::days(1))
        .unwrap_or(now);
    let (created_at, expires_at) = match created_at.checked_add_signed(lifetime) {
        Some(expires_at) => (created_at, expires_at),
        None => (now, now.checked_add_signed(lifetime).unwrap_or(now)),
    };
    TokenSet {
        access_token: response.access_token,
        refresh_token: response.refresh_token,
        created_at,
        expires_at,
    }
}

type TokenError = RequestTokenError<oauth2::HttpClientError<reqwest::Error>, ServiceErrorResponse>;

/// `route`: the way the token request was sent, read before it was.
fn map_token_error(transport: &Transport, err: TokenError, route: crate::proxy::Route) -> Error {
    let base = transport.base();
    match err {
        RequestTokenError::ServerResponse(body) => {
            let code = ServiceCode::parse(body.code.as_deref().unwrap_or("invalid_grant"));
            // The oauth2 crate drops the status; these are the documented ones.
            let status = match code {
                ServiceCode::InvalidClient | ServiceCode::InvalidRequest => 401,
                ServiceCode::RateLimitExceeded => 429,
                _ => 400,
            };
            let message = body
                .message
                .unwrap_or_else(|| format!("the service refused the sign-in ({code})"));
            Error::Service {
                status,
                code,
                message,
            }
        }
        RequestTokenError::Request(oauth2::HttpClientError::Reqwest(e)) => {
            transport.failure_by(*e, route)
        }
        RequestTokenError::Request(oauth2::HttpClientError::Other(m))
            if m == crate::oauth_http::PROXY_REFUSED =>
        {
            transport.proxy_refusal()
        }
        RequestTokenError::Request(oauth2::HttpClientError::Other(m))
            if m == crate::oauth_http::TOO_LARGE =>
        {
            Error::AnswerTooLarge {
                base_url: base.as_str().to_owned(),
                limit_bytes: crate::transport::MAX_BODY_BYTES as u64,
            }
        }
        RequestTokenError::Request(other) => {
            let route = transport.route();
            Error::Transport {
                base_url: base.as_str().to_owned(),
                reason: crate::proxy::reason_with(&route, other.to_string()),
                route,
            }
        }
        RequestTokenError::Parse(e, _body) => Error::decode_at("token response", None, e),
        RequestTokenError::Other(message) => Error::decode("token response", message),
    }
}
