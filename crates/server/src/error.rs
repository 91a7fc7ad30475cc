//! The one error type of the HTTP API, and how it maps to a status and a JSON body.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// What went wrong with a request; the message says what was wrong and what is expected.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The request is malformed or asks for something impossible (an illegal move).
    #[error("{0}")]
    BadRequest(String),
    /// The requester does not hold the seat the request needs.
    #[error("{0}")]
    Forbidden(String),
    /// No such game.
    #[error("{0}")]
    NotFound(String),
    /// The request does not fit the game as it is now (a stale ply, a finished game).
    #[error("{0}")]
    Conflict(String),
    /// The database failed.
    #[error("storage: {0}")]
    Storage(String),
}

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> Self {
        ApiError::Storage(error.to_string())
    }
}

impl ApiError {
    /// The HTTP status of the error.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Storage(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status(), Json(json!({ "error": self.to_string() }))).into_response()
    }
}
