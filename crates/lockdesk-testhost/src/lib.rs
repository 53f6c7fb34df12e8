//! The loopback test host: `POST /api/<command>` with JSON arguments runs the same
//! `lockdesk_core::app` use-case the desktop app runs, answering the JSON result (200) or
//! `{code, message, details}` with a 4xx/5xx status. Optionally serves the built UI
//! (`ui/dist`) from the same origin, so browser tests load the real UI. State lives in a
//! temporary folder (config and data: never the user's folders) and an in-memory secret
//! store; `POST /_host/reset` starts over. Only its own origin, with the token it printed,
//! may use it: see [`guard`].

pub mod guard;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path as AxPath, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use lockdesk_core::app::context::AppContext;
use lockdesk_core::app::dispatch::dispatch;
use lockdesk_core::core_context::Context;
use lockdesk_core::error::{ErrorCategory, ErrorCode, ErrorPayload};
use lockdesk_core::secrets::MemoryStore;
use lockdesk_sim::SimOptions;
use tokio::sync::RwLock;

pub use guard::{random_token, TOKEN_HEADER};

pub struct HostOptions {
    /// Built UI to serve at `/` (index.html for unknown paths), if any.
    pub ui_dir: Option<PathBuf>,
    /// Demo data size for `session_start_demo`.
    pub demo: SimOptions,
    /// The token every command call must carry in [`TOKEN_HEADER`] (see [`random_token`]).
    pub token: String,
}

struct Host {
    ctx: RwLock<AppContext>,
    // Keeps the config directories alive as long as the host.
    dirs: std::sync::Mutex<Vec<tempfile::TempDir>>,
    options: HostOptions,
}

/// The core context of one host state: config and data (archives) both in `dir`, a
/// temporary folder, and an in-memory keychain.
pub fn context_in(dir: &Path) -> Context {
    Context::for_tests(dir.join("config"), Arc::new(MemoryStore::new()))
        .with_data_dir(dir.join("data"))
}

/// A fresh state in a new temporary folder, removed when the `TempDir` is dropped.
fn fresh_context(demo: &SimOptions) -> std::io::Result<(AppContext, tempfile::TempDir)> {
    let dir = tempfile::Builder::new()
        .prefix("lockdesk-testhost-")
        .tempdir()?;
    let ctx = AppContext::with_demo_options(context_in(dir.path()), demo.clone());
    Ok((ctx, dir))
}

impl Host {
    fn fresh_context(&self) -> std::io::Result<AppContext> {
        let (ctx, dir) = fresh_context(&self.options.demo)?;
        self.dirs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(dir);
        Ok(ctx)
    }
}

/// HTTP status for an error: by its category (the UI only reads the body's `code`).
pub fn status_for(code: ErrorCode) -> StatusCode {
    if code == ErrorCode::UnknownCommand {
        return StatusCode::NOT_FOUND;
    }
    match code.category() {
        ErrorCategory::SignInAgain | ErrorCategory::SignInAgainHistory => StatusCode::UNAUTHORIZED,
        ErrorCategory::MissingScope | ErrorCategory::RefusedByRole => StatusCode::FORBIDDEN,
        ErrorCategory::NotFound => StatusCode::NOT_FOUND,
        ErrorCategory::Organization => match code {
            ErrorCode::OrganizationNotFound => StatusCode::NOT_FOUND,
            ErrorCode::NotInOrganization => StatusCode::FORBIDDEN,
            _ => StatusCode::BAD_REQUEST,
        },
        ErrorCategory::Conflict => StatusCode::CONFLICT,
        ErrorCategory::Busy => StatusCode::TOO_MANY_REQUESTS,
        ErrorCategory::ServiceUnreachable
        | ErrorCategory::OutcomeUnknown
        | ErrorCategory::Certificate
        | ErrorCategory::ServiceError
        | ErrorCategory::Internal => StatusCode::BAD_GATEWAY,
        ErrorCategory::BadInput
        | ErrorCategory::Limit
        | ErrorCategory::Connection
        | ErrorCategory::ProxyLogin
        | ErrorCategory::Keychain
        | ErrorCategory::LocalFile
        | ErrorCategory::Cancelled => StatusCode::BAD_REQUEST,
    }
}

fn json(status: StatusCode, body: &serde_json::Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

async fn api(
    State(host): State<Arc<Host>>,
    AxPath(command): AxPath<String>,
    body: Bytes,
) -> Response {
    let args: serde_json::Value = if body.iter().all(u8::is_ascii_whitespace) {
        serde_json::json!({})
    } else {
        match serde_json::from_slice(&body) {
            Ok(v) => v,
            Err(e) => {
                let p = ErrorPayload::new(
                    ErrorCode::InvalidArguments,
                    format!("the body is not JSON: {e}"),
                );
                return json(
                    StatusCode::BAD_REQUEST,
                    &serde_json::to_value(p).unwrap_or_default(),
                );
            }
        }
    };
    let ctx = host.ctx.read().await.clone();
    match dispatch(&ctx, &command, args).await {
        Ok(v) => json(StatusCode::OK, &v),
        Err(p) => json(
            status_for(p.code),
            &serde_json::to_value(&p).unwrap_or_default(),
        ),
    }
}

async fn reset(State(host): State<Arc<Host>>) -> Response {
    match host.fresh_context() {
        Ok(ctx) => {
            *host.ctx.write().await = ctx;
            json(StatusCode::OK, &serde_json::json!({ "ok": true }))
        }
        Err(e) => json(
            StatusCode::INTERNAL_SERVER_ERROR,
            &serde_json::to_value(ErrorPayload::new(ErrorCode::Internal, e.to_string()))
                .unwrap_or_default(),
        ),
    }
}

/// `POST /_host/service/stop|start`: the demo's simulator stops answering (connections are
/// refused, its data kept) or answers again, for browser tests of offline reading. Behind the
/// token like every `/_host/` command; needs the demo running.
async fn service(State(host): State<Arc<Host>>, AxPath(state): AxPath<String>) -> Response {
    let on = match state.as_str() {
        "start" => true,
        "stop" => false,
        _ => {
            let p = ErrorPayload::new(ErrorCode::InvalidArguments, "use stop or start");
            return json(
                StatusCode::NOT_FOUND,
                &serde_json::to_value(p).unwrap_or_default(),
            );
        }
    };
    let ctx = host.ctx.read().await.clone();
    match ctx.demo_service_answering(on).await {
        Ok(()) => json(StatusCode::OK, &serde_json::json!({ "ok": true })),
        Err(e) => json(
            status_for(e.code()),
            &serde_json::to_value(e.payload()).unwrap_or_default(),
        ),
    }
}

/// `POST /_host/folder {"path": …}`: the folder dialog of the browser tests, which have none. The
/// path typed in the Reports form (or given by a test) is granted as the desktop shell grants
/// the folder its dialog returned, and the answer is the dialog's: `{path, handle}`. Behind the
/// token like every `/_host/` command.
async fn folder(State(host): State<Arc<Host>>, body: Bytes) -> Response {
    let path = serde_json::from_slice::<serde_json::Value>(&body)
        .ok()
        .and_then(|v| v.get("path")?.as_str().map(str::to_owned));
    let Some(path) = path else {
        let p = ErrorPayload::new(ErrorCode::InvalidArguments, "give the folder as {\"path\"}");
        return json(
            StatusCode::BAD_REQUEST,
            &serde_json::to_value(p).unwrap_or_default(),
        );
    };
    let ctx = host.ctx.read().await.clone();
    let handle = ctx.grant_folder(PathBuf::from(path.trim()));
    json(
        StatusCode::OK,
        &serde_json::json!({ "path": path, "handle": handle }),
    )
}

/// `POST /_host/file {"path": …}`: the open dialog of the browser tests (`files_choose_csv` on
/// the desktop): the file at the typed path may then be read by the core, as the desktop shell
/// allows the file its dialog returned. Answers the dialog's `{path}`.
async fn file(State(host): State<Arc<Host>>, body: Bytes) -> Response {
    let path = serde_json::from_slice::<serde_json::Value>(&body)
        .ok()
        .and_then(|v| v.get("path")?.as_str().map(|p| p.trim().to_owned()));
    let Some(path) = path else {
        let p = ErrorPayload::new(ErrorCode::InvalidArguments, "give the file as {\"path\"}");
        return json(
            StatusCode::BAD_REQUEST,
            &serde_json::to_value(p).unwrap_or_default(),
        );
    };
    host.ctx.read().await.allow_file(PathBuf::from(&path));
    json(StatusCode::OK, &serde_json::json!({ "path": path }))
}

fn mime(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

async fn static_file(State(host): State<Arc<Host>>, uri: axum::http::Uri) -> Response {
    let Some(root) = host.options.ui_dir.as_ref() else {
        return (
            StatusCode::NOT_FOUND,
            "no UI is served (start with --ui DIR)",
        )
            .into_response();
    };
    let rel = uri.path().trim_start_matches('/');
    // No way out of the root: only plain path segments.
    let safe = rel
        .split('/')
        .all(|s| !s.is_empty() && s != "." && s != ".." && !s.contains('\\'))
        || rel.is_empty();
    let mut path = if safe && !rel.is_empty() {
        root.join(rel)
    } else {
        root.join("index.html")
    };
    if !path.is_file() {
        path = root.join("index.html");
    }
    match tokio::fs::read(&path).await {
        Ok(bytes) => (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(mime(&path))),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
                (header::CONTENT_SECURITY_POLICY, content_security_policy()),
            ],
            bytes,
        )
            .into_response(),
        Err(e) => (StatusCode::NOT_FOUND, format!("{}: {e}", path.display())).into_response(),
    }
}

/// The desktop window's CSP from tauri.conf.json, with `connect-src 'self'` because here the UI
/// reaches its backend over HTTP rather than IPC: the browser tests refuse what the app would
/// (remote images among them).
fn content_security_policy() -> HeaderValue {
    static CSP: std::sync::OnceLock<HeaderValue> = std::sync::OnceLock::new();
    CSP.get_or_init(|| {
        let conf: serde_json::Value =
            serde_json::from_str(include_str!("../../../tauri.conf.json"))
                .expect("tauri.conf.json is JSON");
        let directives = conf["app"]["security"]["csp"]
            .as_object()
            .expect("tauri.conf.json has app.security.csp");
        let policy: Vec<String> = directives
            .iter()
            .map(|(name, value)| match name.as_str() {
                "connect-src" => "connect-src 'self'".to_owned(),
                _ => format!("{name} {}", value.as_str().unwrap_or("'none'")),
            })
            .collect();
        HeaderValue::from_str(&policy.join("; ")).expect("a CSP header value")
    })
    .clone()
}

/// A command's body may carry the largest bulk-invitation file the core accepts, in base64 (axum's
/// default of 2 MB would refuse it before the core could answer with its own limit).
const COMMAND_BODY_LIMIT: usize =
    (lockdesk_core::invitations::MAX_CSV_BYTES as usize).div_ceil(3) * 4 + (1 << 20);

/// The router of a new host with an empty state, answering on `addr` (its port is the only
/// one the `Host` header may name).
pub fn router(options: HostOptions, addr: SocketAddr) -> std::io::Result<Router> {
    let (first, dir) = fresh_context(&options.demo)?;
    let guard = Arc::new(guard::Guard::new(addr.port(), options.token.clone()));
    let host = Arc::new(Host {
        ctx: RwLock::new(first),
        dirs: std::sync::Mutex::new(vec![dir]),
        options,
    });
    Ok(Router::new()
        .route(
            "/api/{command}",
            post(api).layer(axum::extract::DefaultBodyLimit::max(COMMAND_BODY_LIMIT)),
        )
        .route("/_host/reset", post(reset))
        .route("/_host/service/{state}", post(service))
        .route("/_host/folder", post(folder))
        .route("/_host/file", post(file))
        .route("/_host/health", get(|| async { "ok" }))
        .fallback(get(static_file))
        .layer(axum::middleware::from_fn_with_state(guard, guard::layer))
        .with_state(host))
}

/// Serves on `listener` (bind port 0 for any) until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, options: HostOptions) -> std::io::Result<()> {
    let addr = listener.local_addr()?;
    axum::serve(listener, router(options, addr)?).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_lives_in_the_temporary_folder_only() {
        let (ctx, dir) = fresh_context(&SimOptions::small()).unwrap();
        let core = ctx.core();
        assert!(dir.path().starts_with(std::env::temp_dir()));
        assert!(
            core.config_dir.starts_with(dir.path()),
            "{:?}",
            core.config_dir
        );
        let data = core.data_dir.clone().expect("a data folder of its own");
        assert!(data.starts_with(dir.path()), "{data:?}");
        let path = dir.path().to_owned();
        drop(ctx);
        drop(dir);
        assert!(!path.exists(), "removed with the host's state");
    }
}
