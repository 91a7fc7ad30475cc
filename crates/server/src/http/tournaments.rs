//! The tournaments' API: created by an account, listed, shown with their standings, joined and
//! left, an arena's berserk, and a socket of a tournament's changes.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::credentials::Presented;
use super::extract::{body, BodyErrors, SentAsJson};
use super::limits::too_many;
use super::socket::pinged;
use super::AppState;
use crate::error::{ApiError, ErrorBody};
use crate::guard::Client;
use crate::lobby::rated::Member;
use crate::play::GameState;
use crate::tournaments::{NewTournament, TournamentLists, TournamentView, Tournaments, LOOK};

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(show))
        .routes(routes!(join))
        .routes(routes!(withdraw))
        .routes(routes!(berserk))
        .routes(routes!(socket))
}

/// The account signed in, which tournaments need.
fn member(presented: &Presented, doing: &str) -> Result<Member, ApiError> {
    presented
        .roots()
        .account
        .ok_or_else(|| ApiError::Unauthorized(format!("{doing}: sign in to an account")))
}

/// The tournaments: upcoming (soonest first), running, and finished (latest first), at most 50
/// of each.
#[utoipa::path(get, path = "/api/tournaments", tag = "tournaments",
    operation_id = "list_tournaments",
    responses(
        (status = 200, description = "the tournaments", body = TournamentLists),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn list(State(state): State<AppState>) -> Result<Json<TournamentLists>, ApiError> {
    Ok(Json(state.tournaments.list().await?))
}

/// Creates a tournament, by the account signed in: an arena of `minutes`, or a Swiss event of
/// `rounds`, starting in `starts_in_s`. The creator is not entered: it joins like anyone.
#[utoipa::path(post, path = "/api/tournaments", tag = "tournaments",
    operation_id = "create_tournament", request_body = NewTournament,
    security(("token" = []), ("cookie" = [])),
    responses(BodyErrors,
        (status = 201, description = "the tournament", body = TournamentView),
        (status = 400, description = "what was wrong with the request", body = ErrorBody),
        (status = 401, description = "the requester is signed in to no account", body = ErrorBody),
        (status = 503, description = "the database is unavailable: nothing was created", body = ErrorBody)))]
pub(crate) async fn create(
    State(state): State<AppState>,
    presented: Presented,
    new: Result<Json<NewTournament>, JsonRejection>,
) -> Result<Response, ApiError> {
    let member = member(&presented, "a tournament is created by an account")?;
    let new = body(new)?;
    let created = state.tournaments.create(new, &member).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

/// A tournament: its standings (sorted by its kind's rules) and its pairings, the latest first.
#[utoipa::path(get, path = "/api/tournaments/{id}", tag = "tournaments",
    operation_id = "show_tournament",
    params(("id" = String, Path, description = "the tournament's identifier")),
    responses(
        (status = 200, description = "the tournament", body = TournamentView),
        (status = 404, description = "no such tournament", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<TournamentView>, ApiError> {
    Ok(Json(state.tournaments.view(&id).await?))
}

/// Joins a tournament: an arena until it ends, a Swiss event until its first round. Joining
/// an arena again after withdrawing comes back to it.
#[utoipa::path(post, path = "/api/tournaments/{id}/join", tag = "tournaments",
    operation_id = "join_tournament",
    params(("id" = String, Path, description = "the tournament's identifier")),
    security(("token" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "the tournament, joined", body = TournamentView),
        (status = 401, description = "the requester is signed in to no account", body = ErrorBody),
        (status = 404, description = "no such tournament", body = ErrorBody),
        (status = 409, description = "joined already, a Swiss event started, or over", body = ErrorBody),
        (status = 415, description = "not sent as JSON", body = ErrorBody),
        (status = 503, description = "the database is unavailable: nothing changed", body = ErrorBody)))]
pub(crate) async fn join(
    State(state): State<AppState>,
    presented: Presented,
    Path(id): Path<String>,
    _: SentAsJson,
) -> Result<Json<TournamentView>, ApiError> {
    let member = member(&presented, "a tournament is joined by an account")?;
    Ok(Json(state.tournaments.join(&id, &member).await?))
}

/// Withdraws from a tournament: an arena at any time (a game being played counts), a Swiss
/// event before it starts or between rounds. A player withdrawn is not paired again.
#[utoipa::path(post, path = "/api/tournaments/{id}/withdraw", tag = "tournaments",
    operation_id = "withdraw_from_tournament",
    params(("id" = String, Path, description = "the tournament's identifier")),
    security(("token" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "the tournament, left", body = TournamentView),
        (status = 401, description = "the requester is signed in to no account", body = ErrorBody),
        (status = 404, description = "no such tournament", body = ErrorBody),
        (status = 409, description = "not in it, over, or a Swiss game being played", body = ErrorBody),
        (status = 415, description = "not sent as JSON", body = ErrorBody),
        (status = 503, description = "the database is unavailable: nothing changed", body = ErrorBody)))]
pub(crate) async fn withdraw(
    State(state): State<AppState>,
    presented: Presented,
    Path(id): Path<String>,
    _: SentAsJson,
) -> Result<Json<TournamentView>, ApiError> {
    let member = member(&presented, "a tournament is left by an account")?;
    Ok(Json(state.tournaments.withdraw(&id, &member).await?))
}

/// Which game goes berserk.
#[derive(Debug, serde::Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Berserk {
    /// The game, one of the arena's.
    game: String,
}

/// Goes berserk in one's arena game, before one's first move: half one's clock and no
/// increment; a win of at least 14 plies then scores a point more. The seat is the account's.
#[utoipa::path(post, path = "/api/tournaments/{id}/berserk", tag = "tournaments",
    operation_id = "berserk", request_body = Berserk,
    params(("id" = String, Path, description = "the tournament's identifier")),
    security(("token" = []), ("cookie" = [])),
    responses(BodyErrors,
        (status = 200, description = "the game, its clock halved", body = GameState),
        (status = 401, description = "the requester is signed in to no account", body = ErrorBody),
        (status = 403, description = "not the requester's game", body = ErrorBody),
        (status = 404, description = "no such tournament, or no such game in it", body = ErrorBody),
        (status = 409, description = "not an arena, the game is over, one has moved already, or went berserk already", body = ErrorBody),
        (status = 503, description = "the database is unavailable: nothing changed", body = ErrorBody)))]
pub(crate) async fn berserk(
    State(state): State<AppState>,
    presented: Presented,
    Path(id): Path<String>,
    asked: Result<Json<Berserk>, JsonRejection>,
) -> Result<Json<GameState>, ApiError> {
    let member = member(&presented, "berserk is an account's")?;
    let asked = body(asked)?;
    let secrets = presented.secrets(&asked.game);
    Ok(Json(state.tournaments.berserk(&id, &asked.game, &member, &secrets).await?))
}

/// The largest message a client may send on a tournament's socket (it sends nothing read).
const MAX_MESSAGE: usize = 4096;

/// A WebSocket of a tournament: `{"type": "tournament", "tournament": …}` (as `GET
/// /api/tournaments/{id}` answers) when it opens and whenever it changes (its players, their
/// standings, a new pairing, a game's end), looked at every second.
#[utoipa::path(get, path = "/api/tournaments/{id}/socket", tag = "tournaments",
    operation_id = "tournament_socket",
    params(("id" = String, Path, description = "the tournament's identifier")),
    responses(
        (status = 101, description = "the socket is open"),
        (status = 400, description = "not a WebSocket upgrade request (a header is missing or wrong)", body = ErrorBody),
        (status = 404, description = "no such tournament", body = ErrorBody),
        (status = 405, description = "not a GET", body = ErrorBody),
        (status = 426, description = "not a WebSocket upgrade request", body = ErrorBody),
        (status = 429, description = "the client has as many sockets open as it may", body = ErrorBody)))]
pub(crate) async fn socket(
    State(state): State<AppState>,
    client: Client,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let first = state.tournaments.view(&id).await?;
    let held = match state.guard.lobby_socket(client) {
        Ok(held) => held,
        Err(refused) => return Ok(too_many(refused, None)),
    };
    let ping = state.guard.protection.ping;
    let tournaments = state.tournaments.clone();
    Ok(upgrade.max_message_size(MAX_MESSAGE).max_frame_size(MAX_MESSAGE).on_upgrade(
        move |socket| async move {
            let _held = held;
            push(socket, tournaments, first, ping).await;
        },
    ))
}

/// Sends the tournament whenever it changes, until the client leaves or stops answering.
async fn push(
    mut socket: WebSocket,
    tournaments: Arc<Tournaments>,
    first: TournamentView,
    ping: Duration,
) {
    let id = first.id.clone();
    let mut shown: Option<String> = None;
    let mut current = Some(first);
    let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + ping, ping);
    let mut looks = tokio::time::interval_at(tokio::time::Instant::now() + LOOK, LOOK);
    let mut unanswered = 0;
    loop {
        if let Some(view) = current.take() {
            // The countdowns change every second; the rest only with the tournament.
            let key = serde_json::to_string(&TournamentView {
                starts_in_ms: 0,
                ends_in_ms: None,
                ..view.clone()
            })
            .ok();
            if shown != key {
                let message = serde_json::json!({ "type": "tournament", "tournament": view });
                let sending = socket.send(Message::Text(message.to_string().into()));
                if !matches!(tokio::time::timeout(ping, sending).await, Ok(Ok(()))) {
                    return;
                }
                shown = key;
            }
        }
        tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => unanswered = 0,
            },
            _ = looks.tick() => current = tournaments.watched_view(&id).await.ok(),
            _ = pings.tick() => if !pinged(&mut socket, &mut unanswered, ping).await {
                return;
            },
        }
    }
}
