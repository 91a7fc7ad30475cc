//! Training positions by self-play: games from a ballot's openings or from the start position,
//! some moves random, each quiet position labelled by the score of the search that chose the move there.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use arbiter_core::{Evaluate, GameRecord, Outcome, Side, Status, Tactics};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::arena::pair_seed;
use crate::{AlphaBeta, Context, Limits, Score};

/// How positions are generated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GenerateSettings {
    /// The games played: game `k` starts from opening `k`, round and round.
    pub games: usize,
    /// The positions each search visits: the depth of the labels.
    pub nodes: u64,
    /// The transposition table of each player, in MiB.
    pub table_mib: usize,
    /// How many of the first plies after the opening may be random.
    pub random_plies: u32,
    /// How many times in a hundred a move among those plies is random instead of searched.
    pub random_percent: u8,
    /// The longest game, in plies after the opening; a longer one is adjudicated a draw.
    pub max_plies: u32,
    /// The seed of the random moves: game `k` is seeded by this and `k`.
    pub seed: u64,
    /// The threads that play games side by side (the samples do not depend on it).
    pub threads: usize,
}

/// A labelled position.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// The position, as its text.
    pub position: String,
    /// The search's score for the side to move, in hundredths of a piece.
    pub score: i32,
    /// The game's result for the side to move: 1 won, 0.5 drawn, 0 lost.
    pub result: f32,
}

impl Sample {
    /// The sample as a line of a data file: `score result position`.
    #[must_use]
    pub fn to_line(&self) -> String {
        format!("{} {} {}", self.score, self.result, self.position)
    }

    /// Reads a line written by [`Sample::to_line`]; `None` when it is not one.
    #[must_use]
    pub fn from_line(line: &str) -> Option<Sample> {
        let mut parts = line.trim().splitn(3, ' ');
        let score = parts.next()?.parse().ok()?;
        let result = parts.next()?.parse().ok().filter(|r| [0.0, 0.5, 1.0].contains(r))?;
        let position = parts.next()?.to_owned();
        Some(Sample { position, score, result })
    }
}

/// The games finished and not yet handed on, waiting for those before them.
struct InOrder<'a> {
    next: usize,
    waiting: BTreeMap<usize, Vec<Sample>>,
    sink: &'a mut (dyn FnMut(Vec<Sample>) + Send),
}

/// Plays `settings.games` games from `openings` and hands `sink` the labelled positions of
/// each game as it ends, in the order of the games whatever the threads (a game that ends
/// before one started earlier waits for it), so that what a run writes is the same for any
/// number of threads, and a run cut short has written whole games.
pub fn generate<G: Evaluate>(
    openings: &[GameRecord<G>],
    settings: &GenerateSettings,
    sink: &mut (dyn FnMut(Vec<Sample>) + Send),
) {
    if openings.is_empty() {
        return;
    }
    let next = AtomicUsize::new(0);
    let ordered = Mutex::new(InOrder { next: 0, waiting: BTreeMap::new(), sink });
    std::thread::scope(|scope| {
        for _ in 0..settings.threads.max(1) {
            scope.spawn(|| loop {
                let number = next.fetch_add(1, Ordering::Relaxed);
                if number >= settings.games {
                    break;
                }
                let opening = openings[number % openings.len()].clone();
                let samples = play_one(opening, settings, pair_seed(settings.seed, number as u64));
                let mut ordered = ordered.lock().unwrap_or_else(|poison| poison.into_inner());
                ordered.waiting.insert(number, samples);
                loop {
                    let next = ordered.next;
                    let Some(samples) = ordered.waiting.remove(&next) else { break };
                    (ordered.sink)(samples);
                    ordered.next += 1;
                }
            });
        }
    });
}

/// One game of self-play from `record`: the quiet positions with their search scores, and the
/// result filled in at the end.
fn play_one<G: Evaluate>(
    mut record: GameRecord<G>,
    settings: &GenerateSettings,
    seed: u64,
) -> Vec<Sample> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut player = AlphaBeta::<G>::new(Limits::nodes(settings.nodes), settings.table_mib);
    let mut samples: Vec<(Side, Sample)> = Vec::new();
    let mut history = Vec::new();
    let mut tactical = Vec::new();
    for ply in 0..settings.max_plies {
        if record.status() != Status::Ongoing {
            break;
        }
        let position = record.position().clone();
        let legal = position.legal_moves();
        let random = ply < settings.random_plies
            && rng.random_range(0..100) < u32::from(settings.random_percent);
        let mv = if random {
            legal[rng.random_range(0..legal.len())]
        } else {
            let context = Context::of_record(&record, &mut history);
            let report = player.search(&position, &context, &mut |_| {});
            let quiet = position.tactical_moves(&mut tactical, usize::MAX) == Tactics::SomeQuiet
                && tactical.is_empty();
            if let (true, Score::Eval(score)) = (quiet, report.score) {
                let sample = Sample { position: position.to_text(), score, result: 0.5 };
                samples.push((position.side_to_move(), sample));
            }
            match report.best {
                Some(best) => best,
                None => break,
            }
        };
        if record.play(mv).is_err() {
            break;
        }
    }
    let winner = match record.status() {
        Status::Over(Outcome::Win { winner, .. }) => Some(winner),
        _ => None,
    };
    samples
        .into_iter()
        .map(|(side, sample)| Sample {
            result: match winner {
                Some(winner) if winner == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            ..sample
        })
        .collect()
}
