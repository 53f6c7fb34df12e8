//! `/oauth/...`: authorization page, token, revoke, token info.

use axum::extract::State as AxState;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};

use super::params::Input;
use crate::backend::oauth::{LoginError, TokenParams};
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
    client_id: String,
    redirect_uri: String,
    response_type: String,
    state: Option<String>,
}

impl AuthFields {
    fn from(input: &Input) -> Self {
        let p = &input.params;
        AuthFields {
            client_id: p.string("client_id").unwrap_or_default(),
            redirect_uri: p.string("redirect_uri").unwrap_or_default(),
            response_type: p.string("response_type").unwrap_or_default(),
            state: p.string("state"),
        }
    }
}

fn login_form(status: StatusCode, f: &AuthFields, error: Option<&str>, mail: &str) -> Response {
    let err = error
        .map(|e| format!("<p class=\"error\" role=\"alert\">{}</p>", esc(e)))
        .unwrap_or_default();
    let body = format!(
        "{err}<form method=\"post\" action=\"/oauth/authorize/\">\
         <label>E-mail <input type=\"email\" name=\"mail\" value=\"{mail}\" autocomplete=\"username\"></label>\
         <label>Password <input type=\"password\" name=\"password\" autocomplete=\"current-password\"></label>\
         <input type=\"hidden\" name=\"client_id\" value=\"{cid}\">\
         <input type=\"hidden\" name=\"redirect_uri\" value=\"{ru}\">\
         <input type=\"hidden\" name=\"response_type\" value=\"{rt}\">\
         <input type=\"hidden\" name=\"state\" value=\"{st}\">\
         <button type=\"submit\">Log in</button></form>",
        mail = esc(mail),
        cid = esc(&f.client_id),
        ru = esc(&f.redirect_uri),
        rt = esc(&f.response_type),
        st = esc(f.state.as_deref().unwrap_or("")),
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

async fn authorize_page(AxState(sim): AxState<Sim>, input: Input) -> Response {
    let f = AuthFields::from(&input);
    let checked = sim
        .lock()
        .check_authorize(&f.client_id, &f.redirect_uri, &f.response_type);
    match checked {
        Err(m) => bad_request(&m),
        Ok(()) => login_form(StatusCode::OK, &f, None, ""),
    }
}

async fn authorize_submit(AxState(sim): AxState<Sim>, input: Input) -> Response {
    let f = AuthFields::from(&input);
    let mail = input.params.string("mail").unwrap_or_default();
    let password = input.params.string("password").unwrap_or_default();
    let result = sim.lock().login(
        &f.client_id,
        &f.redirect_uri,
        &f.response_type,
        &mail,
        &password,
    );
    match result {
        Err(LoginError::BadRequest(m)) => bad_request(&m),
        Err(LoginError::BadCredentials) => login_form(
            StatusCode::UNAUTHORIZED,
            &f,
            Some("The e-mail address or password is incorrect."),
            &mail,
        ),
        Err(LoginError::NotManager) => page(
            StatusCode::FORBIDDEN,
            "Not permitted",
            "<p class=\"error\">Only super managers and managers can authorize applications.</p>",
        ),
        Ok(code) => {
            let mut location = f.redirect_uri.clone();
            location.push(if location.contains('?') { '&' } else { '?' });
            location.push_str("code=");
            location.push_str(&pct(&code));
            if let Some(s) = f.state.as_deref().filter(|s| !s.is_empty()) {
                location.push_str("&state=");
                location.push_str(&pct(s));
            }
            (StatusCode::FOUND, [(header::LOCATION, location)]).into_response()
        }
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
