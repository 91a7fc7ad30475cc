//! `GET /api/games/{id}/socket`: every new state of a game, pushed as JSON with its version.
//! A client that connects with `?since=VERSION` gets the current state at once when it is
//! newer, so that it catches up with what it missed; then each change as it happens, made on
//! this server or, over PostgreSQL, on any other. A client that asks (`spectators=true`) is
//! also told how many watch the game: the sockets that hold no seat of it, on every server.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::response::Response;
use serde::Deserialize;

use super::credentials::Presented;
use super::extract::GameErrors;
use super::limits::too_many;
use super::AppState;
use crate::error::{ApiError, ErrorBody};
use crate::guard::Client;
use crate::notify::SPECTATORS_CHANGED;
use crate::play::Games;

/// The largest message (and frame) a client may send: it sends nothing the server reads, so a
/// larger one closes the socket rather than fill the server's memory.
const MAX_MESSAGE: usize = 4096;

/// The query of `GET /api/games/{id}/socket`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct Since {
    /// The version the client has: the current state is sent at once only when newer.
    since: Option<i64>,
    /// Whether to send `{"spectators": N}` too: at once, and whenever the number of those
    /// who watch the game (the sockets that hold none of its seats) changes.
    #[serde(default)]
    spectators: bool,
}

/// What a socket sends besides the game's states, when asked.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub(crate) struct SpectatorsMessage {
    /// How many watch the game: its sockets that hold none of its seats, on every server.
    spectators: usize,
}

/// A WebSocket that pushes the game's state (JSON, as `GET /api/games/{id}` answers it) each
/// time its version passes the last one sent; with `spectators=true`, also a
/// `SpectatorsMessage` when the number of those watching changes.
#[utoipa::path(get, path = "/api/games/{id}/socket", tag = "play",
    params(("id" = String, Path, description = "the game's identifier"), Since),
    responses(GameErrors,
        (status = 101, description = "the socket is open"),
        (status = 400, description = "the query is wrong", body = ErrorBody),
        (status = 405, description = "not a GET", body = ErrorBody),
        (status = 426, description = "not a WebSocket upgrade request", body = ErrorBody),
        (status = 429, description = "the client, or the game, has as many sockets open as it may", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn upgrade(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(since): Query<Since>,
    client: Client,
    presented: Presented,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let secrets = presented.secrets(&id);
    let (current, spectator) = state.games.version_for(&id, &secrets).await?;
    let held = match state.guard.socket(client, &id) {
        Ok(held) => held,
        Err(refused) => return Ok(too_many(refused, None)),
    };
    let ping = state.guard.protection.ping;
    let told = since.spectators.then_some(state.guard.protection.spectators_every);
    // A version beyond the game's (a client that kept one from a database since reset) gets
    // the current state at once too.
    let since = since.since.filter(|&since| since <= current).unwrap_or(0);
    let games = state.games.clone();
    Ok(upgrade.max_message_size(MAX_MESSAGE).max_frame_size(MAX_MESSAGE).on_upgrade(
        move |socket| async move {
            let _held = held;
            let _spectating = spectator.then(|| games.notices.spectating(&id));
            let watcher = Watcher { id, secrets, told };
            push(socket, games, watcher, since, ping).await;
        },
    ))
}

/// Who a socket is for: the game, the seats' secrets its client presented, and whether it is
/// told the number of spectators (then at most once each of this time).
struct Watcher {
    id: String,
    secrets: Vec<String>,
    told: Option<Duration>,
}

/// Sends the state whenever its version passes the last one sent (and the number of
/// spectators whenever it changes, if asked), until the client leaves, the game can no longer
/// be read, or the client has not answered for two `ping` periods (or not read what was sent
/// for one).
async fn push(
    mut socket: WebSocket,
    games: Arc<Games>,
    watcher: Watcher,
    mut sent: i64,
    ping: Duration,
) {
    let Watcher { id, secrets, told } = watcher;
    let mut changes = games.subscribe(&id);
    // The count of spectators last sent, and when the next may be.
    let (mut spectators_sent, mut spectators_next) = (None, tokio::time::Instant::now());
    let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + ping, ping);
    // The pings sent since the client last said anything.
    let mut unanswered = 0;
    // Whether the game is looked at: not when only its number of spectators changed.
    let mut look = true;
    loop {
        let state = if look { games.state_if_newer(&id, sent, &secrets).await } else { Ok(None) };
        match state {
            Ok(Some((version, json))) => {
                let sending = socket.send(Message::Text(json.into()));
                if !matches!(tokio::time::timeout(ping, sending).await, Ok(Ok(()))) {
                    return;
                }
                sent = version;
            }
            Ok(None) | Err(ApiError::Unavailable(_) | ApiError::Outdated) => {}
            Err(_) => return,
        }
        let spectators = games.notices.spectators(&id);
        let mut spectators_due = told.is_some() && spectators_sent != Some(spectators);
        if spectators_due && tokio::time::Instant::now() >= spectators_next {
            let message =
                serde_json::to_string(&SpectatorsMessage { spectators }).unwrap_or_default();
            let sending = socket.send(Message::Text(message.into()));
            if !matches!(tokio::time::timeout(ping, sending).await, Ok(Ok(()))) {
                return;
            }
            spectators_sent = Some(spectators);
            spectators_next = tokio::time::Instant::now() + told.unwrap_or_default();
            spectators_due = false;
        }
        look = true;
        tokio::select! {
            () = tokio::time::sleep_until(spectators_next), if spectators_due => look = false,
            changed = changes.next() => match changed {
                Some(version) => look = version != SPECTATORS_CHANGED,
                None => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => unanswered = 0,
            },
            _ = pings.tick() => if !pinged(&mut socket, &mut unanswered, ping).await { return },
        }
    }
}

/// Pings the client, unless it has not answered the last two pings (or does not read what
/// is sent for `ping`): then `false`, and the socket is given up.
pub(crate) async fn pinged(socket: &mut WebSocket, unanswered: &mut u32, ping: Duration) -> bool {
    if *unanswered == 2 {
        return false;
    }
    *unanswered += 1;
    let pinging = socket.send(Message::Ping(Default::default()));
    matches!(tokio::time::timeout(ping, pinging).await, Ok(Ok(())))
}
