//! Fault-injection layer in front of the service API (`/_sim/` is never affected).

use axum::body::{Body, Bytes};
use axum::extract::{Request, State as AxState};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::backend::faults::FaultAction;
use crate::backend::{Sim, SimError};

pub async fn layer(AxState(sim): AxState<Sim>, req: Request, next: Next) -> Response {
    let path = req.uri().path().to_string();
    let query = req.uri().query().unwrap_or_default().to_owned();
    if path.starts_with("/_sim/") {
        return next.run(req).await;
    }
    let (latency, action) = {
        let mut state = sim.lock();
        let state = &mut *state;
        state
            .faults
            .action_for(&mut state.fault_rng, req.method().as_str(), &path)
    };
    if latency > 0 {
        tokio::time::sleep(std::time::Duration::from_millis(latency)).await;
    }
    match action {
        FaultAction::Pass => next.run(req).await,
        FaultAction::Error {
            status,
            retry_after,
        } => {
            let status = StatusCode::from_u16(status).unwrap_or(StatusCode::SERVICE_UNAVAILABLE);
            let mut r = SimError::new(status, "sim_fault", "Injected fault").into_response();
            if let Some(s) = retry_after {
                r.headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from(s));
            }
            r
        }
        FaultAction::Oversize { bytes, chunked } => oversized(bytes, chunked),
        FaultAction::Endless => match endless_page(req.method(), &path, &query) {
            Some(page) => axum::Json(page).into_response(),
            None => next.run(req).await,
        },
        FaultAction::Drop => connection_closed(),
        FaultAction::LoseAnswer => {
            drop(next.run(req).await);
            connection_closed()
        }
    }
}

/// A body that fails before anything is written: hyper closes the connection without sending
/// the status line.
fn connection_closed() -> Response {
    Response::new(Body::from_stream(futures::stream::once(async {
        Err::<Bytes, std::io::Error>(std::io::Error::other("simulated connection drop"))
    })))
}

/// A 200 JSON answer of `bytes` bytes: `{"locks":[` and spaces (valid JSON were it finished).
fn oversized(bytes: u64, chunked: bool) -> Response {
    const CHUNK: u64 = 64 * 1024;
    let head: &'static [u8] = b"{\"locks\":[";
    let rest = bytes.saturating_sub(head.len() as u64);
    let body = if chunked {
        let chunks = std::iter::once(Bytes::from_static(head)).chain(
            (0..rest.div_ceil(CHUNK))
                .map(move |i| Bytes::from(vec![b' '; (rest - i * CHUNK).min(CHUNK) as usize])),
        );
        Body::from_stream(futures::stream::iter(
            chunks.map(Ok::<Bytes, std::io::Error>),
        ))
    } else {
        let mut all = head.to_vec();
        all.resize(head.len() + rest as usize, b' ');
        Body::from(all)
    };
    let mut r = Response::new(body);
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    r
}

/// A full page of made-up elements after the request's cursor, for the list endpoints; `None`
/// for any other request. Ids are `E` and a counter, so every page is new.
fn endless_page(method: &axum::http::Method, path: &str, query: &str) -> Option<serde_json::Value> {
    if method != axum::http::Method::GET {
        return None;
    }
    let key = path.rsplit('/').next()?;
    let v2 = path == "/v2/external/accesses";
    let listed = matches!(key, "organizations" | "locks" | "users") && path.starts_with("/v3/");
    if !listed && !v2 {
        return None;
    }
    let param = |name: &str| {
        form_urlencoded::parse(query.as_bytes())
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.into_owned())
    };
    let limit: u64 = param("limit")
        .and_then(|l| l.parse().ok())
        .unwrap_or(if v2 { 20 } else { 100 })
        .clamp(1, 1000);
    let start: u64 = if v2 {
        param("offset").and_then(|o| o.parse().ok()).unwrap_or(0)
    } else {
        param("id_after")
            .and_then(|id| id.strip_prefix('E').and_then(|n| n.parse::<u64>().ok()))
            .map_or(0, |n| n + 1)
    };
    let items: Vec<serde_json::Value> = (start..start + limit)
        .map(|n| {
            serde_json::json!({
                "id": format!("E{n:012}"), "model": "Pro", "name": format!("endless {n}"),
                "is_locked": n % 2 == 0, "client_type": "hand",
                "created_at": "2024-01-01T00:00:00.000Z",
            })
        })
        .collect();
    Some(if v2 {
        serde_json::json!({ "success": true, "accesses": items })
    } else {
        serde_json::json!({ key: items })
    })
}
