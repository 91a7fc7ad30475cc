//! Each player's rounds, checked and indexed from an event's history.

use std::collections::HashMap;

use arbiter_core::Side;

use super::{SwissEvent, SwissResult, MAX_SWISS_PLAYERS, MAX_SWISS_ROUNDS};
use crate::error::TournamentError;
use crate::player::{GameResult, PlayerId};
use crate::points::Points;

/// What a player did in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Entry {
    /// A game on a board, played or forfeited.
    Game {
        /// The opponent's position in the player list.
        opponent: usize,
        /// The player's colour.
        colour: Side,
        /// The player's points; `None` while the game is being played.
        points: Option<Points>,
        /// The game took place: false for a forfeit.
        played: bool,
    },
    /// The pairing-allocated bye.
    Bye,
    /// Neither: absent, withdrawn, not yet joined, or left unpaired.
    Absent,
}

impl Entry {
    /// The points scored (nothing yet for a game in progress).
    pub(super) fn points(self) -> Points {
        match self {
            Entry::Game { points, .. } => points.unwrap_or(Points::ZERO),
            Entry::Bye => Points::ONE,
            Entry::Absent => Points::ZERO,
        }
    }

    /// The opponent and colour of a game that took place.
    pub(super) fn played(self) -> Option<(usize, Side)> {
        match self {
            Entry::Game { opponent, colour, played: true, .. } => Some((opponent, colour)),
            _ => None,
        }
    }

    /// A round without a game over the board: bye, forfeit or absence (FIDE's unplayed
    /// rounds, which the tiebreaks treat apart).
    pub(super) fn is_unplayed(self) -> bool {
        !matches!(self, Entry::Game { played: true, .. })
    }
}

/// Every player's rounds, in the order of the event's player list.
#[derive(Debug, Clone)]
pub(super) struct Records {
    /// `entries[player][round]`.
    pub entries: Vec<Vec<Entry>>,
    /// The position of each player in the pairing-number order (rating, then id), from 0.
    pub pairing_index: Vec<usize>,
}

impl Records {
    /// Checks the event and indexes its history.
    pub(super) fn build(event: &SwissEvent) -> Result<Records, TournamentError> {
        if event.rounds == 0 {
            return Err(TournamentError::NoRounds);
        }
        if event.rounds > MAX_SWISS_ROUNDS {
            let (rounds, max) = (event.rounds, MAX_SWISS_ROUNDS);
            return Err(TournamentError::TooManyRounds { rounds, max });
        }
        if event.players.len() > MAX_SWISS_PLAYERS {
            let (players, max) = (event.players.len(), MAX_SWISS_PLAYERS);
            return Err(TournamentError::TooManyPlayers { players, max });
        }
        if event.history.len() > event.rounds as usize {
            let (played, rounds) = (event.history.len(), event.rounds);
            return Err(TournamentError::HistoryTooLong { played, rounds });
        }
        let mut index = HashMap::with_capacity(event.players.len());
        for (position, player) in event.players.iter().enumerate() {
            if index.insert(player.id, position).is_some() {
                return Err(TournamentError::DuplicatePlayer { player: player.id });
            }
        }
        let mut entries = vec![Vec::with_capacity(event.history.len()); event.players.len()];
        for (round, paired) in event.history.iter().enumerate() {
            let round_entries = round_entries(event, &index, round, paired)?;
            for (player, entry) in round_entries.into_iter().enumerate() {
                entries[player].push(entry);
            }
        }
        let mut order: Vec<usize> = (0..event.players.len()).collect();
        order.sort_by_key(|&player| {
            (std::cmp::Reverse(event.players[player].rating), event.players[player].id)
        });
        let mut pairing_index = vec![0; event.players.len()];
        for (place, &player) in order.iter().enumerate() {
            pairing_index[player] = place;
        }
        Ok(Records { entries, pairing_index })
    }

    /// A player's points after the first `rounds` rounds.
    pub(super) fn score_after(&self, player: usize, rounds: usize) -> Points {
        self.entries[player][..rounds].iter().map(|entry| entry.points()).sum()
    }

    /// A player's points.
    pub(super) fn score(&self, player: usize) -> Points {
        self.score_after(player, self.entries[player].len())
    }
}

/// Every player's entry for one round of the history (`round` from 0).
fn round_entries(
    event: &SwissEvent,
    index: &HashMap<PlayerId, usize>,
    round: usize,
    paired: &super::SwissRound,
) -> Result<Vec<Entry>, TournamentError> {
    let round_number = u32::try_from(round + 1).unwrap_or(u32::MAX);
    let mut entries = vec![None; event.players.len()];
    for game in &paired.games {
        if game.white == game.black {
            return Err(TournamentError::SelfGame { player: game.white });
        }
        let white = position_of(index, game.white)?;
        let black = position_of(index, game.black)?;
        for (player, colour, opponent) in [(white, Side::White, black), (black, Side::Black, white)]
        {
            let entry = game_entry(game.result, colour, opponent);
            if entries[player].replace(entry).is_some() {
                let player = event.players[player].id;
                return Err(TournamentError::PlayerTwiceInRound { round: round_number, player });
            }
        }
    }
    if let Some(player) = paired.bye {
        if entries[position_of(index, player)?].replace(Entry::Bye).is_some() {
            return Err(TournamentError::PlayerTwiceInRound { round: round_number, player });
        }
    }
    Ok(entries.into_iter().map(|entry| entry.unwrap_or(Entry::Absent)).collect())
}

/// The position of `player` in the player list.
fn position_of(
    index: &HashMap<PlayerId, usize>,
    player: PlayerId,
) -> Result<usize, TournamentError> {
    index.get(&player).copied().ok_or(TournamentError::UnknownPlayer { player })
}

/// The entry of the player of `colour` in a game with this result.
fn game_entry(result: Option<SwissResult>, colour: Side, opponent: usize) -> Entry {
    let points_of = |winner: Option<Side>| match winner {
        Some(side) if side == colour => Points::ONE,
        _ => Points::ZERO,
    };
    let (points, played) = match result {
        None => (None, true),
        Some(SwissResult::Played(GameResult::Draw)) => (Some(Points::HALF), true),
        Some(SwissResult::Played(GameResult::Win(winner))) => (Some(points_of(Some(winner))), true),
        Some(SwissResult::Forfeit { winner }) => (Some(points_of(winner)), false),
    };
    Entry::Game { opponent, colour, points, played }
}

/// Every game of the history has a result.
pub(super) fn check_finished(event: &SwissEvent) -> Result<(), TournamentError> {
    for (round, paired) in event.history.iter().enumerate() {
        if let Some(game) = paired.games.iter().find(|game| game.result.is_none()) {
            return Err(TournamentError::UnfinishedGame {
                round: u32::try_from(round + 1).unwrap_or(u32::MAX),
                white: game.white,
                black: game.black,
            });
        }
    }
    Ok(())
}
