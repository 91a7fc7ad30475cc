//! The static evaluations of a Breakthrough position, for the searches: the hand-written one
//! below, and the trained network's features ([`crate::net`]).
//!
//! The hand-written evaluation is in hundredths of a piece, from the side to move's point of view, the sum of:
//! - **material**: 100 a piece (pieces are only lost with `captures=diagonal`);
//! - **distance to the far row**: a piece gains 2, 6, 14, 30 for one to four rows advanced, and
//!   the side's most advanced piece gains 15 more for each row it has come (the game is a race);
//! - **blocked pieces**: a piece with no step forward — holes, friends or enemies in front —
//!   loses 8, since a side whose pieces are all blocked loses;
//! - **mobility**: 2 for each step the side could make.

use arbiter_core::nnue::{Features, Network};
use arbiter_core::{Evaluate, Side, Strength};

use crate::board::{cells, forward, Cells, Step};
use crate::{Holes, Move};

const PIECE: i32 = 100;
const ADVANCE: [i32; 6] = [0, 2, 6, 14, 30, 0];
const LEADER: i32 = 15;
const BLOCKED: i32 = 8;
const MOBILITY: i32 = 2;

impl Holes {
    fn side_score(&self, side: Side) -> i32 {
        let own = self.pieces(side);
        let rows = |rank: u8| match side {
            Side::White => rank,
            Side::Black => 5 - rank,
        };
        let mut score = PIECE * own.count_ones() as i32;
        let mut leader = 0;
        for cell in cells(own) {
            let advanced = rows(cell.rank());
            score += ADVANCE[usize::from(advanced)];
            leader = leader.max(i32::from(advanced));
        }
        score += LEADER * leader;
        let mut movable: Cells = 0;
        let mut steps = 0;
        for step in Step::ALL {
            let targets = self.targets_for(side, step);
            let reach = forward(own, side, step) & targets;
            steps += reach.count_ones() as i32;
            // The pieces that can make this step: the targets stepped back.
            movable |= own & back(reach, side, step);
        }
        score - BLOCKED * (own & !movable).count_ones() as i32 + MOBILITY * steps
    }
}

/// The cells one step behind `cells` for `side`'s `step`: where a piece came from.
fn back(cells: Cells, side: Side, step: Step) -> Cells {
    let reverse = match step {
        Step::Left => Step::Right,
        Step::Straight => Step::Straight,
        Step::Right => Step::Left,
    };
    forward(cells, side.opponent(), reverse)
}

impl Evaluate for Holes {
    /// Past 300 thousand positions a move the search gains little that matches can show
    /// (most positions a few moves in are decided), so the levels start lower: level 1 looks
    /// one move ahead with a random move 20 times in a hundred.
    const LEVELS: [Strength; 5] = [
        Strength::depth(1).erratic(20),
        Strength::depth(1),
        Strength::depth(3),
        Strength::nodes(30_000),
        Strength::nodes(300_000),
    ];

    fn evaluate(&self) -> i32 {
        self.side_score(self.side_to_move) - self.side_score(self.side_to_move.opponent())
    }

    const NET_INPUTS: usize = crate::net::INPUTS;

    /// Piece-square features, the board given a half turn for Black (see [`crate::net`]).
    fn net_features(&self, perspective: Side, features: &mut Features) {
        self.push_features(perspective, features);
    }

    /// `data/nnue.bin` (see [`crate::net`]).
    fn network() -> Option<&'static Network> {
        crate::net::network()
    }

    /// Captures, and steps onto the far row (which win).
    fn is_tactical(&self, mv: Move) -> bool {
        mv.is_capture() || mv.to().bit() & Self::goal(self.side_to_move) != 0
    }
}
