//! The one error type of the simulator, rendered in the service's error shape.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// A service error: HTTP status, machine code and a human message.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{status} {code}: {message}")]
pub struct SimError {
    pub status: StatusCode,
    pub code: String,
    pub message: String,
}

pub type Result<T> = std::result::Result<T, SimError>;

impl SimError {
    pub fn new(status: StatusCode, code: &str, message: impl Into<String>) -> Self {
        Self {
            status,
            code: code.to_string(),
            message: message.into(),
        }
    }
    pub fn invalid_params(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_params", message)
    }
    /// `invalid_params` with status 404, as documented for lock group and user group operations.
    pub fn invalid_params_404(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "invalid_params", message)
    }
    pub fn invalid_token() -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "invalid_token",
            "The access token is invalid",
        )
    }
    pub fn insufficient_scope(scope: &str) -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            "insufficient_scope",
            format!("The access token lacks the scope {scope}"),
        )
    }
    pub fn insufficient_authority(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "insufficient_authority", message)
    }
    pub fn not_allowed(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "not_allowed", message)
    }
    pub fn not_found(code: &str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, code, message)
    }
    pub fn invalid_grant() -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "invalid_grant",
            "The provided authorization grant is invalid, expired, revoked or was issued to another client",
        )
    }
    pub fn body(&self) -> serde_json::Value {
        serde_json::json!({ "code": self.code, "message": self.message })
    }
}

impl IntoResponse for SimError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(self.body())).into_response()
    }
}
