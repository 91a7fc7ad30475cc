//! A player's games: a page of them as its profile lists them (the side it held, the
//! opponent, the outcome and the rating's change), and all of them as one download of records.

use std::collections::{HashSet, VecDeque};
use std::sync::Arc;

use arbiter_core::Side;
use futures_util::Stream;
use serde::Serialize;

use super::profiles::{GAMES_PAGE, LAST_GAMES_PAGE};
use super::Accounts;
use crate::error::ApiError;
use crate::play::{listed, owner_key, Games, Listed};
use crate::store::{HeldGame, DELETED};
use crate::view::SideRating;

/// The most games a download of a player's records holds: the most recent.
pub const DOWNLOADED_GAMES: i64 = 10_000;

/// How a game ended for a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The player won.
    Win,
    /// A draw.
    Draw,
    /// The player lost.
    Loss,
}

/// A game of a player's, as its profile lists it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PlayerGame {
    /// The game, as the list of games shows it.
    #[serde(flatten)]
    pub listed: Listed,
    /// The side the player held; none when it held both (a game at one screen).
    pub side: Option<Side>,
    /// The opponent: its account's name in a rated game, otherwise who plays the other side
    /// ("A person", "Computer, level 3"); none at one screen.
    pub opponent: Option<String>,
    /// Whether the game is rated.
    pub rated: bool,
    /// How it ended for the player, once it ended with a result.
    pub outcome: Option<Outcome>,
    /// In a rated game that ended: the player's rating before it, and the change.
    pub rating: Option<SideRating>,
}

impl Accounts {
    /// Page `page` (from 1) of the games of the player named `name`: those its account holds
    /// a seat in, rated or not, the most recently changed first, [`GAMES_PAGE`] a page.
    pub async fn games_of(&self, name: &str, page: i64) -> Result<Vec<PlayerGame>, ApiError> {
        if !(1..=LAST_GAMES_PAGE).contains(&page) {
            return Err(ApiError::BadRequest(format!("a page of games is 1 to {LAST_GAMES_PAGE}")));
        }
        let account = self.named(name).await?;
        let owner = owner_key(&account.seat_key);
        let offset = (page - 1) * GAMES_PAGE;
        let store = &self.games.store;
        let held = store.held_games(&owner, GAMES_PAGE, offset).await?;
        let accounts: Vec<&str> = held
            .iter()
            .filter_map(|game| game.rated.as_ref())
            .flat_map(|rated| rated.accounts.iter().map(String::as_str))
            .collect();
        let names = store.names_of(&accounts).await?;
        let summaries = held.iter().map(|game| game.summary.clone()).collect();
        let games = held.iter().zip(listed(summaries)).map(|(game, listed)| {
            let opponent = game.side.map(|side| match &game.rated {
                Some(rated) => {
                    let id = &rated.accounts[side.opponent().index()];
                    names.get(id).cloned().unwrap_or_else(|| DELETED.to_owned())
                }
                None if side == Side::White => listed.black_name.clone(),
                None => listed.white_name.clone(),
            });
            player_game(game, listed, opponent)
        });
        Ok(games.collect())
    }

    /// The name of the player named `name` (in any case) as it is spelt, and the records of
    /// its games (the most recent [`DOWNLOADED_GAMES`]), the most recent first, each followed
    /// by a blank line: read from the database one at a time as the download goes.
    pub async fn records_of(
        &self,
        name: &str,
    ) -> Result<(String, impl Stream<Item = Result<String, ApiError>> + Send + 'static), ApiError>
    {
        let account = self.named(name).await?;
        let owner = owner_key(&account.seat_key);
        let held = self.games.store.holdings(&owner, 2 * DOWNLOADED_GAMES).await?;
        let mut seen = HashSet::new();
        let mut ids: VecDeque<String> = VecDeque::new();
        for (id, _) in held {
            if seen.insert(id.clone()) {
                ids.push_back(id);
            }
        }
        ids.truncate(DOWNLOADED_GAMES as usize);
        let games: Arc<Games> = self.games.clone();
        let records = futures_util::stream::unfold((games, ids), |(games, mut ids)| async move {
            loop {
                let id = ids.pop_front()?;
                match games.stored_record(&id).await {
                    Ok(Some(record)) => {
                        let text = format!("{}\n\n", record.trim_end());
                        return Some((Ok(text), (games, ids)));
                    }
                    Ok(None) => {}
                    Err(error) => return Some((Err(error), (games, VecDeque::new()))),
                }
            }
        });
        Ok((account.name, records))
    }
}

/// The line of `game` in its player's list: `listed`, with the `opponent`.
fn player_game(game: &HeldGame, listed: Listed, opponent: Option<String>) -> PlayerGame {
    let outcome = game.side.zip(game.result).map(|(side, result)| match result.winner() {
        None => Outcome::Draw,
        Some(winner) if winner == side => Outcome::Win,
        Some(_) => Outcome::Loss,
    });
    let rating = game.side.zip(game.rated.as_ref()).and_then(|(side, rated)| {
        let change = rated.changes?[side.index()];
        Some(SideRating { before: change.before, change: change.change })
    });
    PlayerGame { listed, side: game.side, opponent, rated: game.rated.is_some(), outcome, rating }
}
