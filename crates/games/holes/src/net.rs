//! The learned evaluation's features and the trained network (`data/nnue.bin`).
//!
//! # Features
//!
//! 72 piece-square features from one side's point of view: `kind × 36 + cell`, the kinds being
//! 0 its own piece and 1 an enemy piece, and `cell` the cell's bit (`a1` is 0, `f6` 35) as
//! White sees the board; for Black the board is given a half turn (cell `i` is read as
//! `35 − i`), the image under which the rules are unchanged (the holes go to holes, see the
//! crate's documentation), so that every side sees its pieces move towards cells 30–35 and one
//! network serves both. At most 24 features are active. The four holes are never occupied, so
//! their eight features never are. The network is the generic one of [`arbiter_core::nnue`]:
//! two accumulators of `hidden` units (the side to move's and the other side's), a dense layer
//! and one output; the file states its sizes.
//!
//! The features say nothing of the option `captures`: the network is trained under the
//! default rules (`captures=none`), and evaluates positions of either rule set alike.
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

use crate::board::cells;
use crate::{Holes, Move};

/// The number of features: 2 kinds of piece × 36 cells.
pub const INPUTS: usize = 72;

/// The trained network's file.
static NETWORK_FILE: &[u8] = include_bytes!("../data/nnue.bin");

/// The trained network, read once; `None` if the file built in were not a network for
/// Breakthrough with holes (a test checks that it is).
pub fn network() -> Option<&'static Network> {
    static NETWORK: OnceLock<Option<Network>> = OnceLock::new();
    NETWORK.get_or_init(|| Network::for_game::<Holes>(NETWORK_FILE).ok()).as_ref()
}

/// The feature of a piece of `owner` on the cell of bit `cell`, as `perspective` sees it.
const fn feature(perspective: Side, owner: Side, cell: usize) -> usize {
    let own =
        matches!((perspective, owner), (Side::White, Side::White) | (Side::Black, Side::Black));
    let kind = if own { 0 } else { 1 };
    let cell = match perspective {
        Side::White => cell,
        Side::Black => 35 - cell,
    };
    kind * 36 + cell
}

impl Holes {
    /// Pushes the active features of the position seen by `perspective` (see the module's
    /// documentation).
    pub(crate) fn push_features(&self, perspective: Side, features: &mut Features) {
        for owner in [perspective, perspective.opponent()] {
            for cell in cells(self.pieces(owner)) {
                features.push(feature(perspective, owner, cell.index()));
            }
        }
    }

    /// The features that `mv`, a legal move of this position, adds to and removes from those
    /// `perspective` sees: what updates an accumulator incrementally (the moving piece leaves
    /// its cell and arrives on another; a piece it captures there leaves).
    pub fn feature_changes(
        &self,
        mv: Move,
        perspective: Side,
        added: &mut Features,
        removed: &mut Features,
    ) {
        let side = self.side_to_move;
        removed.push(feature(perspective, side, mv.from().index()));
        added.push(feature(perspective, side, mv.to().index()));
        if mv.is_capture() {
            removed.push(feature(perspective, side.opponent(), mv.to().index()));
        }
    }
}
