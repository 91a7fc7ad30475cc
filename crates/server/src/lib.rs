//! The Arbiter game server: people play any game of the catalog over HTTP and WebSocket,
//! against each other (at one screen, or by an invitation link) or against the computer, and
//! every game is stored (SQLite by default, PostgreSQL when asked).
//!
//! As lichess and lidraughts do it, the client holds no rules: with every position the server
//! sends the legal moves and the clicks that enter each; a move carries the ply it was made
//! at, so that a resent move is harmless; every change has a version, and a client that
//! reconnects gets what it missed.
//!
//! - [`app`]: the router, which a test calls without a socket (the others use a real one);
//! - [`serve`]: the server on an address, stopping cleanly on Ctrl-C;
//! - [`store::Store`]: the database.

mod accounts;
mod error;
mod guard;
mod http;
mod live;
mod lobby;
mod notify;
mod play;
pub mod store;
mod time_control;
mod tournaments;
mod view;

use std::net::SocketAddr;
use std::sync::Arc;

use arbiter_catalog::Endgames;
use axum::Router;
use tokio::net::TcpListener;

pub use crate::accounts::password::PasswordCost;
pub use crate::error::ApiError;
pub use crate::guard::Protection;
pub use crate::http::listen::Limits;
pub use crate::http::openapi::document_json as openapi_document;
pub use crate::http::AppState;
pub use crate::http::MAX_POSITION_MOVES;
pub use crate::lobby::Lobby;
pub use crate::play::{owner_key, Games, Settings};
use crate::store::Store;
pub use crate::tournaments::Tournaments;

/// The router of the whole API.
pub fn app(state: AppState) -> Router {
    http::routes(&state).with_state(state)
}

/// How to run a server.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where to listen.
    pub addr: SocketAddr,
    /// The database: `sqlite://PATH` or `postgres://…`.
    pub database: String,
    /// How the games are kept: workers, cache, leases.
    pub settings: Settings,
    /// How connections are bounded.
    pub limits: Limits,
    /// The address people reach the server at, when it is behind a proxy (`https://…` makes
    /// its cookies `Secure`).
    pub public_url: Option<String>,
    /// What each client may ask.
    pub protection: Protection,
    /// The endgame tables the computer's searches and the analyses probe.
    pub endgames: Arc<Endgames>,
}

/// Runs the server until Ctrl-C (or SIGTERM). Then the computer's searches and the analyses
/// stop, no connection is accepted, and the requests in flight have `limits.shutdown_grace`
/// to finish (a move is acknowledged only once stored, so nothing acknowledged is lost).
/// `ready` hears the address listened on.
pub async fn serve(config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), ApiError> {
    let store = Store::connect(&config.database).await?;
    let only_server = store.lock_exclusive()?;
    if only_server.is_some() {
        store.end_leases().await?;
    }
    let state = AppState::start(store.clone(), config.settings, config.endgames)?
        .reached_at(config.public_url.as_deref())
        .protected(config.protection);
    let listener = TcpListener::bind(config.addr).await.map_err(|error| {
        ApiError::BadRequest(format!("cannot listen on {}: {error}", config.addr))
    })?;
    let addr = listener
        .local_addr()
        .map_err(|error| ApiError::BadRequest(format!("no local address: {error}")))?;
    ready(addr);
    let games = state.games.clone();
    let stopping = async move {
        shutdown().await;
        games.stop_searches();
    };
    http::listen::run(listener, app(state), config.limits, stopping).await;
    store.close().await;
    Ok(())
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}
