//! The numbering of positions for endgame tables, on the default board of four rings.
//!
//! A material counts White's, Black's and the neutral pieces. A position's index is, from the
//! most significant, the rank of the set of White's fields among the 24 white fields, of
//! Black's among the 24 black ones (a side's pieces never leave their colour), of the neutral
//! pieces among all 48 fields, then the dial (12 places) and last the side to move. Sets that
//! overlap name no position.

use std::fmt;
use std::str::FromStr;

use arbiter_core::retrograde::{binomial, deposit, extract, rank_set, unrank_set};
use arbiter_core::{Retrograde, Side};

use crate::board::{Field, Fields, SECTORS};
use crate::{DayNight, Options};

/// The rings of the board the tables hold: the default (`Options::default().rings`, which
/// the tablebase's tests check).
const RINGS: u8 = 4;
/// The fields of the default board.
const ALL: u64 = (1 << (RINGS as u32 * SECTORS as u32)) - 1;
/// Its white fields.
const WHITE: u64 = {
    let mut set = 0;
    let mut bit = 0;
    while bit < RINGS * SECTORS {
        if let Some(field) = Field::new(bit % SECTORS, bit / SECTORS + 1) {
            if field.is_white() {
                set |= 1 << bit;
            }
        }
        bit += 1;
    }
    set
};
/// The fields of each group of the index, in its order: White's, Black's, the neutral ones.
const SQUARES: [u64; 3] = [WHITE, ALL & !WHITE, ALL];

/// The pieces in Day and Night: written `1w1b2n`, White's, Black's, then the neutral ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Material {
    /// White's pieces.
    pub white: u8,
    /// Black's pieces.
    pub black: u8,
    /// The neutral pieces.
    pub neutral: u8,
}

impl Material {
    fn counts(self) -> [u8; 3] {
        [self.white, self.black, self.neutral]
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}w{}b{}n", self.white, self.black, self.neutral)
    }
}

impl FromStr for Material {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let bad = || {
            format!("`{text}` is not a Day and Night material: expected e.g. `1w1b2n` (White's, Black's and the neutral pieces)")
        };
        let (white, rest) = text.split_once('w').ok_or_else(bad)?;
        let (black, rest) = rest.split_once('b').ok_or_else(bad)?;
        let neutral = rest.strip_suffix('n').ok_or_else(bad)?;
        let number = |text: &str| text.parse::<u8>().ok();
        let (white, black, neutral) = match (number(white), number(black), number(neutral)) {
            (Some(white), Some(black), Some(neutral)) => (white, black, neutral),
            _ => return Err(bad()),
        };
        if white > 6 || black > 6 || white + black + neutral > 12 {
            return Err(bad());
        }
        Ok(Material { white, black, neutral })
    }
}

impl Retrograde for DayNight {
    type Material = Material;

    /// The neutral pieces' slides multiply the moves: the tables of 4 pieces take minutes.
    const ON_DEMAND_PIECES: u32 = 3;

    /// A capture turns a player's piece neutral.
    fn stage(material: Material) -> u32 {
        u32::from(material.white + material.black)
    }

    fn materials(pieces: u32) -> Vec<Material> {
        let most = pieces.min(12) as u8;
        let mut materials = Vec::new();
        for white in 1..=most.min(6) {
            for black in 1..=(most - white).min(6) {
                for neutral in 0..=most - white - black {
                    materials.push(Material { white, black, neutral });
                }
            }
        }
        materials
    }

    fn piece_count(material: Material) -> u32 {
        material.counts().iter().map(|&n| u32::from(n)).sum()
    }

    fn material(&self) -> Option<Material> {
        let count = |set: Fields| set.count_ones() as u8;
        let (white, black) = (count(self.pieces(Side::White)), count(self.pieces(Side::Black)));
        (self.rings == Options::default().rings && white > 0 && black > 0).then_some(Material {
            white,
            black,
            neutral: count(self.neutral),
        })
    }

    fn index_count(material: Material) -> u64 {
        let sets = SQUARES
            .iter()
            .zip(material.counts())
            .map(|(squares, n)| binomial(squares.count_ones(), u32::from(n)))
            .product::<u64>();
        sets * u64::from(SECTORS) * 2
    }

    fn index(&self) -> u64 {
        let sets = [self.pieces(Side::White), self.pieces(Side::Black), self.neutral];
        let mut index = 0;
        for (squares, set) in SQUARES.into_iter().zip(sets) {
            let set = set as u64;
            index = index * binomial(squares.count_ones(), set.count_ones())
                + rank_set(extract(set, squares));
        }
        (index * u64::from(SECTORS) + u64::from(self.dial)) * 2
            + u64::from(self.side_to_move == Side::White)
    }

    fn unindex(material: Material, index: u64) -> Option<DayNight> {
        let side_to_move = if index % 2 == 1 { Side::White } else { Side::Black };
        let dial = (index / 2 % u64::from(SECTORS)) as u8;
        let mut rest = index / 2 / u64::from(SECTORS);
        let mut sets = [0u64; 3];
        for (slot, (squares, n)) in SQUARES.into_iter().zip(material.counts()).enumerate().rev() {
            let count = binomial(squares.count_ones(), u32::from(n));
            sets[slot] = deposit(unrank_set(rest % count, u32::from(n)), squares);
            rest /= count;
        }
        let [white, black, neutral] = sets;
        let all = white | black | neutral;
        if all.count_ones() != Self::piece_count(material) || rest != 0 {
            return None;
        }
        let field_set = |set: u64| Fields::from(set);
        Some(DayNight::new(
            [field_set(white), field_set(black)],
            field_set(neutral),
            dial,
            side_to_move,
            Options::default().rings,
        ))
    }
}
