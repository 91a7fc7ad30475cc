//! Arenas, as lichess runs them: players join and leave for a fixed time, a player who finishes
//! a game is paired again as soon as another is free, and points are won per game with streak
//! and berserk bonuses. The rules, with the lichess source of each, are in `docs/tournaments.md`
//! and on the items below.

mod pairing;
mod sheet;
mod standings;

use std::collections::HashMap;

use arbiter_core::Side;

pub use sheet::{ArenaScore, ArenaScoreKind, ArenaSheet};

use crate::error::TournamentError;
use crate::player::{GameResult, PlayerId};

/// The most waiting players one weighted matching pairs at once; a larger waiting list is cut,
/// in standings order, into groups of this size (lila's `maxGroupSize`, 100 in
/// `arena/PairingSystem.scala`), which keeps each matching's O(n³) cost bounded.
pub const ARENA_MATCHING_GROUP: usize = 100;

/// The scoring options of an arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArenaRules {
    /// After two wins in a row a player is "on fire": each further win scores 4 instead of 2
    /// and each draw 2 instead of 1, until a game is not won (lila's `streakable`, on by
    /// default). Off, a win scores 2 and a draw 1 and nobody is on fire.
    pub streaks: bool,
    /// A draw in fewer plies (half-moves) than this scores nothing (lila's `quickDraw`: under
    /// 20 plies).
    pub quick_draw_plies: u32,
    /// A berserk win earns its bonus point only when the game lasted at least this many plies
    /// (lila's `notSoQuickFinish`: at least 14 plies, seven moves each).
    pub berserk_bonus_plies: u32,
    /// The draw-streak rule: `Some(plies)`, a draw following a draw (with only losses between)
    /// scores nothing unless it lasted at least `plies` plies (lila's `isDrawStreak` and
    /// `longGame`, 60 plies in standard chess); `None`, every draw of a normal length scores.
    pub draw_streak_long_game_plies: Option<u32>,
}

impl Default for ArenaRules {
    fn default() -> Self {
        ArenaRules {
            streaks: true,
            quick_draw_plies: 20,
            berserk_bonus_plies: 14,
            draw_streak_long_game_plies: Some(60),
        }
    }
}

/// A player of an arena.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArenaPlayer {
    /// Who.
    pub id: PlayerId,
    /// The player's current rating: the standings' tiebreak before their first game and a
    /// pairing criterion.
    pub rating: i32,
    /// The player has left the arena (they keep their place in the standings but are not
    /// paired; lila's `withdraw`).
    pub withdrawn: bool,
}

/// One side of an arena game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArenaSeat {
    /// Who played this side.
    pub player: PlayerId,
    /// Their rating when the game started (for the opponent's performance rating).
    pub rating: i32,
    /// They went berserk before their first move: half their clock and no increment (the
    /// server's business), a bonus point for a win that lasts (this crate's).
    pub berserk: bool,
}

/// A game of an arena, finished or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArenaGame {
    /// The white side.
    pub white: ArenaSeat,
    /// The black side.
    pub black: ArenaSeat,
    /// How it ended; `None` while it is being played. An aborted game is not listed at all.
    pub result: Option<GameResult>,
    /// The number of plies (half-moves) played.
    pub plies: u32,
}

impl ArenaGame {
    /// The seat of `side`.
    #[must_use]
    pub fn seat(&self, side: Side) -> &ArenaSeat {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    /// The side `player` played, if they played this game.
    #[must_use]
    pub fn side_of(&self, player: PlayerId) -> Option<Side> {
        Side::BOTH.into_iter().find(|&side| self.seat(side).player == player)
    }
}

/// An arena: its rules, its players and every game paired so far, in the order they were
/// paired.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Arena {
    /// The scoring options.
    pub rules: ArenaRules,
    /// Everyone who joined, withdrawn or not.
    pub players: Vec<ArenaPlayer>,
    /// The games, oldest first; a player's games in this order are their score sheet.
    pub games: Vec<ArenaGame>,
}

/// One line of an arena's standings.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArenaStanding {
    /// The place, from 1.
    pub rank: u32,
    /// Who.
    pub player: PlayerId,
    /// Arena points.
    pub score: u32,
    /// On a streak of two or more wins (always false without streaks).
    pub fire: bool,
    /// The performance rating over the finished games; `None` before the first.
    pub performance: Option<i32>,
    /// The player's current rating.
    pub rating: i32,
    /// Finished games.
    pub games: u32,
    /// The player has left the arena.
    pub withdrawn: bool,
}

/// A new game: who plays white and who black.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArenaPairing {
    /// The player of white.
    pub white: PlayerId,
    /// The player of black.
    pub black: PlayerId,
}

impl Arena {
    /// One player's score sheet: their finished games in order with the points each scored.
    ///
    /// A player with no finished games (or not in the arena) has an empty sheet.
    #[must_use]
    pub fn sheet(&self, player: PlayerId) -> ArenaSheet {
        sheet::sheet(&self.rules, player, &self.games)
    }

    /// The standings: by score, then by performance rating (the rating for a player without
    /// a finished game), then by player id; lila orders by `score * 10000 + (performance |
    /// rating)` (`Player.magicScore`), which is the same order for any realistic rating.
    ///
    /// # Errors
    ///
    /// When the players or games are inconsistent (see [`TournamentError`]).
    pub fn standings(&self) -> Result<Vec<ArenaStanding>, TournamentError> {
        let roster = self.validate()?;
        Ok(standings::standings(self, &roster))
    }

    /// Pairs the players waiting for a game, listed in the order they started waiting (the
    /// last one is the most recent). `seed` decides colours where the players' colour
    /// histories are equal; the same arena, list and seed give the same pairings.
    ///
    /// Who may meet, who is preferred and who plays white follow lichess (see the
    /// `pairing` module and `docs/tournaments.md`); waiting players left unpaired keep
    /// waiting.
    ///
    /// # Errors
    ///
    /// When the players or games are inconsistent, or a waiting player is unknown, listed
    /// twice, withdrawn or still playing.
    pub fn pair(
        &self,
        waiting: &[PlayerId],
        seed: u64,
    ) -> Result<Vec<ArenaPairing>, TournamentError> {
        let roster = self.validate()?;
        pairing::pair(self, &roster, waiting, seed)
    }

    /// Checks the players and games, and indexes them by player.
    fn validate(&self) -> Result<Roster, TournamentError> {
        let mut index = HashMap::with_capacity(self.players.len());
        for (position, player) in self.players.iter().enumerate() {
            if index.insert(player.id, position).is_some() {
                return Err(TournamentError::DuplicatePlayer { player: player.id });
            }
        }
        let mut games_of = vec![Vec::new(); self.players.len()];
        let mut playing = vec![false; self.players.len()];
        for (number, game) in self.games.iter().enumerate() {
            if game.white.player == game.black.player {
                return Err(TournamentError::SelfGame { player: game.white.player });
            }
            for seat in [game.white, game.black] {
                let &position = index
                    .get(&seat.player)
                    .ok_or(TournamentError::UnknownPlayer { player: seat.player })?;
                games_of[position].push(number);
                if game.result.is_none() {
                    if playing[position] {
                        return Err(TournamentError::TwoOngoingGames { player: seat.player });
                    }
                    playing[position] = true;
                }
            }
        }
        Ok(Roster { index, games_of })
    }
}

/// A checked arena's players, indexed.
struct Roster {
    /// Each player's position in [`Arena::players`], by id.
    index: HashMap<PlayerId, usize>,
    /// The positions in [`Arena::games`] of each player's games, oldest first.
    games_of: Vec<Vec<usize>>,
}
