//! Random playouts on a GDL game: the reasoner's states and playouts per second on one thread,
//! and the time to parse, check, ground and build.
//!
//! `cargo run --release -p arbiter-gdl --example bench -- FILE.kif [seconds]` (5 seconds by
//! default). The playouts use a fixed seed; a state counts once per playout that visits it,
//! the initial and the terminal state included.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use arbiter_gdl::{parse, Game, Machine, Move};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: bench FILE.kif [seconds]");
        return ExitCode::FAILURE;
    };
    let seconds = match args.get(1).map(|text| text.parse::<f64>()) {
        None => 5.0,
        Some(Ok(seconds)) if seconds > 0.0 => seconds,
        Some(_) => {
            eprintln!("the duration must be a positive number of seconds");
            return ExitCode::FAILURE;
        }
    };
    match run(path, Duration::from_secs_f64(seconds)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{path}: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(path: &str, duration: Duration) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|error| error.to_string())?;
    let start = Instant::now();
    let description = parse(&text).map_err(|error| error.to_string())?;
    let parsed = start.elapsed();
    let game = Game::from_description(&description).map_err(|error| error.to_string())?;
    let times = game.build_times();
    let size = game.network_size();
    println!("game        {path}");
    println!("roles       {}", game.roles().join(" "));
    println!(
        "network     {} base propositions, {} moves, {} nodes, {} edges, {} cycles",
        size.bases, size.moves, size.nodes, size.edges, size.cycles
    );
    println!(
        "compile     parse {:.2} ms, check {:.2} ms, ground {:.2} ms, build {:.2} ms",
        millis(parsed),
        millis(times.check),
        millis(times.ground),
        millis(times.build)
    );
    let mut machine = game.machine();
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mut joint = Vec::with_capacity(game.roles().len());
    let (mut playouts, mut states, mut stuck) = (0u64, 0u64, 0u64);
    let initial = game.initial_state();
    let start = Instant::now();
    while start.elapsed() < duration {
        for _ in 0..100 {
            machine.set_state(&initial).map_err(|error| error.to_string())?;
            let (visited, finished) = playout(&mut machine, &mut rng, &mut joint)?;
            states += visited;
            playouts += 1;
            stuck += u64::from(!finished);
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "playouts    {playouts} in {elapsed:.2} s: {:.0} playouts/s, {:.0} states/s, {:.1} states a playout",
        playouts as f64 / elapsed,
        states as f64 / elapsed,
        states as f64 / playouts as f64
    );
    if stuck > 0 {
        println!("warning     {stuck} playouts reached a non-terminal state where a role has no legal move");
    }
    Ok(())
}

/// Plays random joint moves from the machine's state to the end; the states visited, and
/// whether the end was terminal (not a role without legal moves).
fn playout(
    machine: &mut Machine<'_>,
    rng: &mut ChaCha8Rng,
    joint: &mut Vec<Move>,
) -> Result<(u64, bool), String> {
    let roles = joint.capacity();
    let mut visited = 1;
    while !machine.is_terminal() {
        joint.clear();
        for role in 0..roles {
            let count = machine.legal_count(role);
            if count == 0 {
                return Ok((visited, false));
            }
            // A role with one legal move (the waiting role's noop) needs no draw.
            let n = if count == 1 { 0 } else { rng.random_range(0..count) };
            joint.push(machine.nth_legal(role, n).ok_or("no such move")?);
        }
        machine.play(joint).map_err(|error| error.to_string())?;
        visited += 1;
    }
    Ok((visited, true))
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}
