//! Does alpha-beta win won endgames? Endgames where one side has more material are played
//! out by the same player on both sides, under the game's draw rules (three repetitions, a
//! number of turns without progress). The example prints how many the stronger side won,
//! drew and lost, and how long its wins took.
//!
//! - `checkers`: two kings against one, three against two, ...; every one a win for the
//!   stronger side with correct play.
//! - `fanorona`: positions from games between alpha-beta players, at most 10 pieces on the
//!   board and a lead of at least 2.
//! - `daynight`: positions from games between alpha-beta players, a lead of at least 2 own
//!   pieces (neutral pieces count for nobody).
//!
//! With the environment variable `ARBITER_TABLEBASE=DIR` both players consult the endgame
//! tables of DIR (and the small ones, built in memory when DIR lacks them), and
//! each line shows the start's value in the tables (`table -` where none holds it).
//!
//! `cargo run --release -p arbiter-ai --example endgames -- GAME SPEC [FILE]`, e.g.
//! `-- fanorona alphabeta:nodes=50000`; FILE defaults to `examples/data/GAME-endgames.txt`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use arbiter_ai::{Context, PlayerSpec};
use arbiter_checkers::Checkers;
use arbiter_core::{Evaluate, GameRecord, Outcome, Retrograde, Side, Status};
use arbiter_daynight::DayNight;
use arbiter_fanorona::Fanorona;
use arbiter_tablebase::Tablebase;

/// A game with endgames to play out.
trait Endgame: Evaluate + Retrograde + Copy {
    /// The material of `side`, which only decides which side is the stronger one.
    fn weight(&self, side: Side) -> u32;
}

impl Endgame for Checkers {
    /// In men: a king counts as a man and a half.
    fn weight(&self, side: Side) -> u32 {
        let pieces = self.pieces(side);
        2 * pieces.count_ones() + (pieces & self.kings()).count_ones()
    }
}

impl Endgame for Fanorona {
    fn weight(&self, side: Side) -> u32 {
        self.pieces(side).count_ones()
    }
}

impl Endgame for DayNight {
    /// Own pieces; neutral pieces count for nobody.
    fn weight(&self, side: Side) -> u32 {
        self.pieces(side).count_ones()
    }
}

/// Plays the game out from `start`, the players consulting `tables` if any; the outcome and
/// the turns played.
fn play_out<G: Endgame>(
    spec: &PlayerSpec,
    start: G,
    tables: Option<&Arc<Tablebase<G>>>,
) -> (Outcome, usize) {
    let mut players = [spec.build::<G>(), spec.build::<G>()];
    for player in &mut players {
        player.new_game(1);
        if let Some(tables) = tables {
            player.set_endgame(Some(tables.clone()));
        }
    }
    let mut record = GameRecord::from_position(start, G::Options::default());
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

/// Plays out every position of `text` (one a line, `#` starts a comment line) and prints
/// the results; an error names the line that is not a position.
fn run<G: Endgame>(spec: &PlayerSpec, path: &str, text: &str) -> Result<(), String> {
    let (mut won, mut drawn, mut lost, mut win_turns) = (0, 0, 0, 0);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let tables = std::env::var_os("ARBITER_TABLEBASE")
        .map(|dir| Arc::new(Tablebase::<G>::with_on_demand(Some(PathBuf::from(dir)), threads)));
    for line in text.lines().filter(|line| !line.is_empty() && !line.starts_with('#')) {
        let start = G::from_text(line, &G::Options::default())
            .map_err(|error| format!("{path}: `{line}`: {error}"))?;
        let stronger = if start.weight(Side::White) > start.weight(Side::Black) {
            Side::White
        } else {
            Side::Black
        };
        let (outcome, turns) = play_out(spec, start, tables.as_ref());
        let value = tables.as_ref().map(|tables| {
            let value = tables.probe(&start).ok().flatten();
            value.map_or("table -".to_owned(), |value| {
                format!("table: {} {value}", start.side_to_move())
            })
        });
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
        let value = value.unwrap_or_default();
        println!("{line:<40} {result:<6} {turns:>4} turns  {outcome}  {value}");
    }
    let average = if won > 0 { win_turns as f64 / f64::from(won) } else { 0.0 };
    println!(
        "{spec}: won {won}, drawn {drawn}, lost {lost}; a win took {average:.1} turns on average"
    );
    Ok(())
}

fn main() -> ExitCode {
    const USAGE: &str = "usage: endgames GAME SPEC [FILE], GAME one of checkers, fanorona, \
                         daynight, e.g. endgames checkers alphabeta:nodes=100000";
    let mut args = std::env::args().skip(1);
    let (Some(game), Some(spec), file) = (args.next(), args.next(), args.next()) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let spec: PlayerSpec = match spec.parse() {
        Ok(spec) => spec,
        Err(error) => {
            eprintln!("bad spec: {error}");
            return ExitCode::from(2);
        }
    };
    let run: fn(&PlayerSpec, &str, &str) -> Result<(), String> = match game.as_str() {
        "checkers" => run::<Checkers>,
        "fanorona" => run::<Fanorona>,
        "daynight" => run::<DayNight>,
        _ => {
            eprintln!("unknown game `{game}`; {USAGE}");
            return ExitCode::from(2);
        }
    };
    let path = file.unwrap_or_else(|| {
        format!("{}/examples/data/{game}-endgames.txt", env!("CARGO_MANIFEST_DIR"))
    });
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("cannot read {path}: {error}");
            return ExitCode::from(2);
        }
    };
    match run(&spec, &path, &text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{error}");
            ExitCode::from(2)
        }
    }
}
