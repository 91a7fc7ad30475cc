//! The limits of `guard` as the HTTP layer applies them: each request's client, the rates of
//! creations and changes, and the `429` that refuses what is beyond them.

use std::time::Duration;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::AppState;
use crate::error::ErrorBody;
use crate::guard::Client;

impl FromRequestParts<AppState> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Client, Self::Rejection> {
        Ok(Client::of(&parts.headers, &parts.extensions, state.guard.protection.behind_proxy))
    }
}

/// A refusal for asking too much: `429`, and when to ask again.
pub(crate) fn too_many(message: String, retry_after: Option<Duration>) -> Response {
    let mut response =
        (StatusCode::TOO_MANY_REQUESTS, Json(ErrorBody { error: message, state: None }))
            .into_response();
    if let Some(wait) = retry_after {
        let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        if let Ok(value) = HeaderValue::from_str(&seconds.max(1).to_string()) {
            response.headers_mut().insert(header::RETRY_AFTER, value);
        }
    }
    response
}

/// Refuses, with `429` and `Retry-After`, a request beyond its client's rate: creating a game
/// (`POST /api/games`, and a record imported, a seek posted or accepted, a rematch, a
/// tournament), or any other
/// change (a `POST` or `DELETE`).
pub(crate) async fn limit_rates(
    axum::extract::State(state): axum::extract::State<AppState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let guard = &state.guard;
    let method = request.method();
    if method != Method::GET && method != Method::HEAD {
        let path = request.uri().path();
        let creating = ["/api/games", "/api/imports", "/api/seeks", "/api/tournaments"]
            .contains(&path)
            || (method == Method::POST
                && (path.ends_with("/accept") || path.ends_with("/rematch")));
        let what = if creating { "games created" } else { "changes" };
        let behind_proxy = guard.protection.behind_proxy;
        let client = Client::of(request.headers(), request.extensions(), behind_proxy);
        if let Err(wait) = guard.check_rate(creating, client) {
            return too_many(
                format!("too many {what} from your address: wait {}s", wait.as_secs().max(1)),
                Some(wait),
            );
        }
    }
    next.run(request).await
}
