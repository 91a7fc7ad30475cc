//! The static evaluation of a Day-and-Night position, for the searches.
//!
//! In hundredths of a piece, from the side to move's point of view, the sum of:
//! - **material**: 100 for each of the side's own pieces (captured pieces are neutral and
//!   count for nobody);
//! - **zones**: a piece can only capture from its own zone, so a piece that will stand in its
//!   zone on the side's next turn — after the dial's next turn, one sector clockwise — gains 8;
//! - **threats**: a piece that could capture now (in its zone, next to an enemy piece with the
//!   field behind free) is worth 25 to the side to move and 12 to the waiting side;
//! - **mobility**: 2 for each slide the side could make, so that neutral pieces placed as
//!   blockers, and pieces hemmed in, show up: a side without a move loses;
//! - **closing in when ahead**: a side at least 2 own pieces ahead earns 6 for each of its
//!   pieces and each step of nearness to the nearest enemy piece (6 minus the diagonal steps
//!   between them, sectors round and rings in or out, on an open board). A capture needs a
//!   piece next to its victim, and a stronger side that keeps its distance draws by the
//!   100-turn rule; with the term the stronger side wins 24 of the 50 of
//!   `examples/data/daynight-endgames.txt`, against 12 without it (`examples/endgames.rs` in
//!   arbiter-ai at 50,000 nodes). Only a lead of 2 turns it on, so it leaves positions with
//!   level material alone.

use arbiter_core::{Evaluate, Game, Side, Strength, Tactics};

use crate::board::{fields, Fields, SECTORS};
use crate::{DayNight, Move, DAY};

const PIECE: i32 = 100;
const NEXT_ZONE: i32 = 8;
const THREAT_TO_MOVE: i32 = 25;
const THREAT_WAITING: i32 = 12;
const MOBILITY: i32 = 2;
const CLOSING: i32 = 6;
const CLOSING_LEAD: i32 = 2;

impl DayNight {
    fn side_score(&self, side: Side, threat: i32) -> i32 {
        let own = self.pieces(side);
        let next_day = DAY[usize::from((self.dial + 1) % SECTORS)];
        let next_zone = match side {
            Side::White => next_day,
            Side::Black => !next_day,
        };
        let empty = self.empty();
        let mut slides = 0;
        for from in fields(own) {
            Self::slides_of(from, empty, |_| slides += 1);
        }
        PIECE * own.count_ones() as i32
            + NEXT_ZONE * (own & next_zone).count_ones() as i32
            + threat * self.capturers_of(side).count_ones() as i32
            + MOBILITY * slides
    }
}

/// The sum over `own` of how near each piece is to the nearest piece of `enemy`: 6 minus the
/// number of diagonal steps between them on an open board (sectors round, rings in or out).
fn closeness(own: Fields, enemy: Fields) -> i32 {
    let mut total = 0;
    for from in fields(own) {
        let nearest = fields(enemy)
            .map(|to| {
                let round = from.sector().abs_diff(to.sector());
                round.min(SECTORS - round).max(from.ring().abs_diff(to.ring()))
            })
            .min()
            .unwrap_or(6);
        total += 6 - i32::from(nearest);
    }
    total
}

impl Evaluate for DayNight {
    /// Each ply costs many positions here (a move may be followed by a neutral slide), so
    /// the middle levels count plies: one, two and three, the third with at most 3 million
    /// positions. Level 1 plays a random move 5 times in a hundred, which here often gives a
    /// piece away.
    const LEVELS: [Strength; 5] = [
        Strength::depth(1).erratic(5),
        Strength::depth(1),
        Strength::depth(2),
        Strength { depth: Some(3), nodes: Some(3_000_000), random_percent: 0 },
        Strength::nodes(3_000_000),
    ];

    fn evaluate(&self) -> i32 {
        let side = self.side_to_move;
        let base = self.side_score(side, THREAT_TO_MOVE)
            - self.side_score(side.opponent(), THREAT_WAITING);
        let own = self.pieces(side);
        let enemy = self.pieces(side.opponent());
        match own.count_ones() as i32 - enemy.count_ones() as i32 {
            lead if lead >= CLOSING_LEAD => base + CLOSING * closeness(own, enemy),
            lead if lead <= -CLOSING_LEAD => base - CLOSING * closeness(enemy, own),
            _ => base,
        }
    }

    /// Captures.
    fn is_tactical(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    /// Captures are compulsory, so the moves are all captures or all slides: without a
    /// capture, only whether there is a slide matters, and the slides are not listed.
    fn tactical_moves(&self, moves: &mut Vec<Move>, limit: usize) -> Tactics {
        moves.clear();
        let side = self.side_to_move;
        if self.capturers_of(side) == 0 {
            return if self.can_slide(side) { Tactics::SomeQuiet } else { Tactics::Over };
        }
        self.generate_moves(moves);
        if moves.len() > limit {
            moves.clear();
            Tactics::ManyTactical
        } else {
            Tactics::AllTactical
        }
    }
}
