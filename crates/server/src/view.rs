//! What a client is shown of a game: its state, with the position, the seats, the offers and
//! the clocks. The answers' types, below the rooms that make them.

use std::collections::HashMap;

use arbiter_core::Side;
use serde::Serialize;

use crate::live::{GameResult, GameStatus, View};
use crate::time_control::ClockState;

/// Everything a client shows of a game.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct GameState {
    /// The game's identifier.
    pub id: String,
    /// The catalog's identifier of the game.
    pub game: String,
    /// The game's name, as the catalog gives it.
    pub name: String,
    /// Its options.
    pub options: String,
    /// Increases with every change.
    pub version: i64,
    /// The moves played, in canonical notation.
    pub moves: Vec<String>,
    /// The name of the game's opening, in a game that names its openings (checkers: the
    /// traditional names, `Ayrshire Lassie`), once its moves have passed through a named
    /// position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opening: Option<String>,
    /// The number of moves played: the `ply` the next move is made at.
    pub ply: usize,
    /// The player to move.
    pub to_move: Side,
    /// Whether the game goes on.
    pub status: GameStatus,
    /// The result, once over.
    pub result: Option<GameResult>,
    /// How the game ended, in words.
    pub reason: Option<String>,
    /// Who plays each side.
    pub seats: HashMap<Side, SeatState>,
    /// The side that offers a draw.
    pub draw_offer: Option<Side>,
    /// The side that asks to take back a move.
    pub undo_request: Option<Side>,
    /// `true` while the computer thinks.
    pub thinking: bool,
    /// Whether the engine's analysis is given to the requester now: not during a game
    /// between people, except to one who holds both seats (one screen).
    pub engine_help: bool,
    /// The clocks, in a game on a clock: each side's time left when the state was made.
    pub clock: Option<ClockState>,
    /// A rematch offered after the game, or accepted (then its game).
    pub rematch: Option<RematchState>,
    /// Whether the game is rated: it changes both players' ratings when it ends.
    pub rated: bool,
    /// Once a rated game ended: each side's rating before it, and the change.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratings: Option<RatingsState>,
    /// The tournament it is a game of.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tournament: Option<TournamentOfGame>,
    /// The seats the requester holds.
    pub you: Vec<Side>,
    /// The position, its pieces and legal moves (and the board, when asked).
    #[serde(flatten)]
    pub view: View,
}

/// The ratings of a rated game's players: before the game, and the game's change.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RatingsState {
    /// White's.
    pub white: SideRating,
    /// Black's.
    pub black: SideRating,
}

/// One side's rating before a rated game, as shown, and the game's change to it.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
pub struct SideRating {
    /// The rating before the game, as shown.
    pub before: i32,
    /// The change (`+12`, `-12`).
    pub change: i32,
}

/// A rematch: who offers it, and the new game once accepted.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RematchState {
    /// The side that offers it, until it is accepted or declined.
    pub offered_by: Option<Side>,
    /// The new game (same game, options and clock, colours swapped), once accepted.
    pub game: Option<String>,
}

/// Who plays a side, as the API shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeatState {
    /// `human`, or the computer's player spec.
    pub player: String,
    /// The player as a person reads it: the account's name in a rated game, "A person",
    /// "Computer, level 3", "Computer, perfect play", or the computer's settings.
    pub name: String,
    /// The account that plays the seat of a rated game (`deleted` once it was deleted).
    pub account: Option<String>,
    /// The computer's strength level, when it plays one of the game's levels.
    pub level: Option<u8>,
    /// `true` once an invitation link gave the seat to a browser.
    pub taken: bool,
    /// The side went berserk (an arena's): half its clock, no increment.
    pub berserk: bool,
}

/// The tournament a game is a game of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct TournamentOfGame {
    /// The tournament.
    pub id: String,
    /// It is an arena (whose players may go berserk before their first move).
    pub arena: bool,
}
