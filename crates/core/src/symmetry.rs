//! A symmetry of a game's rules that swaps the colours, for searches that want to treat a
//! position and its image as one.

use crate::Knowledge;

/// A game whose rules are unchanged when the board is turned half a turn and the colours are
/// swapped, as in the two 6×6 games: White's pieces become Black's on the opposite squares,
/// and the side to move is swapped too.
///
/// Contract: `mirrored` is an involution (`p.mirrored().mirrored() == p`), and a position and
/// its image have the same legal moves (each mirrored), so the same number of them, and the
/// same value for the player to move: a win for White in one is a win for Black in the other.
/// A game with this symmetry gives [`Knowledge::canonical_hash`] as [`symmetric_hash`]: the
/// smaller of the position's hash and its image's.
pub trait Symmetry: Knowledge {
    /// The position turned half a turn with the colours (and the side to move) swapped.
    #[must_use]
    fn mirrored(&self) -> Self;
}

/// The [`Knowledge::canonical_hash`] of a game with a [`Symmetry`]: the smaller of the position's
/// hash and its mirror image's, which the two share.
pub fn symmetric_hash<G: Symmetry>(position: &G) -> u64 {
    position.hash().min(position.mirrored().hash())
}
