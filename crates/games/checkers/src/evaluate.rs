//! The static evaluations of a checkers position, for the searches: the hand-written one
//! below, and the trained network's features ([`crate::net`]).
//!
//! The hand-written evaluation is in hundredths of a man, from the side to move's point of view, the sum of:
//! - **material**: a man is worth 100 and a king 140 (kings move both ways, but a man near
//!   the far row is nearly a king already, which the next term covers);
//! - **advancement**: a man gains 3 for each row it has advanced, and 10 more on the row
//!   before crowning;
//! - **the back rank**: a man still on its own back row is worth 6, because it keeps the
//!   opponent's men from crowning there — until the endgame (8 pieces or fewer), when the men
//!   should move up;
//! - **mobility**: 2 for each step the side could make (jumps are searched, not counted);
//! - **trading when ahead**: with fewer pieces on the board a material lead counts for more, so
//!   the stronger side is drawn to exchanges (a lead of `d` earns `d × (24 − pieces) / 24`).

use arbiter_core::nnue::{Features, Network};
use arbiter_core::{Evaluate, Side, Strength};

use crate::board::{pdn_index, squares, BITS, BOARD, BOTTOM_ROW, TOP_ROW};
use crate::{Checkers, Move};

const MAN: i32 = 100;
const KING: i32 = 140;
const BACK_RANK: i32 = 6;
const MOBILITY: i32 = 2;

/// What a man on each square (by bit) is worth for its advancement, for Black (who moves
/// down the board); White's is the image of the board turned round, bit `34 - b`.
static BLACK_ADVANCE: [i32; BITS] = {
    let mut table = [0; BITS];
    let mut bit = 0;
    while bit < BITS {
        if BOARD & 1 << bit != 0 {
            let row = (pdn_index(bit) / 4) as i32;
            table[bit] = 3 * row + if row == 6 { 10 } else { 0 };
        }
        bit += 1;
    }
    table
};

impl Checkers {
    fn side_score(&self, side: Side, endgame: bool) -> i32 {
        let own = self.side_squares(side);
        let kings = own & self.kings;
        let men = own & !self.kings;
        let mut score = MAN * men.count_ones() as i32 + KING * kings.count_ones() as i32;
        for square in squares(men) {
            score += match side {
                Side::Black => BLACK_ADVANCE[square],
                Side::White => BLACK_ADVANCE[BITS - 1 - square],
            };
        }
        if !endgame {
            let back_row = match side {
                Side::Black => TOP_ROW,
                Side::White => BOTTOM_ROW,
            };
            score += BACK_RANK * (men & back_row).count_ones() as i32;
        }
        score + MOBILITY * self.steps_of(side) as i32
    }
}

impl Evaluate for Checkers {
    /// The book plays the first moves of every level alike, so the levels differ by what they
    /// search after it: one ply, three plies, then 15 thousand, 150 thousand and 3 million
    /// positions a move (half the default's at levels 3 and 4, so that level 5 searches twenty
    /// times more than level 4: `docs/strength.md` has the matches).
    const LEVELS: [Strength; 5] = [
        Strength::depth(1),
        Strength::depth(3),
        Strength::nodes(15_000),
        Strength::nodes(150_000),
        Strength::nodes(3_000_000),
    ];

    /// The positions of the 174 three-move openings (the ACF ballot's 156 and the 18 it bars),
    /// of the way to them and of a few plies after them, with the moves that searches found
    /// best there: `data/book.txt`, whose header gives the command that built it
    /// (docs/strength.md has its figures).
    const OPENING_BOOK: &'static str = include_str!("../data/book.txt");

    fn evaluate(&self) -> i32 {
        let side = self.side_to_move;
        let pieces =
            (self.side_squares(Side::White) | self.side_squares(Side::Black)).count_ones() as i32;
        let endgame = pieces <= 8;
        let own = self.side_score(side, endgame);
        let enemy = self.side_score(side.opponent(), endgame);
        let material = |s: Side| {
            let set = self.side_squares(s);
            MAN * (set & !self.kings).count_ones() as i32
                + KING * (set & self.kings).count_ones() as i32
        };
        let lead = material(side) - material(side.opponent());
        own - enemy + lead * (24 - pieces) / 24
    }

    const NET_INPUTS: usize = crate::net::INPUTS;

    /// Piece-square features, the board turned round for White (see [`crate::net`]).
    fn net_features(&self, perspective: Side, features: &mut Features) {
        self.push_features(perspective, features);
    }

    /// `data/nnue.bin` (see [`crate::net`]).
    fn network() -> Option<&'static Network> {
        crate::net::network()
    }

    /// Jumps, and steps that crown a man.
    fn is_tactical(&self, mv: Move) -> bool {
        mv.is_capture()
            || (self.kings & (1 << mv.from) == 0 && (1 << mv.to) & (TOP_ROW | BOTTOM_ROW) != 0)
    }
}
