//! `arbiter match`: two computer players against each other, on all cores; either may be an
//! engine in another process, spoken to through UGI (an older build of Arbiter, say).

use std::fs::File;
use std::io::Write;
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter_ai::arena::{
    check_config, play_match_with, Ballot, Entrant, MatchConfig, MatchError, MatchResult, Openings,
    MAX_THREADS,
};
use arbiter_ai::{parse_duration, PlayerSpec, SpecError};
use arbiter_catalog::{AnyGame, GameId, Visitor};
use arbiter_core::text::{escaped, excerpt, parse_digits};
use arbiter_core::GameOptions;
use arbiter_protocols::client::UgiPlayer;
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
    /// alphabeta:depth=6, mcts:iterations=5000, mcts:time=1s; or level:1 to level:5, the game's
    /// strength levels.
    #[arg(long, value_name = "SPEC")]
    a: Contender,
    /// Player B, written like A.
    #[arg(long, value_name = "SPEC")]
    b: Contender,
    /// Play A with the UGI engine this command starts, e.g. "old/arbiter ugi checkers" (split
    /// into words as a shell would, but not run by one); --a still gives its engine (through
    /// the engine's `Engine` option), hash and limits. Each thread starts its own engine.
    #[arg(long, value_name = "\"CMD ...\"", value_parser = parse_command)]
    a_command: Option<EngineCommand>,
    /// Play B with the UGI engine this command starts, as --a-command does for A.
    #[arg(long, value_name = "\"CMD ...\"", value_parser = parse_command)]
    b_command: Option<EngineCommand>,
    /// How long an engine of --a-command or --b-command may take beyond its time limit to
    /// answer (with no time limit, for its whole search; also for its handshake). An engine
    /// that exits, takes longer or plays an illegal move loses the game, and the match goes on.
    #[arg(long, value_name = "TIME", default_value = "10s", value_parser = parse_time)]
    engine_timeout: Duration,
    /// The number of games, at least 1; the players change colours every game. Default: 10,
    /// or with --openings-file two for each opening of the ballot.
    #[arg(long, value_parser = at_least_one)]
    games: Option<usize>,
    /// Random plies played before the players take over (the same for each pair of games);
    /// an error if no such opening leaves the game going.
    #[arg(long, default_value_t = 0, conflicts_with = "openings_file")]
    openings: usize,
    /// Play the openings of this ballot file instead: one opening a line, its moves in the
    /// game's notation (`9-13 22-17 13x22`; `#` starts a comment). Each pair of games plays
    /// the next opening, colours swapped, starting over after the last. The ACF three-move
    /// ballot of checkers is crates/games/checkers/data/acf-3-move-ballot.txt.
    #[arg(long, value_name = "FILE")]
    openings_file: Option<std::path::PathBuf>,
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
    /// Why each forfeited game was lost, in game order.
    forfeits: Vec<&'a str>,
}

/// An engine's command line, as given and split into words.
#[derive(Debug, Clone)]
struct EngineCommand {
    text: String,
    words: Vec<String>,
}

fn parse_command(text: &str) -> Result<EngineCommand, String> {
    let words = shell_words::split(text).map_err(|error| {
        format!("{error}; expected a command line such as \"old/arbiter ugi checkers\"")
    })?;
    if words.is_empty() {
        return Err(
            "an empty command; expected one such as \"old/arbiter ugi checkers\"".to_owned()
        );
    }
    Ok(EngineCommand { text: text.to_owned(), words })
}

fn parse_time(text: &str) -> Result<Duration, String> {
    parse_duration(text).map_err(|error| error.to_string())
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

    /// How messages name player A and player B: the spec, and the engine's command if any.
    fn labels(&self, [a, b]: &[PlayerSpec; 2]) -> [String; 2] {
        let label = |spec: &PlayerSpec, command: &Option<EngineCommand>| match command {
            Some(command) => format!("{spec} via `{}`", escaped(&command.text)),
            None => spec.to_string(),
        };
        [label(a, &self.a_command), label(b, &self.b_command)]
    }

    /// The players of one thread of the match `G` under `options`: an external engine is
    /// started here, so that each thread has its own.
    fn entrants<G: AnyGame>(
        &self,
        specs: &[PlayerSpec; 2],
        options: &G::Options,
    ) -> Result<[Entrant<G>; 2], MatchError> {
        let labels = self.labels(specs);
        let entrant = |index: usize, spec: &PlayerSpec, command: &Option<EngineCommand>| {
            let Some(EngineCommand { words, .. }) = command else {
                return Ok(Entrant::new(spec));
            };
            let label = &labels[index];
            UgiPlayer::<G>::start(words.clone(), *spec, options.clone(), self.engine_timeout)
                .map(|player| Entrant::with_player(spec, Box::new(player)).labelled(label))
                .map_err(|error| MatchError::Start {
                    name: format!("{} ({label})", ["A", "B"][index]),
                    reason: error.to_string(),
                })
        };
        Ok([entrant(0, &specs[0], &self.a_command)?, entrant(1, &specs[1], &self.b_command)?])
    }
}

/// A player of a match: a spec, or one of the game's strength levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Contender {
    /// A player spec.
    Spec(PlayerSpec),
    /// `level:N`, the game's level N (1 to 5).
    Level(u8),
}

impl FromStr for Contender {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text.trim().strip_prefix("level:") {
            Some(level) => match parse_digits::<u8>(level) {
                Some(level @ 1..=5) => Ok(Contender::Level(level)),
                _ => Err(format!("no level `{}`; expected level:1 to level:5", excerpt(level))),
            },
            None => text.parse().map(Contender::Spec).map_err(|error: SpecError| error.to_string()),
        }
    }
}

impl Contender {
    /// The player in game `G`.
    fn spec<G: AnyGame>(self) -> Result<PlayerSpec, SpecError> {
        match self {
            Contender::Spec(spec) => Ok(spec),
            Contender::Level(level) => PlayerSpec::level::<G>(level),
        }
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

/// The openings of the match: a ballot read from its file and played through in game `G`
/// (so that a bad opening is reported before any game), or random plies.
fn openings<G: AnyGame>(args: &MatchArgs, options: &G::Options) -> Result<Openings, Failure> {
    let Some(path) = &args.openings_file else {
        return Ok(Openings::Random(args.openings));
    };
    let failure = |problem: String| Failure::Ballot { path: path.display().to_string(), problem };
    let text = std::fs::read_to_string(path).map_err(|error| failure(error.to_string()))?;
    let ballot = Ballot::parse(&text).map_err(|error| failure(error.to_string()))?;
    ballot.records::<G>(options).map_err(|error| failure(error.to_string()))?;
    Ok(Openings::Ballot(Arc::new(ballot)))
}

/// Plays the match and prints its result.
fn run<G: AnyGame>(args: &MatchArgs, out: &mut Out) -> Result<(), Failure> {
    let options = G::Options::parse(&args.options)?;
    let openings = openings::<G>(args, &options)?;
    let games = args.games.unwrap_or(match &openings {
        Openings::Ballot(ballot) => 2 * ballot.len(),
        Openings::Random(_) => 10,
    });
    let start = G::start(&options);
    let specs = [args.a.spec::<G>()?, args.b.spec::<G>()?];
    for spec in &specs {
        spec.check_game(&start)?;
    }
    if let Some(path) = &args.solution {
        crate::solve::install_solution::<G>(path, &args.options)?;
    }
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from).min(MAX_THREADS),
        usize::from,
    );
    let config = MatchConfig {
        games,
        openings,
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
    let bar = ProgressBar::new(games as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{msg} [{bar:30}] {pos}/{len} games, {elapsed} elapsed, about {eta} left",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    let [a_label, b_label] = args.labels(&specs);
    bar.set_message(format!("{a_label} vs {b_label}"));
    let started = Instant::now();
    check_config(&specs[0], &specs[1], &config)?;
    let entrants = || args.entrants::<G>(&specs, &options);
    let result =
        play_match_with::<G>(&options, &entrants, config, &|done| bar.set_position(done as u64))?;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    if let Some((file, path)) = &mut save {
        let records: Vec<&str> =
            result.games.iter().filter_map(|game| game.record.as_deref()).collect();
        file.write_all(records.join("\n").as_bytes())
            .and_then(|()| file.flush())
            .map_err(|error| save_failure(path, error))?;
    }
    print_result(args, &specs, &result, seconds, out)?;
    if args.json {
        let summary = Summary {
            game: &args.game,
            a: a_label,
            b: b_label,
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
            forfeits: result.games.iter().filter_map(|game| game.forfeit.as_deref()).collect(),
        };
        out.json(&summary)?;
    }
    Ok(())
}

fn print_result(
    args: &MatchArgs,
    specs: &[PlayerSpec; 2],
    result: &MatchResult,
    seconds: f64,
    out: &mut Out,
) -> Result<(), Failure> {
    let [a_label, b_label] = args.labels(specs);
    out.line(format_args!("{}: A = {a_label}, B = {b_label}", args.game))?;
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
    ))?;
    print_forfeits(result, out)
}

/// The games lost by a player's failure, the first few with their reasons.
fn print_forfeits(result: &MatchResult, out: &mut Out) -> Result<(), Failure> {
    const SHOWN: usize = 5;
    let forfeits: Vec<&str> =
        result.games.iter().filter_map(|game| game.forfeit.as_deref()).collect();
    if forfeits.is_empty() {
        return Ok(());
    }
    out.line(format_args!("{} games lost by forfeit:", forfeits.len()))?;
    for forfeit in forfeits.iter().take(SHOWN) {
        out.line(format_args!("  {forfeit}"))?;
    }
    if forfeits.len() > SHOWN {
        out.line(format_args!("  … and {} more (see --json)", forfeits.len() - SHOWN))?;
    }
    Ok(())
}
