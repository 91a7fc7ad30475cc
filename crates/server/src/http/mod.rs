//! The HTTP API: exact paths, JSON in and out, one error type. The routes by area ([`catalog`],
//! [`games`], [`lobby`], [`account`], [`users`], [`tournaments`], [`socket`], [`pages`]), what the handlers take from a request
//! ([`extract`], [`credentials`]), the limits as applied to requests ([`limits`]), the OpenAPI
//! document ([`openapi`]), and the listener that bounds connections ([`listen`]).

mod account;
mod catalog;
pub(crate) mod credentials;
mod extract;
mod games;
mod limits;
pub(crate) mod listen;
mod lobby;
pub(crate) mod openapi;
mod pages;
mod socket;
mod state;
mod tournaments;
mod users;

pub use self::state::AppState;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, Method};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use tower_http::compression::CompressionLayer;
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};

pub use self::catalog::MAX_POSITION_MOVES;
use crate::error::{ApiError, ErrorBody};

/// The largest request body, in bytes.
pub const MAX_BODY: usize = 64 * 1024;

/// The API's routes, each written once with its OpenAPI description (the handler's
/// `#[utoipa::path]`), and the document they make together: built once a process, as every
/// route's description is built with it (a process that starts several servers, as the tests
/// do, builds them once).
pub(crate) fn api() -> &'static (Router<AppState>, utoipa::openapi::OpenApi) {
    static API: LazyLock<(Router<AppState>, utoipa::openapi::OpenApi)> = LazyLock::new(build_api);
    &API
}

fn build_api() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .routes(routes!(catalog::catalog))
        .routes(routes!(catalog::geometry))
        .routes(routes!(catalog::position))
        .routes(routes!(catalog::health))
        .routes(routes!(openapi::document))
        .routes(routes!(games::list, games::create))
        .routes(routes!(games::import))
        .routes(routes!(games::state))
        .routes(routes!(games::play))
        .routes(routes!(games::resign))
        .routes(routes!(games::abort))
        .routes(routes!(games::draw))
        .routes(routes!(games::undo))
        .routes(routes!(games::record))
        .routes(routes!(games::analysis))
        .routes(routes!(games::replay))
        .routes(routes!(socket::upgrade))
        .routes(routes!(games::join))
        .merge(lobby::routes())
        .merge(account::routes())
        .merge(users::routes())
        .merge(tournaments::routes())
        .split_for_parts()
}

pub(crate) fn routes(app: &AppState) -> Router<AppState> {
    api()
        .0
        .clone()
        .merge(pages::routes())
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(app.clone(), limits::limit_rates))
        .layer(axum::middleware::from_fn(same_site))
        .layer(axum::middleware::map_response(json_errors))
        .layer(hardening(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(hardening(header::REFERRER_POLICY, "no-referrer"))
        .layer(hardening(header::X_FRAME_OPTIONS, "DENY"))
        .layer(hardening(header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY))
        // Pages, scripts and JSON alike, gzip or Brotli as the client accepts; not the small
        // answers (under 32 bytes), nor a socket's upgrade, which has no body.
        .layer(CompressionLayer::new())
        // Every request gets an identifier (`x-request-id`, answered too), which each line of
        // the log about it carries; the line of its answer is logged at `info`.
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(request_span)
                .on_request(())
                .on_response(DefaultOnResponse::new().level(tracing::Level::INFO)),
        )
        .layer(SetRequestIdLayer::x_request_id(RequestIds::default()))
}

/// The log's span of a request: its identifier, method and path (not its query, which may
/// carry a seat's token in a link).
fn request_span<B>(request: &axum::http::Request<B>) -> tracing::Span {
    let id = request.headers().get(REQUEST_ID).and_then(|value| value.to_str().ok());
    tracing::info_span!(
        "request",
        id = id.unwrap_or("-"),
        method = %request.method(),
        path = %request.uri().path(),
    )
}

/// The header of a request's identifier.
const REQUEST_ID: &str = "x-request-id";

/// The identifiers of this server's requests: a random prefix for the server (so that the
/// logs of several servers do not share one), and a count.
#[derive(Clone)]
struct RequestIds {
    server: String,
    count: Arc<AtomicU64>,
}

impl Default for RequestIds {
    fn default() -> RequestIds {
        let mut bytes = [0u8; 4];
        // Without random numbers the prefix is zeros: the identifiers stay unique per server.
        let _ = getrandom::fill(&mut bytes);
        let server = bytes.iter().map(|byte| format!("{byte:02x}")).collect();
        RequestIds { server, count: Arc::default() }
    }
}

impl MakeRequestId for RequestIds {
    fn make_request_id<B>(&mut self, _: &axum::http::Request<B>) -> Option<RequestId> {
        let number = self.count.fetch_add(1, Ordering::Relaxed) + 1;
        let id = format!("{}-{number}", self.server);
        header::HeaderValue::from_str(&id).ok().map(RequestId::new)
    }
}

/// What the pages may load and run: their own scripts, styles and images only; no framing
/// (clickjacking), no other base, no forms elsewhere.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; \
     connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/// A header every answer carries, unless its handler set it.
fn hardening(
    name: header::HeaderName,
    value: &'static str,
) -> SetResponseHeaderLayer<header::HeaderValue> {
    SetResponseHeaderLayer::if_not_present(name, header::HeaderValue::from_static(value))
}

/// A request that would change something, sent by a browser from another site, is refused:
/// browsers say where a request comes from (`Sec-Fetch-Site`, `Origin`); a request that says
/// nothing (another program's) goes on. Every such request is also sent as JSON
/// ([`SentAsJson`]), which a cross-site form cannot do.
async fn same_site(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let method = request.method();
    if method != Method::GET && method != Method::HEAD {
        let headers = request.headers();
        let text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
        let cross_site = text(header::HeaderName::from_static("sec-fetch-site"))
            .is_some_and(|site| site == "cross-site");
        let origin_host = text(header::ORIGIN)
            .map(|origin| origin.split_once("://").map_or(origin, |(_, host)| host));
        let foreign = match (origin_host, text(header::HOST)) {
            (Some(origin), Some(host)) => !origin.eq_ignore_ascii_case(host),
            (Some(_), None) => true,
            (None, _) => false,
        };
        if cross_site || foreign {
            return ApiError::Forbidden(
                "a request from another site may not change anything here".to_owned(),
            )
            .into_response();
        }
    }
    next.run(request).await
}

/// The longest text of an error of the router's own that is kept.
const ERROR_TEXT: usize = 4096;

/// Every error of the API answered as JSON. The handlers' errors are already (and a page's is
/// a page); those of the router and its extractors (a method not allowed, a query that cannot
/// be read, a socket request that is no upgrade) come as plain text or nothing, and are
/// wrapped, their headers (`Allow`) kept.
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let text = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_none_or(|value| value.as_bytes().starts_with(b"text/plain"));
    if !(status.is_client_error() || status.is_server_error()) || !text {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, ERROR_TEXT)
        .await
        .map(|bytes| String::from_utf8_lossy(&bytes).trim().to_owned())
        .unwrap_or_default();
    let error = if text.is_empty() {
        status.canonical_reason().unwrap_or("error").to_lowercase()
    } else {
        text
    };
    let mut wrapped = (status, Json(ErrorBody { error, state: None })).into_response();
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            wrapped.headers_mut().insert(name.clone(), value.clone());
        }
    }
    wrapped
}

async fn not_found() -> ApiError {
    ApiError::NotFound(
        "no such page or API path; the API is described at /api/openapi.json".to_owned(),
    )
}
