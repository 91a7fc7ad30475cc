//! The browser pages: plain HTML, CSS and ES modules with hand-drawn SVG boards, embedded in
//! the binary so that `arbiter serve` alone gives a person every game. The pages hold no rules:
//! they draw the board from the state the API sends and narrow its legal moves' clicks.
//!
//! - `/`: the games of the catalog and the new-game form;
//! - `/games`: the games stored on this server;
//! - `/games/{id}`: a game's page, to play or to watch;
//! - `/join/{id}/{side}/{token}`: an invitation link's page, to take the seat it offers;
//! - `/assets/…`: the style sheet, the scripts and the icon.
//!
//! The move list's navigation asks the API for each position
//! (`/api/games/{id}/replay/{ply}`): the page cannot compute one itself.

use arbiter_core::text::excerpt;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::error::ApiError;
use crate::AppState;

/// A file served as it is: its path under `/assets/`, content type and text.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    text: &'static str,
}

const JS: &str = "text/javascript; charset=utf-8";

/// Every asset; the pages name them by these paths.
const ASSETS: &[Asset] = &[
    Asset {
        name: "style.css",
        content_type: "text/css; charset=utf-8",
        text: include_str!("../pages/assets/style.css"),
    },
    Asset { name: "api.js", content_type: JS, text: include_str!("../pages/assets/api.js") },
    Asset { name: "board.js", content_type: JS, text: include_str!("../pages/assets/board.js") },
    Asset { name: "game.js", content_type: JS, text: include_str!("../pages/assets/game.js") },
    Asset { name: "home.js", content_type: JS, text: include_str!("../pages/assets/home.js") },
    Asset { name: "join.js", content_type: JS, text: include_str!("../pages/assets/join.js") },
    Asset { name: "list.js", content_type: JS, text: include_str!("../pages/assets/list.js") },
    Asset {
        name: "icon.svg",
        content_type: "image/svg+xml",
        text: include_str!("../pages/assets/icon.svg"),
    },
];

const HOME: &str = include_str!("../pages/index.html");
const LIST: &str = include_str!("../pages/games.html");
const GAME: &str = include_str!("../pages/game.html");
const JOIN: &str = include_str!("../pages/join.html");
const MISSING: &str = include_str!("../pages/missing.html");

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(|| async { html(HOME) }))
        .route("/games", get(|| async { html(LIST) }))
        .route("/games/{id}", get(game_page))
        .route("/join/{id}/{side}/{token}", get(join_page))
        .route("/assets/{name}", get(asset))
}

/// A game's page; a game that does not exist gets a page that says so, with a 404.
async fn game_page(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    page_of_game(&state, &id, GAME).await
}

/// An invitation link's page: it shows the game and the seat, and takes the seat only when
/// the friend presses its button (`POST /api/games/{id}/join`), so that opening the link
/// (a `HEAD`, a link previewer) changes nothing.
async fn join_page(
    State(state): State<AppState>,
    Path((id, _, _)): Path<(String, String, String)>,
) -> Response {
    page_of_game(&state, &id, JOIN).await
}

/// `page`, or the page that says game `id` does not exist, with a 404.
async fn page_of_game(state: &AppState, id: &str, page: &'static str) -> Response {
    match state.games.state(id, &[]).await {
        Err(ApiError::NotFound(_)) => {
            let mut response = html(MISSING);
            *response.status_mut() = StatusCode::NOT_FOUND;
            response
        }
        _ => html(page),
    }
}

fn html(text: &'static str) -> Response {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")],
        text,
    )
        .into_response()
}

async fn asset(Path(name): Path<String>) -> Result<Response, ApiError> {
    let asset = ASSETS
        .iter()
        .find(|asset| asset.name == name)
        .ok_or_else(|| ApiError::NotFound(format!("there is no asset `{}`", excerpt(&name))))?;
    Ok((
        [(header::CONTENT_TYPE, asset.content_type), (header::CACHE_CONTROL, "no-cache")],
        asset.text,
    )
        .into_response())
}
