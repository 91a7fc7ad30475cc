//! The static evaluation of a Fanorona position, for the searches.
//!
//! In hundredths of a piece, from the side to move's point of view, the sum of:
//! - **material**: 100 a piece;
//! - **strong points**: 4 for each piece on a point with diagonals, which has twice the lines
//!   to capture and escape along;
//! - **threats**: a piece that could capture if its side were to move is worth 12 to the side
//!   to move (it will capture now) and 6 to the other side (a threat the mover must answer);
//! - **mobility**: 1 for each non-capturing step the side could make.

use arbiter_core::{Evaluate, Side, Tactics};

use crate::board::STRONG;
use crate::{Fanorona, Move};

const PIECE: i32 = 100;
const STRONG_POINT: i32 = 4;
const THREAT_TO_MOVE: i32 = 12;
const THREAT_WAITING: i32 = 6;

impl Fanorona {
    fn side_score(&self, side: Side, threat: i32) -> i32 {
        let own = self.pieces(side);
        PIECE * own.count_ones() as i32
            + STRONG_POINT * (own & STRONG).count_ones() as i32
            + threat * self.capturers_of(side).count_ones() as i32
            + self.paikas_of(side) as i32
    }
}

impl Evaluate for Fanorona {
    fn evaluate(&self) -> i32 {
        let side = self.side_to_move;
        self.side_score(side, THREAT_TO_MOVE) - self.side_score(side.opponent(), THREAT_WAITING)
    }

    /// Captures.
    fn is_tactical(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    /// Captures are compulsory, so the moves are all captures or all paikas. Every first
    /// capturing step is a move by itself (a chain may stop after any capture), so when there
    /// are more first steps than `limit` there are more moves, and no chain is followed.
    fn tactical_moves(&self, moves: &mut Vec<Move>, limit: usize) -> Tactics {
        moves.clear();
        let capturers = self.capturers();
        if capturers == 0 {
            return if self.count_paikas() == 0 { Tactics::Over } else { Tactics::SomeQuiet };
        }
        if self.more_first_captures_than(limit) {
            return Tactics::ManyTactical;
        }
        self.generate_chains(capturers, moves);
        if moves.len() > limit {
            moves.clear();
            Tactics::ManyTactical
        } else {
            Tactics::AllTactical
        }
    }
}
