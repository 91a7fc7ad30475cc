//! How a game stands: still going, won, or drawn, and why.

use std::fmt;

use crate::Side;

/// Why a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum WinReason {
    /// The loser had no piece left on his turn.
    NoPieces,
    /// The loser had pieces but no legal move on his turn.
    NoLegalMove,
    /// The winner brought a piece to the goal row.
    GoalReached,
    /// The loser resigned.
    Resignation,
    /// The loser's time ran out (a game on a clock).
    Time,
    /// The game ended by its rules with the winner's score the higher (the goal values of a
    /// game written in GDL).
    Score,
}

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum DrawReason {
    /// The same position with the same player to move occurred for the declared number of times.
    Repetition,
    /// The declared number of consecutive turns passed without progress (a capture, say).
    NoProgress,
    /// The players agreed to a draw.
    Agreement,
    /// The game ended by its rules with both scores equal (the goal values of a game written
    /// in GDL).
    EqualScores,
}

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Outcome {
    /// `winner` won the game.
    Win {
        /// The side that won.
        winner: Side,
        /// Why it won.
        reason: WinReason,
    },
    /// Neither side won.
    Draw {
        /// Why the game was drawn.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The winner, or `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// The result as written in PGN and PDN records: `1-0` (White won), `0-1` or `1/2-1/2`.
    #[must_use]
    pub const fn result_text(self) -> &'static str {
        match self.winner() {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win { winner, reason } => {
                let loser = winner.opponent();
                match reason {
                    WinReason::NoPieces => write!(f, "{winner} wins: {loser} has no pieces left"),
                    WinReason::NoLegalMove => {
                        write!(f, "{winner} wins: {loser} has no legal move")
                    }
                    WinReason::GoalReached => write!(f, "{winner} wins by reaching the goal row"),
                    WinReason::Resignation => write!(f, "{winner} wins: {loser} resigned"),
                    WinReason::Time => write!(f, "{winner} wins: {loser}'s time ran out"),
                    WinReason::Score => write!(f, "{winner} wins with the higher score"),
                }
            }
            Outcome::Draw { reason } => match reason {
                DrawReason::Repetition => f.write_str("draw by repetition of the position"),
                DrawReason::NoProgress => f.write_str("draw: too many turns without progress"),
                DrawReason::Agreement => f.write_str("draw by agreement"),
                DrawReason::EqualScores => f.write_str("draw: the scores are equal"),
            },
        }
    }
}

/// Whether a game goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Status {
    /// The side to move has a legal move and no rule has ended the game.
    Ongoing,
    /// The game is over.
    Over(Outcome),
}

impl Status {
    /// `true` when the game is over.
    #[must_use]
    pub const fn is_over(self) -> bool {
        matches!(self, Status::Over(_))
    }

    /// The outcome, if the game is over.
    #[must_use]
    pub const fn outcome(self) -> Option<Outcome> {
        match self {
            Status::Ongoing => None,
            Status::Over(outcome) => Some(outcome),
        }
    }
}
