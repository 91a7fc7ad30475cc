//! What the handlers take from a request (a JSON body, the proof that a change was sent as
//! JSON) and add to an answer (a session cookie), and the errors they share in the document.

use axum::extract::rejection::JsonRejection;
use axum::http::{header, StatusCode};
use axum::response::Response;
use axum::Json;

use super::MAX_BODY;
use crate::error::{ApiError, ErrorBody};

/// A request sent as JSON (`Content-Type: application/json`), with a body or none: a change
/// with no body (a resignation) needs it too, which a cross-site form cannot send. (The
/// changes with a body need it to read it.)
pub(crate) struct SentAsJson;

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for SentAsJson {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<SentAsJson, ApiError> {
        let kind = parts.headers.get(header::CONTENT_TYPE).and_then(|value| value.to_str().ok());
        if kind.is_some_and(|kind| {
            kind.trim_start().to_ascii_lowercase().starts_with("application/json")
        }) {
            return Ok(SentAsJson);
        }
        Err(ApiError::Unreadable(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "a change is sent as JSON: `Content-Type: application/json`".to_owned(),
        ))
    }
}

/// The errors of a request about a game that it may not find or read.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)] // A description of responses: the values are never made.
pub(crate) enum GameErrors {
    /// No such game (for a replay: or no such ply of it).
    #[response(status = 404)]
    NotFound(ErrorBody),
    /// The game's stored moves cannot be played: it is set aside.
    #[response(status = 410)]
    Gone(ErrorBody),
}

/// The errors of a request whose JSON body the server cannot read.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)] // A description of responses: the values are never made.
pub(crate) enum BodyErrors {
    /// The body is larger than 64 KiB.
    #[response(status = 413)]
    TooLarge(ErrorBody),
    /// The body is not JSON (`Content-Type: application/json`).
    #[response(status = 415)]
    NotJson(ErrorBody),
}

/// A JSON body, or a JSON error that says what is wrong with it.
pub(crate) fn body<T>(body: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    body.map(|Json(value)| value).map_err(|rejection| {
        let status = rejection.status();
        let message =
            format!("the request body is not what was expected: {}", rejection.body_text());
        match status {
            StatusCode::PAYLOAD_TOO_LARGE => ApiError::Unreadable(
                status,
                format!("the request body is larger than {MAX_BODY} bytes"),
            ),
            StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::Unreadable(status, message),
            _ => ApiError::BadRequest(message),
        }
    })
}

/// `response`, giving the browser the session cookie `cookie` if there is one.
pub(crate) fn with_cookie(mut response: Response, cookie: Option<String>) -> Response {
    if let Some(value) = cookie.and_then(|cookie| cookie.parse().ok()) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
    response
}
