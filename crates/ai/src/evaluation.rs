//! Which static evaluation alpha-beta searches with: a setting of player specs (`eval=net`).

/// Which static evaluation alpha-beta searches with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Evaluation {
    /// The game's hand-written evaluation ([`Evaluate::evaluate`](arbiter_core::Evaluate::evaluate)).
    Hand,
    /// The game's trained network ([`Evaluate::network`](arbiter_core::Evaluate::network)), or the hand-written evaluation
    /// where the game has none.
    Net,
}

impl Evaluation {
    /// The evaluation of a spec that gives no `eval`.
    pub const DEFAULT: Evaluation = Evaluation::Hand;

    /// The name used in specs: `hand`, `net`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Evaluation::Hand => "hand",
            Evaluation::Net => "net",
        }
    }
}
