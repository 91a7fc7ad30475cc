//! The numbering of positions for endgame tables.
//!
//! A material counts each side's men and kings. A position's index is, from the most
//! significant, the rank of the set of Black's men among the 28 squares a black man may stand
//! on (not the crowning row), of Black's kings among all 32, of White's men, of White's kings,
//! and last the side to move. Sets that overlap name no position: that wastes some indices but
//! keeps the number a plain product.

use std::fmt;
use std::str::FromStr;

use arbiter_core::retrograde::{binomial, deposit, extract, rank_set, unrank_set};
use arbiter_core::{Retrograde, Side};

use crate::board::from_pdn;
use crate::Checkers;

/// The squares (PDN layout) a black man may stand on: all but its crowning row, 29–32.
const BLACK_MEN: u64 = 0x0FFF_FFFF;
/// The squares a white man may stand on: all but 1–4.
const WHITE_MEN: u64 = 0xFFFF_FFF0;
/// Every square, where kings stand.
const ALL: u64 = 0xFFFF_FFFF;
/// The squares of each group of the index, in its order: Black's men and kings, White's.
const SQUARES: [u64; 4] = [BLACK_MEN, ALL, WHITE_MEN, ALL];

/// The pieces of each side in checkers: written `2m1k-0m2k`, Black's men and kings, then
/// White's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Material {
    /// Black's men.
    pub black_men: u8,
    /// Black's kings.
    pub black_kings: u8,
    /// White's men.
    pub white_men: u8,
    /// White's kings.
    pub white_kings: u8,
}

impl Material {
    /// The groups of pieces in the order of the index, with the squares each may stand on.
    fn groups(self) -> [(u8, u64); 4] {
        let [black_men, black_kings, white_men, white_kings] = SQUARES;
        [
            (self.black_men, black_men),
            (self.black_kings, black_kings),
            (self.white_men, white_men),
            (self.white_kings, white_kings),
        ]
    }

    fn men(self) -> u32 {
        u32::from(self.black_men) + u32::from(self.white_men)
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}m{}k-{}m{}k",
            self.black_men, self.black_kings, self.white_men, self.white_kings
        )
    }
}

impl FromStr for Material {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let bad = || {
            format!("`{text}` is not a checkers material: expected e.g. `2m1k-0m2k` (Black's men and kings, then White's)")
        };
        let side = |part: &str| -> Option<(u8, u8)> {
            let (men, kings) = part.strip_suffix('k')?.split_once('m')?;
            Some((men.parse().ok()?, kings.parse().ok()?))
        };
        let (black, white) = text.split_once('-').ok_or_else(bad)?;
        let ((black_men, black_kings), (white_men, white_kings)) =
            side(black).zip(side(white)).ok_or_else(bad)?;
        if black_men + black_kings > 12 || white_men + white_kings > 12 {
            return Err(bad());
        }
        Ok(Material { black_men, black_kings, white_men, white_kings })
    }
}

impl Retrograde for Checkers {
    type Material = Material;

    /// Captures lower the pieces, crownings the men.
    fn stage(material: Material) -> u32 {
        Checkers::piece_count(material) * 32 + material.men()
    }

    fn materials(pieces: u32) -> Vec<Material> {
        let mut materials = Vec::new();
        let most = pieces.min(24) as u8;
        for black_men in 0..=most {
            for black_kings in 0..=most - black_men {
                for white_men in 0..=most - black_men - black_kings {
                    for white_kings in 0..=most - black_men - black_kings - white_men {
                        let material = Material { black_men, black_kings, white_men, white_kings };
                        if black_men + black_kings > 0
                            && white_men + white_kings > 0
                            && black_men + black_kings <= 12
                            && white_men + white_kings <= 12
                        {
                            materials.push(material);
                        }
                    }
                }
            }
        }
        materials
    }

    fn piece_count(material: Material) -> u32 {
        u32::from(material.black_men)
            + u32::from(material.black_kings)
            + u32::from(material.white_men)
            + u32::from(material.white_kings)
    }

    fn material(&self) -> Option<Material> {
        let count = |set: u32| set.count_ones() as u8;
        let kings = self.kings();
        let (black, white) = (self.pieces(Side::Black), self.pieces(Side::White));
        (black != 0 && white != 0).then_some(Material {
            black_men: count(black & !kings),
            black_kings: count(black & kings),
            white_men: count(white & !kings),
            white_kings: count(white & kings),
        })
    }

    fn index_count(material: Material) -> u64 {
        material
            .groups()
            .iter()
            .fold(2, |count, &(n, squares)| count * binomial(squares.count_ones(), u32::from(n)))
    }

    fn index(&self) -> u64 {
        let kings = u64::from(self.kings());
        let (black, white) =
            (u64::from(self.pieces(Side::Black)), u64::from(self.pieces(Side::White)));
        let sets = [black & !kings, black & kings, white & !kings, white & kings];
        let mut index = 0;
        for (squares, set) in SQUARES.into_iter().zip(sets) {
            index = index * binomial(squares.count_ones(), set.count_ones())
                + rank_set(extract(set, squares));
        }
        index * 2 + u64::from(self.side_to_move == Side::White)
    }

    fn unindex(material: Material, index: u64) -> Option<Checkers> {
        let side_to_move = if index % 2 == 1 { Side::White } else { Side::Black };
        let mut rest = index / 2;
        let mut sets = [0u64; 4];
        for (slot, &(n, squares)) in material.groups().iter().enumerate().rev() {
            let count = binomial(squares.count_ones(), u32::from(n));
            sets[slot] = deposit(unrank_set(rest % count, u32::from(n)), squares);
            rest /= count;
        }
        let [black_men, black_kings, white_men, white_kings] = sets;
        let all = sets.iter().fold(0, |all, set| all | set);
        if all.count_ones() != Checkers::piece_count(material) || rest != 0 {
            return None;
        }
        let pdn = |set: u64| from_pdn(set as u32);
        Some(Checkers::from_pieces(
            pdn(black_men | black_kings),
            pdn(white_men | white_kings),
            pdn(black_kings | white_kings),
            side_to_move,
        ))
    }
}
