//! One game: creating and listing games, its state, moves, offers, record, analysis, replay,
//! and the seat an invitation gives.

use std::time::Duration;

use arbiter_ai::parse_duration;
use arbiter_core::present::Geometry;
use arbiter_core::text::{excerpt, split_moves};
use arbiter_core::Side;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;

use super::catalog::WithGeometry;
use super::credentials::Presented;
use super::extract::{body, with_cookie, BodyErrors, GameErrors, SentAsJson};
use super::limits::too_many;
use super::AppState;
use crate::error::{ApiError, ErrorBody};
use crate::guard::{Client, ANALYSES_PER_ADDRESS};
use crate::live::{self, View};
use crate::play::{
    Analysis, Change, Created, DrawAction, GameState, ImportRequest, Listed, NewGame, Position,
    UndoAction, MAX_VARIATION,
};

/// The query of `GET /api/games`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct ListQuery {
    /// How many games at most (taken between 1 and 500; 100 by default).
    limit: Option<i64>,
}

/// The most recently changed games.
#[utoipa::path(get, path = "/api/games", tag = "games", params(ListQuery),
    responses(
        (status = 200, description = "the games, the most recently changed first", body = Vec<Listed>),
        (status = 400, description = "the query is not what was expected", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn list(
    State(state): State<AppState>,
    Query(query): Query<ListQuery>,
) -> Result<Json<Vec<Listed>>, ApiError> {
    Ok(Json(state.games.list(query.limit.unwrap_or(100)).await?))
}

/// Creates a game; the creator gets a token and a link for each human seat (and, for the seats
/// named in `keep`, a cookie that holds them).
#[utoipa::path(post, path = "/api/games", tag = "games", request_body = NewGame,
    responses(BodyErrors,
        (status = 201, description = "the game, with a token and link for each human seat", body = Created),
        (status = 400, description = "what was wrong with the request", body = ErrorBody),
        (status = 503, description = "the database is unavailable: nothing was created", body = ErrorBody)))]
pub(crate) async fn create(
    State(state): State<AppState>,
    presented: Presented,
    new: Result<Json<NewGame>, JsonRejection>,
) -> Result<Response, ApiError> {
    let new = body(new)?;
    // Only a client that keeps a seat needs the session that holds it.
    let (session, cookie) = if new.keep.is_empty() {
        (None, None)
    } else {
        let (session, cookie) = presented.root_or_new(state.cookies)?;
        (Some(session), cookie)
    };
    let created = state.games.create(new, session).await?;
    Ok(with_cookie((StatusCode::CREATED, Json(&created)).into_response(), cookie))
}

/// Imports a record to analyse its game: the moves are replayed and checked, and the game is
/// stored as one that nobody plays on, ended as the record ends (by the rules, a resignation,
/// an agreed draw, a loss on time, or not at all: status `unfinished`). Its page
/// (`watch_url`) is an analysis board. Created games count against the address's rate.
#[utoipa::path(post, path = "/api/imports", tag = "games", request_body = ImportRequest,
    responses(BodyErrors,
        (status = 201, description = "the game, with no seat to take", body = Created),
        (status = 400, description = "the record cannot be read or replayed, names no game, or starts from a position set up: what and on which line", body = ErrorBody),
        (status = 503, description = "the database is unavailable: nothing was created", body = ErrorBody)))]
pub(crate) async fn import(
    State(state): State<AppState>,
    request: Result<Json<ImportRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let created = state.games.import(body(request)?).await?;
    Ok((StatusCode::CREATED, Json(&created)).into_response())
}

/// The game as the requester sees it (`you`: the seats its token or cookies hold).
#[utoipa::path(get, path = "/api/games/{id}", tag = "play",
    params(("id" = String, Path, description = "the game's identifier"), WithGeometry),
    responses(GameErrors,
        (status = 200, description = "the game's state", body = GameState),
        (status = 400, description = "the query is not what was expected", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn state(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(with): Query<WithGeometry>,
    presented: Presented,
) -> Result<Json<GameState>, ApiError> {
    let mut game = state.games.state(&id, &presented.secrets(&id)).await?;
    if with.geometry {
        game.view.geometry = Some(stored_geometry(&state, &game.game, &game.options).await?);
    }
    Ok(Json(game))
}

/// The board of a stored game of `kind` under `options`.
async fn stored_geometry(
    state: &AppState,
    kind: &str,
    options: &str,
) -> Result<Geometry, ApiError> {
    let kind = state.games.playable(kind, options, ApiError::Damaged).await?;
    live::geometry(&kind, options).map_err(ApiError::Damaged)
}

/// A move, made at a ply.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub(crate) struct MoveRequest {
    /// The move, in any notation the game accepts (a legal move's `move` does).
    #[serde(rename = "move")]
    text: String,
    /// The number of moves played when the player chose it (the state's `ply`): a move sent
    /// again after it was played is acknowledged again, and not played twice.
    ply: usize,
}

/// Plays a move for the side to move, whose seat the requester holds.
#[utoipa::path(post, path = "/api/games/{id}/moves", tag = "play", params(("id" = String, Path, description = "the game's identifier")),
    request_body = MoveRequest, security(("token" = []), ("cookie" = [])),
    responses(BodyErrors, GameErrors,
        (status = 200, description = "the move is stored: the state it leaves", body = GameState),
        (status = 400, description = "the move is not legal here (the error lists the legal moves), or the body is wrong", body = ErrorBody),
        (status = 403, description = "the requester does not hold the seat of the side to move", body = ErrorBody),
        (status = 409, description = "the game is not at that ply, or is over: `state` is the game as stored", body = ErrorBody),
        (status = 503, description = "the database is unavailable: nothing was played", body = ErrorBody)))]
pub(crate) async fn play(
    State(state): State<AppState>,
    Path(id): Path<String>,
    presented: Presented,
    request: Result<Json<MoveRequest>, JsonRejection>,
) -> Result<Json<GameState>, ApiError> {
    let request = body(request)?;
    let secrets = presented.secrets(&id);
    Ok(Json(
        state
            .games
            .change(&id, &secrets, Change::Play { text: request.text, ply: request.ply })
            .await?,
    ))
}

/// The requester resigns.
#[utoipa::path(post, path = "/api/games/{id}/resign", tag = "play", params(("id" = String, Path, description = "the game's identifier")),
    security(("token" = []), ("cookie" = [])),
    responses(GameErrors,
        (status = 200, description = "the game is over: the state it leaves", body = GameState),
        (status = 403, description = "the requester holds no seat", body = ErrorBody),
        (status = 409, description = "the game is over already: `state` is the game as stored", body = ErrorBody),
        (status = 415, description = "not sent as JSON (`Content-Type: application/json`; the body may be empty)", body = ErrorBody),
        (status = 503, description = "the database is unavailable: nothing was changed", body = ErrorBody)))]
pub(crate) async fn resign(
    State(state): State<AppState>,
    Path(id): Path<String>,
    _: SentAsJson,
    presented: Presented,
) -> Result<Json<GameState>, ApiError> {
    Ok(Json(state.games.change(&id, &presented.secrets(&id), Change::Resign).await?))
}

/// The requester calls the game off: allowed until both sides have moved. An aborted game has
/// no result and changes no rating.
#[utoipa::path(post, path = "/api/games/{id}/abort", tag = "play", params(("id" = String, Path, description = "the game's identifier")),
    security(("token" = []), ("cookie" = [])),
    responses(GameErrors,
        (status = 200, description = "the game is aborted: the state it leaves", body = GameState),
        (status = 403, description = "the requester holds no seat", body = ErrorBody),
        (status = 409, description = "the game is over, or both sides have moved: `state` is the game as stored", body = ErrorBody),
        (status = 415, description = "not sent as JSON (`Content-Type: application/json`; the body may be empty)", body = ErrorBody),
        (status = 503, description = "the database is unavailable: nothing was changed", body = ErrorBody)))]
pub(crate) async fn abort(
    State(state): State<AppState>,
    Path(id): Path<String>,
    _: SentAsJson,
    presented: Presented,
) -> Result<Json<GameState>, ApiError> {
    Ok(Json(state.games.change(&id, &presented.secrets(&id), Change::Abort).await?))
}

/// A draw offered, accepted or declined.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub(crate) struct DrawRequest {
    /// What the player does.
    action: DrawAction,
}

/// A takeback asked for, accepted or declined.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub(crate) struct UndoRequest {
    /// What the player does.
    action: UndoAction,
}

/// A draw: offered (accepted at once where the other side offered one, or at one screen),
/// accepted or declined; the computer declines.
#[utoipa::path(post, path = "/api/games/{id}/draw", tag = "play", params(("id" = String, Path, description = "the game's identifier")),
    request_body = DrawRequest, security(("token" = []), ("cookie" = [])),
    responses(BodyErrors, GameErrors,
        (status = 200, description = "the state it leaves", body = GameState),
        (status = 400, description = "the body is wrong", body = ErrorBody),
        (status = 403, description = "the requester holds no seat", body = ErrorBody),
        (status = 409, description = "no draw is offered to the requester, the computer declines, or the game is over", body = ErrorBody),
        (status = 503, description = "the database is unavailable: nothing was changed", body = ErrorBody)))]
pub(crate) async fn draw(
    State(state): State<AppState>,
    Path(id): Path<String>,
    presented: Presented,
    action: Result<Json<DrawRequest>, JsonRejection>,
) -> Result<Json<GameState>, ApiError> {
    let action = body(action)?;
    Ok(Json(state.games.change(&id, &presented.secrets(&id), Change::Draw(action.action)).await?))
}

/// A takeback of the requester's last move (and the reply to it), or at one screen (one client
/// holding both seats) of the last move: at once against the computer or at one screen, else
/// asked of the other player, who accepts or declines.
#[utoipa::path(post, path = "/api/games/{id}/undo", tag = "play", params(("id" = String, Path, description = "the game's identifier")),
    request_body = UndoRequest, security(("token" = []), ("cookie" = [])),
    responses(BodyErrors, GameErrors,
        (status = 200, description = "the state it leaves", body = GameState),
        (status = 400, description = "the body is wrong", body = ErrorBody),
        (status = 403, description = "the requester holds no seat", body = ErrorBody),
        (status = 409, description = "no takeback is asked of the requester, no move to take back, or the game is over", body = ErrorBody),
        (status = 503, description = "the database is unavailable: nothing was changed", body = ErrorBody)))]
pub(crate) async fn undo(
    State(state): State<AppState>,
    Path(id): Path<String>,
    presented: Presented,
    action: Result<Json<UndoRequest>, JsonRejection>,
) -> Result<Json<GameState>, ApiError> {
    let action = body(action)?;
    Ok(Json(state.games.change(&id, &presented.secrets(&id), Change::Undo(action.action)).await?))
}

/// The game's record: PDN for the draughts games, a PGN-like record for the others, as a file
/// named after the game (`ID.pdn`, `ID.txt`).
#[utoipa::path(get, path = "/api/games/{id}/record", tag = "play", params(("id" = String, Path, description = "the game's identifier")),
    responses(GameErrors,
        (status = 200, description = "the record", body = String, content_type = "text/plain"),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn record(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let (text, extension) = state.games.record(&id).await?;
    // The identifier is of the server's alphabet (the lookup above refused any other).
    let file = format!("attachment; filename=\"{id}.{extension}\"");
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, file),
        ],
        text,
    )
        .into_response())
}

/// The query of `GET /api/games/{id}/analysis`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct AnalysisQuery {
    /// How long to think: `500ms`, `2s`; at most 5 s (500 ms by default).
    think: Option<String>,
    /// The position after this many moves (as `/replay/{ply}` shows it); the current one by
    /// default.
    ply: Option<usize>,
    /// Moves played from that position, separated by spaces (a move in parentheses, as GDL
    /// writes them, is one): a variation, analysed where it leads (the game is unchanged). At
    /// most 200.
    moves: Option<String>,
}

/// The engine's best move, score and line; in the games the solver handles, the exact value
/// of every move when it finds them in as much time again. Refused during a game between
/// people (but at one screen), and while the same client has another analysis running.
#[utoipa::path(get, path = "/api/games/{id}/analysis", tag = "play",
    params(("id" = String, Path, description = "the game's identifier"), AnalysisQuery),
    security((), ("token" = []), ("cookie" = [])),
    responses(GameErrors,
        (status = 200, description = "the analysis", body = Analysis),
        (status = 400, description = "`think` is not a time of at most 5 s, `ply` not a number, or a move of the variation is not legal", body = ErrorBody),
        (status = 403, description = "the game is between people and goes on: no engine help", body = ErrorBody),
        (status = 429, description = "this browser has an analysis running (one at a time), or its address has four", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn analysis(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<AnalysisQuery>,
    client: Client,
    presented: Presented,
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
    let Some(_one_at_a_time) = state.guard.analysis(client, presented.root()) else {
        return Ok(too_many(
            format!(
                "you have an analysis running (one a browser, {ANALYSES_PER_ADDRESS} an \
                 address): ask for the next when it is done"
            ),
            None,
        ));
    };
    let secrets = presented.secrets(&id);
    let variation: Vec<String> = split_moves(query.moves.as_deref().unwrap_or_default())
        .into_iter()
        .map(str::to_owned)
        .collect();
    if variation.len() > MAX_VARIATION {
        return Err(ApiError::BadRequest(format!(
            "a variation has at most {MAX_VARIATION} moves, not {}",
            variation.len()
        )));
    }
    let at = Position { ply: query.ply, variation };
    Ok(Json(state.games.analysis(&id, think, &secrets, at).await?).into_response())
}

/// What a friend sends to take the seat an invitation link offers.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub(crate) struct JoinRequest {
    /// The seat.
    side: Side,
    /// The seat's token, from the link (`/join/{id}/{side}/{token}`).
    token: String,
}

/// Takes the seat an invitation link offers, once: the browser holds it by its session cookie
/// from then on, and the link's token stops working. (Opening the link only shows a page that
/// asks the friend to join: a link previewer takes nothing.)
#[utoipa::path(post, path = "/api/games/{id}/join", tag = "play",
    params(("id" = String, Path, description = "the game's identifier")),
    request_body = JoinRequest,
    responses(BodyErrors, GameErrors,
        (status = 200, description = "the seat is the browser's: the game's state", body = GameState),
        (status = 400, description = "the body is wrong", body = ErrorBody),
        (status = 403, description = "the link was used already, or is wrong", body = ErrorBody),
        (status = 503, description = "the database is unavailable: nothing was changed", body = ErrorBody)))]
pub(crate) async fn join(
    State(state): State<AppState>,
    Path(id): Path<String>,
    presented: Presented,
    request: Result<Json<JoinRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let request = body(request)?;
    let (session, cookie) = presented.root_or_new(state.cookies)?;
    let joined = state.games.join(&id, request.side, &request.token, &session).await?;
    Ok(with_cookie(Json(joined).into_response(), cookie))
}

/// The board after the first `ply` moves of game `id`: the position, pieces, dial and the last
/// move, as in the game's state (its `legal` is what was legal then).
#[utoipa::path(get, path = "/api/games/{id}/replay/{ply}", tag = "play",
    params(("id" = String, Path, description = "the game's identifier"), ("ply" = usize, Path, description = "the number of moves played"), WithGeometry),
    responses(GameErrors,
        (status = 200, description = "the board then", body = View),
        (status = 400, description = "`ply` is not a number, or the query is not what was expected", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn replay(
    State(state): State<AppState>,
    Path((id, ply)): Path<(String, String)>,
    Query(with): Query<WithGeometry>,
) -> Result<Json<View>, ApiError> {
    let ply: usize = ply.parse().map_err(|_| {
        ApiError::BadRequest(format!(
            "`{}` is not a ply: expected a number of moves",
            excerpt(&ply)
        ))
    })?;
    let (kind, options, moves) = state.games.opening(&id, ply).await?;
    let mut view = live::build(&kind, &options, &moves, None).map_err(ApiError::Damaged)?.view();
    if with.geometry {
        view.geometry = Some(live::geometry(&kind, &options).map_err(ApiError::Damaged)?);
    }
    Ok(Json(view))
}
