//! `/oauth/...`: authorization page, token, revoke, token info. The authorization page
//! carries a PKCE challenge through its login form; a malformed PKCE request goes back to the
//! client as `error=invalid_request` (see [`crate::backend::pkce`]).

use axum::extract::State as AxState;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};

use super::params::Input;
use crate::backend::oauth::{AuthorizeRequest, LoginError, TokenParams};
use crate::backend::Sim;

pub fn router() -> Router<Sim> {
    Router::new()
        .route(
            "/oauth/authorize/",
            get(authorize_page).post(authorize_submit),
        )
        .route(
            "/oauth/authorize",
            get(authorize_page).post(authorize_submit),
        )
        .route("/oauth/token", post(token))
        .route("/oauth/revoke", post(revoke))
        .route("/oauth/token/info", get(token_info))
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// Percent-encodes everything except RFC 3986 unreserved characters.
fn pct(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn page(status: StatusCode, title: &str, body: &str) -> Response {
    let html = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t}</title></head>\
         <body><h1>{t}</h1>{body}</body></html>\n",
        t = esc(title)
    );
    (status, Html(html)).into_response()
}

struct AuthFields {
    req: AuthorizeRequest,
    state: Option<String>,
}

impl AuthFields {
    fn from(input: &Input) -> Self {
        let p = &input.params;
        AuthFields {
            req: AuthorizeRequest {
                client_id: p.string("client_id").unwrap_or_default(),
                redirect_uri: p.string("redirect_uri").unwrap_or_default(),
                response_type: p.string("response_type").unwrap_or_default(),
                code_challenge: p.string("code_challenge"),
                code_challenge_method: p.string("code_challenge_method"),
            },
            state: p.string("state"),
        }
    }

    /// The client's redirect URI with `params` and this request's `state` appended.
    fn redirect(&self, params: &[(&str, &str)]) -> Response {
        let mut location = self.req.redirect_uri.clone();
        let state = self.state.as_deref().filter(|s| !s.is_empty());
        for (i, (name, value)) in params
            .iter()
            .chain(state.map(|s| ("state", s)).iter())
            .enumerate()
        {
            location.push(if i == 0 && !location.contains('?') {
                '?'
            } else {
                '&'
            });
            location.push_str(name);
            location.push('=');
            location.push_str(&pct(value));
        }
        (StatusCode::FOUND, [(header::LOCATION, location)]).into_response()
    }
}

fn hidden(name: &str, value: Option<&str>) -> String {
    match value {
        Some(v) => format!(
            "<input type=\"hidden\" name=\"{name}\" value=\"{}\">",
            esc(v)
        ),
        None => String::new(),
    }
}

fn login_form(status: StatusCode, f: &AuthFields, error: Option<&str>, mail: &str) -> Response {
    let err = error
        .map(|e| format!("<p class=\"error\" role=\"alert\">{}</p>", esc(e)))
        .unwrap_or_default();
    let r = &f.req;
    let body = format!(
        "{err}<form method=\"post\" action=\"/oauth/authorize/\">\
         <label>E-mail <input type=\"email\" name=\"mail\" value=\"{mail}\" autocomplete=\"username\"></label>\
         <label>Password <input type=\"password\" name=\"password\" autocomplete=\"current-password\"></label>\
         {cid}{ru}{rt}{st}{cc}{ccm}\
         <button type=\"submit\">Log in</button></form>",
        mail = esc(mail),
        cid = hidden("client_id", Some(&r.client_id)),
        ru = hidden("redirect_uri", Some(&r.redirect_uri)),
        rt = hidden("response_type", Some(&r.response_type)),
        st = hidden("state", Some(f.state.as_deref().unwrap_or(""))),
        cc = hidden("code_challenge", r.code_challenge.as_deref()),
        ccm = hidden("code_challenge_method", r.code_challenge_method.as_deref()),
    );
    page(status, "Log in to authorize the application", &body)
}

fn bad_request(message: &str) -> Response {
    page(
        StatusCode::BAD_REQUEST,
        "Authorization error",
        &format!("<p class=\"error\">{}</p>", esc(message)),
    )
}

/// A refused login, as a page or (for a request the client can be told about) a redirect.
fn refused(f: &AuthFields, mail: &str, e: LoginError) -> Response {
    match e {
        LoginError::BadRequest(m) => bad_request(&m),
        LoginError::InvalidRequest(m) => {
            f.redirect(&[("error", "invalid_request"), ("error_description", &m)])
        }
        LoginError::BadCredentials => login_form(
            StatusCode::UNAUTHORIZED,
            f,
            Some("The e-mail address or password is incorrect."),
            mail,
        ),
        LoginError::NotManager => page(
            StatusCode::FORBIDDEN,
            "Not permitted",
            "<p class=\"error\">Only super managers and managers can authorize applications.</p>",
        ),
    }
}

async fn authorize_page(AxState(sim): AxState<Sim>, input: Input) -> Response {
    let f = AuthFields::from(&input);
    let checked = sim.lock().check_authorize(&f.req);
    match checked {
        Err(e) => refused(&f, "", e),
        Ok(_) => login_form(StatusCode::OK, &f, None, ""),
    }
}

async fn authorize_submit(AxState(sim): AxState<Sim>, input: Input) -> Response {
    let f = AuthFields::from(&input);
    let mail = input.params.string("mail").unwrap_or_default();
    let password = input.params.string("password").unwrap_or_default();
    let result = sim.lock().login(&f.req, &mail, &password);
    match result {
        Err(e) => refused(&f, &mail, e),
        Ok(code) => f.redirect(&[("code", &code)]),
    }
}

async fn token(AxState(sim): AxState<Sim>, input: Input) -> Response {
    let p = &input.params;
    let tp = TokenParams {
        grant_type: p.string("grant_type").unwrap_or_default(),
        client_id: p.string("client_id").unwrap_or_default(),
        client_secret: p.string("client_secret").unwrap_or_default(),
        code: p.string("code").unwrap_or_default(),
        redirect_uri: p.string("redirect_uri").unwrap_or_default(),
        refresh_token: p.string("refresh_token").unwrap_or_default(),
        code_verifier: p.string("code_verifier").unwrap_or_default(),
    };
    let result = sim.lock().token_grant(&tp);
    match result {
        Ok(v) => (
            StatusCode::OK,
            [(header::CACHE_CONTROL, "no-store")],
            Json(v),
        )
            .into_response(),
        Err(e) => e.into_response(),
    }
}

async fn revoke(AxState(sim): AxState<Sim>, input: Input) -> Response {
    let p = &input.params;
    let result = sim.lock().revoke(
        input.bearer.as_deref(),
        p.get("client_id").unwrap_or(""),
        p.get("client_secret").unwrap_or(""),
        p.get("token").unwrap_or(""),
    );
    match result {
        Ok(()) => StatusCode::OK.into_response(),
        Err(e) => e.into_response(),
    }
}

async fn token_info(AxState(sim): AxState<Sim>, input: Input) -> Response {
    let result = sim.lock().token_info(input.bearer.as_deref());
    match result {
        Ok(v) => Json(v).into_response(),
        Err(e) => e.into_response(),
    }
}
