//! `GET /api/games/{id}/socket`: every new state of a game, pushed as JSON with its version.
//! A client that connects with `?since=VERSION` gets the current state at once when it is
//! newer, so that it catches up with what it missed; then each change as it happens.

use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Deserialize;
use tokio::sync::broadcast::error::RecvError;

use crate::error::ApiError;
use crate::games::Slot;
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
    let slot = state.games.slot(&id).await?;
    let secrets = presented(&headers, &id);
    let since = since.since.unwrap_or(0);
    Ok(upgrade.on_upgrade(move |socket| push(socket, slot, secrets, since)))
}

/// Sends the state whenever its version passes the last one sent, until the client leaves.
async fn push(mut socket: WebSocket, slot: Arc<Slot>, secrets: Vec<String>, mut sent: i64) {
    let mut changes = slot.changes.subscribe();
    loop {
        let message = {
            let entry = slot.entry.lock().await;
            entry.state_if_newer(sent, &secrets)
        };
        if let Some((version, json)) = message {
            if socket.send(Message::Text(json.into())).await.is_err() {
                return;
            }
            sent = version;
        }
        tokio::select! {
            change = changes.recv() => match change {
                Ok(_) | Err(RecvError::Lagged(_)) => {}
                Err(RecvError::Closed) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
        }
    }
}
