//! Rating one game as lichess does: each game its own rating period, the deviations first
//! grown by the players' time away, the results kept within lichess's bounds.

use serde::{Deserialize, Serialize};

use crate::error::RatingError;
use crate::glicko2::{rate_period, PeriodGame, PeriodSettings};
use crate::outcome::Outcome;
use crate::rating::Rating;

/// The most rating one game can win or lose: 700 (lila's `Glicko.maxRatingDelta`).
pub const MAX_RATING_CHANGE: f64 = 700.0;

/// A day, in milliseconds.
const DAY_MS: f64 = 86_400_000.0;

/// An instant, in milliseconds since the Unix epoch (as the server's clock and database
/// write instants).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnixMillis(pub i64);

impl UnixMillis {
    /// The days from `earlier` to `self`, with their fraction; negative when `earlier` is
    /// later.
    #[must_use]
    pub fn days_since(self, earlier: UnixMillis) -> f64 {
        // Through i128: two i64 instants may be further apart than i64 holds.
        (i128::from(self.0) - i128::from(earlier.0)) as f64 / DAY_MS
    }
}

/// A player's rating in one perf as the server stores it: the rating after the last rated game
/// in that perf, and when that game was rated (`None` before the first).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct PerfRating {
    /// The rating after the last rated game, or [`Rating::NEW_PLAYER`].
    pub rating: Rating,
    /// When the last rated game in this perf was rated; `None` for none yet.
    pub last_rated_at: Option<UnixMillis>,
}

impl PerfRating {
    /// A player with no rated game in the perf: [`Rating::NEW_PLAYER`], never rated.
    pub const NEW_PLAYER: PerfRating =
        PerfRating { rating: Rating::NEW_PLAYER, last_rated_at: None };

    /// The rating at `now`, as lichess shows and uses it: the deviation grown by the days since
    /// the last rated game (see [`Rating::after_days_away`]; lila applies the same growth,
    /// `Glicko.liveDeviation`, whenever it reads a perf). Never rated, or rated at or after
    /// `now` (a clock set back), grows nothing.
    ///
    /// # Errors
    ///
    /// [`RatingError::InvalidRating`] for a stored rating that cannot be rated.
    pub fn live(&self, now: UnixMillis) -> Result<Rating, RatingError> {
        let days = self.last_rated_at.map_or(0.0, |last| now.days_since(last));
        self.rating.after_days_away(days)
    }
}

/// One player's side of a rated game.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RatingUpdate {
    /// The rating the game was rated from: the live rating at the game's end (see
    /// [`PerfRating::live`]).
    pub before: Rating,
    /// The new rating, to be stored with the game's instant as the last rated one.
    pub after: Rating,
    /// The change as lichess shows it: the displayed new rating less the displayed old one
    /// ([`Rating::displayed`], lila's `IntRatingDiff`).
    pub change: i32,
}

/// Both players' updates from one rated game.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RatedGame {
    /// The first player's (the one whose outcome was given).
    pub first: RatingUpdate,
    /// The second player's.
    pub second: RatingUpdate,
}

/// Rates one game between `first` and `second`, both in the game's perf, which ended at `now`
/// with `first_outcome` for `first`, as lichess does (lila's `PerfsUpdater`):
///
/// 1. each player's live rating at `now` ([`PerfRating::live`]): capped, the deviation grown
///    by the time since the player's last rated game, kept within [45, 500];
/// 2. one Glicko-2 rating period per player with that one game against the other's live
///    rating, τ = 0.75, no growth in step 6 ([`PeriodSettings::LICHESS`]);
/// 3. each new rating within 700 of the stored one; a new rating that fails lila's sanity
///    check (rating in (0, 4000), deviation in (0, 1000), volatility in (0, 0.2)) replaced by
///    [`Rating::NEW_PLAYER`]; then capped (rating ≥ 400, deviation in [45, 500],
///    volatility ≤ 0.1);
/// 4. the changes as lichess shows them.
///
/// There is no colour term: the players' sides do not matter. Pure: no clock is read; the
/// caller stores each `after` with `now` as its `last_rated_at`, in the same transaction that
/// records the game.
///
/// # Errors
///
/// [`RatingError::InvalidRating`] for a stored rating that cannot be rated;
/// [`RatingError::NotConverged`] when a volatility does not converge. Lichess leaves both
/// ratings as they were when its computation fails.
pub fn rate_game(
    first: &PerfRating,
    second: &PerfRating,
    first_outcome: Outcome,
    now: UnixMillis,
) -> Result<RatedGame, RatingError> {
    let first_live = first.live(now)?;
    let second_live = second.live(now)?;
    // Both periods are rated from the ratings before the game, so neither player is rated
    // against the other's new rating (lila's "working" values).
    let first_game = PeriodGame { opponent: second_live, outcome: first_outcome };
    let second_game = PeriodGame { opponent: first_live, outcome: first_outcome.for_opponent() };
    let first_rated = rate_period(first_live, &[first_game], PeriodSettings::LICHESS)?;
    let second_rated = rate_period(second_live, &[second_game], PeriodSettings::LICHESS)?;
    Ok(RatedGame {
        first: update(first, first_live, first_rated),
        second: update(second, second_live, second_rated),
    })
}

/// A player's update from the stored rating, the live one the game was rated from and
/// Glickman's result: bounded as lila's `PerfExt.addOrReset` bounds it.
fn update(stored: &PerfRating, before: Rating, rated: Rating) -> RatingUpdate {
    let previous = stored.rating.rating;
    let limited = Rating {
        rating: rated.rating.clamp(previous - MAX_RATING_CHANGE, previous + MAX_RATING_CHANGE),
        ..rated
    };
    let after = if passes_sanity_check(&limited) { limited } else { Rating::NEW_PLAYER }.capped();
    RatingUpdate { before, after, change: after.displayed() - before.displayed() }
}

/// Lila's `GlickoExt.sanityCheck`: a rating that fails it is reset to a new player's.
fn passes_sanity_check(rating: &Rating) -> bool {
    rating.rating > 0.0
        && rating.rating < 4000.0
        && rating.deviation > 0.0
        && rating.deviation < 1000.0
        && rating.volatility > 0.0
        && rating.volatility < crate::rating::MAX_VOLATILITY * 2.0
}
