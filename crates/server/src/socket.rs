//! `GET /api/games/{id}/socket`: every new state of a game, pushed as JSON with its version.
//! A client that connects with `?since=VERSION` gets the current state at once when it is
//! newer, so that it catches up with what it missed; then each change as it happens, made on
//! this server or, over PostgreSQL, on any other.

use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Deserialize;

use crate::error::ApiError;
use crate::games::Games;
use crate::seats::presented;
use crate::AppState;

#[derive(Debug, Deserialize)]
pub(crate) struct Since {
    since: Option<i64>,
}

pub(crate) async fn upgrade(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(since): Query<Since>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    state.games.state(&id, &[]).await?;
    let secrets = presented(&headers, &id);
    let since = since.since.unwrap_or(0);
    let games = state.games.clone();
    Ok(upgrade.on_upgrade(move |socket| push(socket, games, id, secrets, since)))
}

/// Sends the state whenever its version passes the last one sent, until the client leaves or
/// the game can no longer be read.
async fn push(
    mut socket: WebSocket,
    games: Arc<Games>,
    id: String,
    secrets: Vec<String>,
    mut sent: i64,
) {
    let mut changes = games.subscribe(&id);
    loop {
        match games.state_if_newer(&id, sent, &secrets).await {
            Ok(Some((version, json))) => {
                if socket.send(Message::Text(json.into())).await.is_err() {
                    return;
                }
                sent = version;
            }
            Ok(None) | Err(ApiError::Unavailable(_) | ApiError::Outdated) => {}
            Err(_) => return,
        }
        tokio::select! {
            changed = changes.changed() => if !changed { return },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
        }
    }
}
