//! Glickman's worked example, "Example of the Glicko-2 system" (glicko2.pdf): several games
//! in one rating period, τ = 0.5, the deviation grown by one period in step 6.

use arbiter_rating::glicko2::{rate_period, PeriodGame, PeriodSettings};
use arbiter_rating::{Outcome, Rating};

use crate::assert_close;

#[test]
fn the_papers_example_ends_at_1464_06_rd_151_52_volatility_0_05999() {
    let player = Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
    let opponent = |rating, deviation| Rating { rating, deviation, volatility: 0.06 };
    let games = [
        PeriodGame { opponent: opponent(1400.0, 30.0), outcome: Outcome::Win },
        PeriodGame { opponent: opponent(1550.0, 100.0), outcome: Outcome::Loss },
        PeriodGame { opponent: opponent(1700.0, 300.0), outcome: Outcome::Loss },
    ];
    let after = rate_period(player, &games, PeriodSettings::glickman(0.5)).expect("rated");
    // The paper rounds its steps to four decimals (μ′ = −0.2069); unrounded, the rating is
    // 1464.0507, within 0.01 of the paper's 1464.06.
    assert_close("rating", after.rating, 1464.06, 0.01);
    assert_close("deviation", after.deviation, 151.52, 0.01);
    assert_close("volatility", after.volatility, 0.05999, 0.00001);
}

#[test]
fn the_order_of_a_periods_games_does_not_matter() {
    let player = Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
    let game = |rating, deviation, outcome| PeriodGame {
        opponent: Rating { rating, deviation, volatility: 0.06 },
        outcome,
    };
    let games = [
        game(1400.0, 30.0, Outcome::Win),
        game(1550.0, 100.0, Outcome::Loss),
        game(1700.0, 300.0, Outcome::Draw),
    ];
    let mut reversed = games;
    reversed.reverse();
    let settings = PeriodSettings::glickman(0.5);
    let forward = rate_period(player, &games, settings).expect("rated");
    let backward = rate_period(player, &reversed, settings).expect("rated");
    assert_close("rating", forward.rating, backward.rating, 1e-9);
    assert_close("deviation", forward.deviation, backward.deviation, 1e-9);
    assert_close("volatility", forward.volatility, backward.volatility, 1e-12);
}
