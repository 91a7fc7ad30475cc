//! The first rated game of two new players, checked against a computation written here
//! separately, straight from the formulas of Glickman's paper (glicko2.pdf, steps 1 to 8),
//! with lichess's settings: τ = 0.75, one game, no growth of the deviation in step 6.

use std::f64::consts::PI;

use arbiter_rating::{rate_game, Outcome, PerfRating, Rating, UnixMillis};

use crate::assert_close;

/// The paper's factor between the two scales.
const SCALE: f64 = 173.7178;

/// One player's new (rating, deviation, volatility) after one game, by the paper's steps.
fn by_the_paper(player: (f64, f64, f64), opponent: (f64, f64), score: f64) -> (f64, f64, f64) {
    let tau: f64 = 0.75;
    let epsilon: f64 = 0.000_001;
    // Step 2.
    let (mu, phi, sigma) = ((player.0 - 1500.0) / SCALE, player.1 / SCALE, player.2);
    let (mu_j, phi_j) = ((opponent.0 - 1500.0) / SCALE, opponent.1 / SCALE);
    // Step 3.
    let g = 1.0 / (1.0 + 3.0 * phi_j.powi(2) / PI.powi(2)).sqrt();
    let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
    let v = 1.0 / (g.powi(2) * e * (1.0 - e));
    // Step 4.
    let delta = v * g * (score - e);
    // Step 5.
    let a = sigma.powi(2).ln();
    let f = |x: f64| {
        x.exp() * (delta.powi(2) - phi.powi(2) - v - x.exp())
            / (2.0 * (phi.powi(2) + v + x.exp()).powi(2))
            - (x - a) / tau.powi(2)
    };
    let mut big_a = a;
    let mut big_b = if delta.powi(2) > phi.powi(2) + v {
        (delta.powi(2) - phi.powi(2) - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > epsilon {
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    let new_sigma = (big_a / 2.0).exp();
    // Step 6, with lichess's zero periods: φ* = φ.
    let phi_star = phi;
    // Step 7.
    let new_phi = 1.0 / (1.0 / phi_star.powi(2) + 1.0 / v).sqrt();
    let new_mu = mu + new_phi.powi(2) * g * (score - e);
    // Step 8.
    (SCALE * new_mu + 1500.0, SCALE * new_phi, new_sigma)
}

#[track_caller]
fn assert_same(what: &str, actual: Rating, expected: (f64, f64, f64)) {
    assert_close(&format!("{what} rating"), actual.rating, expected.0, 1e-9);
    assert_close(&format!("{what} deviation"), actual.deviation, expected.1, 1e-9);
    assert_close(&format!("{what} volatility"), actual.volatility, expected.2, 1e-9);
}

#[test]
fn two_new_players_first_game_matches_the_papers_formulas() {
    let new = (1500.0, 500.0, 0.09);
    let rated =
        rate_game(&PerfRating::NEW_PLAYER, &PerfRating::NEW_PLAYER, Outcome::Win, UnixMillis(0))
            .expect("rated");
    assert_eq!(rated.first.before, Rating::NEW_PLAYER);
    assert_same("winner", rated.first.after, by_the_paper(new, (1500.0, 500.0), 1.0));
    assert_same("loser", rated.second.after, by_the_paper(new, (1500.0, 500.0), 0.0));

    // The figures rounded: 1741.48 / 396.69 / 0.0899983 and 1258.52 / 396.69 / 0.0899983,
    // shown as 1741 (+241) and 1258 (−242), both still provisional (lila's
    // RatingCalculatorTest: 1741, 1258, RD 396, σ 0.0899983).
    assert_close("winner rating", rated.first.after.rating, 1741.48, 0.005);
    assert_close("loser rating", rated.second.after.rating, 1258.52, 0.005);
    assert_close("deviation", rated.first.after.deviation, 396.69, 0.005);
    assert_close("volatility", rated.first.after.volatility, 0.089_998_3, 0.000_000_05);
    assert_eq!((rated.first.after.displayed(), rated.second.after.displayed()), (1741, 1258));
    assert_eq!((rated.first.change, rated.second.change), (241, -242));
    assert!(rated.first.after.provisional() && rated.second.after.provisional());
}

#[test]
fn the_loser_given_first_is_rated_the_same() {
    let rated =
        rate_game(&PerfRating::NEW_PLAYER, &PerfRating::NEW_PLAYER, Outcome::Loss, UnixMillis(0))
            .expect("rated");
    assert_same(
        "loser",
        rated.first.after,
        by_the_paper((1500.0, 500.0, 0.09), (1500.0, 500.0), 0.0),
    );
    assert_eq!((rated.first.change, rated.second.change), (-242, 241));
}
