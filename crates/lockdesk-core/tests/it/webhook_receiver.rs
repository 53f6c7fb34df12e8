//! A chat service on loopback for the team-alert tests (no internet): an axum server that
//! records what it accepts (path, headers, body) and can be told to answer an error status, a
//! 429 with `Retry-After`, or to stop listening (connections refused) and come back on the same
//! port.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::Value;

/// How the receiver answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Accept,
    Status(u16),
    /// 429 with this `Retry-After` (seconds).
    RetryAfter(u64),
}

/// A request the receiver accepted.
#[derive(Clone, Debug)]
pub struct Received {
    pub path: String,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Received {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap()
    }

    /// The value of form field `name`.
    pub fn form(&self, name: &str) -> String {
        form_urlencoded::parse(&self.body)
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.into_owned())
            .unwrap_or_default()
    }

    pub fn header(&self, name: &str) -> Option<String> {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    }
}

#[derive(Default)]
struct Inner {
    mode: Option<Mode>,
    accepted: Vec<Received>,
    /// Every request that reached it, accepted or not.
    hits: usize,
}

type Shared = Arc<Mutex<Inner>>;

pub struct Receiver {
    pub addr: SocketAddr,
    inner: Shared,
    task: Option<tokio::task::JoinHandle<()>>,
}

async fn handle(
    State(inner): State<Shared>,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let mut st = inner.lock().unwrap();
    st.hits += 1;
    match st.mode.unwrap_or(Mode::Accept) {
        Mode::Accept => {
            st.accepted.push(Received {
                path: uri.path().to_owned(),
                headers,
                body,
            });
            (StatusCode::OK, "ok").into_response()
        }
        Mode::Status(s) => (StatusCode::from_u16(s).unwrap(), "no").into_response(),
        Mode::RetryAfter(secs) => (
            StatusCode::TOO_MANY_REQUESTS,
            [("retry-after", secs.to_string())],
            "slow down",
        )
            .into_response(),
    }
}

impl Receiver {
    pub async fn start() -> Receiver {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let inner: Shared = Arc::default();
        let mut r = Receiver {
            addr,
            inner,
            task: None,
        };
        r.serve(listener);
        r
    }

    fn serve(&mut self, listener: tokio::net::TcpListener) {
        let app = axum::Router::new()
            .fallback(handle)
            .with_state(self.inner.clone());
        self.task = Some(tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        }));
    }

    /// `http://127.0.0.1:PORT{path}`.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    pub fn set(&self, mode: Mode) {
        self.inner.lock().unwrap().mode = Some(mode);
    }

    /// What it accepted at `path`.
    pub fn at(&self, path: &str) -> Vec<Received> {
        self.inner
            .lock()
            .unwrap()
            .accepted
            .iter()
            .filter(|r| r.path == path)
            .cloned()
            .collect()
    }

    pub fn accepted(&self) -> Vec<Received> {
        self.inner.lock().unwrap().accepted.clone()
    }

    pub fn hits(&self) -> usize {
        self.inner.lock().unwrap().hits
    }

    /// Stops listening: connections are refused until [`Receiver::restart`].
    pub async fn stop(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
            let _ = task.await;
        }
    }

    /// Listens again on the same port.
    pub async fn restart(&mut self) {
        let listener = tokio::net::TcpListener::bind(self.addr).await.unwrap();
        self.serve(listener);
    }
}

impl Drop for Receiver {
    fn drop(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
        }
    }
}
