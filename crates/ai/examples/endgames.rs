//! Does alpha-beta win won endgames? Checkers endgames where one side has more material (two
//! kings against one, three against two, ...) are played out by the same player on both
//! sides, under the game's draw rules (three repetitions, 80 turns without progress). Every
//! one of them is a win for the stronger side with correct play; the example prints how many
//! the stronger side won, drew and lost, and how long its wins took.
//!
//! `cargo run --release -p arbiter-ai --example endgames -- SPEC [FILE]`, e.g.
//! `-- alphabeta:nodes=100000`; FILE defaults to `examples/data/checkers-endgames.txt`.

use std::process::ExitCode;

use arbiter_ai::{Context, PlayerSpec};
use arbiter_checkers::Checkers;
use arbiter_core::{Game, GameRecord, NoOptions, Outcome, Side, Status};

/// The material of `side` in men: a king counts as a man and a half, which only decides
/// which side is the stronger one.
fn material(position: &Checkers, side: Side) -> u32 {
    let pieces = position.pieces(side);
    2 * pieces.count_ones() + (pieces & position.kings()).count_ones()
}

/// Plays the game out from `start`; the outcome and the turns played.
fn play_out(spec: &PlayerSpec, start: Checkers) -> (Outcome, usize) {
    let mut players = [spec.build::<Checkers>(), spec.build::<Checkers>()];
    for player in &mut players {
        player.new_game(1);
    }
    let mut record = GameRecord::from_position(start, NoOptions);
    let mut history = Vec::new();
    while record.status() == Status::Ongoing {
        let position = *record.position();
        let player = &mut players[usize::from(position.side_to_move() == Side::White)];
        let context = Context::of_record(&record, &mut history);
        let Some(mv) = player.choose(&position, &context, &mut |_| {}).best else { break };
        if record.play(mv).is_err() {
            break;
        }
    }
    let outcome = record.status().outcome().expect("played until the game ended");
    (outcome, record.len())
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (Some(spec), file) = (args.next(), args.next()) else {
        eprintln!("usage: endgames SPEC [FILE], e.g. endgames alphabeta:nodes=100000");
        return ExitCode::from(2);
    };
    let spec: PlayerSpec = match spec.parse() {
        Ok(spec) => spec,
        Err(error) => {
            eprintln!("bad spec: {error}");
            return ExitCode::from(2);
        }
    };
    let path = file.unwrap_or_else(|| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/examples/data/checkers-endgames.txt").to_owned()
    });
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("cannot read {path}: {error}");
            return ExitCode::from(2);
        }
    };
    let (mut won, mut drawn, mut lost, mut win_turns) = (0, 0, 0, 0);
    for line in text.lines().filter(|line| !line.is_empty() && !line.starts_with('#')) {
        let start = match Checkers::from_text(line, &NoOptions) {
            Ok(position) => position,
            Err(error) => {
                eprintln!("{path}: `{line}`: {error}");
                return ExitCode::from(2);
            }
        };
        let stronger = if material(&start, Side::White) > material(&start, Side::Black) {
            Side::White
        } else {
            Side::Black
        };
        let (outcome, turns) = play_out(&spec, start);
        let result = match outcome.winner() {
            Some(winner) if winner == stronger => {
                won += 1;
                win_turns += turns;
                "won"
            }
            Some(_) => {
                lost += 1;
                "LOST"
            }
            None => {
                drawn += 1;
                "drawn"
            }
        };
        println!("{line:<40} {result:<6} {turns:>4} turns  {outcome}");
    }
    let average = if won > 0 { win_turns as f64 / f64::from(won) } else { 0.0 };
    println!(
        "{spec}: won {won}, drawn {drawn}, lost {lost}; a win took {average:.1} turns on average"
    );
    ExitCode::SUCCESS
}
