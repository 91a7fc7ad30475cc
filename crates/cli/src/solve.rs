//! `arbiter solve`: who wins a position with perfect play, in how many plies, and how.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use arbiter_catalog::{AnyGame, GameId, SymmetricVisitor};
use arbiter_core::GameOptions;
use arbiter_core::{Game, Side};
use arbiter_solver::{
    solve_long, Checkpointing, LongRun, Phase, Progress, Settings, Solution, Subject,
};
use serde::Serialize;

use crate::bench::rate;
use crate::output::Out;
use crate::{parse_think, play_moves, proof, Failure, Setup};

/// The most memory `--hash` may ask for, in MiB.
const MAX_HASH_MIB: i64 = 65536;

/// The arguments of `arbiter solve`.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The game: minicheckers or holes (the games that always end in a win).
    game: String,
    #[command(flatten)]
    setup: Setup,
    /// Moves to play first, separated by spaces.
    #[arg(long, value_name = "\"M1 M2 ...\"", default_value = "")]
    moves: String,
    /// Memory for the solver's tables in MiB, 1 to 65536.
    #[arg(long, value_name = "MIB", default_value_t = 256,
          value_parser = clap::value_parser!(u32).range(1..=MAX_HASH_MIB))]
    hash: u32,
    /// Threads for the search of the value, 1 to 256: the root's moves are shared out among
    /// them, and what one proves the others use.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Give up after this long, e.g. 90s or 10m (at most 24h).
    #[arg(long, value_parser = parse_think)]
    time: Option<Duration>,
    /// Write the solver's tables to FILE every --checkpoint-every and on Ctrl-C; when FILE
    /// exists, go on from it (it must be of the same game, options and position).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// The time between checkpoints, e.g. 5m (the default) or 30s.
    #[arg(long, value_parser = parse_think, default_value = "5m", requires = "checkpoint")]
    checkpoint_every: Duration,
    /// Also write the proof tree to FILE, for `arbiter verify-proof`.
    #[arg(long, value_name = "FILE")]
    proof: Option<String>,
    /// End with one line of JSON: winner, plies, pv, nodes, seconds and more.
    #[arg(long)]
    json: bool,
}

/// The JSON summary of a solution.
#[derive(Debug, Serialize)]
struct Summary {
    game: &'static str,
    position: String,
    winner: &'static str,
    plies: u32,
    pv: Vec<String>,
    nodes: u64,
    length_nodes: u64,
    seconds: f64,
}

/// Runs `arbiter solve`.
pub fn run(args: &SolveArgs, out: &mut Out) -> Result<(), Failure> {
    let id: GameId = args.game.parse()?;
    id.visit_symmetric(Run(args, out))
        .unwrap_or_else(|| Err(Failure::NotSolvable { game: id.id().to_owned() }))
}

struct Run<'a>(&'a SolveArgs, &'a mut Out);

impl SymmetricVisitor for Run<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: AnyGame + arbiter_core::Symmetry>(self) -> Result<(), Failure> {
        let Run(args, out) = self;
        let record = play_moves::<G>(&args.setup, &args.moves)?;
        let position = record.position().clone();
        let settings = Settings {
            hash_mib: args.hash as usize,
            time_limit: args.time,
            threads: usize::from(args.threads),
        };
        let mut report = |progress: &Progress| eprintln!("{}", progress_line(progress));
        let options = G::Options::parse(&args.setup.options)?;
        // Ctrl-C stops the search; the checkpoint, if any, is written first.
        let interrupt = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&interrupt);
        let handler = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
        let subject = || Subject {
            game: G::ID.to_owned(),
            options: options.to_text(),
            position: position.to_text(),
        };
        let run = LongRun {
            checkpoint: args.checkpoint.as_deref().map(|path| Checkpointing {
                path,
                every: args.checkpoint_every,
                subject: subject(),
            }),
            interrupt: handler.is_ok().then_some(&*interrupt),
        };
        if let Some(path) = args.checkpoint.as_deref().filter(|path| path.exists()) {
            eprintln!("resuming from the checkpoint {}", path.display());
        }
        let solution = match &args.proof {
            Some(path) => proof::write(path, &position, &options, |file| {
                let solution = solve_long(&position, &settings, &run, &mut report, Some(file))?;
                let winner = solution.winner;
                Ok((solution, winner))
            })?,
            None => solve_long(&position, &settings, &run, &mut report, None)?,
        };
        print(&position, &solution, args.json, out)
    }
}

/// `nodes 12345678  410.2 k nodes/s  table 45%  solved 1234567  root pn 1234 dn 567  12.0 s`,
/// then, once the value is known, each perfect-play length tried.
fn progress_line(progress: &Progress) -> String {
    if let Phase::Length { winner, bound } = progress.phase {
        return format!(
            "{winner} wins with perfect play; trying a perfect-play length of {bound} plies  {:.1} s",
            progress.elapsed.as_secs_f64()
        );
    }
    let number = |value: u32| {
        if value == u32::MAX {
            "inf".to_owned()
        } else {
            value.to_string()
        }
    };
    format!(
        "nodes {}  {}  table {:.0}%  solved {}  root pn {} dn {}  {:.1} s",
        progress.nodes,
        rate(progress.nodes, progress.elapsed.as_secs_f64()),
        progress.table_fill * 100.0,
        progress.solved_positions,
        number(progress.root_proof),
        number(progress.root_disproof),
        progress.elapsed.as_secs_f64()
    )
}

fn print<G: Game>(
    position: &G,
    solution: &Solution<G::Move>,
    json: bool,
    out: &mut Out,
) -> Result<(), Failure> {
    let pv: Vec<String> = solution.principal_variation.iter().map(ToString::to_string).collect();
    let seconds = solution.elapsed.as_secs_f64();
    out.line(format_args!(
        "{} wins with perfect play in {} plies ({} to move)",
        solution.winner,
        solution.plies,
        position.side_to_move()
    ))?;
    out.line(format_args!("line: {}", pv.join(" ")))?;
    out.line(format_args!(
        "nodes {} ({}), length search {} nodes; {:.2} s",
        solution.nodes,
        rate(solution.nodes, solution.search_time.as_secs_f64()),
        solution.length_nodes,
        seconds
    ))?;
    if let Some(lines) = solution.proof_lines {
        out.line(format_args!("proof: {lines} positions where the winner is to move"))?;
    }
    if json {
        let summary = Summary {
            game: G::ID,
            position: position.to_text(),
            winner: match solution.winner {
                Side::White => "white",
                Side::Black => "black",
            },
            plies: solution.plies,
            pv,
            nodes: solution.nodes,
            length_nodes: solution.length_nodes,
            seconds,
        };
        let line = serde_json::to_string(&summary)
            .map_err(|error| Failure::Output(std::io::Error::other(error)))?;
        out.line(line)?;
    }
    Ok(())
}
