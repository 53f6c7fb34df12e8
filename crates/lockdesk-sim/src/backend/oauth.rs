//! OAuth clients, authorization codes and tokens. PKCE (S256) is checked when the
//! authorization request carried a challenge: see [`super::pkce`].

use axum::http::StatusCode;
use chrono::Duration;
use serde_json::{json, Value};

use super::clock::iso_secs;
use super::error::{Result, SimError};
use super::state::{Api, AuthCode, Authority, Client, State, Token};
use super::{ids, pkce};

/// Every v3 scope of the spec's scope table.
pub const V3_SCOPES: [&str; 19] = [
    "account:organization:read",
    "organization:read",
    "organization:lock:read",
    "organization:lock:write",
    "organization:user:read",
    "organization:user:write",
    "organization:key:read",
    "organization:key:write",
    "organization:nfc:write",
    "organization:access:read",
    "organization:lock:lock",
    "organization:lock:state",
    "organization:lock:setting",
    "organization:lock_group:read",
    "organization:lock_group:write",
    "organization:user_group:read",
    "organization:user_group:write",
    "organization:key_group:read",
    "organization:key_group:write",
];

pub const CODE_LIFETIME_SECS: i64 = 30 * 60;
pub const V3_TOKEN_SECS: i64 = 90 * 24 * 3600;
pub const V2_TOKEN_SECS: i64 = 7200;

/// Who is calling, after a token check.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user_id: String,
    pub client_id: String,
    pub token_index: usize,
}

/// Outcome of a login attempt at the authorization page.
pub enum LoginError {
    /// The request cannot be trusted to redirect (unknown client, redirect URI): an HTML page.
    BadRequest(String),
    /// The client and redirect URI are right but a parameter is not (PKCE): redirected to the
    /// client as `error=invalid_request` with this description.
    InvalidRequest(String),
    BadCredentials,
    NotManager,
}

/// The parameters of an authorization request (`/oauth/authorize/`).
#[derive(Debug, Clone, Default)]
pub struct AuthorizeRequest {
    pub client_id: String,
    pub redirect_uri: String,
    pub response_type: String,
    pub code_challenge: Option<String>,
    pub code_challenge_method: Option<String>,
}

impl State {
    pub fn client(&self, client_id: &str) -> Option<&Client> {
        self.clients.iter().find(|c| c.client_id == client_id)
    }

    /// Validates the authorization request and returns its PKCE challenge, if any. A
    /// `BadRequest` message is shown on an HTML error page; an `InvalidRequest` goes back to
    /// the client's redirect URI.
    pub fn check_authorize(
        &self,
        r: &AuthorizeRequest,
    ) -> std::result::Result<Option<String>, LoginError> {
        let bad = |m: &str| LoginError::BadRequest(m.into());
        let client = self
            .client(&r.client_id)
            .ok_or_else(|| bad("Unknown client_id."))?;
        if r.response_type != "code" {
            return Err(bad("response_type must be \"code\"."));
        }
        if client.redirect_uri != r.redirect_uri {
            return Err(bad(
                "The redirect_uri does not match the registered redirect URI.",
            ));
        }
        pkce::check_challenge(
            r.code_challenge.as_deref(),
            r.code_challenge_method.as_deref(),
        )
        .map_err(LoginError::InvalidRequest)
    }

    /// Logs an account in and issues an authorization code (bound to the PKCE challenge).
    pub fn login(
        &mut self,
        r: &AuthorizeRequest,
        mail: &str,
        password: &str,
    ) -> std::result::Result<String, LoginError> {
        let code_challenge = self.check_authorize(r)?;
        let user = self
            .user_by_mail(mail.trim())
            .filter(|u| u.password.as_deref() == Some(password))
            .ok_or(LoginError::BadCredentials)?;
        let user_id = user.id.clone();
        if self.highest_authority(&user_id) < Authority::Manager {
            return Err(LoginError::NotManager);
        }
        let code = ids::secret(&mut rand::thread_rng(), 32);
        let expires_at = self.now() + Duration::seconds(CODE_LIFETIME_SECS);
        self.codes.insert(
            code.clone(),
            AuthCode {
                client_id: r.client_id.clone(),
                redirect_uri: r.redirect_uri.clone(),
                user_id,
                expires_at,
                code_challenge,
            },
        );
        Ok(code)
    }

    /// Highest role of a user over all organizations (Member when in none).
    pub fn highest_authority(&self, user_id: &str) -> Authority {
        self.orgs
            .iter()
            .filter_map(|o| o.member(user_id).map(|m| m.authority))
            .max()
            .unwrap_or(Authority::Member)
    }

    fn client_with_secret(&self, client_id: &str, secret: &str) -> Option<Client> {
        self.client(client_id)
            .filter(|c| c.client_secret == secret)
            .cloned()
    }

    /// `POST /oauth/token`
    pub fn token_grant(&mut self, p: &TokenParams) -> Result<Value> {
        match p.grant_type.as_str() {
            "authorization_code" => {
                let client = self
                    .client_with_secret(&p.client_id, &p.client_secret)
                    .ok_or_else(SimError::invalid_grant)?;
                let code = self
                    .codes
                    .get(&p.code)
                    .cloned()
                    .ok_or_else(SimError::invalid_grant)?;
                if code.client_id != client.client_id
                    || code.redirect_uri != p.redirect_uri
                    || client.redirect_uri != p.redirect_uri
                {
                    return Err(SimError::invalid_grant());
                }
                // Single use: a presented valid code is consumed.
                self.codes.remove(&p.code);
                if code.expires_at <= self.now() || self.user(&code.user_id).is_none() {
                    return Err(SimError::invalid_grant());
                }
                if !pkce::exchange_allowed(code.code_challenge.as_deref(), &p.code_verifier) {
                    return Err(SimError::invalid_grant());
                }
                Ok(self.issue(&client, &code.user_id))
            }
            "refresh_token" => {
                let client = self
                    .client_with_secret(&p.client_id, &p.client_secret)
                    .ok_or_else(SimError::invalid_grant)?;
                if client.api != Api::V3 {
                    return Err(SimError::invalid_grant());
                }
                let idx = *self
                    .by_refresh
                    .get(&p.refresh_token)
                    .ok_or_else(SimError::invalid_grant)?;
                let old = &self.tokens[idx];
                if old.refresh_revoked
                    || old.client_id != client.client_id
                    || self.user(&old.user_id).is_none()
                {
                    return Err(SimError::invalid_grant());
                }
                let user_id = old.user_id.clone();
                let revoke_access = self.config.revoke_access_on_reissue;
                let old = &mut self.tokens[idx];
                old.refresh_revoked = true;
                if revoke_access {
                    old.access_revoked = true;
                }
                Ok(self.issue(&client, &user_id))
            }
            _ => Err(SimError::new(
                StatusCode::BAD_REQUEST,
                "unsupported_grant_type",
                "The authorization grant type is not supported",
            )),
        }
    }

    fn issue(&mut self, client: &Client, user_id: &str) -> Value {
        let mut rng = rand::thread_rng();
        let now = self.now();
        let access = ids::secret(&mut rng, 43);
        let (refresh, lifetime) = match client.api {
            Api::V3 => (Some(ids::secret(&mut rng, 43)), V3_TOKEN_SECS),
            Api::V2 => (None, V2_TOKEN_SECS),
        };
        let token = Token {
            access: access.clone(),
            refresh: refresh.clone(),
            client_id: client.client_id.clone(),
            user_id: user_id.to_string(),
            created_at: now,
            expires_at: now + Duration::seconds(lifetime),
            access_revoked: false,
            refresh_revoked: false,
        };
        let idx = self.tokens.len();
        self.by_access.insert(access.clone(), idx);
        if let Some(r) = &refresh {
            self.by_refresh.insert(r.clone(), idx);
        }
        self.tokens.push(token);
        let mut body = json!({
            "access_token": access,
            "token_type": "bearer",
            "expires_in": lifetime,
            "created_at": now.timestamp(),
        });
        if let Some(r) = refresh {
            body["refresh_token"] = json!(r);
        }
        body
    }

    /// Index of a currently usable access token.
    fn live_token(&self, access: &str) -> Option<usize> {
        let idx = *self.by_access.get(access)?;
        let t = &self.tokens[idx];
        if t.access_revoked || t.expires_at <= self.now() || self.user(&t.user_id).is_none() {
            return None;
        }
        Some(idx)
    }

    /// `POST /oauth/revoke`
    pub fn revoke(
        &mut self,
        bearer: Option<&str>,
        client_id: &str,
        secret: &str,
        token: &str,
    ) -> Result<()> {
        let invalid_client = || {
            SimError::new(
                StatusCode::UNAUTHORIZED,
                "invalid_client",
                "Client authentication failed",
            )
        };
        // The bearer must be a known, not revoked token (an expired one is accepted).
        let idx = bearer
            .and_then(|b| self.by_access.get(b).copied())
            .filter(|&i| {
                !self.tokens[i].access_revoked && self.user(&self.tokens[i].user_id).is_some()
            })
            .ok_or_else(invalid_client)?;
        let client = self
            .client_with_secret(client_id, secret)
            .ok_or_else(invalid_client)?;
        if self.tokens[idx].client_id != client.client_id {
            return Err(invalid_client());
        }
        let target = self
            .by_access
            .get(token)
            .or_else(|| self.by_refresh.get(token))
            .copied();
        if let Some(t) = target {
            if self.tokens[t].client_id == client.client_id {
                self.tokens[t].access_revoked = true;
                self.tokens[t].refresh_revoked = true;
            }
        }
        Ok(())
    }

    /// `GET /oauth/token/info`
    pub fn token_info(&self, bearer: Option<&str>) -> Result<Value> {
        let idx = bearer.and_then(|b| self.live_token(b)).ok_or_else(|| {
            SimError::new(
                StatusCode::UNAUTHORIZED,
                "invalid_request",
                "The access token is invalid",
            )
        })?;
        let t = &self.tokens[idx];
        let name = self
            .client(&t.client_id)
            .map(|c| c.name.clone())
            .unwrap_or_default();
        Ok(json!({
            "application_name": name,
            "access_token": t.access,
            "refresh_token": t.refresh,
            "created_at": iso_secs(t.created_at),
            "expires_at": iso_secs(t.expires_at),
        }))
    }

    /// Token check of every v3 call: token (401) then scope (403).
    pub fn auth_v3(&self, bearer: Option<&str>, scope: &str) -> Result<Caller> {
        let idx = bearer
            .and_then(|b| self.live_token(b))
            .ok_or_else(SimError::invalid_token)?;
        let t = &self.tokens[idx];
        let client = self
            .client(&t.client_id)
            .ok_or_else(SimError::invalid_token)?;
        if client.api != Api::V3 {
            return Err(SimError::invalid_token());
        }
        let disabled = self.disabled_scopes.get(&t.user_id);
        let granted = client.scopes.iter().any(|s| s == scope)
            && !disabled.is_some_and(|d| d.contains(scope));
        if !granted {
            return Err(SimError::insufficient_scope(scope));
        }
        Ok(Caller {
            user_id: t.user_id.clone(),
            client_id: t.client_id.clone(),
            token_index: idx,
        })
    }

    /// Token check of the v2 endpoints (only tokens of v2 clients).
    pub fn auth_v2(&self, token: Option<&str>) -> Option<Caller> {
        let idx = token.and_then(|b| self.live_token(b))?;
        let t = &self.tokens[idx];
        if self.client(&t.client_id)?.api != Api::V2 {
            return None;
        }
        Some(Caller {
            user_id: t.user_id.clone(),
            client_id: t.client_id.clone(),
            token_index: idx,
        })
    }

    /// Makes every token issued through an account unusable (demotion).
    pub fn revoke_account_tokens(&mut self, user_id: &str) {
        for t in self.tokens.iter_mut().filter(|t| t.user_id == user_id) {
            t.access_revoked = true;
            t.refresh_revoked = true;
        }
    }

    /// `POST /_sim/clients`
    pub fn register_client(
        &mut self,
        api: Api,
        redirect_uri: String,
        scopes: Vec<String>,
    ) -> Client {
        let n = self.clients.len() + 1;
        let mut rng = rand::thread_rng();
        let client = Client {
            api,
            name: format!("Sim application {n}"),
            client_id: format!("sim-{}-client-{}", api.as_str(), ids::secret(&mut rng, 12)),
            client_secret: ids::secret(&mut rng, 48),
            redirect_uri,
            scopes,
        };
        self.clients.push(client.clone());
        client
    }
}

/// Form fields of `POST /oauth/token`.
#[derive(Debug, Default)]
pub struct TokenParams {
    pub grant_type: String,
    pub client_id: String,
    pub client_secret: String,
    pub code: String,
    pub redirect_uri: String,
    pub refresh_token: String,
    /// PKCE; empty when not sent.
    pub code_verifier: String,
}
