//! Who may drive a simulator started with a control token ([`crate::SimOptions::control_token`]:
//! the app's embedded demo, `lockdesk-sim --require-token`). It listens on loopback beside the
//! user's browser and other programs, so, like the test host's guard:
//! - `Host` must name the simulator's own address (`127.0.0.1:PORT` or `localhost:PORT`), else
//!   421, on every route: a web page on another name that resolves to loopback (DNS
//!   rebinding) reaches neither the control API nor the demo's sign-in and API. The app's
//!   clients (the API client, the image fetcher, the sign-in window) use the base URL's
//!   loopback address, so they always pass.
//! - everything but the service API (`/oauth/`, `/v3/`, `/v2/`, with their own credentials)
//!   needs the token in [`CONTROL_TOKEN_HEADER`], else 401: the control API (`/_sim/`) could
//!   reset the demo, read its clients' secrets or its request log. The one exception is
//!   reading an image (`GET /_sim/images/{name}`): the service names these addresses in its
//!   answers and the app fetches them without headers, as it would the real service's.
//!
//! Without a token nothing is checked (tests, the developer binary by default).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use rand::RngCore;

use crate::backend::pkce::constant_time_eq;
use crate::backend::SimError;

/// The request header carrying the control token.
pub const CONTROL_TOKEN_HEADER: &str = "x-sim-token";

/// 32 random bytes, hex: a control token.
pub fn random_control_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The checks of one simulator, bound to its address and token.
#[derive(Clone)]
pub struct Guard {
    hosts: [String; 2],
    token: String,
}

impl Guard {
    pub fn new(addr: SocketAddr, token: String) -> Guard {
        Guard {
            hosts: [addr.to_string(), format!("localhost:{}", addr.port())],
            token,
        }
    }

    fn needs_token(method: &Method, path: &str) -> bool {
        let service = ["/oauth/", "/v3/", "/v2/"]
            .iter()
            .any(|p| path.starts_with(p));
        let image = matches!(*method, Method::GET | Method::HEAD)
            && path
                .strip_prefix("/_sim/images/")
                .is_some_and(|name| !name.is_empty() && !name.contains('/'));
        !(service || image)
    }

    /// The decision for a request; the error is the answer.
    pub fn check(&self, method: &Method, uri: &Uri, headers: &HeaderMap) -> Result<(), SimError> {
        // HTTP/2 carries the host as the request's authority instead.
        let host = match headers.get(header::HOST) {
            Some(h) => h.to_str().ok().map(str::to_ascii_lowercase),
            None => uri.authority().map(|a| a.as_str().to_ascii_lowercase()),
        };
        if !host.is_some_and(|h| self.hosts.contains(&h)) {
            return Err(SimError::new(
                StatusCode::MISDIRECTED_REQUEST,
                "wrong_host",
                "the Host header does not name this simulator",
            ));
        }
        if Self::needs_token(method, uri.path()) {
            let sent = headers.get(CONTROL_TOKEN_HEADER).map(|v| v.as_bytes());
            if !sent.is_some_and(|t| constant_time_eq(t, self.token.as_bytes())) {
                return Err(SimError::new(
                    StatusCode::UNAUTHORIZED,
                    "control_token",
                    format!("missing or wrong {CONTROL_TOKEN_HEADER} header"),
                ));
            }
        }
        Ok(())
    }
}

/// Middleware applying [`Guard::check`] to every request.
pub async fn layer(State(guard): State<Arc<Guard>>, req: Request, next: Next) -> Response {
    match guard.check(req.method(), req.uri(), req.headers()) {
        Ok(()) => next.run(req).await,
        Err(refusal) => {
            tracing::warn!(path = req.uri().path(), code = %refusal.code, "simulator: request refused");
            refusal.into_response()
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
        let (a, b) = (random_control_token(), random_control_token());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
    }

    #[test]
    fn the_rules() {
        let g = Guard::new(SocketAddr::from(([127, 0, 0, 1], 4100)), "t0k".into());
        let status = |method: Method, path: &str, pairs: &[(&'static str, &str)]| {
            let uri: Uri = path.parse().unwrap();
            g.check(&method, &uri, &headers(pairs))
                .err()
                .map(|e| e.status.as_u16())
        };
        let host = ("host", "127.0.0.1:4100");
        let token = (CONTROL_TOKEN_HEADER, "t0k");
        // The Host check applies to every route, the service's too.
        for path in [
            "/v3/organizations",
            "/oauth/authorize/",
            "/_sim/images/a.png",
        ] {
            assert_eq!(status(Method::GET, path, &[host]), None, "{path}");
            assert_eq!(status(Method::GET, path, &[]), Some(421), "{path}");
            for other in ["evil.example:4100", "127.0.0.1:4101", "127.0.0.1"] {
                assert_eq!(
                    status(Method::GET, path, &[("host", other), token]),
                    Some(421),
                    "{path} {other}"
                );
            }
        }
        assert_eq!(
            status(
                Method::GET,
                "/v3/organizations",
                &[("host", "LocalHost:4100")]
            ),
            None
        );
        // The control API needs the token, whatever the path looks like.
        for path in [
            "/_sim/info",
            "/_sim/reset",
            "/_sim/requests",
            "//_sim/reset",
            "/%5Fsim/reset",
            "/",
            "/_sim/images/",
            "/_sim/images/a/../../reset",
        ] {
            assert_eq!(status(Method::POST, path, &[host]), Some(401), "{path}");
            assert_eq!(status(Method::GET, path, &[host]), Some(401), "{path}");
            assert_eq!(
                status(Method::POST, path, &[host, (CONTROL_TOKEN_HEADER, "t0K")]),
                Some(401),
                "{path}"
            );
            assert_eq!(status(Method::POST, path, &[host, token]), None, "{path}");
        }
        // Images are read without it, never written.
        assert_eq!(status(Method::HEAD, "/_sim/images/a.png", &[host]), None);
        assert_eq!(
            status(Method::POST, "/_sim/images/a.png", &[host]),
            Some(401)
        );
    }
}
