//! The criteria of a bracket's matching, packed into one edge weight.
//!
//! Each criterion is a "digit": a count that a matching adds up over its pairs. The digits are
//! ordered, and each one's multiplier exceeds the most that all the digits below it can add up
//! to in one matching, so that a maximum-weight matching maximises the first digit, then the
//! second among matchings equal on the first, and so on: the lexicographic order of FIDE's
//! criteria. bbpPairings builds its weights the same way, with bit fields
//! (`computeEdgeWeight` in `src/swisssystems/dutch.cpp`).

use crate::matching::MAX_WEIGHT;

/// The criteria, most important first. The pairing module sets each edge's digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Digit {
    /// The pair does not join two players wanting the same colour absolutely (C.3).
    NoColourConflict,
    /// Both players are in the current bracket (C.5: the most pairs in the bracket).
    BracketPair,
    /// Both in the bracket: their scores, in half points (C.6: the lowest scores float down).
    BracketScore,
    /// A bracket player with a player of the next score group (C.7: floaters that can be
    /// paired in the next bracket).
    NextBracketPair,
    /// In the last bracket, the bye: the lower the player ranks, the more it is worth (the
    /// bye goes to the lowest-ranked eligible player).
    ByeRank,
    /// Both in the bracket and both get the colour they prefer (C.10).
    ColourPreference,
    /// Both in the bracket and nobody misses a strong preference (C.11).
    StrongColourPreference,
    /// Both in the bracket: the number of them who floated down last round and do not now
    /// (C.12).
    RepeatDownfloatAvoided,
    /// Both in the bracket and the lower one does not float up again after floating up last
    /// round (C.13).
    RepeatUpfloatAvoided,
    /// Both in the bracket: closeness to the pair the Dutch order (S1 against S2) would make.
    DutchOrder,
}

/// How many digits there are.
pub(super) const DIGITS: usize = 10;

impl Digit {
    /// All digits, most important first.
    #[cfg(test)]
    pub(super) const ALL: [Digit; DIGITS] = [
        Digit::NoColourConflict,
        Digit::BracketPair,
        Digit::BracketScore,
        Digit::NextBracketPair,
        Digit::ByeRank,
        Digit::ColourPreference,
        Digit::StrongColourPreference,
        Digit::RepeatDownfloatAvoided,
        Digit::RepeatUpfloatAvoided,
        Digit::DutchOrder,
    ];
}

/// The digits of one edge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Digits([u64; DIGITS]);

impl Digits {
    /// Sets a digit.
    pub(super) fn set(&mut self, digit: Digit, value: u64) {
        self.0[digit as usize] = value;
    }
}

/// The multipliers that make the digits lexicographic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Scale([i128; DIGITS]);

impl Scale {
    /// A scale for digits whose totals over one matching are at most `bounds`; `None` when the
    /// weights would not fit [`MAX_WEIGHT`].
    pub(super) fn new(bounds: &Digits) -> Option<Scale> {
        let mut multipliers = [0_i128; DIGITS];
        let mut next: i128 = 1;
        for position in (0..DIGITS).rev() {
            multipliers[position] = next;
            let room = i128::from(bounds.0[position]).checked_add(1)?;
            next = next.checked_mul(room)?;
        }
        // `next` now bounds the weight of any matching, hence of any edge.
        (next <= MAX_WEIGHT).then_some(Scale(multipliers))
    }

    /// The weight of an edge with these digits, each within its bound.
    pub(super) fn weight(&self, digits: &Digits) -> i128 {
        self.0.iter().zip(digits.0).map(|(&multiplier, value)| multiplier * i128::from(value)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::{Digit, Digits, Scale};
    use crate::swiss::{MAX_SWISS_PLAYERS, MAX_SWISS_ROUNDS};

    #[test]
    fn a_higher_digit_outweighs_everything_below() {
        let mut bounds = Digits::default();
        for digit in Digit::ALL {
            bounds.set(digit, 3);
        }
        let scale = Scale::new(&bounds).expect("small bounds fit");
        let mut one_high = Digits::default();
        one_high.set(Digit::BracketPair, 1);
        let mut all_low = Digits::default();
        for digit in &Digit::ALL[2..] {
            all_low.set(*digit, 3);
        }
        assert!(scale.weight(&one_high) > scale.weight(&all_low));
    }

    #[test]
    fn the_largest_event_fits() {
        // The bounds the pairing module uses for a round of the largest event in one bracket.
        let players = MAX_SWISS_PLAYERS as u64 + 1; // and the bye
        let pairs = players / 2;
        let most_half_points = 2 * u64::from(MAX_SWISS_ROUNDS);
        let mut bounds = Digits::default();
        for (digit, bound) in [
            (Digit::NoColourConflict, pairs),
            (Digit::BracketPair, pairs),
            (Digit::BracketScore, pairs * 2 * most_half_points),
            (Digit::NextBracketPair, players),
            (Digit::ByeRank, players),
            (Digit::ColourPreference, pairs),
            (Digit::StrongColourPreference, pairs),
            (Digit::RepeatDownfloatAvoided, players),
            (Digit::RepeatUpfloatAvoided, pairs),
            (Digit::DutchOrder, pairs * players),
        ] {
            bounds.set(digit, bound);
        }
        assert!(Scale::new(&bounds).is_some());
    }
}
