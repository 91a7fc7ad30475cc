//! "Your games": the games a browser holds seats in, those where it is to move first; and the
//! tournament games an account is paired in, for its lobby socket.

use std::collections::HashSet;

use arbiter_core::Side;

use super::{Lobby, LobbySeen, MyGame, MY_GAMES};
use crate::error::ApiError;
use crate::live::GameStatus;
use crate::play::owner_key;
use crate::play::seats::seat_secret;

impl Lobby {
    /// The games whose seats the browser of `session` holds: those that go on first (those
    /// where it is to move first), then the finished ones, the most recently changed first.
    pub async fn my_games(&self, session: &str) -> Result<Vec<MyGame>, ApiError> {
        let owner = owner_key(session);
        let mut games = Vec::new();
        let mut seen = HashSet::new();
        for (id, _) in self.games.store.holdings(&owner, MY_GAMES).await? {
            if !seen.insert(id.clone()) {
                continue;
            }
            let secrets = Side::BOTH.map(|side| seat_secret(session, &id, side));
            let Ok(state) = self.games.state(&id, &secrets).await else { continue };
            let your_turn =
                state.status == GameStatus::Ongoing && state.you.contains(&state.to_move);
            games.push(MyGame {
                white_name: state.seats[&Side::White].name.clone(),
                black_name: state.seats[&Side::Black].name.clone(),
                id: state.id,
                game: state.game,
                you: state.you,
                ply: state.ply,
                status: state.status,
                result: state.result,
                your_turn,
                clock: state.clock,
            });
        }
        // Stable: within each group the most recently changed stay first.
        games.sort_by_key(|game| (game.status != GameStatus::Ongoing, !game.your_turn));
        Ok(games)
    }
}

impl Lobby {
    /// The lobby socket's `paired` messages for the owner key `owner`: each tournament game
    /// it is to play, once.
    pub(super) async fn paired(
        &self,
        owner: &str,
        seen: &mut LobbySeen,
    ) -> Result<Vec<serde_json::Value>, ApiError> {
        let mut messages = Vec::new();
        for (tournament, game, side) in self.games.store.tournament_games_held(owner).await? {
            if seen.told.insert(format!("game {game}")) {
                messages.push(serde_json::json!({
                    "type": "paired",
                    "tournament": tournament,
                    "game": game,
                    "side": side,
                }));
            }
        }
        Ok(messages)
    }
}
