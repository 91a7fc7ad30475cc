//! Lichess's own expectations (lila's RatingCalculatorTest, as plain text in
//! `tests/data/lila-rating-calculator.txt`) and the bounds lila keeps a new rating within.

use arbiter_rating::{
    rate_game, Outcome, PerfRating, Rating, UnixMillis, MAX_VOLATILITY, MIN_RATING,
};

use crate::assert_close;

const CASES: &str = include_str!("../data/lila-rating-calculator.txt");

/// Reads `count` numbers from `fields`.
fn numbers<'a>(fields: &mut impl Iterator<Item = &'a str>, count: usize) -> Vec<f64> {
    (0..count).map(|_| fields.next().expect("a field").parse().expect("a number")).collect()
}

/// Reads three `value±tolerance` fields: a rating's expected figures.
fn expected<'a>(fields: &mut impl Iterator<Item = &'a str>) -> [(f64, f64); 3] {
    let mut figure = || {
        let field = fields.next().expect("a field");
        let (value, tolerance) = field.split_once('±').expect("value±tolerance");
        (value.parse().expect("a number"), tolerance.parse().expect("a number"))
    };
    [figure(), figure(), figure()]
}

fn rating(figures: &[f64]) -> Rating {
    Rating { rating: figures[0], deviation: figures[1], volatility: figures[2] }
}

#[track_caller]
fn assert_rating(what: &str, actual: Rating, expected: [(f64, f64); 3]) {
    let [rating, deviation, volatility] = expected;
    assert_close(&format!("{what} rating"), actual.rating, rating.0, rating.1);
    assert_close(&format!("{what} deviation"), actual.deviation, deviation.0, deviation.1);
    assert_close(&format!("{what} volatility"), actual.volatility, volatility.0, volatility.1);
}

#[test]
fn lilas_rating_calculator_cases_hold() {
    let mut cases = 0;
    for line in CASES.lines().filter(|line| !line.is_empty() && !line.starts_with('#')) {
        let mut fields = line.split_whitespace();
        let white = rating(&numbers(&mut fields, 3));
        let black = rating(&numbers(&mut fields, 3));
        let outcome = match fields.next() {
            Some("white") => Outcome::Win,
            Some("black") => Outcome::Loss,
            Some("draw") => Outcome::Draw,
            other => panic!("{other:?} is not white, black or draw in {line}"),
        };
        let (white_after, black_after) = (expected(&mut fields), expected(&mut fields));
        let stored = |rating| PerfRating { rating, last_rated_at: None };
        let rated =
            rate_game(&stored(white), &stored(black), outcome, UnixMillis(0)).expect("rated");
        assert_rating(&format!("white in {line}"), rated.first.after, white_after);
        assert_rating(&format!("black in {line}"), rated.second.after, black_after);
        cases += 1;
    }
    assert_eq!(cases, 12);
}

fn rated_once(player: Rating, opponent: Rating, outcome: Outcome) -> Rating {
    let stored = |rating| PerfRating { rating, last_rated_at: None };
    rate_game(&stored(player), &stored(opponent), outcome, UnixMillis(0))
        .expect("rated")
        .first
        .after
}

#[test]
fn one_game_wins_at_most_700() {
    // Glickman's figure would be 2922.
    let strong = Rating { rating: 3000.0, deviation: 45.0, volatility: 0.06 };
    let after = rated_once(Rating::NEW_PLAYER, strong, Outcome::Win);
    assert_eq!(after.rating, 2200.0);
}

#[test]
fn a_rating_never_falls_below_400() {
    // Glickman's figure would be 178.5.
    let weak = Rating { rating: 420.0, ..Rating::NEW_PLAYER };
    let after = rated_once(weak, weak, Outcome::Loss);
    assert_eq!(after.rating, MIN_RATING);
}

#[test]
fn a_rating_that_fails_lilas_sanity_check_starts_again_as_new() {
    // Glickman's figure would be 4141, past lila's 4000.
    let top = Rating { rating: 3900.0, ..Rating::NEW_PLAYER };
    let stored = PerfRating { rating: top, last_rated_at: None };
    let rated = rate_game(&stored, &stored, Outcome::Win, UnixMillis(0)).expect("rated");
    assert_eq!(rated.first.after, Rating::NEW_PLAYER);
    assert_eq!(rated.first.change, -2400);
}

#[test]
fn volatility_is_capped_at_0_1() {
    // An upset against a much stronger, settled player: Glickman's σ′ would be 0.100137.
    let settled = Rating { rating: 1500.0, deviation: 60.0, volatility: MAX_VOLATILITY };
    let strong = Rating { rating: 2500.0, deviation: 45.0, volatility: 0.06 };
    let after = rated_once(settled, strong, Outcome::Win);
    assert_eq!(after.volatility, MAX_VOLATILITY);
}

#[test]
fn a_draw_between_equal_players_changes_no_rating() {
    for deviation in [45.0, 80.0, 200.0, 500.0] {
        let equal = Rating { rating: 1834.5, deviation, volatility: 0.06 };
        let stored = PerfRating { rating: equal, last_rated_at: Some(UnixMillis(0)) };
        let rated =
            rate_game(&stored, &stored, Outcome::Draw, UnixMillis(86_400_000 * 30)).expect("rated");
        for update in [rated.first, rated.second] {
            assert_close(
                &format!("rating at RD {deviation}"),
                update.after.rating,
                equal.rating,
                1e-9,
            );
            assert_eq!(update.change, 0);
            assert!(update.after.deviation <= update.before.deviation);
        }
        assert_eq!(rated.first, rated.second);
    }
}

#[test]
fn the_players_are_rated_alike_whichever_is_first() {
    let one = PerfRating {
        rating: Rating { rating: 1620.0, deviation: 90.0, volatility: 0.07 },
        last_rated_at: Some(UnixMillis(1_000_000)),
    };
    let two = PerfRating {
        rating: Rating { rating: 1480.0, deviation: 150.0, volatility: 0.05 },
        last_rated_at: None,
    };
    let now = UnixMillis(900_000_000);
    let forward = rate_game(&one, &two, Outcome::Win, now).expect("rated");
    let backward = rate_game(&two, &one, Outcome::Loss, now).expect("rated");
    assert_eq!(forward.first, backward.second);
    assert_eq!(forward.second, backward.first);
}

#[test]
fn a_damaged_stored_rating_is_an_error() {
    let damaged = PerfRating {
        rating: Rating { volatility: f64::NAN, ..Rating::NEW_PLAYER },
        last_rated_at: None,
    };
    let result = rate_game(&damaged, &PerfRating::NEW_PLAYER, Outcome::Win, UnixMillis(0));
    let error = result.expect_err("a NaN volatility");
    assert!(error.to_string().contains("volatility"), "{error}");
}
