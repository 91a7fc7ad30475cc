//! Players and game results: the plain values a server loads from its database.

use std::fmt;

use arbiter_core::Side;

/// A player, by the number the server knows them by (an account's row id, say).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct PlayerId(pub u64);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum GameResult {
    /// This side won.
    Win(Side),
    /// Neither side won.
    Draw,
}

impl GameResult {
    /// The result seen from `side`.
    #[must_use]
    pub fn for_side(self, side: Side) -> PlayerResult {
        match self {
            GameResult::Win(winner) if winner == side => PlayerResult::Win,
            GameResult::Win(_) => PlayerResult::Loss,
            GameResult::Draw => PlayerResult::Draw,
        }
    }
}

/// A game's result for one of its players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum PlayerResult {
    /// The player won.
    Win,
    /// The game was drawn.
    Draw,
    /// The player lost.
    Loss,
}
