//! The HTTP API: exact paths, JSON in and out, one error type.

use std::time::Duration;

use arbiter_ai::parse_duration;
use arbiter_catalog::GameId;
use arbiter_core::text::excerpt;
use arbiter_core::{OptionSpec, Side};
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::games::{Change, DrawAction, GameState, NewGame, UndoAction};
use crate::live::{self, View};
use crate::seats::{presented, set_cookie};
use crate::store::Summary;
use crate::{openapi, pages, socket, AppState};

/// The largest request body, in bytes.
pub const MAX_BODY: usize = 64 * 1024;

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/catalog", get(catalog))
        .route("/api/health", get(health))
        .route("/api/openapi.json", get(openapi::document))
        .route("/api/games", get(list).post(create))
        .route("/api/games/{id}", get(state))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/analysis", get(analysis))
        .route("/api/games/{id}/replay/{ply}", get(replay))
        .route("/api/games/{id}/socket", get(socket::upgrade))
        .route("/join/{id}/{side}/{token}", get(join))
        .merge(pages::routes())
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
}

async fn not_found() -> ApiError {
    ApiError::NotFound(
        "no such page or API path; the API is described at /api/openapi.json".to_owned(),
    )
}

/// A JSON body, or a JSON error that says what is wrong with it.
fn body<T>(body: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    body.map(|Json(value)| value).map_err(|rejection| {
        let status = rejection.status();
        let message =
            format!("the request body is not what was expected: {}", rejection.body_text());
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::BadRequest(format!("the request body is larger than {MAX_BODY} bytes"))
        } else {
            ApiError::BadRequest(message)
        }
    })
}

/// A game of the catalog, as `GET /api/catalog` lists it.
#[derive(Debug, Serialize)]
struct CatalogGame {
    id: &'static str,
    name: &'static str,
    description: &'static str,
    options: Vec<CatalogOption>,
    /// The game always ends in a win, so the solver handles it: exact analysis and the
    /// perfect player (`ai:perfect`), which play exactly where the solver finds the values in
    /// the time given (from the start: every rule set but holes' `captures=diagonal`).
    solvable: bool,
}

#[derive(Debug, Serialize)]
struct CatalogOption {
    key: &'static str,
    values: &'static str,
    default: &'static str,
    help: &'static str,
}

impl From<&OptionSpec> for CatalogOption {
    fn from(spec: &OptionSpec) -> Self {
        CatalogOption { key: spec.key, values: spec.values, default: spec.default, help: spec.help }
    }
}

async fn catalog() -> Json<Vec<CatalogGame>> {
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
                    solvable: info.always_decisive,
                }
            })
            .collect(),
    )
}

/// What `GET /api/health` answers.
#[derive(Debug, Serialize)]
struct Health {
    /// Whether the database answers: `false` makes the answer a `503`.
    database: bool,
    /// The games this server keeps in memory.
    cached_games: usize,
}

/// `200` while this server and its database answer, `503` otherwise: for a load balancer.
async fn health(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let database = state.games.database_answers().await;
    let status = if database { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (status, Json(Health { database, cached_games: state.games.cached() }))
}

#[derive(Debug, Deserialize)]
struct ListQuery {
    limit: Option<i64>,
}

async fn list(
    State(state): State<AppState>,
    Query(query): Query<ListQuery>,
) -> Result<Json<Vec<Summary>>, ApiError> {
    Ok(Json(state.games.list(query.limit.unwrap_or(100)).await?))
}

async fn create(
    State(state): State<AppState>,
    new: Result<Json<NewGame>, JsonRejection>,
) -> Result<Response, ApiError> {
    let new = body(new)?;
    let keep = new.keep.clone();
    let created = state.games.create(new).await?;
    let mut response = (StatusCode::CREATED, Json(&created)).into_response();
    for side in keep {
        if let Some(seat) = created.seats.get(&side) {
            let cookie = set_cookie(&created.id, side, &seat.token);
            if let Ok(value) = cookie.parse() {
                response.headers_mut().append(header::SET_COOKIE, value);
            }
        }
    }
    Ok(response)
}

async fn state(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<GameState>, ApiError> {
    Ok(Json(state.games.state(&id, &presented(&headers, &id)).await?))
}

#[derive(Debug, Deserialize)]
struct MoveRequest {
    #[serde(rename = "move")]
    text: String,
    ply: usize,
}

async fn play(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    request: Result<Json<MoveRequest>, JsonRejection>,
) -> Result<Json<GameState>, ApiError> {
    let request = body(request)?;
    let secrets = presented(&headers, &id);
    Ok(Json(
        state
            .games
            .change(&id, &secrets, Change::Play { text: request.text, ply: request.ply })
            .await?,
    ))
}

async fn resign(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<GameState>, ApiError> {
    Ok(Json(state.games.change(&id, &presented(&headers, &id), Change::Resign).await?))
}

#[derive(Debug, Deserialize)]
struct Action<A> {
    action: A,
}

async fn draw(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    action: Result<Json<Action<DrawAction>>, JsonRejection>,
) -> Result<Json<GameState>, ApiError> {
    let action = body(action)?;
    Ok(Json(state.games.change(&id, &presented(&headers, &id), Change::Draw(action.action)).await?))
}

async fn undo(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    action: Result<Json<Action<UndoAction>>, JsonRejection>,
) -> Result<Json<GameState>, ApiError> {
    let action = body(action)?;
    Ok(Json(state.games.change(&id, &presented(&headers, &id), Change::Undo(action.action)).await?))
}

async fn record(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let text = state.games.record(&id).await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

#[derive(Debug, Deserialize)]
struct AnalysisQuery {
    think: Option<String>,
}

async fn analysis(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<AnalysisQuery>,
) -> Result<Response, ApiError> {
    let think = match query.think.as_deref() {
        None => Duration::from_millis(500),
        Some(text) => {
            parse_duration(text).map_err(|error| ApiError::BadRequest(error.to_string()))?
        }
    };
    if think > Duration::from_secs(5) {
        return Err(ApiError::BadRequest("an analysis may think at most 5s".to_owned()));
    }
    Ok(Json(state.games.analysis(&id, think).await?).into_response())
}

async fn join(
    State(state): State<AppState>,
    Path((id, side, token)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    let side = match side.as_str() {
        "white" => Side::White,
        "black" => Side::Black,
        _ => return Err(ApiError::NotFound("a seat is white or black".to_owned())),
    };
    let secret = state.games.join(&id, side, &token).await?;
    let mut response = Redirect::to(&format!("/games/{id}")).into_response();
    if let Ok(value) = set_cookie(&id, side, &secret).parse() {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
    Ok(response)
}

/// The board after the first `ply` moves of game `id`: the position, pieces, dial and the last
/// move, as in the game's state (its `legal` is what was legal then).
async fn replay(
    State(state): State<AppState>,
    Path((id, ply)): Path<(String, String)>,
) -> Result<Json<View>, ApiError> {
    let ply: usize = ply.parse().map_err(|_| {
        ApiError::BadRequest(format!(
            "`{}` is not a ply: expected a number of moves",
            excerpt(&ply)
        ))
    })?;
    let game = state.games.state(&id, &[]).await?;
    let moves = game.moves.get(..ply).ok_or_else(|| {
        ApiError::NotFound(format!("the game has {} moves, not {ply}", game.moves.len()))
    })?;
    let kind: GameId = game.game.parse().map_err(|e| ApiError::Damaged(format!("{e}")))?;
    let live = live::build(kind, &game.options, moves, None).map_err(ApiError::Damaged)?;
    Ok(Json(live.view()))
}
