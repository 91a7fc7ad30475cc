//! `arbiter match`: two computer players against each other, on all cores.

use std::fs::File;
use std::io::Write;
use std::time::Instant;

use arbiter_ai::arena::{play_match, MatchConfig, MatchResult, MAX_THREADS};
use arbiter_ai::PlayerSpec;
use arbiter_catalog::{AnyGame, GameId, Visitor};
use arbiter_core::GameOptions;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::output::Out;
use crate::Failure;

/// The arguments of `arbiter match`.
#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    /// The game, e.g. `checkers`.
    game: String,
    /// Player A: random, alphabeta, mcts or perfect, optionally with limits, e.g. alphabeta:time=100ms,
    /// alphabeta:depth=6, mcts:iterations=5000, mcts:time=1s.
    #[arg(long, value_name = "SPEC")]
    a: PlayerSpec,
    /// Player B, written like A.
    #[arg(long, value_name = "SPEC")]
    b: PlayerSpec,
    /// The number of games, at least 1; the players change colours every game.
    #[arg(long, default_value_t = 10, value_parser = at_least_one)]
    games: usize,
    /// Random plies played before the players take over (the same for each pair of games);
    /// an error if no such opening leaves the game going.
    #[arg(long, default_value_t = 0)]
    openings: usize,
    /// Game options as key=value,key=value.
    #[arg(long, value_name = "K=V,...", default_value = "")]
    options: String,
    /// Seed of the openings and the players' random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once, 1 to 256 (default: one per core). Each thread keeps a table
    /// for each alpha-beta player: the tables together may take at most 8192 MiB.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS as i64))]
    threads: Option<u16>,
    /// Save every game's record to this file (created before the first game).
    #[arg(long, value_name = "FILE")]
    save: Option<String>,
    /// End with one line of JSON: a_wins, draws, b_wins, games, score, elo and more.
    #[arg(long)]
    json: bool,
    /// A strong solution (`arbiter solve minicheckers --strong FILE`) that the perfect player
    /// reads instead of solving.
    #[arg(long, value_name = "FILE")]
    solution: Option<std::path::PathBuf>,
}

/// The JSON summary of a match.
#[derive(Debug, Serialize)]
struct Summary<'a> {
    game: &'a str,
    a: String,
    b: String,
    games: usize,
    a_wins: usize,
    draws: usize,
    b_wins: usize,
    score: f64,
    score_low: f64,
    score_high: f64,
    elo: f64,
    elo_low: f64,
    elo_high: f64,
    seconds: f64,
}

fn save_failure(path: &str, error: std::io::Error) -> Failure {
    Failure::Save { path: path.to_owned(), error }
}

fn at_least_one(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("a match needs at least one game".to_owned()),
        Ok(games) => Ok(games),
        Err(error) => Err(error.to_string()),
    }
}

impl MatchArgs {
    /// The game of the match.
    pub fn game(&self) -> Result<GameId, Failure> {
        Ok(self.game.parse()?)
    }
}

/// A match, run for its game's type.
pub(crate) struct Run<'a>(pub &'a MatchArgs, pub &'a mut Out);

impl Visitor for Run<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: AnyGame>(self) -> Result<(), Failure> {
        run::<G>(self.0, self.1)
    }
}

/// Plays the match and prints its result.
fn run<G: AnyGame>(args: &MatchArgs, out: &mut Out) -> Result<(), Failure> {
    let options = G::Options::parse(&args.options)?;
    let start = G::start(&options);
    args.a.check_game(&start)?;
    args.b.check_game(&start)?;
    if let Some(path) = &args.solution {
        crate::solve::install_solution::<G>(path, &args.options)?;
    }
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from).min(MAX_THREADS),
        usize::from,
    );
    let config = MatchConfig {
        games: args.games,
        openings: args.openings,
        seed: args.seed,
        threads,
        keep_records: args.save.is_some(),
    };
    // The file is created first, so that a path that cannot be written is known before the
    // games are played.
    let mut save = match &args.save {
        Some(path) => Some((File::create(path).map_err(|error| save_failure(path, error))?, path)),
        None => None,
    };
    let bar = ProgressBar::new(args.games as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{msg} [{bar:30}] {pos}/{len} games, {elapsed} elapsed, about {eta} left",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar.set_message(format!("{} vs {}", args.a, args.b));
    let started = Instant::now();
    let result =
        play_match::<G>(&options, &args.a, &args.b, config, &|done| bar.set_position(done as u64))?;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    if let Some((file, path)) = &mut save {
        let records: Vec<&str> =
            result.games.iter().filter_map(|game| game.record.as_deref()).collect();
        file.write_all(records.join("\n").as_bytes())
            .and_then(|()| file.flush())
            .map_err(|error| save_failure(path, error))?;
    }
    print_result(args, &result, seconds, out)?;
    if args.json {
        let summary = Summary {
            game: &args.game,
            a: args.a.to_string(),
            b: args.b.to_string(),
            games: result.games_played(),
            a_wins: result.a_wins,
            draws: result.draws,
            b_wins: result.b_wins,
            score: result.score,
            score_low: result.interval.0,
            score_high: result.interval.1,
            elo: result.elo,
            elo_low: result.elo_interval.0,
            elo_high: result.elo_interval.1,
            seconds,
        };
        out.line(serde_json::to_string(&summary).map_err(|error| Failure::Output(error.into()))?)?;
    }
    Ok(())
}

fn print_result(
    args: &MatchArgs,
    result: &MatchResult,
    seconds: f64,
    out: &mut Out,
) -> Result<(), Failure> {
    out.line(format_args!("{}: A = {}, B = {}", args.game, args.a, args.b))?;
    out.line(format_args!(
        "{} games in {seconds:.1} s: A won {}, drew {}, lost {}",
        result.games_played(),
        result.a_wins,
        result.draws,
        result.b_wins
    ))?;
    out.line(format_args!(
        "score of A: {:.3} (95% interval {:.3} to {:.3})",
        result.score, result.interval.0, result.interval.1
    ))?;
    out.line(format_args!(
        "Elo difference A - B: {:+.0} (95% interval {:+.0} to {:+.0})",
        result.elo, result.elo_interval.0, result.elo_interval.1
    ))?;
    let turns: usize = result.games.iter().map(|game| game.turns).sum();
    out.line(format_args!(
        "average game length: {:.1} turns",
        turns as f64 / result.games_played().max(1) as f64
    ))
}
