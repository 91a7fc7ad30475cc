//! The static evaluation of a mini-checkers position, for the searches.
//!
//! In hundredths of a piece, from the side to move's point of view, the sum of:
//! - **material**: 100 a piece;
//! - **advancement**: the game is a race to the far row, so a piece gains more the closer it
//!   is: 0, 4, 10, 20 and 40 for zero to four ranks advanced (the fifth is the win);
//! - **mobility**: 3 for each step the side could make, since a side without moves loses.

use arbiter_core::{Evaluate, Side, Strength};

use crate::board::{squares, Square};
use crate::{Minicheckers, Move};

const PIECE: i32 = 100;
const MOBILITY: i32 = 3;
/// What a piece gains for the ranks it has advanced.
const ADVANCE: [i32; 6] = [0, 4, 10, 20, 40, 0];

impl Minicheckers {
    fn side_score(&self, side: Side) -> i32 {
        let own = self.pieces(side);
        let advancement: i32 = squares(own)
            .map(|square: Square| {
                let ranks = match side {
                    Side::White => square.rank(),
                    Side::Black => 5 - square.rank(),
                };
                ADVANCE[usize::from(ranks)]
            })
            .sum();
        PIECE * own.count_ones() as i32 + advancement + MOBILITY * self.steps_of(side) as i32
    }
}

impl Evaluate for Minicheckers {
    /// Mini checkers is so small that a search of a few hundred positions plays it well and
    /// one of fifty thousand almost perfectly, so the two lowest levels play one move ahead
    /// but make random moves, 80 and 40 times in a hundred.
    const LEVELS: [Strength; 5] = [
        Strength::depth(1).erratic(80),
        Strength::depth(1).erratic(40),
        Strength::depth(1),
        Strength::nodes(400),
        Strength::nodes(50_000),
    ];

    fn evaluate(&self) -> i32 {
        self.side_score(self.side_to_move) - self.side_score(self.side_to_move.opponent())
    }

    /// Captures, and steps onto the far row (which win).
    fn is_tactical(&self, mv: Move) -> bool {
        mv.is_capture() || mv.to().bit() & Self::goal(self.side_to_move) != 0
    }
}
