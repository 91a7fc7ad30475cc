//! The lobby's API: seeks posted, listed, accepted and withdrawn, the lobby's socket, rematches
//! and "your games".

use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::credentials::Presented;
use super::extract::{body, with_cookie, BodyErrors, GameErrors, SentAsJson};
use super::limits::too_many;
use super::socket::pinged;
use super::AppState;
use crate::error::{ApiError, ErrorBody};
use crate::guard::Client;
use crate::lobby::{
    Lobby, LobbySeen, MyGame, NewSeek, RematchAction, Roots, Seek, SeekAccepted, SeekCreated,
    LOBBY_BEAT,
};
use crate::notify::Subscription;
use crate::play::GameState;
use crate::time_control::Millis;

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, post_seek))
        .routes(routes!(seek, withdraw))
        .routes(routes!(accept))
        .routes(routes!(socket))
        .routes(routes!(rematch))
        .routes(routes!(my_games))
}

/// The open seeks, the oldest first (`yours` marks the requester's own).
#[utoipa::path(get, path = "/api/seeks", tag = "lobby", operation_id = "list_seeks",
    responses(
        (status = 200, description = "the open seeks", body = Vec<Seek>),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn list(
    State(state): State<AppState>,
    presented: Presented,
) -> Result<Json<Vec<Seek>>, ApiError> {
    Ok(Json(state.lobby.seeks(presented.root().as_deref()).await?))
}

/// Posts an open challenge. A browser holds it by its session cookie (given if it has none);
/// the token answered holds it too, and holds the creator's seat in the game it becomes. It is
/// removed when accepted, withdrawn, an hour old, 5 s after its creator's last lobby socket
/// closed (a reload keeps it), or when its creator has been gone for a minute (a lobby socket
/// open, or a `GET` of the seek, says the creator is there).
#[utoipa::path(post, path = "/api/seeks", tag = "lobby", request_body = NewSeek,
    responses(BodyErrors,
        (status = 201, description = "the seek, with its creator's token", body = SeekCreated),
        (status = 400, description = "what was wrong with the request", body = ErrorBody),
        (status = 401, description = "a rated seek, and the requester is signed in to no account", body = ErrorBody),
        (status = 409, description = "too many open seeks", body = ErrorBody),
        (status = 503, description = "the database is unavailable: nothing was posted", body = ErrorBody)))]
pub(crate) async fn post_seek(
    State(state): State<AppState>,
    presented: Presented,
    new: Result<Json<NewSeek>, JsonRejection>,
) -> Result<Response, ApiError> {
    let new = body(new)?;
    let (session, cookie) = presented.root_or_new(state.cookies)?;
    let created = state.lobby.post_seek(new, Some(session), presented.roots().account).await?;
    Ok(with_cookie((StatusCode::CREATED, Json(created)).into_response(), cookie))
}

/// A seek, for its creator: with `game_id` once accepted.
#[utoipa::path(get, path = "/api/seeks/{id}", tag = "lobby",
    params(("id" = String, Path, description = "the seek's identifier")),
    security(("token" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "the seek", body = Seek),
        (status = 403, description = "the requester did not post it", body = ErrorBody),
        (status = 404, description = "no such seek", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn seek(
    State(state): State<AppState>,
    Path(id): Path<String>,
    presented: Presented,
) -> Result<Json<Seek>, ApiError> {
    Ok(Json(state.lobby.seek(&id, &presented.roots()).await?))
}

/// Withdraws a seek, for its creator.
#[utoipa::path(delete, path = "/api/seeks/{id}", tag = "lobby",
    params(("id" = String, Path, description = "the seek's identifier")),
    security(("token" = []), ("cookie" = [])),
    responses(
        (status = 204, description = "withdrawn"),
        (status = 403, description = "the requester did not post it", body = ErrorBody),
        (status = 404, description = "no such seek", body = ErrorBody),
        (status = 409, description = "it was accepted already", body = ErrorBody),
        (status = 415, description = "not sent as JSON", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn withdraw(
    State(state): State<AppState>,
    Path(id): Path<String>,
    _: SentAsJson,
    presented: Presented,
) -> Result<StatusCode, ApiError> {
    state.lobby.withdraw_seek(&id, &presented.roots()).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Accepts a seek: a new game between its creator and the requester, whose seat its session
/// cookie holds (given if it has none), and the token answered. The creator hears it on the
/// lobby socket. Nobody accepts their own seek.
#[utoipa::path(post, path = "/api/seeks/{id}/accept", tag = "lobby",
    params(("id" = String, Path, description = "the seek's identifier")),
    responses(
        (status = 201, description = "the new game, with the acceptor's seat", body = SeekAccepted),
        (status = 401, description = "a rated seek, and the requester is signed in to no account", body = ErrorBody),
        (status = 403, description = "the requester posted the seek, or is outside the rating range it asks for", body = ErrorBody),
        (status = 404, description = "no such seek", body = ErrorBody),
        (status = 409, description = "someone else accepted it first", body = ErrorBody),
        (status = 415, description = "not sent as JSON", body = ErrorBody),
        (status = 503, description = "the database is unavailable: nothing was made", body = ErrorBody)))]
pub(crate) async fn accept(
    State(state): State<AppState>,
    Path(id): Path<String>,
    _: SentAsJson,
    presented: Presented,
) -> Result<Response, ApiError> {
    let (session, cookie) = presented.root_or_new(state.cookies)?;
    let roots = Roots { session: Some(session), ..presented.roots() };
    let accepted = state.lobby.accept_seek(&id, roots).await?;
    Ok(with_cookie((StatusCode::CREATED, Json(accepted)).into_response(), cookie))
}

/// What a player does about a rematch.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub(crate) struct RematchRequest {
    /// What the player does.
    action: RematchAction,
}

/// A rematch, once the game is over: offered (started at once against the computer or at
/// one screen, or when the other side offered one), accepted or declined. The new game has
/// the same game, options and clock, colours swapped; the state's `rematch.game` names it.
/// Its seats are held as the old ones were: by the session cookie, or by the secret derived
/// from the old seat's token (HMAC-SHA-256 keyed by the token, of `NEWID/SIDE`, 128 bits in
/// hexadecimal).
#[utoipa::path(post, path = "/api/games/{id}/rematch", tag = "play",
    params(("id" = String, Path, description = "the game's identifier")),
    request_body = RematchRequest, security(("token" = []), ("cookie" = [])),
    responses(BodyErrors, GameErrors,
        (status = 200, description = "the state it leaves", body = GameState),
        (status = 400, description = "the body is wrong", body = ErrorBody),
        (status = 403, description = "the requester holds no seat", body = ErrorBody),
        (status = 409, description = "the game goes on, no rematch is offered to the requester, or it was accepted already", body = ErrorBody),
        (status = 503, description = "the database is unavailable: nothing was changed", body = ErrorBody)))]
pub(crate) async fn rematch(
    State(state): State<AppState>,
    Path(id): Path<String>,
    presented: Presented,
    request: Result<Json<RematchRequest>, JsonRejection>,
) -> Result<Json<GameState>, ApiError> {
    let request = body(request)?;
    Ok(Json(state.lobby.rematch(&id, presented.roots(), request.action).await?))
}

/// The games whose seats this browser holds: those that go on first (where it is to move
/// first), then the finished ones; none without a session cookie.
#[utoipa::path(get, path = "/api/my/games", tag = "lobby", security((), ("cookie" = [])),
    responses(
        (status = 200, description = "the browser's games", body = Vec<MyGame>),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn my_games(
    State(state): State<AppState>,
    presented: Presented,
) -> Result<Json<Vec<MyGame>>, ApiError> {
    match presented.root() {
        Some(session) => Ok(Json(state.lobby.my_games(&session).await?)),
        None => Ok(Json(Vec::new())),
    }
}

/// The largest message a client may send on the lobby socket (it sends nothing read).
const MAX_MESSAGE: usize = 4096;

/// A WebSocket of the lobby's changes, as JSON messages: `{"type": "seeks", "seeks": […]}`
/// first, then `{"type": "added", "seek"}` and `{"type": "removed", "id"}`; to a seek's
/// creator, `{"type": "accepted", "seek", "game", "side", "token"}` (`POST
/// /api/games/{game}/join` with the side and token takes the seat); to an account, `{"type":
/// "paired", "tournament", "game", "side"}` for each tournament game it is to play (the
/// account holds the seat). While it is open, the creator's seeks stay.
#[utoipa::path(get, path = "/api/lobby/socket", tag = "lobby",
    responses(
        (status = 101, description = "the socket is open"),
        (status = 400, description = "not a WebSocket upgrade request (a header is missing or wrong)", body = ErrorBody),
        (status = 405, description = "not a GET", body = ErrorBody),
        (status = 426, description = "not a WebSocket upgrade request", body = ErrorBody),
        (status = 429, description = "the client has as many sockets open as it may", body = ErrorBody)))]
pub(crate) async fn socket(
    State(state): State<AppState>,
    client: Client,
    presented: Presented,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let held = match state.guard.lobby_socket(client) {
        Ok(held) => held,
        Err(refused) => return Ok(too_many(refused, None)),
    };
    let ping = state.guard.protection.ping;
    let session = presented.root();
    let lobby = state.lobby.clone();
    Ok(upgrade.max_message_size(MAX_MESSAGE).max_frame_size(MAX_MESSAGE).on_upgrade(
        move |socket| async move {
            let _held = held;
            let last_beat = push(socket, lobby.clone(), session.as_deref(), ping).await;
            if let (Some(session), Some(last_beat)) = (&session, last_beat) {
                lobby.creator_left(session, last_beat).await;
            }
        },
    ))
}

/// The next announcement of new tournament games on `pairings`; never without a subscription
/// (an anonymous socket).
async fn paired(pairings: &mut Option<Subscription>) -> bool {
    match pairings {
        Some(subscription) => subscription.changed().await,
        None => std::future::pending().await,
    }
}

/// Sends the lobby's changes until the client leaves or stops answering. When it leaves with
/// open seeks (not when the server stops): the last instant its socket said it was there.
async fn push(
    mut socket: WebSocket,
    lobby: Arc<Lobby>,
    session: Option<&str>,
    ping: Duration,
) -> Option<Millis> {
    let mut changes = lobby.subscribe();
    let mut pairings = session.map(|session| lobby.subscribe_pairings(session));
    let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + ping, ping);
    let mut beats = tokio::time::interval(LOBBY_BEAT);
    let mut unanswered = 0;
    let mut seen = LobbySeen::default();
    let mut last_beat = None;
    let left = |seen: &LobbySeen, last_beat: Option<Millis>| last_beat.filter(|_| seen.has_seeks());
    loop {
        if let Ok(messages) = lobby.lobby_messages(session, &mut seen).await {
            // Seeks the creator posted are as recent as now: none of its pages said more since.
            if seen.has_seeks() && last_beat.is_none() {
                last_beat = Some(lobby.now());
            }
            for message in messages {
                let sending = socket.send(Message::Text(message.to_string().into()));
                if !matches!(tokio::time::timeout(ping, sending).await, Ok(Ok(()))) {
                    return left(&seen, last_beat);
                }
            }
        }
        tokio::select! {
            // The server stops: its creators have not left.
            changed = changes.changed() => if !changed { return None },
            changed = paired(&mut pairings) => match changed {
                true => seen.pairings_due = true,
                false => return None,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return left(&seen, last_beat),
                Some(Ok(_)) => unanswered = 0,
            },
            _ = beats.tick() => {
                if let (Some(session), true) = (session, seen.has_seeks()) {
                    last_beat = Some(lobby.creator_there(session).await);
                }
            }
            _ = pings.tick() => if !pinged(&mut socket, &mut unanswered, ping).await {
                return left(&seen, last_beat);
            },
        }
    }
}
