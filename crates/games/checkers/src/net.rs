//! The learned evaluation's features and the trained network (`data/nnue.bin`).
//!
//! # Features
//!
//! 128 piece-square features from one side's point of view: `kind × 32 + square`, the kinds
//! being 0 its own man, 1 its own king, 2 an enemy man, 3 an enemy king, and `square` the PDN
//! index (0 for square 1) as Black sees the board; for White the board is turned round
//! (square `n` is read as `33 − n`), so that every side sees its men move towards square 32
//! and one network serves both. At most 24 features are active. The network is the generic
//! one of [`arbiter_core::nnue`]: two accumulators of `hidden` units (the side to move's and
//! the other side's), a dense layer and one output; the file states its sizes.
//!
//! # The network file
//!
//! `data/nnue.bin`, in the format of [`arbiter_core::nnue`], is built into the program. Its
//! provenance field holds the commands and seeds that made it (`arbiter train generate` and
//! `arbiter train fit`; `docs/strength.md` has the figures); `arbiter train show FILE`
//! prints it.

use std::sync::OnceLock;

use arbiter_core::nnue::{Features, Network};
use arbiter_core::Side;

use crate::{Checkers, Move};

/// The number of features: 4 kinds of piece × 32 squares.
pub const INPUTS: usize = 128;

/// The trained network's file.
static NETWORK_FILE: &[u8] = include_bytes!("../data/nnue.bin");

/// The trained network, read once; `None` if the file built in were not a network for
/// checkers (a test checks that it is).
pub fn network() -> Option<&'static Network> {
    static NETWORK: OnceLock<Option<Network>> = OnceLock::new();
    NETWORK.get_or_init(|| Network::for_game::<Checkers>(NETWORK_FILE).ok()).as_ref()
}

/// The feature of a piece of `owner` (a king or not) on the PDN square index `square` (0 for
/// square 1), as `perspective` sees it.
const fn feature(perspective: Side, owner: Side, king: bool, square: usize) -> usize {
    let own =
        matches!((perspective, owner), (Side::Black, Side::Black) | (Side::White, Side::White));
    let kind = if own { 0 } else { 2 } + if king { 1 } else { 0 };
    let square = match perspective {
        Side::Black => square,
        Side::White => 31 - square,
    };
    kind * 32 + square
}

impl Checkers {
    /// Pushes the active features of the position seen by `perspective` (see the module's
    /// documentation).
    pub(crate) fn push_features(&self, perspective: Side, features: &mut Features) {
        let kings = self.kings();
        for owner in [perspective, perspective.opponent()] {
            let mut pieces = self.pieces(owner);
            while pieces != 0 {
                let square = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                features.push(feature(perspective, owner, kings & 1 << square != 0, square));
            }
        }
    }

    /// The features that `mv`, a legal move of this position, adds to and removes from those
    /// `perspective` sees: what updates an accumulator incrementally (the moving piece leaves
    /// its square and arrives on another, perhaps crowned; the pieces it jumps leave).
    pub fn feature_changes(
        &self,
        mv: Move,
        perspective: Side,
        added: &mut Features,
        removed: &mut Features,
    ) {
        let side = self.side_to_move;
        let kings = self.kings();
        let (from, to) = (usize::from(mv.from_square()) - 1, usize::from(mv.to_square()) - 1);
        let was_king = kings & 1 << from != 0;
        // Black crowns on row 7 (squares 29–32), White on row 0 (squares 1–4).
        let crowning_row = if side == Side::Black { 7 } else { 0 };
        let crowned = was_king || to / 4 == crowning_row;
        let leaving = feature(perspective, side, was_king, from);
        let arriving = feature(perspective, side, crowned, to);
        // A king that jumps round a loop back to its square neither leaves nor arrives.
        if leaving != arriving {
            removed.push(leaving);
            added.push(arriving);
        }
        let mut captured = mv.captured;
        while captured != 0 {
            let square = captured.trailing_zeros() as usize;
            captured &= captured - 1;
            let king = kings & 1 << square != 0;
            removed.push(feature(perspective, side.opponent(), king, square));
        }
    }
}
