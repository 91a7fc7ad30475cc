//! `GET /api/openapi.json`: the OpenAPI document of the API, made with the router from the
//! routes written once (utoipa-axum: each handler's `#[utoipa::path]` gives its path, method
//! and description) and the types they take and give; a test asks the router for every path
//! and method it lists, and schemathesis checks the server against it.

use std::sync::LazyLock;

use arbiter_catalog::{GameId, Playable};
use axum::Json;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{Object, RefOr, Schema};
use utoipa::{Modify, OpenApi};

use super::socket::SpectatorsMessage;
use crate::error::ErrorBody;

/// The document's description of the API.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Arbiter game server",
        description = "Play abstract strategy board games over HTTP and WebSocket. The client \
            holds no rules: every state lists the legal moves and the clicks that enter each. A \
            move carries the ply it is made at, so a resent move is harmless. Seats are held by \
            a secret token (`Authorization: Bearer TOKEN`) or the browser's HttpOnly session \
            cookie. Every \
            error is JSON: `{\"error\": …}`."
    ),
    components(schemas(ErrorBody, SpectatorsMessage)),
    modifiers(&Seats),
    tags(
        (name = "games", description = "the catalog, creating and listing games"),
        (name = "play", description = "one game: its state, moves, offers and socket"),
        (name = "lobby", description = "open challenges (seeks), and a browser's games"),
        (name = "account", description = "accounts: signing up and in, passwords, API tokens"),
        (name = "tournaments", description = "arenas and Swiss events, run by the server"),
        (name = "server", description = "the server itself")
    )
)]
pub struct ApiDoc;

/// How a seat is held: its token, or the browser's session cookie.
struct Seats;

impl Modify for Seats {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "token",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
        components.add_security_scheme(
            "cookie",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                "arbiter_session",
                "the browser's session, set when it keeps or joins a seat: it holds every seat \
                 the browser took",
            ))),
        );
        components.add_security_scheme(
            "account",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                "arbiter_account",
                "the session of a browser signed in to an account (an API token, sent as \
                 `Authorization: Bearer arb_…`, acts as the account too)",
            ))),
        );
    }
}

/// The catalog's games and `gdl` (a game written in GDL, whose rules come with the request),
/// as the values `NewGame.game` takes.
struct Catalog;

impl Modify for Catalog {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let Some(components) = openapi.components.as_mut() else { return };
        let Some(RefOr::T(Schema::Object(new_game))) = components.schemas.get_mut("NewGame") else {
            return;
        };
        if let Some(RefOr::T(Schema::Object(game))) = new_game.properties.get_mut("game") {
            let ids = GameId::ALL.into_iter().map(GameId::id).chain([Playable::GDL_ID]);
            let ids: Vec<serde_json::Value> = ids.map(Into::into).collect();
            let mut with_ids: Object = game.clone();
            with_ids.enum_values = Some(ids);
            *game = with_ids;
        }
    }
}

/// The whole document: the description above with every route's.
fn whole() -> &'static utoipa::openapi::OpenApi {
    static WHOLE: LazyLock<utoipa::openapi::OpenApi> = LazyLock::new(|| {
        let mut document = super::api().1.clone();
        Catalog.modify(&mut document);
        document
    });
    &WHOLE
}

/// The document, as JSON.
#[must_use]
pub fn document_json() -> String {
    whole().to_json().unwrap_or_default()
}

/// This document.
#[utoipa::path(get, path = "/api/openapi.json", tag = "server",
    responses((status = 200, description = "the OpenAPI document", content_type = "application/json")))]
pub(crate) async fn document() -> Json<&'static utoipa::openapi::OpenApi> {
    Json(whole())
}
