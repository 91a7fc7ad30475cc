//! The crate's errors: one for computing ratings, one for reading perf keys.

use arbiter_core::text::excerpt;
use thiserror::Error;

use crate::glicko2::PeriodSettings;
use crate::rating::Rating;

/// Why a rating could not be computed. The figures come from the server's database, never from
/// a user, so each of these is a bug or damaged data; lichess leaves both players' ratings
/// unchanged when the computation fails (lila's `PerfsUpdater.computeGlicko`).
#[derive(Debug, Clone, PartialEq, Error)]
pub enum RatingError {
    /// A rating that cannot be rated.
    #[error(
        "cannot rate {rating:?}: {problem}; expected finite figures with a positive deviation \
         and volatility"
    )]
    InvalidRating {
        /// The rating as given.
        rating: Rating,
        /// What is wrong with it.
        problem: &'static str,
    },
    /// Settings that Glicko-2 cannot use.
    #[error(
        "cannot rate with τ = {} and {} periods of growth; expected a positive finite τ and a \
         finite growth of 0 or more",
        .settings.tau,
        .settings.growth_periods
    )]
    InvalidSettings {
        /// The settings as given.
        settings: PeriodSettings,
    },
    /// A time away that is not a number of days.
    #[error("cannot grow a deviation by {days} days; expected a finite number of days")]
    InvalidDays {
        /// The days as given.
        days: f64,
    },
    /// The volatility's iteration (step 5 of Glickman's paper) did not converge.
    #[error("the volatility did not converge within {iterations} iterations")]
    NotConverged {
        /// How many iterations were tried.
        iterations: u32,
    },
}

/// Why a text is not a perf key such as `checkers/blitz`. Every message says what was wrong and
/// what is expected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PerfKeyError {
    /// No `/` between the game and the speed.
    #[error(
        "`{}` is not a perf key: no `/`; expected GAME/SPEED, e.g. `checkers/blitz`",
        excerpt(.text)
    )]
    NoSlash {
        /// The text as given.
        text: String,
    },
    /// The game part is not a game identifier.
    #[error(
        "`{}` is not a game identifier; expected 1 to {max} lowercase letters, digits or `-`, \
         starting with a letter, e.g. `checkers`",
        excerpt(.game),
        max = crate::perf_key::MAX_GAME_ID_LEN
    )]
    BadGame {
        /// The game part as given.
        game: String,
    },
    /// The speed part is not a speed.
    #[error(
        "`{}` is not a speed; expected one of bullet, blitz, rapid, classical, correspondence",
        excerpt(.speed)
    )]
    BadSpeed {
        /// The speed part as given.
        speed: String,
    },
}
