//! The round board: 12 sectors (a–l, clockwise) × up to 8 rings (1 innermost), as bits of a
//! `u128`. Field `(sector, ring)` is bit `(ring − 1) * 12 + sector`.
//!
//! The board is a ring (annulus): around the circle there is no edge (l is next to a); ring 1
//! has an inner edge and the outermost ring an outer edge. A field is white when
//! `sector + ring − 1` is even (a1 is white); neighbours around a ring or along a radius
//! differ in colour, and a diagonal step (one ring in or out and one sector round) keeps it.

use std::fmt;

/// A set of fields.
pub type Fields = u128;

/// The number of sectors: the dial turns one sector, 1/12 of the circle, per round.
pub const SECTORS: u8 = 12;
/// The most rings the option `rings` allows.
pub const MAX_RINGS: u8 = 8;
const FIELDS: usize = (SECTORS * MAX_RINGS) as usize;

/// A field of the board, written sector letter and ring: `c3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Field(u8);

impl Field {
    /// The field at `sector` (0 = a) and `ring` (1 = innermost), on a board of up to
    /// [`MAX_RINGS`] rings.
    #[must_use]
    pub const fn new(sector: u8, ring: u8) -> Option<Field> {
        if sector < SECTORS && ring >= 1 && ring <= MAX_RINGS {
            Some(Field((ring - 1) * SECTORS + sector))
        } else {
            None
        }
    }

    /// The field of a set's lowest bit; the set must not be empty.
    pub(crate) const fn lowest(fields: Fields) -> Field {
        Field(fields.trailing_zeros() as u8)
    }

    /// The sector, 0 for a.
    #[must_use]
    pub const fn sector(self) -> u8 {
        self.0 % SECTORS
    }

    /// The ring, 1 for the innermost.
    #[must_use]
    pub const fn ring(self) -> u8 {
        self.0 / SECTORS + 1
    }

    /// `true` for a white field: `sector + ring − 1` even.
    #[must_use]
    pub const fn is_white(self) -> bool {
        (self.sector() + self.ring() - 1).is_multiple_of(2)
    }

    /// The field as a one-field set.
    #[must_use]
    pub const fn bit(self) -> Fields {
        1 << self.0
    }

    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// Reads `a1` … `l8`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Field> {
        match text.as_bytes() {
            &[sector, ring] => {
                let sector = sector.to_ascii_lowercase().checked_sub(b'a')?;
                Field::new(sector, ring.checked_sub(b'0')?)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.sector()), self.ring())
    }
}

/// The letter of a sector, `a` … `l`.
#[must_use]
pub fn sector_letter(sector: u8) -> char {
    char::from(b'a' + sector % SECTORS)
}

/// The fields of a set, lowest first (ring 1 first, a to l).
pub fn fields(mut set: Fields) -> impl Iterator<Item = Field> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let field = Field::lowest(set);
            set &= set - 1;
            field
        })
    })
}

/// Every field of a board with `rings` rings.
#[must_use]
pub const fn board(rings: u8) -> Fields {
    (1 << (rings as u32 * SECTORS as u32)) - 1
}

/// Every field of the given sectors (a bit per sector, bit 0 = a), on all rings.
#[must_use]
pub const fn sectors(mask: u16) -> Fields {
    let mut set = 0;
    let mut index = 0;
    while index < FIELDS {
        if mask & (1 << (index % SECTORS as usize)) != 0 {
            set |= 1 << index;
        }
        index += 1;
    }
    set
}

/// The six sectors of the day when it begins at sector `first`.
#[must_use]
pub const fn day_sectors(first: u8) -> u16 {
    let wrapped = (0x3Fu32 << first) | (0x3Fu32 << first >> SECTORS);
    (wrapped & 0xFFF) as u16
}

/// A diagonal direction of a slide: one ring out or in, one sector clockwise or anticlockwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Diagonal {
    /// Outwards and clockwise.
    OutClockwise,
    /// Outwards and anticlockwise.
    OutAnticlockwise,
    /// Inwards and clockwise.
    InClockwise,
    /// Inwards and anticlockwise.
    InAnticlockwise,
}

impl Diagonal {
    /// Every diagonal, in the order slides are generated.
    pub const ALL: [Diagonal; 4] = [
        Diagonal::OutClockwise,
        Diagonal::OutAnticlockwise,
        Diagonal::InClockwise,
        Diagonal::InAnticlockwise,
    ];

    const fn offsets(self) -> (i8, i8) {
        match self {
            Diagonal::OutClockwise => (1, 1),
            Diagonal::OutAnticlockwise => (1, -1),
            Diagonal::InClockwise => (-1, 1),
            Diagonal::InAnticlockwise => (-1, -1),
        }
    }
}

/// A straight direction of a capture: around the ring or along a radius.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Straight {
    /// Around the ring, clockwise.
    Clockwise,
    /// Around the ring, anticlockwise.
    Anticlockwise,
    /// Along the radius, outwards.
    Out,
    /// Along the radius, inwards.
    In,
}

impl Straight {
    /// Every straight direction, in the order captures are generated.
    pub const ALL: [Straight; 4] =
        [Straight::Clockwise, Straight::Anticlockwise, Straight::Out, Straight::In];

    const fn offsets(self) -> (i8, i8) {
        match self {
            Straight::Clockwise => (0, 1),
            Straight::Anticlockwise => (0, -1),
            Straight::Out => (1, 0),
            Straight::In => (-1, 0),
        }
    }
}

/// The field `(ring, sector)` offsets from `index` on the largest board, as a one-field set;
/// empty past the inner edge or the largest board's outer edge (a position masks smaller
/// boards). Sectors wrap around.
const fn offset(index: usize, rings: i8, sectors: i8) -> Fields {
    let sector = (index % SECTORS as usize) as i8;
    let ring = (index / SECTORS as usize) as i8 + rings;
    if ring < 0 || ring >= MAX_RINGS as i8 {
        return 0;
    }
    let sector = (sector + sectors + SECTORS as i8) % SECTORS as i8;
    1 << (ring as usize * SECTORS as usize + sector as usize)
}

const fn table(offsets: [(i8, i8); 4]) -> [[Fields; FIELDS]; 4] {
    let mut table = [[0; FIELDS]; 4];
    let mut direction = 0;
    while direction < 4 {
        let mut index = 0;
        while index < FIELDS {
            table[direction][index] = offset(index, offsets[direction].0, offsets[direction].1);
            index += 1;
        }
        direction += 1;
    }
    table
}

const DIAGONAL: [[Fields; FIELDS]; 4] = table([
    Diagonal::ALL[0].offsets(),
    Diagonal::ALL[1].offsets(),
    Diagonal::ALL[2].offsets(),
    Diagonal::ALL[3].offsets(),
]);
const STRAIGHT: [[Fields; FIELDS]; 4] = table([
    Straight::ALL[0].offsets(),
    Straight::ALL[1].offsets(),
    Straight::ALL[2].offsets(),
    Straight::ALL[3].offsets(),
]);

/// The next field from `field` along `diagonal` (empty past an edge of the largest board).
#[inline]
#[must_use]
pub fn diagonal_step(field: Field, diagonal: Diagonal) -> Fields {
    DIAGONAL[diagonal as usize][field.index()]
}

/// The next field from `field` along `straight` (empty past an edge of the largest board).
#[inline]
#[must_use]
pub fn straight_step(field: Field, straight: Straight) -> Fields {
    STRAIGHT[straight as usize][field.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(name: &str) -> Field {
        Field::parse(name).unwrap_or_else(|| panic!("{name} is a field"))
    }

    #[test]
    fn a1_is_white_and_neighbours_differ_in_colour() {
        assert!(at("a1").is_white());
        assert!(!at("b1").is_white());
        assert!(!at("a2").is_white());
        assert!(at("b2").is_white());
        assert!(!at("l1").is_white(), "l (11) + 0 is odd");
    }

    #[test]
    fn sectors_wrap_around_and_rings_stop_at_the_edges() {
        assert_eq!(straight_step(at("l2"), Straight::Clockwise), at("a2").bit());
        assert_eq!(straight_step(at("a2"), Straight::Anticlockwise), at("l2").bit());
        assert_eq!(diagonal_step(at("l2"), Diagonal::OutClockwise), at("a3").bit());
        assert_eq!(diagonal_step(at("a1"), Diagonal::InClockwise), 0);
        assert_eq!(straight_step(at("c8"), Straight::Out), 0);
        assert_eq!(straight_step(at("c4"), Straight::Out) & board(4), 0);
    }

    #[test]
    fn the_day_is_six_sectors_from_the_dial() {
        assert_eq!(day_sectors(0), 0b0000_0011_1111);
        assert_eq!(day_sectors(1), 0b0000_0111_1110);
        assert_eq!(day_sectors(9), 0b1110_0000_0111, "j k l a b c");
    }
}
