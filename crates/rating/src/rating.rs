//! A Glicko-2 rating on the Glicko scale, the bounds lichess keeps it within, and what it
//! says about the player: provisional, ranked, the figure shown.

use serde::{Deserialize, Serialize};

use crate::error::RatingError;
use crate::glicko2;

/// A new player's rating: 1500 (lila's `Glicko.default`).
pub const NEW_PLAYER_RATING: f64 = 1500.0;

/// The largest rating deviation, which is also a new player's: 500 (lila's
/// `Glicko.maxDeviation`).
pub const MAX_DEVIATION: f64 = 500.0;

/// The smallest rating deviation: 45 (lila's `Glicko.minDeviation`). However often a player
/// plays, a rating stays this uncertain, so that it can still move.
pub const MIN_DEVIATION: f64 = 45.0;

/// A new player's volatility: 0.09 (lila's `Glicko.defaultVolatility`).
pub const NEW_PLAYER_VOLATILITY: f64 = 0.09;

/// The largest volatility: 0.1 (lila's `Glicko.maxVolatility`, "past this, it might not
/// stabilize ever again").
pub const MAX_VOLATILITY: f64 = 0.1;

/// The lowest rating: 400 (lila's `Glicko.minRating`).
pub const MIN_RATING: f64 = 400.0;

/// A rating is provisional while its deviation is at least this: 110 (scalachess's
/// `provisionalDeviation`; lichess shows such a rating with a `?`).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// A player is ranked (listed on leaderboards) only while the deviation is at most this: 75
/// (lila's `Glicko.standardRankableDeviation`; lila asks 65 of its chess variants, the issue
/// asks 75 of every game here).
pub const RANKED_DEVIATION: f64 = 75.0;

/// How many rating periods a day away from rated games counts for: 0.21436 (lila's
/// `Glicko.calculator`, "chosen so a typical player's RD goes from 60 -> 110 in 1 year").
pub const RATING_PERIODS_PER_DAY: f64 = 0.21436;

/// A player's strength in one game at one speed, on the Glicko scale (the one people see, where
/// 1500 is a new player), with the uncertainty of that figure and how erratic the player is.
///
/// The server stores it with the instant of the player's last rated game in that perf (see
/// [`PerfRating`](crate::PerfRating)) and serialises it as
/// `{"rating": …, "deviation": …, "volatility": …}`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating, r: the estimate of the player's strength.
    pub rating: f64,
    /// The rating deviation, RD: one standard deviation of the uncertainty of `rating`.
    pub deviation: f64,
    /// The volatility, σ: how much the player's strength is expected to fluctuate.
    pub volatility: f64,
}

impl Rating {
    /// A new player's rating: 1500, RD 500, σ 0.09 (lila's `Glicko.default`).
    pub const NEW_PLAYER: Rating = Rating {
        rating: NEW_PLAYER_RATING,
        deviation: MAX_DEVIATION,
        volatility: NEW_PLAYER_VOLATILITY,
    };

    /// Whether the rating is still provisional: its deviation is at least
    /// [`PROVISIONAL_DEVIATION`] (110). Judge it on the live rating
    /// ([`PerfRating::live`](crate::PerfRating::live)), whose deviation has grown with the time
    /// since the player's last rated game.
    #[must_use]
    pub fn provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_DEVIATION
    }

    /// Whether the player is ranked, that is eligible for leaderboards: the deviation is at
    /// most [`RANKED_DEVIATION`] (75). Judge it on the live rating, as for
    /// [`provisional`](Self::provisional).
    #[must_use]
    pub fn ranked(&self) -> bool {
        self.deviation <= RANKED_DEVIATION
    }

    /// The rating as lichess shows it: the whole number below it, the fraction dropped
    /// (scalachess's `intRating`, `rating.toInt`, which truncates). Rating changes are the
    /// differences of these figures.
    #[must_use]
    pub fn displayed(&self) -> i32 {
        // The cast saturates; a rating within the bounds this crate keeps is far inside i32.
        self.rating.trunc() as i32
    }

    /// The rating within lichess's bounds (lila's `GlickoExt.cap`): the rating at least
    /// [`MIN_RATING`], the deviation within [[`MIN_DEVIATION`], [`MAX_DEVIATION`]], the
    /// volatility at most [`MAX_VOLATILITY`].
    #[must_use]
    pub fn capped(self) -> Rating {
        Rating {
            rating: self.rating.max(MIN_RATING),
            deviation: clamp_deviation(self.deviation),
            volatility: self.volatility.min(MAX_VOLATILITY),
        }
    }

    /// The rating after `days` without a rated game: [`capped`](Self::capped), as lila caps a
    /// stored rating before it grows it (`Glicko.liveDeviation` of `Perf.toGlickoPlayer`),
    /// then the deviation grown as in step 6 of Glickman's paper by
    /// `days ×` [`RATING_PERIODS_PER_DAY`] rating periods with the player's volatility and kept
    /// within [45, 500]. No time, or negative time, grows nothing.
    ///
    /// # Errors
    ///
    /// [`RatingError::InvalidRating`] when a figure is not finite or the deviation or the
    /// volatility is not positive; [`RatingError::InvalidDays`] when `days` is not finite.
    pub fn after_days_away(self, days: f64) -> Result<Rating, RatingError> {
        self.check()?;
        if !days.is_finite() {
            return Err(RatingError::InvalidDays { days });
        }
        let capped = self.capped();
        let periods = days.max(0.0) * RATING_PERIODS_PER_DAY;
        Ok(Rating {
            deviation: clamp_deviation(glicko2::grown_deviation(capped, periods)),
            ..capped
        })
    }

    /// Checks that the figures can be rated: all finite, the deviation and the volatility
    /// positive.
    ///
    /// # Errors
    ///
    /// [`RatingError::InvalidRating`] naming the first figure that is not.
    pub fn check(&self) -> Result<(), RatingError> {
        let problem = if !self.rating.is_finite() {
            Some("the rating is not a finite number")
        } else if !(self.deviation.is_finite() && self.deviation > 0.0) {
            Some("the deviation is not a positive finite number")
        } else if !(self.volatility.is_finite() && self.volatility > 0.0) {
            Some("the volatility is not a positive finite number")
        } else {
            None
        };
        match problem {
            Some(problem) => Err(RatingError::InvalidRating { rating: *self, problem }),
            None => Ok(()),
        }
    }
}

impl Default for Rating {
    /// [`Rating::NEW_PLAYER`].
    fn default() -> Self {
        Rating::NEW_PLAYER
    }
}

/// `deviation` within [[`MIN_DEVIATION`], [`MAX_DEVIATION`]].
pub(crate) fn clamp_deviation(deviation: f64) -> f64 {
    deviation.clamp(MIN_DEVIATION, MAX_DEVIATION)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displayed_drops_the_fraction_as_lichess_does() {
        let rating = Rating { rating: 1741.99, ..Rating::NEW_PLAYER };
        assert_eq!(rating.displayed(), 1741);
    }

    #[test]
    fn capped_keeps_every_figure_within_lichess_bounds() {
        let wild = Rating { rating: 120.0, deviation: 900.0, volatility: 0.3 };
        assert_eq!(
            wild.capped(),
            Rating { rating: MIN_RATING, deviation: MAX_DEVIATION, volatility: MAX_VOLATILITY }
        );
        let settled = Rating { rating: 2000.0, deviation: 20.0, volatility: 0.05 };
        assert_eq!(settled.capped(), Rating { deviation: MIN_DEVIATION, ..settled });
    }

    #[test]
    fn check_names_the_figure_that_cannot_be_rated() {
        let error =
            Rating { volatility: 0.0, ..Rating::NEW_PLAYER }.check().expect_err("no volatility");
        assert!(error.to_string().contains("volatility"), "{error}");
        assert!(Rating { rating: f64::NAN, ..Rating::NEW_PLAYER }.check().is_err());
        assert!(Rating { deviation: -1.0, ..Rating::NEW_PLAYER }.check().is_err());
        assert!(Rating::NEW_PLAYER.check().is_ok());
    }
}
