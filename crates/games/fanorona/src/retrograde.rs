//! The numbering of positions for endgame tables.
//!
//! A material counts each side's pieces. A position's index is, from the most significant,
//! the rank of the set of White's points among the 45, of Black's, and last the side to move.
//! Sets that overlap name no position.

use std::fmt;
use std::str::FromStr;

use arbiter_core::retrograde::{binomial, rank_set, unrank_set};
use arbiter_core::{Retrograde, Side};

use crate::board::BOARD;
use crate::Fanorona;

/// The number of points.
const POINTS: u32 = BOARD.count_ones();

/// The pieces of each side in Fanorona: written `2w1b`, White's then Black's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Material {
    /// White's pieces.
    pub white: u8,
    /// Black's pieces.
    pub black: u8,
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}w{}b", self.white, self.black)
    }
}

impl FromStr for Material {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let bad = || {
            format!("`{text}` is not a Fanorona material: expected e.g. `2w1b` (White's pieces, then Black's)")
        };
        let (white, black) =
            text.strip_suffix('b').and_then(|rest| rest.split_once('w')).ok_or_else(bad)?;
        let (white, black): (u8, u8) =
            white.parse().ok().zip(black.parse().ok()).ok_or_else(bad)?;
        if white > 22 || black > 22 {
            return Err(bad());
        }
        Ok(Material { white, black })
    }
}

impl Retrograde for Fanorona {
    type Material = Material;

    /// Only captures change the material.
    fn stage(material: Material) -> u32 {
        Fanorona::piece_count(material)
    }

    fn materials(pieces: u32) -> Vec<Material> {
        let most = pieces.min(44) as u8;
        (1..=most.min(22))
            .flat_map(|white| {
                (1..=(most - white).min(22)).map(move |black| Material { white, black })
            })
            .collect()
    }

    fn piece_count(material: Material) -> u32 {
        u32::from(material.white) + u32::from(material.black)
    }

    fn material(&self) -> Option<Material> {
        let count = |side| self.pieces(side).count_ones() as u8;
        let (white, black) = (count(Side::White), count(Side::Black));
        (white > 0 && black > 0).then_some(Material { white, black })
    }

    fn index_count(material: Material) -> u64 {
        2 * binomial(POINTS, u32::from(material.white))
            * binomial(POINTS, u32::from(material.black))
    }

    fn index(&self) -> u64 {
        let black = self.pieces(Side::Black);
        let sets = rank_set(self.pieces(Side::White)) * binomial(POINTS, black.count_ones())
            + rank_set(black);
        sets * 2 + u64::from(self.side_to_move == Side::White)
    }

    fn unindex(material: Material, index: u64) -> Option<Fanorona> {
        let side_to_move = if index % 2 == 1 { Side::White } else { Side::Black };
        let blacks = binomial(POINTS, u32::from(material.black));
        let black = unrank_set(index / 2 % blacks, u32::from(material.black));
        let white = unrank_set(index / 2 / blacks, u32::from(material.white));
        (white & black == 0 && white < 1 << POINTS)
            .then(|| Fanorona::from_pieces(white, black, side_to_move))
    }
}
