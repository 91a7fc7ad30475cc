//! `GET /api/openapi.json`: the OpenAPI document of the API, kept beside the code in
//! `openapi.json`; a test asks the router for every path and method it lists.

use axum::http::header;
use axum::response::IntoResponse;

/// The document.
pub const DOCUMENT: &str = include_str!("openapi.json");

pub(crate) async fn document() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], DOCUMENT)
}
