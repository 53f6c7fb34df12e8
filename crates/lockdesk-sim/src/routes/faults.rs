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
    if path.starts_with("/_sim/") {
        return next.run(req).await;
    }
    let (latency, action) = sim.lock().fault_for(&path);
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
        // A body that fails before anything is written: hyper closes the connection
        // without sending the status line.
        FaultAction::Drop => Response::new(Body::from_stream(futures::stream::once(async {
            Err::<Bytes, std::io::Error>(std::io::Error::other("simulated connection drop"))
        }))),
    }
}
