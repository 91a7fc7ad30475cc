//! What a search needs from a game beyond its rules.

use std::fmt;

use crate::nnue::{Features, Network};
use crate::{Knowledge, Side};

/// How the tactical moves of a position stand among its legal moves, as
/// [`Evaluate::tactical_moves`] finds them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tactics {
    /// There is no legal move: the game is over.
    Over,
    /// Some legal move is quiet; the list holds the tactical ones, perhaps none.
    SomeQuiet,
    /// Every legal move is tactical (captures are compulsory); the list holds them all.
    AllTactical,
    /// Every legal move is tactical and there are more than the limit asked; the list is
    /// empty.
    ManyTactical,
}

/// How much an alpha-beta player of a strength level searches: at most `depth` plies and
/// `nodes` positions a move, and a random move instead of its own `random_percent` times in a
/// hundred. Levels are counted in positions, not seconds, so that a level plays the same on
/// every machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Strength {
    /// The deepest iteration, if limited.
    pub depth: Option<u32>,
    /// The most positions a move, if limited.
    pub nodes: Option<u64>,
    /// How many times in a hundred, on average, a random move is played instead.
    pub random_percent: u8,
}

impl Strength {
    /// A search `depth` plies deep.
    #[must_use]
    pub const fn depth(depth: u32) -> Self {
        Strength { depth: Some(depth), nodes: None, random_percent: 0 }
    }

    /// A search of at most `nodes` positions.
    #[must_use]
    pub const fn nodes(nodes: u64) -> Self {
        Strength { depth: None, nodes: Some(nodes), random_percent: 0 }
    }

    /// This strength, playing a random move `percent` times in a hundred.
    #[must_use]
    pub const fn erratic(self, percent: u8) -> Self {
        Strength { random_percent: percent, ..self }
    }
}

/// The strength as people read it: `3 plies`, `30,000 positions`, `3 plies, at most
/// 3,000,000 positions`, `1 ply, 80 % random` (the table of docs/strength.md is made of these).
impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let positions = self.nodes.map(thousands);
        match (self.depth, positions) {
            (Some(1), None) => write!(f, "1 ply")?,
            (Some(depth), None) => write!(f, "{depth} plies")?,
            (None, Some(nodes)) => write!(f, "{nodes} positions")?,
            (Some(depth), Some(nodes)) => write!(f, "{depth} plies, at most {nodes} positions")?,
            (None, None) => write!(f, "no limit")?,
        }
        if self.random_percent > 0 {
            write!(f, ", {} % random", self.random_percent)?;
        }
        Ok(())
    }
}

/// `n` with a comma between each group of three digits.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut grouped = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// A game's static evaluation, for the searches of `arbiter-ai`. Each game documents what its
/// evaluation weighs, in its own crate. The searches include the exact one (the perfect player
/// asks the solver), so a game they play also says what it knows for it ([`Knowledge`], empty
/// by default).
pub trait Evaluate: Knowledge {
    /// How good the position is for the side to move, in hundredths of a piece: positive is
    /// good for the player to move, 0 is even. Only called on positions that are not over;
    /// values stay well within ±100 000.
    fn evaluate(&self) -> i32;

    /// The strength levels 1 (weakest) to 5 of the alpha-beta player. Each is at least 100
    /// Elo above the one below, measured by matches (`docs/strength.md`); a game whose search
    /// gains more or less from each extra node than most sets its own. By default: one ply,
    /// three plies, then 30 thousand, 300 thousand and 3 million positions a move.
    const LEVELS: [Strength; 5] = [
        Strength::depth(1),
        Strength::depth(3),
        Strength::nodes(30_000),
        Strength::nodes(300_000),
        Strength::nodes(3_000_000),
    ];

    /// The game's opening book, as text: one position a line, written as the moves that reach
    /// it from the start under the default options, then `:` and the moves to play there, best
    /// first, each with its score for the player who makes it (`9-13 22-18: 6-9 +0.02; 12-16
    /// -0.04`); `#` starts a comment. Searches play a book move, checked legal, instead of
    /// searching (`arbiter_ai::Book` reads the text; `arbiter book build` writes it). Empty, no
    /// book, by default.
    const OPENING_BOOK: &'static str = "";

    /// The number of features of the game's learned evaluation ([`crate::nnue`]); 0, the
    /// default, when the game has none.
    const NET_INPUTS: usize = 0;

    /// Pushes onto `features` the indices (below [`Evaluate::NET_INPUTS`]) of the position's
    /// active features as `perspective` sees it, the board turned round for one of the sides
    /// so that a position and its image with the colours swapped have the same features. None
    /// by default.
    fn net_features(&self, _perspective: Side, _features: &mut Features) {}

    /// The game's trained network, built into the program, when it has one: searches asked
    /// for the learned evaluation use it ([`crate::nnue::evaluate`]). None by default.
    fn network() -> Option<&'static Network> {
        None
    }

    /// Whether `mv` changes the material or ends the game (a capture, a crowning, a step onto
    /// the goal row): such moves are tried first, and searched past the horizon.
    fn is_tactical(&self, mv: Self::Move) -> bool;

    /// Replaces the contents of `moves` with the tactical legal moves, in the order of
    /// [`Game::generate_moves`](crate::Game::generate_moves), and says how they stand among all the legal moves: what a
    /// quiescence search needs. When every legal move is tactical and there are more than
    /// `limit` of them, the answer is [`Tactics::ManyTactical`] and `moves` is left empty.
    ///
    /// The default generates every move and keeps the tactical ones; a game overrides it to
    /// skip the quiet moves, or to see that there are many captures without listing them.
    fn tactical_moves(&self, moves: &mut Vec<Self::Move>, limit: usize) -> Tactics {
        self.generate_moves(moves);
        if moves.is_empty() {
            Tactics::Over
        } else if moves.iter().all(|&mv| self.is_tactical(mv)) {
            if moves.len() > limit {
                moves.clear();
                Tactics::ManyTactical
            } else {
                Tactics::AllTactical
            }
        } else {
            moves.retain(|&mv| self.is_tactical(mv));
            Tactics::SomeQuiet
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Strength;

    #[test]
    fn strengths_read_as_plies_positions_and_random_moves() {
        assert_eq!(Strength::depth(1).to_string(), "1 ply");
        assert_eq!(Strength::depth(3).erratic(5).to_string(), "3 plies, 5 % random");
        assert_eq!(Strength::nodes(400).to_string(), "400 positions");
        assert_eq!(Strength::nodes(3_000_000).to_string(), "3,000,000 positions");
        let both = Strength { depth: Some(3), nodes: Some(30_000), random_percent: 0 };
        assert_eq!(both.to_string(), "3 plies, at most 30,000 positions");
    }
}
