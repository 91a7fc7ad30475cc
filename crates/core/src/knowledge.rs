//! What a game knows about its positions beyond its rules, for exact searches.

use crate::Game;

/// What a game knows about its positions that exact searches (the solver) use, beyond its
/// rules. Every method has a default that knows nothing, so a game that the solver does not
/// handle implements it empty (`impl Knowledge for MyGame {}`).
pub trait Knowledge: Game {
    /// A hash that the position shares with its images under the symmetries of the rules
    /// (for the 6×6 games, the half turn with the colours swapped: see
    /// [`Symmetry`](crate::Symmetry) and [`symmetric_hash`](crate::symmetric_hash)), so that
    /// exact searches treat them as one. By default the position's own [`Game::hash`].
    fn canonical_hash(&self) -> u64 {
        self.hash()
    }

    /// What the rules decide about the next plies without a search:
    /// [`Forced::WinInOne`] when the player to move has a move that wins at once,
    /// [`Forced::LossInTwo`] when he has none and whatever he plays the opponent then has one,
    /// [`Forced::WinInThree`] when he wins within three plies whatever the opponent does.
    /// Asked only of a position whose [`Game::status`] is ongoing. `None` when the game does
    /// not know (the default); an answer must never be wrong, as solvers take it for proven.
    fn forced(&self) -> Option<Forced> {
        None
    }
}

/// A result the rules force within the next few plies, which [`Knowledge::forced`] sees without a
/// search. More may come: a caller asks [`Forced::mover_wins`] rather than matching every one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Forced {
    /// The player to move wins with his next move: the perfect-play length is 1.
    WinInOne,
    /// The player to move cannot win at once, and after any move of his the opponent wins with
    /// the next one: the perfect-play length is 2.
    LossInTwo,
    /// The player to move wins within three plies whatever the opponent does: he has a move
    /// after which the opponent cannot win at once and loses in two. Not said of a position
    /// that is [`Forced::WinInOne`]; the perfect-play length is 3, or 1 if another move wins
    /// at once in a way the game's knowledge does not see.
    WinInThree,
}

impl Forced {
    /// `true` when the player to move wins, `false` when he loses.
    #[must_use]
    pub const fn mover_wins(self) -> bool {
        !matches!(self, Forced::LossInTwo)
    }
}
