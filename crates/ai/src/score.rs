//! Search scores: an evaluation, a win rate, or a proven result.

use std::fmt;

/// Internal alpha-beta scores: a win found `p` plies from the root is `WIN - p`.
pub(crate) const WIN: i32 = 1_000_000;
/// Scores beyond this are proven results, not evaluations.
pub(crate) const PROVEN: i32 = WIN - 10_000;
/// Larger than any score.
pub(crate) const INFINITY: i32 = WIN + 1;

/// How a position stands for the player to move, as a search reports it.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Score {
    /// A static evaluation, in hundredths of a piece (alpha-beta).
    Eval(i32),
    /// The expected result, 0 (loss) to 1 (win), from playouts (MCTS).
    WinRate(f64),
    /// A proven win, the game ending this many plies (turns of both players) from now.
    Win(u32),
    /// A proven loss, this many plies from now.
    Loss(u32),
}

impl Score {
    /// The alpha-beta score as a [`Score`].
    pub(crate) fn from_internal(score: i32) -> Score {
        if score > PROVEN {
            Score::Win((WIN - score) as u32)
        } else if score < -PROVEN {
            Score::Loss((WIN + score) as u32)
        } else {
            Score::Eval(score)
        }
    }

    /// `true` for a proven result.
    #[must_use]
    pub fn is_proven(self) -> bool {
        matches!(self, Score::Win(_) | Score::Loss(_))
    }
}

impl fmt::Display for Score {
    /// `+1.25` (pieces), `63%`, `win in 4` or `loss in 3` (moves of the player to move: a win
    /// in `p` plies takes `(p + 1) / 2` of his moves).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Eval(value) => write!(f, "{:+.2}", f64::from(value) / 100.0),
            Score::WinRate(rate) => write!(f, "{:.0}%", rate * 100.0),
            Score::Win(plies) => write!(f, "win in {}", plies.div_ceil(2)),
            Score::Loss(plies) => write!(f, "loss in {}", plies.div_ceil(2)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proven_scores_read_as_wins_and_losses_in_moves() {
        assert_eq!(Score::from_internal(WIN - 7), Score::Win(7));
        assert_eq!(Score::from_internal(-WIN + 4), Score::Loss(4));
        assert_eq!(Score::from_internal(125), Score::Eval(125));
        assert_eq!(Score::Win(7).to_string(), "win in 4");
        assert_eq!(Score::Win(1).to_string(), "win in 1");
        assert_eq!(Score::Loss(4).to_string(), "loss in 2");
        assert_eq!(Score::Eval(-50).to_string(), "-0.50");
        assert_eq!(Score::WinRate(0.634).to_string(), "63%");
    }
}
