//! Matches between two players: games with alternating colours, from the start or from random
//! openings, played on all cores, and their statistics.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use arbiter_core::{Evaluate, GameRecord, Outcome, Side, Status};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{Context, PlayerSpec};

/// A game longer than this many turns is stopped and recorded as an agreed draw; the draw
/// rules of every game end games long before.
const MAX_TURNS: usize = 2000;

/// How a match is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchConfig {
    /// The number of games; players change colours every game.
    pub games: usize,
    /// Random plies played from the start before the players take over (the same opening for
    /// each pair of games, with colours swapped).
    pub openings: usize,
    /// The seed of the openings and the players' random choices.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
}

/// One finished game of a match.
#[derive(Debug, Clone, PartialEq)]
pub struct GameResult {
    /// The game's number, from 0.
    pub number: usize,
    /// The side player A had.
    pub a_side: Side,
    /// How it ended.
    pub outcome: Outcome,
    /// The number of turns played.
    pub turns: usize,
    /// The game as a record text.
    pub record: String,
}

impl GameResult {
    /// Player A's score: 1 for a win, ½ for a draw, 0 for a loss.
    #[must_use]
    pub fn a_score(&self) -> f64 {
        match self.outcome.winner() {
            Some(winner) if winner == self.a_side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// Plays one game between `a` and `b` (A playing `a_side`) after `opening_plies` random plies
/// chosen with `seed`.
pub fn play_game<G: Evaluate>(
    options: &G::Options,
    a: &PlayerSpec,
    b: &PlayerSpec,
    a_side: Side,
    opening_plies: usize,
    seed: u64,
    number: usize,
) -> GameResult {
    let mut record = opening::<G>(options, opening_plies, seed);
    let seeded = |spec: &PlayerSpec, offset: u64| PlayerSpec {
        seed: spec.seed ^ seed.wrapping_add(offset),
        ..*spec
    };
    let mut players = [seeded(a, 1).build::<G>(), seeded(b, 2).build::<G>()];
    if a_side == Side::Black {
        players.swap(0, 1);
    }
    let mut history = Vec::new();
    while record.status() == Status::Ongoing && record.len() < MAX_TURNS {
        let position = record.position().clone();
        let player = &mut players[position.side_to_move().index()];
        let context = Context::of_record(&record, &mut history);
        let report = player.choose(&position, &context, &mut |_| {});
        let Some(mv) = report.best else { break };
        if record.play(mv).is_err() {
            break;
        }
    }
    if record.status() == Status::Ongoing {
        // Only reached past MAX_TURNS: no game of the catalogue gets there.
        let _ = record.agree_draw();
    }
    let outcome = record
        .status()
        .outcome()
        .unwrap_or(Outcome::Draw { reason: arbiter_core::DrawReason::Agreement });
    GameResult { number, a_side, outcome, turns: record.len(), record: record.to_record_text() }
}

/// A record after `plies` random plies from the start that do not end the game.
fn opening<G: Evaluate>(options: &G::Options, plies: usize, seed: u64) -> GameRecord<G> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _attempt in 0..100 {
        let mut record = GameRecord::<G>::new(options.clone());
        for _ in 0..plies {
            let legal = record.position().legal_moves();
            if legal.is_empty() || record.status().is_over() {
                break;
            }
            let _ = record.play(legal[rng.random_range(0..legal.len())]);
        }
        if record.status() == Status::Ongoing {
            return record;
        }
    }
    GameRecord::new(options.clone())
}

/// Plays a match on `config.threads` threads; `progress` is called after each game with the
/// number finished. Results come back in game order.
pub fn play_match<G: Evaluate>(
    options: &G::Options,
    a: &PlayerSpec,
    b: &PlayerSpec,
    config: MatchConfig,
    progress: &(dyn Fn(usize) + Sync),
) -> MatchResult {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..config.threads.clamp(1, config.games.max(1)) {
            scope.spawn(|| loop {
                let number = next.fetch_add(1, Ordering::Relaxed);
                if number >= config.games {
                    return;
                }
                let a_side = if number % 2 == 0 { Side::White } else { Side::Black };
                let seed = config.seed.wrapping_add((number / 2) as u64);
                let result = play_game::<G>(options, a, b, a_side, config.openings, seed, number);
                let mut results = results.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                results.push(result);
                progress(results.len());
            });
        }
    });
    let mut games = results.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    games.sort_by_key(|game| game.number);
    MatchResult::new(games)
}

/// The result of a match, from player A's point of view.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchResult {
    /// Games A won.
    pub a_wins: usize,
    /// Drawn games.
    pub draws: usize,
    /// Games B won.
    pub b_wins: usize,
    /// A's mean score, 0 to 1.
    pub score: f64,
    /// The 95% confidence interval of A's score (normal approximation).
    pub interval: (f64, f64),
    /// A's Elo difference over B, from the score.
    pub elo: f64,
    /// The Elo differences at the ends of the score's interval.
    pub elo_interval: (f64, f64),
    /// Every game, in order.
    pub games: Vec<GameResult>,
}

impl MatchResult {
    fn new(games: Vec<GameResult>) -> Self {
        let count = |score: f64| games.iter().filter(|game| game.a_score() == score).count();
        let (a_wins, draws, b_wins) = (count(1.0), count(0.5), count(0.0));
        let n = games.len().max(1) as f64;
        let score = games.iter().map(GameResult::a_score).sum::<f64>() / n;
        let variance = games.iter().map(|game| (game.a_score() - score).powi(2)).sum::<f64>() / n;
        let margin = 1.96 * (variance / n).sqrt();
        let interval = ((score - margin).max(0.0), (score + margin).min(1.0));
        let elo_of = |s: f64| elo(s, games.len());
        MatchResult {
            a_wins,
            draws,
            b_wins,
            score,
            interval,
            elo: elo_of(score),
            elo_interval: (elo_of(interval.0), elo_of(interval.1)),
            games,
        }
    }

    /// The number of games.
    #[must_use]
    pub fn games_played(&self) -> usize {
        self.games.len()
    }
}

/// The Elo difference for a score; a perfect score is taken as half a game short of perfect,
/// so that the estimate stays finite (with `games` games).
#[must_use]
pub fn elo(score: f64, games: usize) -> f64 {
    let margin = 0.5 / games.max(1) as f64;
    let score = score.clamp(margin, 1.0 - margin);
    -400.0 * (1.0 / score - 1.0).log10()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_follows_the_logistic_formula() {
        assert!(elo(0.5, 100).abs() < 1e-9);
        assert!((elo(0.75, 100) - 190.848).abs() < 0.01);
        assert!((elo(0.25, 100) + 190.848).abs() < 0.01);
        assert!(elo(1.0, 50).is_finite() && elo(1.0, 50) > 600.0);
    }
}
