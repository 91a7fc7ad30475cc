//! Glickman's Glicko-2 algorithm for one player over one rating period, step by step as in
//! "Example of the Glicko-2 system" (Mark E. Glickman, glicko2.pdf, 2013; the step numbers
//! below are the paper's), with the choices lila makes where the paper leaves one open (the
//! Illinois update's comparison, the iteration bound).
//!
//! This is the general algorithm: any number of games in the period, any τ, any growth of the
//! deviation in step 6. Lichess's use of it, one game a period, is
//! [`rate_game`](crate::rate_game).

use std::f64::consts::PI;

use crate::error::RatingError;
use crate::outcome::Outcome;
use crate::rating::Rating;

/// The factor between the Glicko scale and the Glicko-2 scale: 173.7178 (Glickman, step 2;
/// lila's `RatingCalculator.MULTIPLIER`), that is 400 / ln 10.
pub const SCALE: f64 = 173.7178;

/// τ, the system constant, as lichess sets it: 0.75 (scalachess's `Tau.default`). The larger
/// τ, the more a surprising result moves the volatility; Glickman suggests 0.3 to 1.2.
pub const LICHESS_TAU: f64 = 0.75;

/// ε, the convergence tolerance of the volatility's iteration in step 5: 0.000001 (Glickman;
/// lila's `CONVERGENCE_TOLERANCE`).
pub const CONVERGENCE_TOLERANCE: f64 = 0.000_001;

/// The most iterations step 5 may take before the rating is given up as failed to converge:
/// 1000 (lila's `ITERATION_MAX`). The Illinois algorithm takes a handful.
pub const MAX_ITERATIONS: u32 = 1000;

/// One game of a rating period, seen from the rated player's side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PeriodGame {
    /// The opponent's rating at the start of the period.
    pub opponent: Rating,
    /// The rated player's result in the game.
    pub outcome: Outcome,
}

/// How one rating period is rated: the system constant, and how much the deviation grows in
/// step 6.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PeriodSettings {
    /// τ, the system constant (Glickman, step 1). Positive.
    pub tau: f64,
    /// How many rating periods step 6 grows the deviation by, with the new volatility:
    /// φ* = √(φ² + periods·σ′²). Glickman's paper grows it by one period; lichess by none,
    /// because it grows the deviation before each game instead, by the time since the player's
    /// last rated game (lila calls `computeGame` with `skipDeviationIncrease = true`). Not
    /// negative.
    pub growth_periods: f64,
}

impl PeriodSettings {
    /// Lichess's settings: τ = 0.75 and no growth in step 6.
    pub const LICHESS: PeriodSettings = PeriodSettings { tau: LICHESS_TAU, growth_periods: 0.0 };

    /// The paper's settings with system constant `tau`: step 6 grows the deviation by one
    /// rating period.
    #[must_use]
    pub const fn glickman(tau: f64) -> PeriodSettings {
        PeriodSettings { tau, growth_periods: 1.0 }
    }
}

/// The player's rating at the end of a rating period in which they played `games`, each
/// against an opponent rated as at the period's start; with no game, only step 6 applies (the
/// deviation grows, the rest stays). The result is Glickman's, unbounded: lichess's bounds are
/// applied by [`rate_game`](crate::rate_game), not here.
///
/// # Errors
///
/// [`RatingError::InvalidRating`] for a player's or an opponent's rating that cannot be rated
/// (see [`Rating::check`]); [`RatingError::InvalidSettings`] for τ not positive or growth
/// negative (or either not finite); [`RatingError::NotConverged`] when the volatility's
/// iteration does not converge within [`MAX_ITERATIONS`].
pub fn rate_period(
    player: Rating,
    games: &[PeriodGame],
    settings: PeriodSettings,
) -> Result<Rating, RatingError> {
    check_settings(settings)?;
    player.check()?;
    for game in games {
        game.opponent.check()?;
    }
    if games.is_empty() {
        let deviation = grown_deviation(player, settings.growth_periods);
        return Ok(Rating { deviation, ..player });
    }
    // Step 2: to the Glicko-2 scale.
    let mu = to_glicko2_rating(player.rating);
    let phi = player.deviation / SCALE;
    // Steps 3 and 4: the estimated variance from the games, and the sum of surprises.
    let (variance, surprise) = variance_and_surprise(mu, games);
    let improvement = variance * surprise;
    // Step 5: the new volatility.
    let volatility = new_volatility(
        VolatilityProblem { phi, volatility: player.volatility, variance, improvement },
        settings.tau,
    )?;
    // Step 6: the deviation grown by the period(s), with the new volatility.
    let phi_star = (phi * phi + settings.growth_periods * volatility * volatility).sqrt();
    // Step 7: the new deviation and rating.
    let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / variance).sqrt();
    let new_mu = mu + new_phi * new_phi * surprise;
    // Step 8: back to the Glicko scale.
    Ok(Rating { rating: new_mu * SCALE + 1500.0, deviation: new_phi * SCALE, volatility })
}

/// The deviation after `periods` rating periods without a game, on the Glicko scale: step 6's
/// φ* = √(φ² + periods·σ²) computed on the Glicko-2 scale, with the player's volatility
/// (lila's `calculateNewRD`, which `previewDeviation` uses for the time since the last game).
/// Not bounded; lichess bounds it to [45, 500] (see
/// [`Rating::after_days_away`]).
#[must_use]
pub fn grown_deviation(player: Rating, periods: f64) -> f64 {
    let phi = player.deviation / SCALE;
    let sigma = player.volatility;
    (phi * phi + periods * sigma * sigma).sqrt() * SCALE
}

/// `rating` on the Glicko-2 scale: μ = (r − 1500) / 173.7178 (step 2).
fn to_glicko2_rating(rating: f64) -> f64 {
    (rating - 1500.0) / SCALE
}

/// Glickman's g(φ), which weighs a game by how sure the opponent's rating is (step 3).
fn weight(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// E(μ, μj, φj): the expected score against the opponent (step 3).
fn expected_score(mu: f64, opponent_mu: f64, opponent_phi: f64) -> f64 {
    1.0 / (1.0 + (-weight(opponent_phi) * (mu - opponent_mu)).exp())
}

/// Steps 3 and 4: v, the estimated variance of the rating from the games alone, and
/// Σ g(φj)(sj − E), whose product with v is Δ, the estimated improvement.
fn variance_and_surprise(mu: f64, games: &[PeriodGame]) -> (f64, f64) {
    let mut information = 0.0;
    let mut surprise = 0.0;
    for game in games {
        let opponent_mu = to_glicko2_rating(game.opponent.rating);
        let opponent_phi = game.opponent.deviation / SCALE;
        let g = weight(opponent_phi);
        let expected = expected_score(mu, opponent_mu, opponent_phi);
        information += g * g * expected * (1.0 - expected);
        surprise += g * (game.outcome.score() - expected);
    }
    (1.0 / information, surprise)
}

/// What step 5 solves for: the player's deviation φ and volatility σ on the Glicko-2 scale,
/// the variance v and the improvement Δ of steps 3 and 4.
#[derive(Debug, Clone, Copy)]
struct VolatilityProblem {
    phi: f64,
    volatility: f64,
    variance: f64,
    improvement: f64,
}

impl VolatilityProblem {
    /// Glickman's f(x), whose root x = ln σ′² is the new volatility (step 5.1), with
    /// a = ln σ².
    fn f(&self, x: f64, a: f64, tau: f64) -> f64 {
        let ex = x.exp();
        let phi2 = self.phi * self.phi;
        let delta2 = self.improvement * self.improvement;
        let spread = phi2 + self.variance + ex;
        ex * (delta2 - phi2 - self.variance - ex) / (2.0 * spread * spread) - (x - a) / (tau * tau)
    }
}

/// Step 5: the new volatility σ′, by the Illinois algorithm (regula falsi) of the paper, to
/// within ε = [`CONVERGENCE_TOLERANCE`].
fn new_volatility(problem: VolatilityProblem, tau: f64) -> Result<f64, RatingError> {
    let a = (problem.volatility * problem.volatility).ln();
    let f = |x: f64| problem.f(x, a, tau);
    // Step 5.2: the bracket [A, B] around the root.
    let phi2 = problem.phi * problem.phi;
    let delta2 = problem.improvement * problem.improvement;
    let mut lower = a;
    let mut upper = if delta2 > phi2 + problem.variance {
        (delta2 - phi2 - problem.variance).ln()
    } else {
        // f decreases past its root and grows without bound to the left of a, so a k
        // exists; the bound only guards against a broken input.
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
            if k > f64::from(MAX_ITERATIONS) {
                return Err(RatingError::NotConverged { iterations: MAX_ITERATIONS });
            }
        }
        a - k * tau
    };
    // Steps 5.3 and 5.4.
    let mut f_lower = f(lower);
    let mut f_upper = f(upper);
    let mut iterations = 0;
    while (upper - lower).abs() > CONVERGENCE_TOLERANCE {
        if iterations == MAX_ITERATIONS {
            return Err(RatingError::NotConverged { iterations });
        }
        iterations += 1;
        let next = lower + (lower - upper) * f_lower / (f_upper - f_lower);
        let f_next = f(next);
        // The paper moves A when f(C)·f(B) < 0; lila when ≤ 0, which only differs when C
        // lands exactly on the root. Lila's comparison is kept.
        if f_next * f_upper <= 0.0 {
            lower = upper;
            f_lower = f_upper;
        } else {
            // The Illinois step: halving f(A) keeps the iteration from stalling at one end.
            f_lower /= 2.0;
        }
        upper = next;
        f_upper = f_next;
    }
    // Step 5.5.
    Ok((lower / 2.0).exp())
}

/// Checks that τ is positive and the growth not negative, both finite.
fn check_settings(settings: PeriodSettings) -> Result<(), RatingError> {
    let tau_ok = settings.tau.is_finite() && settings.tau > 0.0;
    let growth_ok = settings.growth_periods.is_finite() && settings.growth_periods >= 0.0;
    if tau_ok && growth_ok {
        Ok(())
    } else {
        Err(RatingError::InvalidSettings { settings })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_game_only_grows_the_deviation() {
        let player = Rating { rating: 1700.0, deviation: 60.0, volatility: 0.06 };
        let after = rate_period(player, &[], PeriodSettings::glickman(0.5)).expect("rated");
        assert_eq!(after.rating, player.rating);
        assert_eq!(after.volatility, player.volatility);
        let expected = ((60.0 / SCALE).powi(2) + 0.06 * 0.06).sqrt() * SCALE;
        assert!((after.deviation - expected).abs() < 1e-12, "{after:?}");
    }

    #[test]
    fn bad_settings_are_refused() {
        let game = PeriodGame { opponent: Rating::NEW_PLAYER, outcome: Outcome::Win };
        for settings in [
            PeriodSettings { tau: 0.0, growth_periods: 0.0 },
            PeriodSettings { tau: f64::NAN, growth_periods: 0.0 },
            PeriodSettings { tau: 0.75, growth_periods: -1.0 },
        ] {
            let result = rate_period(Rating::NEW_PLAYER, &[game], settings);
            assert!(matches!(result, Err(RatingError::InvalidSettings { .. })), "{settings:?}");
        }
    }

    #[test]
    fn a_bad_opponent_is_refused() {
        let opponent = Rating { deviation: 0.0, ..Rating::NEW_PLAYER };
        let game = PeriodGame { opponent, outcome: Outcome::Loss };
        let result = rate_period(Rating::NEW_PLAYER, &[game], PeriodSettings::LICHESS);
        assert!(matches!(result, Err(RatingError::InvalidRating { .. })));
    }
}
