//! `arbiter solve`: who wins a position with perfect play, in how many plies, and how.

use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter_catalog::{AnyGame, GameId, SymmetricVisitor};
use arbiter_core::{GameOptions, Knowledge, Side};
use arbiter_solver::{
    depth_bounds, solve_long, Checkpointing, DepthBounds, LongRun, Phase, Progress, Settings,
    Solution, StrongError, StrongSolution, Subject,
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
    /// Instead of the value, prove how many plies a win takes at least, for positions too
    /// hard to solve: searches bounded to 1, 2, 3, … plies, until one side is found to force
    /// a win (its perfect-play length), --time passes or Ctrl-C.
    #[arg(long, conflicts_with_all = ["proof", "checkpoint", "threads"])]
    bounds: bool,
    /// Instead of one position, solve every position reachable from the start (in
    /// minicheckers with either player first) and write each one's value and perfect-play
    /// length to FILE; minicheckers only.
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["moves", "position", "proof", "json", "hash", "threads", "time",
                               "checkpoint", "bounds"])]
    strong: Option<String>,
}

/// Why `--strong` refuses Breakthrough with holes: measured by counting the distinct positions
/// (a position and its mirror image once) ply by ply from the start.
const HOLES_TOO_BIG: &str = "holes is too big for a strong solution: 45.8 million distinct \
    positions lie within 14 plies of its start (32.3 million within 10 with captures=diagonal), \
    the count still growing almost twofold with every ply, so at that rate a table of every \
    reachable position would run to billions of entries; --strong solves minicheckers (1.8 \
    million positions)";

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
    if let Some(path) = &args.strong {
        if id == GameId::Holes {
            return Err(Failure::Refused(HOLES_TOO_BIG.to_owned()));
        }
        return id
            .visit_symmetric(Strong { options: &args.setup.options, path, out })
            .unwrap_or_else(|| Err(Failure::NotSolvable { game: id.id().to_owned() }));
    }
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
        if args.bounds {
            let interrupt = handler.is_ok().then_some(&*interrupt);
            return bounds(&position, args, interrupt, out);
        }
        let run = LongRun {
            checkpoint: args.checkpoint.as_deref().map(|path| Checkpointing {
                path,
                every: args.checkpoint_every,
                subject: Subject {
                    game: G::ID.to_owned(),
                    options: options.to_text(),
                    position: position.to_text(),
                },
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

/// The JSON summary of `--bounds`.
#[derive(Debug, Serialize)]
struct BoundsSummary {
    game: &'static str,
    position: String,
    white_no_win_within: u32,
    black_no_win_within: u32,
    winner: Option<&'static str>,
    plies: Option<u32>,
    nodes: u64,
    seconds: f64,
}

/// `arbiter solve --bounds`: the depth bounds of `position`.
fn bounds<G: Knowledge>(
    position: &G,
    args: &SolveArgs,
    interrupt: Option<&AtomicBool>,
    out: &mut Out,
) -> Result<(), Failure> {
    let mover = position.side_to_move();
    let by_side = |bounds: &DepthBounds| match mover {
        Side::White => (bounds.mover_no_win_within, bounds.opponent_no_win_within),
        Side::Black => (bounds.opponent_no_win_within, bounds.mover_no_win_within),
    };
    let mut report = |bounds: &DepthBounds| {
        let (white, black) = by_side(bounds);
        eprintln!(
            "no forced win within: White {white} plies, Black {black}  nodes {}  {:.1} s",
            bounds.nodes,
            bounds.elapsed.as_secs_f64()
        );
    };
    let found = depth_bounds(position, args.hash as usize, args.time, interrupt, &mut report)?;
    let (white, black) = by_side(&found);
    let seconds = found.elapsed.as_secs_f64();
    match found.win {
        Some((winner, 0)) => out.line(format_args!("the game is over: {winner} has won"))?,
        Some((winner, plies)) => out.line(format_args!(
            "{winner} wins with perfect play in {plies} plies ({mover} to move): every shorter \
             win was ruled out first"
        ))?,
        None => out.line(format_args!(
            "no forced win within: White {white} plies, Black {black} ({mover} to move; each \
             also not one ply more, as a side's wins end on alternate plies)"
        ))?,
    }
    out.line(format_args!("nodes {} in {seconds:.2} s", found.nodes))?;
    if args.json {
        let summary = BoundsSummary {
            game: G::ID,
            position: position.to_text(),
            white_no_win_within: white,
            black_no_win_within: black,
            winner: found.win.map(|(winner, _)| side_name(winner)),
            plies: found.win.map(|(_, plies)| plies),
            nodes: found.nodes,
            seconds,
        };
        out.json(&summary)?;
    }
    Ok(())
}

/// `white` or `black`, as the JSON summaries write a side.
const fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
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

fn print<G: Knowledge>(
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
            winner: side_name(solution.winner),
            plies: solution.plies,
            pv,
            nodes: solution.nodes,
            length_nodes: solution.length_nodes,
            seconds,
        };
        out.json(&summary)?;
    }
    Ok(())
}

/// `arbiter solve GAME --strong FILE`.
struct Strong<'a> {
    options: &'a str,
    path: &'a str,
    out: &'a mut Out,
}

impl SymmetricVisitor for Strong<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: AnyGame + arbiter_core::Symmetry>(self) -> Result<(), Failure> {
        let Strong { options, path, out } = self;
        let starts = strong_starts::<G>(options)?;
        let options_text = strong_options_text(&starts);
        let positions: Vec<G> = starts.iter().map(|(_, start)| start.clone()).collect();
        let failed = |error: StrongError| Failure::StrongFile { path: path.to_owned(), error };
        // Created first, so that a path that cannot be written is known before the work.
        let file = File::create(path).map_err(|error| failed(error.into()))?;
        let started = Instant::now();
        let mut report = |count: u64| {
            eprintln!("positions {count}  {:.1} s", started.elapsed().as_secs_f64());
        };
        let solution = StrongSolution::compute(&positions, &options_text, &mut report)
            .map_err(|error| Failure::Refused(error.to_string()))?;
        let seconds = started.elapsed().as_secs_f64();
        let bytes = solution.write(&mut BufWriter::new(file)).map_err(failed)?;
        out.line(format_args!(
            "{}: {} positions solved in {seconds:.1} s, written to {} ({bytes} bytes)",
            G::ID,
            solution.len(),
            arbiter_core::text::escaped(path)
        ))?;
        // The values of the starts as the file gives them, which checks that it reads back.
        let file = File::open(path).map_err(|error| failed(error.into()))?;
        let read =
            StrongSolution::<G>::read(&mut BufReader::new(file), &options_text).map_err(failed)?;
        for (text, start) in &starts {
            let value = read.lookup(start).map_or("not in the file".to_owned(), |v| v.to_string());
            out.line(format_args!("{text}: {} to move {value}", start.side_to_move()))?;
        }
        Ok(())
    }
}

/// The text of a strong solution's options: its starts' options, joined by `;`.
fn strong_options_text<G>(starts: &[(String, G)]) -> String {
    let texts: Vec<&str> = starts.iter().map(|(text, _)| text.as_str()).collect();
    texts.join(";")
}

/// Reads the strong solution at `path` for `G` under `options` (either player first, when the
/// game has that option) and puts it on the solver's shelf, where the perfect player and the
/// exact values find it.
pub fn install_solution<G: Knowledge>(path: &Path, options: &str) -> Result<(), Failure> {
    let starts = strong_starts::<G>(options)?;
    let failed =
        |error: StrongError| Failure::StrongFile { path: path.display().to_string(), error };
    let file = File::open(path).map_err(|error| failed(error.into()))?;
    let solution =
        StrongSolution::<G>::read(&mut BufReader::new(file), &strong_options_text(&starts))
            .map_err(failed)?;
    arbiter_solver::book::install(G::ID, Arc::new(solution));
    Ok(())
}

/// The starts of a strong solution, each with its options written out in full: the start
/// under `options`, and with either player first when the game has the option `first`.
fn strong_starts<G: Knowledge>(options: &str) -> Result<Vec<(String, G)>, Failure> {
    let options = G::Options::parse(options)?;
    let variants = if G::Options::SPECS.iter().any(|spec| spec.key == "first") {
        ["white", "black"]
            .iter()
            .map(|first| {
                let mut variant = options.clone();
                variant.set("first", first).map(|()| variant)
            })
            .collect::<Result<Vec<_>, _>>()?
    } else {
        vec![options]
    };
    Ok(variants
        .iter()
        .map(|variant| {
            let values: Vec<String> =
                variant.values().iter().map(|(key, value)| format!("{key}={value}")).collect();
            (values.join(","), G::start(variant))
        })
        .collect())
}
