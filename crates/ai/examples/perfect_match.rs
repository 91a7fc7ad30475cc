//! The perfect player against alpha-beta at each strength level, in the two 6×6 games, with
//! random openings: it must never let a won position slip.
//!
//! For each game it plays, the exact value the perfect player reported at each of its moves
//! is watched: once it has seen a won position, it must win the game; and whenever it is to
//! move in a won position, the length it reports must be at most what it reported at its
//! previous move minus two (a win never gets further away). It prints a line per level and
//! side and fails (exit code 1) at the first won position let slip.
//!
//! `cargo run --release -p arbiter-ai --example perfect_match -- GAME GAMES_PER_SIDE [LEVELS]`
//! e.g. `-- holes 20 1,2,3,4,5`.

use std::process::ExitCode;
use std::time::Instant;

use arbiter_ai::{Context, Player, PlayerSpec, Score};
use arbiter_core::{Evaluate, Side};
use arbiter_holes::Holes;
use arbiter_minicheckers::Minicheckers;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Random plies before the players take over.
const OPENING_PLIES: usize = 2;

/// What one game showed.
struct Played {
    perfect_won: bool,
    /// The perfect player was to move in a won position at some point.
    saw_a_win: bool,
    plies: usize,
}

fn play_one<G: Evaluate>(
    perfect: &mut dyn Player<G>,
    opponent: &mut dyn Player<G>,
    perfect_side: Side,
    seed: u64,
) -> Result<Played, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = G::start(&Default::default());
    let mut plies = 0;
    while plies < OPENING_PLIES && !position.status().is_over() {
        let moves = position.legal_moves();
        position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        plies += 1;
    }
    perfect.new_game(seed);
    opponent.new_game(seed);
    let mut saw_a_win = false;
    let mut last_win: Option<u32> = None;
    while !position.status().is_over() {
        let perfect_to_move = position.side_to_move() == perfect_side;
        let player: &mut dyn Player<G> = if perfect_to_move { perfect } else { opponent };
        let report = player.choose(&position, &Context::default(), &mut |_| {});
        if perfect_to_move {
            match report.score {
                Score::Win(length) => {
                    if let Some(last) = last_win {
                        if length + 2 > last {
                            return Err(format!(
                                "a win in {last} plies became one in {length} at {}",
                                position.to_text()
                            ));
                        }
                    }
                    saw_a_win = true;
                    last_win = Some(length);
                }
                Score::Loss(_) if saw_a_win => {
                    return Err(format!("a won position slipped at {}", position.to_text()));
                }
                Score::Loss(_) => {}
                other => return Err(format!("no exact value ({other}) at {}", position.to_text())),
            }
        }
        let mv = report.best.ok_or("no move in a game still going on")?;
        position.play(mv).map_err(|error| error.to_string())?;
        plies += 1;
    }
    let winner = position.status().outcome().and_then(|outcome| outcome.winner());
    let perfect_won = winner == Some(perfect_side);
    if saw_a_win && !perfect_won {
        return Err(format!("the perfect player saw a win and lost, at {}", position.to_text()));
    }
    Ok(Played { perfect_won, saw_a_win, plies })
}

fn run<G: Evaluate>(games_per_side: usize, levels: &[u8]) -> Result<(), String> {
    // One perfect player for the whole run: what it proved in one game helps in the next.
    let mut perfect = PlayerSpec::perfect().build::<G>();
    println!("{}: perfect against alpha-beta, {OPENING_PLIES} random opening plies", G::ID);
    println!("level  perfect plays  games  won  lost  started won or won later  plies  seconds");
    for &level in levels {
        let spec = PlayerSpec::level::<G>(level).map_err(|error| error.to_string())?;
        let mut opponent = spec.build::<G>();
        for side in Side::BOTH {
            let started = Instant::now();
            let (mut won, mut saw, mut plies) = (0, 0, 0);
            for game in 0..games_per_side {
                let seed = 1000 * u64::from(level) + game as u64;
                let played = play_one(perfect.as_mut(), opponent.as_mut(), side, seed)?;
                won += usize::from(played.perfect_won);
                saw += usize::from(played.saw_a_win);
                plies += played.plies;
            }
            println!(
                "{level:>5}  {side:>13}  {games_per_side:>5}  {won:>3}  {:>4}  {saw:>24}  {:>5.1}  {:>7.1}",
                games_per_side - won,
                plies as f64 / games_per_side as f64,
                started.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = args.get(1).and_then(|games| games.parse().ok()).unwrap_or(10);
    let levels: Vec<u8> = args
        .get(2)
        .map_or("1,2,3,4,5", String::as_str)
        .split(',')
        .filter_map(|level| level.trim().parse().ok())
        .collect();
    let result = match args.first().map(String::as_str) {
        Some("minicheckers") => run::<Minicheckers>(games, &levels),
        Some("holes") => run::<Holes>(games, &levels),
        _ => Err("usage: perfect_match minicheckers|holes GAMES_PER_SIDE [LEVELS]".to_owned()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
