//! The one error type of the HTTP API, and how it maps to a status and a JSON body.
//!
//! What a client reads says what went wrong and what to do; what only an operator should read
//! (the database's own error text, a task that failed inside the server) goes to the log.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

use crate::store::StoreError;
use crate::view::GameState;

/// What went wrong with a request.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The request is malformed or asks for something impossible (an illegal move): `400`.
    #[error("{0}")]
    BadRequest(String),
    /// The request needs an account signed in, or its name and password do not match one:
    /// `401`.
    #[error("{0}")]
    Unauthorized(String),
    /// Too many tries (failed sign-ins): `429`, with when to try again (`Retry-After`).
    #[error("{0}")]
    TooMany(String, std::time::Duration),
    /// The requester does not hold the seat the request needs: `403`.
    #[error("{0}")]
    Forbidden(String),
    /// No such game or path: `404`.
    #[error("{0}")]
    NotFound(String),
    /// The request does not fit the game as it is now (a stale ply, a finished game): `409`,
    /// with the game's current state when the request was about a game.
    #[error("{0}")]
    Conflict(String, Option<Box<GameState>>),
    /// The game's stored moves cannot be replayed: it is set aside, and answers `410`.
    #[error("{0}")]
    Damaged(String),
    /// The database failed or cannot be reached: nothing was changed; `503`. The text is the
    /// database's own, for the log.
    #[error("the database failed: {0}")]
    Unavailable(String),
    /// The game was changed by another server after this one read it. The change is made
    /// again on the game as stored; a client sees it only as a `409` if that keeps happening.
    #[error("the game was changed elsewhere at the same time")]
    Outdated,
    /// The request's body could not be read: `413` (too large), `415` (not JSON) or `400`.
    #[error("{1}")]
    Unreadable(StatusCode, String),
    /// Something inside the server failed: `500`; the text is for the log.
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::Unavailable(text) => ApiError::Unavailable(text),
            StoreError::Outdated => ApiError::Outdated,
            StoreError::Taken(text) => ApiError::conflict(text),
            StoreError::Damaged(text) => ApiError::Damaged(text),
        }
    }
}

impl ApiError {
    /// A conflict, without the game's state.
    pub(crate) fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::Conflict(message.into(), None)
    }

    /// The HTTP status of the error.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::TooMany(..) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(..) | ApiError::Outdated => StatusCode::CONFLICT,
            ApiError::Damaged(_) => StatusCode::GONE,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Unreadable(status, _) => *status,
        }
    }

    /// What the client reads.
    fn public_message(&self) -> String {
        match self {
            ApiError::Unavailable(_) => {
                "the database is unavailable: nothing was changed; try again shortly".to_owned()
            }
            ApiError::Outdated => {
                "the game was changed elsewhere at the same time: reload it".to_owned()
            }
            ApiError::Internal(_) => "the server failed; the failure is logged".to_owned(),
            other => other.to_string(),
        }
    }
}

/// The body of every error the server answers.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// What went wrong, and what to do.
    pub error: String,
    /// With a `409` about a game: the game as stored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<Box<GameState>>,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if matches!(self, ApiError::Unavailable(_) | ApiError::Internal(_)) {
            tracing::error!(error = %self, "a request failed inside the server");
        }
        let status = self.status();
        let error = self.public_message();
        let retry_after = match &self {
            ApiError::TooMany(_, wait) => Some(wait.as_secs() + u64::from(wait.subsec_nanos() > 0)),
            _ => None,
        };
        let state = match self {
            ApiError::Conflict(_, state) => state,
            _ => None,
        };
        let mut response = (status, Json(ErrorBody { error, state })).into_response();
        if let Some(seconds) = retry_after {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, seconds.max(1).into());
        }
        response
    }
}
