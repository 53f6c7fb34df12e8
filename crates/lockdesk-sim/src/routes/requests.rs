//! A log of the requests the service API received, for tests that compare front ends (lockctl
//! and the app must send the same requests for the same task). Each entry is the method, the
//! path, the query and body parameters in order (`name=value`; a file as its size and a hash,
//! so two uploads of the same bytes compare equal whatever the multipart boundary) and the
//! status answered. `GET /_sim/requests` reads it, `DELETE /_sim/requests` clears it. The
//! control API (`/_sim/`) is not logged. The values of [`SECRET_PARAMS`] (tokens, the client
//! secret, codes, PKCE verifiers, passwords) are logged as `<redacted>`, and the Authorization
//! header is never read. Only the latest [`KEEP`] requests are kept.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::extract::{FromRequest, Request, State as AxState};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::params::{Input, Value};

/// Parameters whose values never reach the log.
pub const SECRET_PARAMS: &[&str] = &[
    "access_token",
    "refresh_token",
    "token",
    "client_secret",
    "code",
    "code_verifier",
    "password",
];

/// Requests kept; older ones are dropped.
pub const KEEP: usize = 10_000;
const MAX_BODY: usize = 32 * 1024 * 1024;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedRequest {
    pub method: String,
    pub path: String,
    /// Query, then body parameters, in the order sent: `name=value`, or
    /// `name=<file N bytes fnv64:HASH>`; a JSON body as `body=<text>`.
    pub params: Vec<String>,
    pub status: u16,
}

#[derive(Clone, Default)]
pub struct RequestLog {
    entries: Arc<Mutex<VecDeque<RecordedRequest>>>,
}

impl RequestLog {
    fn push(&self, r: RecordedRequest) {
        let mut e = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        if e.len() >= KEEP {
            e.pop_front();
        }
        e.push_back(r);
    }

    pub fn entries(&self) -> Vec<RecordedRequest> {
        let e = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        e.iter().cloned().collect()
    }

    pub fn clear(&self) {
        self.entries
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clear();
    }
}

fn fnv64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The parameters of a request, read as the handlers read them.
async fn summary(parts: &axum::http::request::Parts, body: &bytes::Bytes) -> Vec<String> {
    let mut probe = Request::new(Body::from(body.clone()));
    *probe.method_mut() = parts.method.clone();
    *probe.uri_mut() = parts.uri.clone();
    *probe.headers_mut() = parts.headers.clone();
    let json = parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|h| h.to_str().ok())
        .is_some_and(|c| c.to_ascii_lowercase().starts_with("application/json"));
    let mut out: Vec<String> = match Input::from_request(probe, &()).await {
        Ok(input) => input
            .params
            .pairs()
            .iter()
            .map(|(k, v)| match v {
                Value::Text(_) if SECRET_PARAMS.contains(&k.as_str()) => format!("{k}=<redacted>"),
                Value::Text(t) => format!("{k}={t}"),
                Value::File { bytes } => {
                    format!(
                        "{k}=<file {} bytes fnv64:{:016x}>",
                        bytes.len(),
                        fnv64(bytes)
                    )
                }
            })
            .collect(),
        Err(_) => vec!["<unreadable parameters>".to_owned()],
    };
    if json && !body.is_empty() {
        out.push(format!("body={}", String::from_utf8_lossy(body)));
    }
    out
}

/// Middleware: logs every service request (not `/_sim/`) with the status it got.
pub async fn layer(AxState(log): AxState<RequestLog>, req: Request, next: Next) -> Response {
    if req.uri().path().starts_with("/_sim/") {
        return next.run(req).await;
    }
    let (parts, body) = req.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_BODY).await else {
        return StatusCode::PAYLOAD_TOO_LARGE.into_response();
    };
    let params = summary(&parts, &bytes).await;
    let method = parts.method.to_string();
    let path = parts.uri.path().to_owned();
    let resp = next
        .run(Request::from_parts(parts, Body::from(bytes)))
        .await;
    log.push(RecordedRequest {
        method,
        path,
        params,
        status: resp.status().as_u16(),
    });
    resp
}

async fn read(AxState(log): AxState<RequestLog>) -> Response {
    Json(serde_json::json!({ "requests": log.entries() })).into_response()
}

async fn clear(AxState(log): AxState<RequestLog>) -> Response {
    log.clear();
    Json(serde_json::json!({ "ok": true })).into_response()
}

/// `GET` and `DELETE /_sim/requests`.
pub fn router<S: Clone + Send + Sync + 'static>(log: RequestLog) -> Router<S> {
    Router::new()
        .route("/_sim/requests", get(read).delete(clear))
        .with_state(log)
}
