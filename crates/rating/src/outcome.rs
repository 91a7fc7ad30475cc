//! A game's result for one of its players.

use serde::{Deserialize, Serialize};

/// A rated game's result for one player. (Distinct from `arbiter_core::Outcome`, which says
/// how a game ended and for which side; the server turns that into one of these per player.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The player won: score 1.
    Win,
    /// The game was drawn: score ½.
    Draw,
    /// The player lost: score 0.
    Loss,
}

impl Outcome {
    /// The score Glicko-2 counts: 1 for a win, 0.5 for a draw, 0 for a loss.
    #[must_use]
    pub const fn score(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }

    /// The same game's result for the opponent.
    #[must_use]
    pub const fn for_opponent(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_of_both_players_add_up_to_one() {
        for outcome in [Outcome::Win, Outcome::Draw, Outcome::Loss] {
            assert_eq!(outcome.score() + outcome.for_opponent().score(), 1.0);
            assert_eq!(outcome.for_opponent().for_opponent(), outcome);
        }
    }
}
