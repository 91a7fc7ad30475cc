//! What a search needs from a game beyond its rules.

use crate::Game;

/// A game's static evaluation, for the searches of `arbiter-ai`. Each game documents what its
/// evaluation weighs, in its own crate.
pub trait Evaluate: Game {
    /// How good the position is for the side to move, in hundredths of a piece: positive is
    /// good for the player to move, 0 is even. Only called on positions that are not over;
    /// values stay well within ±100 000.
    fn evaluate(&self) -> i32;

    /// Whether `mv` changes the material or ends the game (a capture, a crowning, a step onto
    /// the goal row): such moves are tried first, and searched past the horizon.
    fn is_tactical(&self, mv: Self::Move) -> bool;
}
