//! The one error type of the crate: what was wrong with the values a caller passed.

use crate::player::PlayerId;

/// Why a tournament's values cannot be scored or paired. Every message says what was found and
/// what is expected; the values come from the caller's storage, so each is a caller's bug or a
/// corrupt record rather than a player's mistake.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// Two entries of the player list have the same id.
    #[error("player {player} is listed twice: each player is listed once")]
    DuplicatePlayer {
        /// The repeated id.
        player: PlayerId,
    },
    /// A game, a bye or the waiting list names a player who is not in the player list.
    #[error("player {player} is not in the player list: games, byes and the waiting list name listed players only")]
    UnknownPlayer {
        /// The unknown id.
        player: PlayerId,
    },
    /// A game has the same player on both sides.
    #[error("player {player} plays themself: a game has two different players")]
    SelfGame {
        /// The player.
        player: PlayerId,
    },
    /// An arena player has more than one unfinished game.
    #[error("player {player} has two unfinished games: an arena player plays one game at a time")]
    TwoOngoingGames {
        /// The player.
        player: PlayerId,
    },
    /// The waiting list names a player twice.
    #[error("player {player} is on the waiting list twice: list each waiting player once")]
    DuplicateWaiting {
        /// The player.
        player: PlayerId,
    },
    /// The waiting list names a player who has withdrawn.
    #[error("player {player} is waiting but has withdrawn: only active players wait for a game")]
    WithdrawnWaiting {
        /// The player.
        player: PlayerId,
    },
    /// The waiting list names a player whose game is not finished.
    #[error("player {player} is waiting but their game is unfinished: players wait once their game ends")]
    PlayingWaiting {
        /// The player.
        player: PlayerId,
    },
    /// A Swiss event with no rounds.
    #[error("the event has no rounds: a Swiss event has at least one")]
    NoRounds,
    /// A Swiss event with more rounds than the pairing supports.
    #[error("the event has {rounds} rounds: at most {max} are supported")]
    TooManyRounds {
        /// The number of rounds asked for.
        rounds: u32,
        /// The most supported.
        max: u32,
    },
    /// A Swiss event with more players than the pairing supports.
    #[error("the event has {players} players: at most {max} are supported")]
    TooManyPlayers {
        /// The number of players listed.
        players: usize,
        /// The most supported.
        max: usize,
    },
    /// The history has more rounds than the event.
    #[error("the history has {played} rounds but the event has {rounds}: a history has at most the event's rounds")]
    HistoryTooLong {
        /// Rounds in the history.
        played: usize,
        /// Rounds of the event.
        rounds: u32,
    },
    /// Every round of a Swiss event has been paired.
    #[error("all {rounds} rounds have been paired: the event has no next round")]
    EventComplete {
        /// Rounds of the event.
        rounds: u32,
    },
    /// A game of an earlier round has no result, so the next round cannot be paired.
    #[error("round {round}: the game {white} (white) against {black} (black) has no result; pair the next round once every game has one")]
    UnfinishedGame {
        /// The round, counted from 1.
        round: u32,
        /// White's player.
        white: PlayerId,
        /// Black's player.
        black: PlayerId,
    },
    /// A player has two games, or a game and a bye, in one round.
    #[error("round {round}: player {player} appears twice; a player has at most one game or bye a round")]
    PlayerTwiceInRound {
        /// The round, counted from 1.
        round: u32,
        /// The player.
        player: PlayerId,
    },
}
