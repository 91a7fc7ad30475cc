//! The deviation's growth with time away from rated games, its bounds, and the provisional and
//! ranked thresholds.

use arbiter_rating::{
    rate_game, Outcome, PerfRating, Rating, UnixMillis, MAX_DEVIATION, MIN_DEVIATION,
    RATING_PERIODS_PER_DAY,
};

use crate::assert_close;

const DAY_MS: i64 = 86_400_000;

fn settled(deviation: f64, volatility: f64) -> Rating {
    Rating { rating: 1800.0, deviation, volatility }
}

#[test]
fn the_deviation_grows_by_0_21436_periods_a_day() {
    let player = settled(60.0, 0.06);
    let days = 100.0;
    // Step 6 on the Glicko-2 scale, brought back: √(RD² + periods·(173.7178·σ)²).
    let periods = days * 0.21436;
    let expected = (60.0_f64.powi(2) + periods * (173.7178_f64 * 0.06).powi(2)).sqrt();
    let live = player.after_days_away(days).expect("grown");
    assert_close("deviation", live.deviation, expected, 1e-9);
    assert_eq!((live.rating, live.volatility), (player.rating, player.volatility));
    assert_eq!(RATING_PERIODS_PER_DAY, 0.21436);
}

#[test]
fn a_typical_deviation_goes_from_60_to_110_in_a_year() {
    // Lila's reason for 0.21436 ("chosen so a typical player's RD goes from 60 -> 110 in 1
    // year"), σ = 0.06 being typical.
    let stored = PerfRating { rating: settled(60.0, 0.06), last_rated_at: Some(UnixMillis(0)) };
    let live = stored.live(UnixMillis(365 * DAY_MS)).expect("grown");
    assert_close("deviation", live.deviation, 110.0, 0.05);
}

#[test]
fn a_ranked_player_away_long_enough_is_provisional_again() {
    let stored = PerfRating { rating: settled(50.0, 0.06), last_rated_at: Some(UnixMillis(0)) };
    let after_a_week = stored.live(UnixMillis(7 * DAY_MS)).expect("grown");
    assert!(after_a_week.ranked() && !after_a_week.provisional(), "{after_a_week:?}");
    let after_two_years = stored.live(UnixMillis(2 * 365 * DAY_MS)).expect("grown");
    assert!(!after_two_years.ranked() && after_two_years.provisional(), "{after_two_years:?}");
}

#[test]
fn the_grown_deviation_stops_at_500() {
    let stored = PerfRating { rating: settled(400.0, 0.09), last_rated_at: Some(UnixMillis(0)) };
    let live = stored.live(UnixMillis(10 * 365 * DAY_MS)).expect("grown");
    assert_eq!(live.deviation, MAX_DEVIATION);
}

#[test]
fn a_deviation_below_45_is_raised_to_45() {
    let stored = PerfRating { rating: settled(30.0, 0.06), last_rated_at: Some(UnixMillis(0)) };
    assert_eq!(stored.live(UnixMillis(0)).expect("grown").deviation, MIN_DEVIATION);
}

#[test]
fn after_a_game_the_deviation_is_at_least_45() {
    let veteran = PerfRating { rating: settled(45.0, 0.04), last_rated_at: Some(UnixMillis(0)) };
    let rated = rate_game(&veteran, &veteran, Outcome::Win, UnixMillis(1000)).expect("rated");
    // Glickman's figure is below 45.
    assert_eq!(rated.first.after.deviation, MIN_DEVIATION);
    assert_eq!(rated.second.after.deviation, MIN_DEVIATION);
}

#[test]
fn never_rated_or_a_clock_set_back_grows_nothing() {
    let player = settled(80.0, 0.06);
    let never = PerfRating { rating: player, last_rated_at: None };
    assert_eq!(never.live(UnixMillis(400 * DAY_MS)).expect("live"), player);
    let future = PerfRating { rating: player, last_rated_at: Some(UnixMillis(10 * DAY_MS)) };
    assert_eq!(future.live(UnixMillis(0)).expect("live"), player);
}

#[test]
fn a_game_is_rated_from_the_grown_deviation() {
    let away = PerfRating { rating: settled(60.0, 0.06), last_rated_at: Some(UnixMillis(0)) };
    let fresh =
        PerfRating { rating: settled(60.0, 0.06), last_rated_at: Some(UnixMillis(364 * DAY_MS)) };
    let now = UnixMillis(365 * DAY_MS);
    let rated = rate_game(&away, &fresh, Outcome::Win, now).expect("rated");
    assert_eq!(rated.first.before, away.live(now).expect("live"));
    assert_eq!(rated.second.before, fresh.live(now).expect("live"));
    // The player back from a year away is less certain, so the win moves that rating more.
    let gain = rated.first.after.rating - 1800.0;
    let loss = 1800.0 - rated.second.after.rating;
    assert!(gain > 2.0 * loss, "gain {gain}, loss {loss}");
}

#[test]
fn days_away_that_are_not_a_number_are_refused() {
    assert!(settled(60.0, 0.06).after_days_away(f64::NAN).is_err());
    assert!(settled(60.0, 0.06).after_days_away(f64::INFINITY).is_err());
}

#[test]
fn provisional_from_110_and_ranked_up_to_75() {
    let with = |deviation| settled(deviation, 0.06);
    assert!(!with(109.99).provisional());
    assert!(with(110.0).provisional());
    assert!(with(500.0).provisional());
    assert!(with(75.0).ranked());
    assert!(!with(75.01).ranked());
    assert!(!with(75.01).provisional() && !with(75.01).ranked());
    assert!(Rating::NEW_PLAYER.provisional() && !Rating::NEW_PLAYER.ranked());
}
