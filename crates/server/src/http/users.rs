//! The players' API: a player's profile, rating history and games, and the leaderboards; open
//! to anyone, signed in or not.

use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AppState;
use crate::accounts::{Leader, PlayerGame, Profile, RatingPoint};
use crate::error::{ApiError, ErrorBody};

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(profile))
        .routes(routes!(rating_history))
        .routes(routes!(games))
        .routes(routes!(records))
        .routes(routes!(leaderboard))
}

/// Which rating's history.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct PerfQuery {
    /// The perf: a game and a speed, `checkers/blitz`.
    perf: String,
}

/// Which page.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct PageQuery {
    /// The page, from 1 (the most recent games): 20 games a page.
    #[serde(default = "first_page")]
    page: i64,
}

fn first_page() -> i64 {
    1
}

/// A page of a player's games: those its account holds a seat in, rated or not, the most
/// recently changed first; each with the side the player held, the opponent, how it ended for
/// the player and, when rated, the player's rating before it and the change.
#[utoipa::path(get, path = "/api/users/{name}/games", tag = "account",
    params(("name" = String, Path, description = "the player's name, in any case"), PageQuery),
    responses(
        (status = 200, description = "the games, the most recent first", body = Vec<PlayerGame>),
        (status = 400, description = "the page is not 1 to 500", body = ErrorBody),
        (status = 404, description = "no player has this name", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn games(
    State(state): State<AppState>,
    Path(name): Path<String>,
    Query(query): Query<PageQuery>,
) -> Result<Json<Vec<PlayerGame>>, ApiError> {
    Ok(Json(state.accounts.games_of(&name, query.page).await?))
}

/// Every game of a player (the most recent 10,000, the most recent first) as one text of
/// records, each followed by a blank line: PDN for the draughts games, a PGN-like record for
/// the others, as `/api/games/{id}/record` gives each.
#[utoipa::path(get, path = "/api/users/{name}/games.txt", tag = "account",
    params(("name" = String, Path, description = "the player's name, in any case")),
    responses(
        (status = 200, description = "the records", body = String, content_type = "text/plain"),
        (status = 404, description = "no player has this name", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn records(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Response, ApiError> {
    // The name as stored: letters, digits, `_` and `-` only.
    let (name, records) = state.accounts.records_of(&name).await?;
    let file = format!("attachment; filename=\"{name}.txt\"");
    let headers = [
        (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
        (header::CONTENT_DISPOSITION, file),
    ];
    Ok((headers, Body::from_stream(records)).into_response())
}

/// A player's profile: the ratings per game and speed, as they stand now.
#[utoipa::path(get, path = "/api/users/{name}", tag = "account",
    params(("name" = String, Path, description = "the player's name, in any case")),
    responses(
        (status = 200, description = "the profile", body = Profile),
        (status = 404, description = "no player has this name (or the account was deleted)", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn profile(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<Profile>, ApiError> {
    Ok(Json(state.accounts.profile(&name).await?))
}

/// A player's rating in one perf after each rated game, the oldest first (the latest 10,000).
#[utoipa::path(get, path = "/api/users/{name}/rating-history", tag = "account",
    params(("name" = String, Path, description = "the player's name, in any case"), PerfQuery),
    responses(
        (status = 200, description = "the ratings, the oldest first", body = Vec<RatingPoint>),
        (status = 400, description = "the perf is not a game and a speed", body = ErrorBody),
        (status = 404, description = "no player has this name", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn rating_history(
    State(state): State<AppState>,
    Path(name): Path<String>,
    Query(query): Query<PerfQuery>,
) -> Result<Json<Vec<RatingPoint>>, ApiError> {
    Ok(Json(state.accounts.rating_history(&name, &query.perf).await?))
}

/// The best 100 players of a game at a speed: those ranked now (a rating deviation of at most
/// 75) who played a rated game in it in the last 30 days, the highest rating first.
#[utoipa::path(get, path = "/api/leaderboard/{game}/{speed}", tag = "account",
    params(
        ("game" = String, Path, description = "the catalog's identifier of the game"),
        ("speed" = String, Path, description = "bullet, blitz, rapid, classical or correspondence")),
    responses(
        (status = 200, description = "the players, the best first", body = Vec<Leader>),
        (status = 400, description = "no such game or speed", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn leaderboard(
    State(state): State<AppState>,
    Path((game, speed)): Path<(String, String)>,
) -> Result<Json<Vec<Leader>>, ApiError> {
    Ok(Json(state.accounts.leaderboard(&game, &speed).await?))
}
