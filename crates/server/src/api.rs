//! The HTTP API: exact paths, JSON in and out, one error type.

use std::time::Duration;

use arbiter_ai::parse_duration;
use arbiter_catalog::GameId;
use arbiter_core::text::excerpt;
use arbiter_core::{OptionSpec, Side};
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::error::{ApiError, ErrorBody};
use crate::games::{Analysis, Change, Created, DrawAction, GameState, Listed, NewGame, UndoAction};
use crate::guard::{too_many, Client};
use crate::live::{self, View};
use crate::seats::presented;
use crate::{guard, lobby, openapi, pages, socket, AppState};

/// The largest request body, in bytes.
pub const MAX_BODY: usize = 64 * 1024;

pub(crate) fn routes(app: &AppState) -> Router<AppState> {
    Router::new()
        .route("/api/catalog", get(catalog))
        .route("/api/catalog/{game}/position", get(position))
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
        .route("/api/games/{id}/join", post(join))
        .merge(lobby::routes())
        .merge(pages::routes())
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(app.clone(), guard::limit_rates))
        .layer(axum::middleware::from_fn(same_site))
        .layer(axum::middleware::map_response(json_errors))
        .layer(hardening(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(hardening(header::REFERRER_POLICY, "no-referrer"))
        .layer(hardening(header::X_FRAME_OPTIONS, "DENY"))
        .layer(hardening(header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY))
        // Pages, scripts and JSON alike, gzip or Brotli as the client accepts; not the small
        // answers (under 32 bytes), nor a socket's upgrade, which has no body.
        .layer(CompressionLayer::new())
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

/// A game of the catalog, as `GET /api/catalog` lists it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct CatalogGame {
    id: &'static str,
    name: &'static str,
    description: &'static str,
    options: Vec<CatalogOption>,
    /// The game always ends in a win, so the solver handles it: exact analysis and the
    /// perfect player (`ai:perfect`), which play exactly where the solver finds the values in
    /// the time given (from the start: every rule set but holes' `captures=diagonal`).
    solvable: bool,
}

/// An option of a game.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct CatalogOption {
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
                    solvable: info.always_decisive,
                }
            })
            .collect(),
    )
}

/// The longest query `GET /api/catalog/{game}/position` reads (its options, position and moves
/// together), in bytes.
pub const MAX_POSITION_TEXT: usize = 1024;

/// The most moves `GET /api/catalog/{game}/position` plays.
pub const MAX_POSITION_MOVES: usize = 64;

/// The query of `GET /api/catalog/{game}/position`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct PositionQuery {
    /// The game's options, `key=value,…` (the defaults by default).
    options: Option<String>,
    /// A position in the game's text form (the start position by default).
    position: Option<String>,
    /// Moves played from that position, separated by spaces (at most 64).
    moves: Option<String>,
}

/// A position of a game as a client draws it: the board, the pieces, the legal moves with their
/// clicks, and the last of the moves played. Not a game: nothing is stored. (The rules pages
/// draw their diagrams from it.)
#[utoipa::path(get, path = "/api/catalog/{game}/position", tag = "games",
    params(("game" = String, Path, description = "the catalog's identifier of the game"), PositionQuery),
    responses(
        (status = 200, description = "the position", body = View),
        (status = 400, description = "the options, the position or a move cannot be read, or the query is too long", body = ErrorBody),
        (status = 404, description = "no such game", body = ErrorBody)))]
pub(crate) async fn position(
    Path(game): Path<String>,
    Query(query): Query<PositionQuery>,
) -> Result<Json<View>, ApiError> {
    let kind: GameId = game.parse().map_err(|error| ApiError::NotFound(format!("{error}")))?;
    let options = query.options.unwrap_or_default();
    let moves: Vec<String> =
        query.moves.as_deref().unwrap_or("").split_whitespace().map(str::to_owned).collect();
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
    let live = match query.position.as_deref().filter(|text| !text.is_empty()) {
        Some(start) => live::build_from(kind, &options, start, &moves),
        None => live::build(kind, &options, &moves, None),
    };
    Ok(Json(live.map_err(ApiError::BadRequest)?.view()))
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
    headers: HeaderMap,
    new: Result<Json<NewGame>, JsonRejection>,
) -> Result<Response, ApiError> {
    let new = body(new)?;
    // Only a client that keeps a seat needs the session that holds it.
    let (session, cookie) = if new.keep.is_empty() {
        (None, None)
    } else {
        let (session, cookie) = state.cookies.session_of(&headers)?;
        (Some(session), cookie)
    };
    let created = state.games.create(new, session).await?;
    Ok(with_cookie((StatusCode::CREATED, Json(&created)).into_response(), cookie))
}

/// `response`, giving the browser the session cookie `cookie` if there is one.
pub(crate) fn with_cookie(mut response: Response, cookie: Option<String>) -> Response {
    if let Some(value) = cookie.and_then(|cookie| cookie.parse().ok()) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
    response
}

/// The game as the requester sees it (`you`: the seats its token or cookies hold).
#[utoipa::path(get, path = "/api/games/{id}", tag = "play", params(("id" = String, Path, description = "the game's identifier")),
    responses(GameErrors,
        (status = 200, description = "the game's state", body = GameState),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn state(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<GameState>, ApiError> {
    Ok(Json(state.games.state(&id, &presented(&headers, &id)).await?))
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
    headers: HeaderMap,
) -> Result<Json<GameState>, ApiError> {
    Ok(Json(state.games.change(&id, &presented(&headers, &id), Change::Resign).await?))
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
    headers: HeaderMap,
    action: Result<Json<DrawRequest>, JsonRejection>,
) -> Result<Json<GameState>, ApiError> {
    let action = body(action)?;
    Ok(Json(state.games.change(&id, &presented(&headers, &id), Change::Draw(action.action)).await?))
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
    headers: HeaderMap,
    action: Result<Json<UndoRequest>, JsonRejection>,
) -> Result<Json<GameState>, ApiError> {
    let action = body(action)?;
    Ok(Json(state.games.change(&id, &presented(&headers, &id), Change::Undo(action.action)).await?))
}

/// The game's record: PDN for the draughts games, a PGN-like record for the others.
#[utoipa::path(get, path = "/api/games/{id}/record", tag = "play", params(("id" = String, Path, description = "the game's identifier")),
    responses(GameErrors,
        (status = 200, description = "the record", body = String, content_type = "text/plain"),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn record(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let text = state.games.record(&id).await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
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
}

/// The engine's best move, score and line; in the games the solver handles, the exact value
/// of every move when it finds them in as much time again. Refused during a game between
/// people (but at one screen), and while the same client has another analysis running.
#[utoipa::path(get, path = "/api/games/{id}/analysis", tag = "play",
    params(("id" = String, Path, description = "the game's identifier"), AnalysisQuery),
    security((), ("token" = []), ("cookie" = [])),
    responses(GameErrors,
        (status = 200, description = "the analysis", body = Analysis),
        (status = 400, description = "`think` is not a time of at most 5 s, or `ply` not a number", body = ErrorBody),
        (status = 403, description = "the game is between people and goes on: no engine help", body = ErrorBody),
        (status = 429, description = "this client has an analysis running: one at a time", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn analysis(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<AnalysisQuery>,
    client: Client,
    headers: HeaderMap,
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
    let Some(_one_at_a_time) = state.guard.analysis(client) else {
        return Ok(too_many(
            "you have an analysis running: ask for the next when it is done".to_owned(),
            None,
        ));
    };
    let secrets = presented(&headers, &id);
    Ok(Json(state.games.analysis(&id, think, &secrets, query.ply).await?).into_response())
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
    headers: HeaderMap,
    request: Result<Json<JoinRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let request = body(request)?;
    let (session, cookie) = state.cookies.session_of(&headers)?;
    let joined = state.games.join(&id, request.side, &request.token, &session).await?;
    Ok(with_cookie(Json(joined).into_response(), cookie))
}

/// The board after the first `ply` moves of game `id`: the position, pieces, dial and the last
/// move, as in the game's state (its `legal` is what was legal then).
#[utoipa::path(get, path = "/api/games/{id}/replay/{ply}", tag = "play",
    params(("id" = String, Path, description = "the game's identifier"), ("ply" = usize, Path, description = "the number of moves played")),
    responses(GameErrors,
        (status = 200, description = "the board then", body = View),
        (status = 400, description = "`ply` is not a number", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn replay(
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
