//! Swiss points, exact to a quarter.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign};

/// A number of Swiss points, held exactly in quarters of a point: results are whole or half
/// points, and Sonneborn–Berger multiplies a half-point result by a half-point score.
///
/// Serialised as a decimal number (`2.5`); reading one that is not a non-negative multiple of a
/// quarter is an error.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "f64", try_from = "f64"))]
pub struct Points(u32);

impl Points {
    /// No points: a loss, a forfeit loss or a round without a game.
    pub const ZERO: Points = Points(0);
    /// Half a point: a draw.
    pub const HALF: Points = Points(2);
    /// One point: a win, a forfeit win or a bye.
    pub const ONE: Points = Points(4);

    /// The points worth `quarters` quarters.
    #[must_use]
    pub const fn from_quarters(quarters: u32) -> Points {
        Points(quarters)
    }

    /// The number of quarter points.
    #[must_use]
    pub const fn quarters(self) -> u32 {
        self.0
    }

    /// The value as a floating-point number (exact: quarters are binary fractions).
    #[must_use]
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 4.0
    }

    /// These points multiplied by a result (`ZERO`, `HALF` or `ONE`), for Sonneborn–Berger;
    /// `None` when the product is not a whole number of quarters.
    pub(crate) fn times_result(self, result: Points) -> Option<Points> {
        let product = self.0 * result.0;
        product.is_multiple_of(4).then_some(Points(product / 4))
    }
}

impl Add for Points {
    type Output = Points;

    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

impl fmt::Display for Points {
    /// `3`, `2.5`, `1.25`, `0.75`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.0 / 4;
        match self.0 % 4 {
            0 => write!(f, "{whole}"),
            1 => write!(f, "{whole}.25"),
            2 => write!(f, "{whole}.5"),
            _ => write!(f, "{whole}.75"),
        }
    }
}

impl From<Points> for f64 {
    fn from(points: Points) -> f64 {
        points.as_f64()
    }
}

/// A number that is not a non-negative multiple of a quarter point.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("{0} is not a number of points: expected a non-negative multiple of 0.25")]
pub struct NotPoints(pub f64);

impl TryFrom<f64> for Points {
    type Error = NotPoints;

    fn try_from(value: f64) -> Result<Points, NotPoints> {
        let quarters = value * 4.0;
        let valid = quarters.is_finite()
            && quarters >= 0.0
            && quarters.fract() == 0.0
            && quarters <= f64::from(u32::MAX);
        // The checks above make the conversion exact.
        valid.then_some(Points(quarters as u32)).ok_or(NotPoints(value))
    }
}

#[cfg(test)]
mod tests {
    use super::Points;

    #[test]
    fn displays_quarters_as_decimals() {
        let shown: Vec<String> =
            (0..6).map(|quarters| Points::from_quarters(quarters).to_string()).collect();
        assert_eq!(shown, ["0", "0.25", "0.5", "0.75", "1", "1.25"]);
    }

    #[test]
    fn reads_only_multiples_of_a_quarter() {
        assert_eq!(Points::try_from(2.75), Ok(Points::from_quarters(11)));
        assert!(Points::try_from(0.1).is_err());
        assert!(Points::try_from(-1.0).is_err());
        assert!(Points::try_from(f64::NAN).is_err());
    }

    #[test]
    fn sonneborn_berger_products_stay_exact() {
        let score = Points::from_quarters(10); // 2.5
        assert_eq!(score.times_result(Points::HALF), Some(Points::from_quarters(5)));
        assert_eq!(score.times_result(Points::ONE), Some(score));
        assert_eq!(Points::from_quarters(1).times_result(Points::HALF), None);
    }
}
