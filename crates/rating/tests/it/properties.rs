//! Properties of any rated game between ratings within lichess's bounds.

use arbiter_rating::{
    rate_game, Outcome, PerfRating, Rating, UnixMillis, MAX_DEVIATION, MAX_VOLATILITY,
    MIN_DEVIATION,
};
use proptest::prelude::*;

/// A stored rating within lichess's bounds (up to 3000, so that no game passes lila's sanity
/// ceiling of 4000), last rated up to ten years before the game, or never.
fn stored_rating() -> impl Strategy<Value = PerfRating> {
    (
        400.0..3000.0_f64,
        MIN_DEVIATION..=MAX_DEVIATION,
        0.01..=MAX_VOLATILITY,
        proptest::option::of(0..3650 * 86_400_000_i64),
    )
        .prop_map(|(rating, deviation, volatility, away_ms)| PerfRating {
            rating: Rating { rating, deviation, volatility },
            last_rated_at: away_ms.map(|away| UnixMillis(NOW.0 - away)),
        })
}

const NOW: UnixMillis = UnixMillis(1_800_000_000_000);

fn outcome() -> impl Strategy<Value = Outcome> {
    prop_oneof![Just(Outcome::Win), Just(Outcome::Draw), Just(Outcome::Loss)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn ratings_stay_finite_and_within_bounds(
        first in stored_rating(),
        second in stored_rating(),
        outcome in outcome(),
    ) {
        let rated = rate_game(&first, &second, outcome, NOW).expect("rated");
        for update in [rated.first, rated.second] {
            let after = update.after;
            prop_assert!(after.rating.is_finite(), "{after:?}");
            prop_assert!((MIN_DEVIATION..=MAX_DEVIATION).contains(&after.deviation), "{after:?}");
            prop_assert!(after.volatility > 0.0 && after.volatility <= MAX_VOLATILITY, "{after:?}");
            prop_assert_eq!(update.change, after.displayed() - update.before.displayed());
        }
    }

    #[test]
    fn the_winner_never_loses_rating(first in stored_rating(), second in stored_rating()) {
        let rated = rate_game(&first, &second, Outcome::Win, NOW).expect("rated");
        prop_assert!(rated.first.after.rating >= rated.first.before.rating, "{rated:?}");
        prop_assert!(rated.second.after.rating <= rated.second.before.rating, "{rated:?}");
        prop_assert!(rated.first.change >= 0 && rated.second.change <= 0, "{rated:?}");
    }
}
