//! What every request shares: the games, the lobby, the accounts, how cookies are made, and what each
//! client may ask.

use std::sync::Arc;
use std::time::Duration;

use arbiter_catalog::Endgames;

use super::credentials::Cookies;
use crate::accounts::Accounts;
use crate::error::ApiError;
use crate::guard::{Guard, Protection};
use crate::lobby::Lobby;
use crate::play::{Games, Settings};
use crate::store::Store;
use crate::tournaments::Tournaments;

/// What every request shares: the games, how cookies are made, and what each client may ask.
#[derive(Clone)]
pub struct AppState {
    pub(crate) games: Arc<Games>,
    pub(crate) lobby: Arc<Lobby>,
    pub(crate) accounts: Arc<Accounts>,
    pub(crate) tournaments: Arc<Tournaments>,
    pub(crate) cookies: Cookies,
    pub(crate) guard: Arc<Guard>,
}

impl AppState {
    /// The state of a server on `store`, keeping its games as `settings` says and probing the
    /// endgame tables `endgames`, with its background work started (see [`Games::start`]).
    pub fn start(
        store: Store,
        settings: Settings,
        endgames: Arc<Endgames>,
    ) -> Result<AppState, ApiError> {
        let games = Arc::new(Games::new(store, settings, endgames)?);
        games.start();
        let lobby = Arc::new(Lobby::new(games.clone()));
        lobby.start();
        let accounts = Arc::new(Accounts::new(games.clone()));
        let tournaments = Arc::new(Tournaments::new(games.clone()));
        tournaments.start();
        let guard = Arc::new(Guard::new(Protection::unlimited()));
        Ok(AppState { games, lobby, accounts, tournaments, cookies: Cookies::default(), guard })
    }

    /// The state of a server that limits what each client may ask as `protection` says.
    #[must_use]
    pub fn protected(self, protection: Protection) -> AppState {
        let guard = Arc::new(Guard::new(protection));
        let forgetting = Arc::downgrade(&guard);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(FORGET_CLIENTS);
            loop {
                every.tick().await;
                let Some(guard) = forgetting.upgrade() else { return };
                guard.forget_idle_clients();
            }
        });
        AppState { guard, ..self }
    }

    /// The state of a server reached at `public_url` (`https://…` makes its cookies
    /// `Secure`).
    #[must_use]
    pub fn reached_at(self, public_url: Option<&str>) -> AppState {
        let secure = public_url.is_some_and(|url| url.starts_with("https://"));
        AppState { cookies: Cookies { secure }, ..self }
    }

    /// The games.
    #[must_use]
    pub fn games(&self) -> &Arc<Games> {
        &self.games
    }

    /// The lobby.
    #[must_use]
    pub fn lobby(&self) -> &Arc<Lobby> {
        &self.lobby
    }

    /// The tournaments.
    #[must_use]
    pub fn tournaments(&self) -> &Arc<Tournaments> {
        &self.tournaments
    }
}

/// How often the rate limiters forget the clients that have not asked for a while.
const FORGET_CLIENTS: Duration = Duration::from_secs(60);
