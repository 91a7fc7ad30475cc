//! The catalog of games, a position of any of them drawn without a game, and the server's
//! health.

use arbiter_catalog::GameId;
use arbiter_core::present::Geometry;
use arbiter_core::text::split_moves;
use arbiter_core::{OptionSpec, OptionValues};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};

use super::AppState;
use crate::error::{ApiError, ErrorBody};
use crate::live::{self, View};

/// A game of the catalog, as `GET /api/catalog` lists it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct CatalogGame {
    id: &'static str,
    name: &'static str,
    description: &'static str,
    options: Vec<CatalogOption>,
    /// The file extension of the game's records (`GET /api/games/{id}/record`), without the
    /// dot: `pdn` for checkers' PDN, `txt` for the others.
    record_extension: &'static str,
    /// The game always ends in a win, so the solver handles it: exact analysis and the
    /// perfect player (`ai:perfect`), which play exactly where the solver finds the values in
    /// the time given (from the start: every rule set but holes' `captures=diagonal`).
    solvable: bool,
}

/// An option of a game: a form's field. A game's options are written `key=value,…`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct CatalogOption {
    /// The key.
    key: &'static str,
    /// The values it takes.
    #[serde(flatten)]
    values: OptionKind,
    /// The default value, as the options text writes it: one of the values.
    default: &'static str,
    /// One line on what the option does.
    help: &'static str,
}

/// The values an option takes.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(crate) enum OptionKind {
    /// One of `values`, in the order they are offered.
    Choice {
        /// The values.
        values: Vec<&'static str>,
    },
    /// A whole number from `min` to `max`, both included.
    Range {
        /// The smallest value.
        min: u32,
        /// The largest value.
        max: u32,
    },
}

impl From<&OptionSpec> for CatalogOption {
    fn from(spec: &OptionSpec) -> Self {
        let values = match spec.values {
            OptionValues::Choice(words) => OptionKind::Choice { values: words.to_vec() },
            OptionValues::Range { min, max } => OptionKind::Range { min, max },
        };
        CatalogOption { key: spec.key, values, default: spec.default, help: spec.help }
    }
}

/// The games this server plays, with their options.
#[utoipa::path(get, path = "/api/catalog", tag = "games",
    responses((status = 200, description = "every game of the catalog", body = Vec<CatalogGame>)))]
pub(crate) async fn catalog() -> Json<Vec<CatalogGame>> {
    Json(
        GameId::ALL
            .into_iter()
            .map(|id| {
                let info = id.info();
                CatalogGame {
                    id: info.id,
                    name: info.name,
                    description: info.description,
                    options: info.options.iter().map(CatalogOption::from).collect(),
                    record_extension: info.record_extension,
                    solvable: info.always_decisive,
                }
            })
            .collect(),
    )
}

/// Whether an answer carries the board's geometry.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct WithGeometry {
    /// `true`: the answer carries the board's geometry (`geometry`), which no move changes
    /// and `GET /api/catalog/{game}/geometry` gives once; without it by default.
    #[serde(default)]
    pub(crate) geometry: bool,
}

/// The query of `GET /api/catalog/{game}/geometry`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct GeometryQuery {
    /// The game's options, `key=value,…` (the defaults by default); for a game written in GDL
    /// (`gdl`), `rules=HASH`, the hash of rules a game of this server plays.
    options: Option<String>,
}

/// The board of a game under its options: its shape, its cells with their names and places,
/// the lines between them. No move changes it: a client fetches it once for a game, and the
/// states and positions carry it only when asked (`?geometry=true`). A game written in GDL is
/// drawn on the board read from its rules, or, where they have none, has the layout `moves`:
/// its cells are its moves, each entered by one click on its own cell, and a client lists the
/// legal ones to click rather than draw a board.
#[utoipa::path(get, path = "/api/catalog/{game}/geometry", tag = "games",
    params(("game" = String, Path, description = "the catalog's identifier of the game, or `gdl`"), GeometryQuery),
    responses(
        (status = 200, description = "the board", body = Geometry),
        (status = 400, description = "the options cannot be read, or are too long", body = ErrorBody),
        (status = 404, description = "no such game", body = ErrorBody)))]
pub(crate) async fn geometry(
    State(state): State<AppState>,
    Path(game): Path<String>,
    Query(query): Query<GeometryQuery>,
) -> Result<Json<Geometry>, ApiError> {
    let options = query.options.unwrap_or_default();
    if options.len() > MAX_POSITION_TEXT {
        return Err(ApiError::BadRequest(format!(
            "the options are {} bytes: at most {MAX_POSITION_TEXT}",
            options.len()
        )));
    }
    let kind = state.games.playable(&game, &options, ApiError::NotFound).await?;
    Ok(Json(live::geometry(&kind, &options).map_err(ApiError::BadRequest)?))
}

/// The longest query `GET /api/catalog/{game}/position` reads (its options, position and moves
/// together), and the longest options `GET /api/catalog/{game}/geometry` reads, in bytes.
pub const MAX_POSITION_TEXT: usize = 1024;

/// The most moves `GET /api/catalog/{game}/position` plays.
pub const MAX_POSITION_MOVES: usize = 64;

/// The query of `GET /api/catalog/{game}/position`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct PositionQuery {
    /// The game's options, `key=value,…` (the defaults by default); for a game written in GDL
    /// (`gdl`), `rules=HASH`, the hash of rules a game of this server plays.
    options: Option<String>,
    /// A position in the game's text form (the start position by default).
    position: Option<String>,
    /// Moves played from that position, separated by spaces (a move in parentheses, as GDL
    /// writes them, is one); at most 64.
    moves: Option<String>,
}

/// A position of a game as a client draws it: the pieces, the legal moves with their clicks,
/// the last of the moves played, and the board when asked. Not a game: nothing is stored. (The
/// rules pages draw their diagrams from it, and a finished game's analysis board its
/// variations.)
#[utoipa::path(get, path = "/api/catalog/{game}/position", tag = "games",
    params(("game" = String, Path, description = "the catalog's identifier of the game, or `gdl`"), PositionQuery, WithGeometry),
    responses(
        (status = 200, description = "the position", body = View),
        (status = 400, description = "the options, the position or a move cannot be read, or the query is too long", body = ErrorBody),
        (status = 404, description = "no such game", body = ErrorBody)))]
pub(crate) async fn position(
    State(state): State<AppState>,
    Path(game): Path<String>,
    Query(query): Query<PositionQuery>,
    Query(with): Query<WithGeometry>,
) -> Result<Json<View>, ApiError> {
    let options = query.options.unwrap_or_default();
    let moves: Vec<String> =
        split_moves(query.moves.as_deref().unwrap_or("")).into_iter().map(str::to_owned).collect();
    if moves.len() > MAX_POSITION_MOVES {
        return Err(ApiError::BadRequest(format!(
            "{} moves: at most {MAX_POSITION_MOVES} are played",
            moves.len()
        )));
    }
    let text_length = options.len()
        + query.position.as_deref().map_or(0, str::len)
        + query.moves.as_deref().map_or(0, str::len);
    if text_length > MAX_POSITION_TEXT {
        return Err(ApiError::BadRequest(format!(
            "the options, position and moves are {text_length} bytes: at most {MAX_POSITION_TEXT}"
        )));
    }
    let kind = state.games.playable(&game, &options, ApiError::NotFound).await?;
    let live = match query.position.as_deref().filter(|text| !text.is_empty()) {
        Some(start) => live::build_from(&kind, &options, start, &moves),
        None => live::build(&kind, &options, &moves, None),
    };
    let mut view = live.map_err(ApiError::BadRequest)?.view();
    if with.geometry {
        view.geometry = Some(live::geometry(&kind, &options).map_err(ApiError::BadRequest)?);
    }
    Ok(Json(view))
}

/// What `GET /api/health` answers.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct Health {
    /// Whether the database answers: `false` makes the answer a `503`.
    database: bool,
    /// The games this server keeps in memory.
    cached_games: usize,
    /// The searches running now, the computer's and analyses (at most `--workers`).
    searching: usize,
}

/// `200` while this server and its database answer, `503` otherwise: for a load balancer.
#[utoipa::path(get, path = "/api/health", tag = "server",
    responses(
        (status = 200, description = "the server and its database answer", body = Health),
        (status = 503, description = "the database does not answer", body = Health)))]
pub(crate) async fn health(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let database = state.games.database_answers().await;
    let status = if database { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    let (cached_games, searching) = (state.games.cached(), state.games.searching());
    (status, Json(Health { database, cached_games, searching }))
}
