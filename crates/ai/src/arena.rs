//! Matches between two players: games with alternating colours, from the start or from random
//! openings, played on all cores, and their statistics.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use arbiter_core::{Evaluate, GameRecord, Outcome, Side, Status};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

pub use crate::ballot::{Ballot, BallotError, BallotOpening};
use crate::{Forfeit, Player, PlayerSpec};

/// A game longer than this many turns is stopped and recorded as an agreed draw; the draw
/// rules of every game end games long before.
const MAX_TURNS: usize = 2000;

/// Random openings are drawn this many times before a match gives up on them.
const OPENING_TRIES: usize = 100;

/// The most threads a match plays on.
pub const MAX_THREADS: usize = 256;

/// The most memory the transposition tables of a match may take together, in MiB: each
/// thread keeps a table for each alpha-beta player.
pub const MAX_TABLES_MIB: usize = 8192;

/// How a match is played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchConfig {
    /// The number of games, at least one; players change colours every game.
    pub games: usize,
    /// Where the games begin: each pair of games from the same opening, colours swapped.
    pub openings: Openings,
    /// The seed of the openings and the players' random choices.
    pub seed: u64,
    /// Games played at once, 1 to [`MAX_THREADS`].
    pub threads: usize,
    /// Whether to keep each game's record text in its [`GameResult`].
    pub keep_records: bool,
}

/// Where the games of a match begin. Each pair of games shares its opening, with the colours
/// swapped, so that an opening that favours one side favours each player once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Openings {
    /// After this many random plies from the start (`Random(0)`: from the start).
    Random(usize),
    /// Pair k from opening k of the ballot, in its order, starting over after the last.
    Ballot(Arc<Ballot>),
}

impl Openings {
    /// The opening of pair `pair`.
    #[must_use]
    pub fn of_pair(&self, pair: usize) -> Opening {
        match self {
            Openings::Random(plies) => Opening::Random(*plies),
            Openings::Ballot(ballot) => {
                Opening::Moves(ballot.openings()[pair % ballot.len()].clone())
            }
        }
    }
}

/// The opening of one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opening {
    /// This many random plies from the start, drawn from the pairing's seed.
    Random(usize),
    /// The moves of a ballot's opening.
    Moves(BallotOpening),
}

/// Why a match could not be played to the end.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MatchError {
    /// A player returned no move where the game was not over.
    #[error(
        "player {name} returned no move in game {game}, at {position}, where the game is not over"
    )]
    NoMove {
        /// `A (spec)` or `B (spec)`.
        name: String,
        /// The game's number, from 1.
        game: usize,
        /// The position in its text form.
        position: String,
    },
    /// A player returned a move that is not legal.
    #[error(
        "player {name} played {mv} in game {game}, at {position}, which is not legal: {problem}"
    )]
    IllegalMove {
        /// `A (spec)` or `B (spec)`.
        name: String,
        /// The game's number, from 1.
        game: usize,
        /// The position in its text form.
        position: String,
        /// The move.
        mv: String,
        /// Why it cannot be played.
        problem: String,
    },
    /// No random opening of this length leaves the game going.
    #[error("no opening of {plies} random plies that leaves the game going was found in {OPENING_TRIES} tries; ask for fewer opening plies")]
    NoOpening {
        /// The plies asked for.
        plies: usize,
    },
    /// An opening of the ballot cannot be played.
    #[error("cannot play the ballot: {0}")]
    Ballot(BallotError),
    /// No game to play.
    #[error("a match needs at least one game")]
    NoGames,
    /// Too many or too few threads.
    #[error("{0} threads: a match plays on 1 to {MAX_THREADS}")]
    Threads(usize),
    /// The tables would take too much memory.
    #[error("the transposition tables would take {total} MiB ({threads} threads × {per_thread} MiB); a match may use at most {MAX_TABLES_MIB} MiB: give fewer threads or a smaller hash")]
    TooMuchMemory {
        /// The total asked for.
        total: usize,
        /// The threads.
        threads: usize,
        /// The tables of one thread.
        per_thread: usize,
    },
    /// A thread could not be started.
    #[error("cannot start a thread for the match: {0}")]
    Thread(String),
    /// A player could not be made ready before the first game: an engine in another process
    /// that cannot be started or does not answer its handshake.
    #[error("cannot start player {name}: {reason}")]
    Start {
        /// `A (…)` or `B (…)`.
        name: String,
        /// What went wrong.
        reason: String,
    },
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
    /// The game as a record text, when the match keeps records.
    pub record: Option<String>,
    /// When a player gave the game up (see [`Forfeit`]), which and why:
    /// `B (…) forfeited game 3: …`. The game is then recorded as its resignation, with this
    /// message in a `Forfeit` tag.
    pub forfeit: Option<String>,
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

/// A player of a match: its spec and the player built from it, kept from game to game (with
/// its transposition table) and started afresh by [`Player::new_game`] before each.
pub struct Entrant<G: Evaluate> {
    spec: PlayerSpec,
    /// How messages name the player: its spec, unless told otherwise.
    label: String,
    player: Box<dyn Player<G>>,
}

impl<G: Evaluate> Entrant<G> {
    /// The player `spec` describes.
    #[must_use]
    pub fn new(spec: &PlayerSpec) -> Self {
        Entrant { spec: *spec, label: spec.to_string(), player: spec.build::<G>() }
    }

    /// A player of one's own, described by `spec` in messages.
    #[must_use]
    pub fn with_player(spec: &PlayerSpec, player: Box<dyn Player<G>>) -> Self {
        Entrant { spec: *spec, label: spec.to_string(), player }
    }

    /// The same player, named `label` in messages instead of by its spec.
    #[must_use]
    pub fn labelled(self, label: impl Into<String>) -> Self {
        Entrant { label: label.into(), ..self }
    }
}

/// One game of a match: its number (from 0), A's side, the opening and the seed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    /// The game's number, from 0.
    pub number: usize,
    /// The side player A has.
    pub a_side: Side,
    /// Where the game begins.
    pub opening: Opening,
    /// The seed of the opening and of the players' random choices in this game.
    pub seed: u64,
}

impl Pairing {
    /// Game `number` of a match played under `config`: colours alternate, and each pair of
    /// games shares its opening.
    #[must_use]
    pub fn of(config: &MatchConfig, number: usize) -> Pairing {
        Pairing {
            number,
            a_side: if number.is_multiple_of(2) { Side::White } else { Side::Black },
            opening: config.openings.of_pair(number / 2),
            seed: pair_seed(config.seed, (number / 2) as u64),
        }
    }
}

/// The seed of pair `pair` of a match seeded `seed`: the two mixed by SplitMix64's finaliser
/// (Steele, Lea and Flood, 2014), so that matches with nearby seeds share no opening, as
/// `seed + pair` would (pair 1 of seed 5 would be pair 0 of seed 6).
pub(crate) fn pair_seed(seed: u64, pair: u64) -> u64 {
    const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;
    let finalise = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    finalise(finalise(seed).wrapping_add(GOLDEN_GAMMA.wrapping_mul(pair.wrapping_add(1))))
}

/// Plays one game between the entrants A and B (in that order) as `pairing` says. A player
/// that returns no move, or an illegal one, is an error that names it; a player that forfeits
/// (an engine in another process that failed) loses the game by resignation, and the match
/// goes on.
pub fn play_game<G: Evaluate>(
    options: &G::Options,
    entrants: &mut [Entrant<G>; 2],
    pairing: Pairing,
    keep_record: bool,
) -> Result<GameResult, MatchError> {
    let mut record = match &pairing.opening {
        Opening::Random(plies) => opening::<G>(options, *plies, pairing.seed)?,
        Opening::Moves(moves) => moves.record(options).map_err(MatchError::Ballot)?,
    };
    for (index, entrant) in entrants.iter_mut().enumerate() {
        let seed = entrant.spec.seed ^ pairing.seed.wrapping_add(index as u64 + 1);
        entrant.player.new_game(seed);
    }
    let mut forfeit = None;
    while record.status() == Status::Ongoing && record.len() < MAX_TURNS {
        let side = record.position().side_to_move();
        let index = usize::from(side != pairing.a_side);
        let entrant = &mut entrants[index];
        let name = format!("{} ({})", ["A", "B"][index], entrant.label);
        if let Err(Forfeit { reason }) = play_turn(entrant, &name, pairing.number, &mut record)? {
            let message = format!("{name} forfeited game {}: {reason}", pairing.number + 1);
            // The record is going on (the loop's condition): resigning cannot fail.
            let _ = record.resign(side);
            record.set_tag("Forfeit", &message);
            forfeit = Some(message);
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
    Ok(GameResult {
        number: pairing.number,
        a_side: pairing.a_side,
        outcome,
        turns: record.len(),
        record: keep_record.then(|| record.to_record_text()),
        forfeit,
    })
}

/// One turn of game `number` (from 0): `entrant`, called `name`, moves in `record`, or gives
/// the game up with the [`Forfeit`] returned inside the `Ok`.
fn play_turn<G: Evaluate>(
    entrant: &mut Entrant<G>,
    name: &str,
    number: usize,
    record: &mut GameRecord<G>,
) -> Result<Result<(), Forfeit>, MatchError> {
    let report = match entrant.player.choose_in_game(record, &mut |_| {}) {
        Ok(report) => report,
        Err(forfeit) => return Ok(Err(forfeit)),
    };
    let position = record.position().clone();
    let Some(mv) = report.best else {
        return Err(MatchError::NoMove {
            name: name.to_owned(),
            game: number + 1,
            position: position.to_text(),
        });
    };
    record.play(mv).map_err(|error| MatchError::IllegalMove {
        name: name.to_owned(),
        game: number + 1,
        position: position.to_text(),
        mv: mv.to_string(),
        problem: error.to_string(),
    })?;
    Ok(Ok(()))
}

/// A record after `plies` random plies from the start that do not end the game.
fn opening<G: Evaluate>(
    options: &G::Options,
    plies: usize,
    seed: u64,
) -> Result<GameRecord<G>, MatchError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _attempt in 0..OPENING_TRIES {
        let mut record = GameRecord::<G>::new(options.clone());
        for _ in 0..plies {
            let legal = record.position().legal_moves();
            if legal.is_empty() || record.status().is_over() {
                break;
            }
            let _ = record.play(legal[rng.random_range(0..legal.len())]);
        }
        if record.status() == Status::Ongoing && record.len() == plies {
            return Ok(record);
        }
    }
    Err(MatchError::NoOpening { plies })
}

/// Checks a match's configuration before any game: games, threads, and the memory of the
/// tables (each thread keeps a table per alpha-beta player).
pub fn check_config(
    a: &PlayerSpec,
    b: &PlayerSpec,
    config: &MatchConfig,
) -> Result<(), MatchError> {
    check_counts(config)?;
    let threads = config.threads.min(config.games);
    let per_thread = a.table_memory_mib() + b.table_memory_mib();
    let total = threads.saturating_mul(per_thread);
    if total > MAX_TABLES_MIB {
        return Err(MatchError::TooMuchMemory { total, threads, per_thread });
    }
    Ok(())
}

/// Checks that there are games to play and a number of threads that can play them.
fn check_counts(config: &MatchConfig) -> Result<(), MatchError> {
    if config.games == 0 {
        return Err(MatchError::NoGames);
    }
    if !(1..=MAX_THREADS).contains(&config.threads) {
        return Err(MatchError::Threads(config.threads));
    }
    Ok(())
}

/// Plays a match on `config.threads` threads; `progress` is called after each game with the
/// number finished. Results come back in game order. Each thread builds the two players once
/// and reuses them (and their tables) for all its games.
pub fn play_match<G: Evaluate>(
    options: &G::Options,
    a: &PlayerSpec,
    b: &PlayerSpec,
    config: MatchConfig,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<MatchResult, MatchError> {
    check_config(a, b, &config)?;
    play_match_with::<G>(options, &|| Ok([Entrant::new(a), Entrant::new(b)]), config, progress)
}

/// Plays a match between the entrants A and B that `entrants` makes, once for each thread, as
/// [`play_match`] does; an error from it (an engine that cannot be started) ends the match.
/// The configuration is checked as [`check_config`] does, but for the tables' memory.
pub fn play_match_with<G: Evaluate>(
    options: &G::Options,
    entrants: &(dyn Fn() -> Result<[Entrant<G>; 2], MatchError> + Sync),
    config: MatchConfig,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<MatchResult, MatchError> {
    check_counts(&config)?;
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let failure: Mutex<Option<MatchError>> = Mutex::new(None);
    let fail = |error: MatchError| {
        // Stop handing out games; the first error is the one reported.
        next.store(config.games, Ordering::Relaxed);
        failure.lock().unwrap_or_else(PoisonError::into_inner).get_or_insert(error);
    };
    let worker = || {
        let mut entrants = match entrants() {
            Ok(entrants) => entrants,
            Err(error) => return fail(error),
        };
        loop {
            let number = next.fetch_add(1, Ordering::Relaxed);
            if number >= config.games {
                return;
            }
            let pairing = Pairing::of(&config, number);
            match play_game::<G>(options, &mut entrants, pairing, config.keep_records) {
                Ok(result) => {
                    let mut results = results.lock().unwrap_or_else(PoisonError::into_inner);
                    results.push(result);
                    progress(results.len());
                }
                Err(error) => return fail(error),
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 0..config.threads.min(config.games) {
            if let Err(error) = std::thread::Builder::new().spawn_scoped(scope, worker) {
                fail(MatchError::Thread(error.to_string()));
                break;
            }
        }
    });
    if let Some(error) = failure.into_inner().unwrap_or_else(PoisonError::into_inner) {
        return Err(error);
    }
    let mut games = results.into_inner().unwrap_or_else(PoisonError::into_inner);
    games.sort_by_key(|game| game.number);
    Ok(MatchResult::new(games))
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

    #[test]
    fn matches_with_nearby_seeds_share_no_pair_seed() {
        let seeds: std::collections::HashSet<u64> =
            (0..50).flat_map(|seed| (0..50).map(move |pair| pair_seed(seed, pair))).collect();
        assert_eq!(seeds.len(), 50 * 50);
        let config = |seed| MatchConfig {
            games: 8,
            openings: Openings::Random(2),
            seed,
            threads: 1,
            keep_records: false,
        };
        assert_eq!(Pairing::of(&config(7), 2).seed, Pairing::of(&config(7), 3).seed);
        assert_ne!(Pairing::of(&config(7), 2).seed, Pairing::of(&config(8), 0).seed);
    }
}
