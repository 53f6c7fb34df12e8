//! Who may talk to the test host. It runs the same use-cases as the app (sign-in, profiles,
//! secrets in its memory keychain), so another program or a web page must not drive it:
//! - `Host` must name the host's own address (`127.0.0.1:PORT` or `localhost:PORT`), else
//!   421: a page on another name that resolves to loopback (DNS rebinding) is refused;
//! - an `Origin`, when the client sends one, must be the host's own origin, else 403; no CORS
//!   header is ever sent, so no other origin can read an answer either;
//! - every request needs the random token the host printed at start, in the [`TOKEN_HEADER`]
//!   header, else 401 — except reading the built UI (GET outside `/api/` and `/_host/`) and
//!   `/_host/health`. The page reads the token from its address (`/?token=…`).

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use lockdesk_sim::constant_time_eq;

/// The request header carrying the host's token.
pub const TOKEN_HEADER: &str = "x-lockdesk-token";

/// 32 random bytes, hex: the token a host requires (made like the demo simulator's).
pub fn random_token() -> String {
    lockdesk_sim::random_control_token()
}

/// The checks of one host, bound to its port and token.
#[derive(Clone)]
pub struct Guard {
    hosts: [String; 2],
    token: String,
}

/// Why a request is refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    WrongHost,
    WrongOrigin,
    NoToken,
}

impl Refusal {
    fn status(&self) -> StatusCode {
        match self {
            Refusal::WrongHost => StatusCode::MISDIRECTED_REQUEST,
            Refusal::WrongOrigin => StatusCode::FORBIDDEN,
            Refusal::NoToken => StatusCode::UNAUTHORIZED,
        }
    }

    fn message(&self) -> &'static str {
        match self {
            Refusal::WrongHost => "the Host header does not name this test host",
            Refusal::WrongOrigin => "requests from other origins are refused",
            Refusal::NoToken => "missing or wrong x-lockdesk-token (printed by the host at start)",
        }
    }
}

impl Guard {
    pub fn new(port: u16, token: String) -> Guard {
        Guard {
            hosts: [format!("127.0.0.1:{port}"), format!("localhost:{port}")],
            token,
        }
    }

    fn needs_token(method: &Method, path: &str) -> bool {
        let reading_ui = matches!(*method, Method::GET | Method::HEAD)
            && !path.starts_with("/api/")
            && !path.starts_with("/_host/");
        !(reading_ui || path == "/_host/health")
    }

    /// The decision for a request `method path` with `headers`.
    pub fn check(&self, method: &Method, path: &str, headers: &HeaderMap) -> Result<(), Refusal> {
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .map(str::to_ascii_lowercase);
        if !host.is_some_and(|h| self.hosts.contains(&h)) {
            return Err(Refusal::WrongHost);
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            let own = origin.to_str().ok().is_some_and(|o| {
                o.strip_prefix("http://")
                    .is_some_and(|h| self.hosts.iter().any(|own| own.eq_ignore_ascii_case(h)))
            });
            if !own {
                return Err(Refusal::WrongOrigin);
            }
        }
        if Self::needs_token(method, path) {
            let sent = headers.get(TOKEN_HEADER).map(|v| v.as_bytes());
            if !sent.is_some_and(|t| constant_time_eq(t, self.token.as_bytes())) {
                return Err(Refusal::NoToken);
            }
        }
        Ok(())
    }
}

/// Middleware applying [`Guard::check`] to every request.
pub async fn layer(State(guard): State<Arc<Guard>>, req: Request, next: Next) -> Response {
    match guard.check(req.method(), req.uri().path(), req.headers()) {
        Ok(()) => next.run(req).await,
        Err(refusal) => {
            tracing::warn!(
                path = req.uri().path(),
                ?refusal,
                "test host: request refused"
            );
            (refusal.status(), refusal.message()).into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn tokens_are_random_and_long() {
        let (a, b) = (random_token(), random_token());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
    }

    #[test]
    fn the_rules() {
        let g = Guard::new(4100, "t0k".into());
        let ok = |pairs: &[(&'static str, &str)], path: &str| {
            let method = if path.starts_with("/api/") || path == "/_host/reset" {
                Method::POST
            } else {
                Method::GET
            };
            g.check(&method, path, &headers(pairs))
        };
        assert_eq!(ok(&[("host", "127.0.0.1:4100")], "/"), Ok(()));
        assert_eq!(ok(&[("host", "localhost:4100")], "/_host/health"), Ok(()));
        assert_eq!(ok(&[], "/"), Err(Refusal::WrongHost));
        assert_eq!(
            ok(&[("host", "127.0.0.1:4101")], "/"),
            Err(Refusal::WrongHost)
        );
        assert_eq!(
            ok(&[("host", "evil.example:4100")], "/"),
            Err(Refusal::WrongHost)
        );
        let host = ("host", "127.0.0.1:4100");
        for origin in [
            "http://evil.example",
            "null",
            "https://127.0.0.1:4100",
            "http://127.0.0.1:4101",
            "http://127.0.0.1:4100.evil.example",
        ] {
            assert_eq!(
                ok(&[host, ("origin", origin)], "/"),
                Err(Refusal::WrongOrigin),
                "{origin}"
            );
        }
        assert_eq!(
            ok(&[host, ("origin", "http://localhost:4100")], "/"),
            Ok(())
        );
        assert_eq!(ok(&[host], "/api/locks_list"), Err(Refusal::NoToken));
        assert_eq!(ok(&[host], "/_host/reset"), Err(Refusal::NoToken));
        assert_eq!(
            ok(&[host, (TOKEN_HEADER, "t0K")], "/api/locks_list"),
            Err(Refusal::NoToken)
        );
        assert_eq!(
            ok(&[host, (TOKEN_HEADER, "t0k")], "/api/locks_list"),
            Ok(())
        );
        // Anything but reading the UI needs the token, whatever the path looks like.
        for path in ["//api/x", "/%61pi/x", "/", "/index.html"] {
            assert_eq!(
                g.check(&Method::POST, path, &headers(&[host])),
                Err(Refusal::NoToken),
                "{path}"
            );
        }
    }
}
