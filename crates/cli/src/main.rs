//! `arbiter`: list, play, analyse and benchmark the Arbiter games from a terminal.
//!
//! Scripts depend on this interface: `moves` prints only legal moves on stdout, `perft` only
//! counts; errors go to stderr with exit code 2 (1 for input and output errors). When the
//! reader of stdout goes away (`arbiter moves … | head`) the command ends quietly with code 0.

mod analyze;
mod bench;
mod book;
mod exact;
mod failure;
mod ggp;
mod output;
mod perft;
mod play;
mod proof;
mod serve;
mod solve;
mod tablebase;
mod train;
mod versus;

use std::io;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use arbiter_ai::{parse_duration, Engine, Evaluation, Limits, PlayerSpec, SpecError};
use arbiter_catalog::{AnyGame, Endgames, GameId, Playable, Visitor};
use arbiter_core::text::split_moves;
use arbiter_core::{Evaluate, Game, GameOptions, GameRecord, Status};
use clap::{Parser, Subcommand, ValueEnum};

pub(crate) use crate::failure::Failure;
use crate::output::{is_broken_pipe, Out};

/// Arbiter: abstract strategy board games, played exactly by their rules.
#[derive(Debug, Parser)]
#[command(name = "arbiter", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List every game with a one-line description, its options and their defaults.
    Games,
    /// Play moves from the start (or a position), then print every legal move, one per line.
    Moves {
        /// The game, e.g. `checkers` (see `arbiter games`), or a game written in GDL: a file of
        /// its rules, FILE.kif.
        game: String,
        #[command(flatten)]
        setup: Setup,
        /// Moves to play first, separated by spaces, in any accepted notation. A word with no
        /// digit before its first comma (a Fanorona direction, `F4 NW A`) belongs to the move
        /// before it.
        #[arg(long, value_name = "\"M1 M2 ...\"", default_value = "")]
        moves: String,
    },
    /// Count the move sequences of a given length (perft); prints the count alone on stdout.
    Perft {
        /// The game, e.g. `checkers`, or a file of GDL rules, FILE.kif.
        game: String,
        /// The number of moves (whole turns) in each sequence, up to 64 (far beyond what can
        /// finish).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
        depth: u32,
        #[command(flatten)]
        setup: Setup,
        /// First print each legal move with the count below it.
        #[arg(long)]
        divide: bool,
        /// Count on this many threads (with --hash, sharing the table), 1 to 256.
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: Option<u16>,
        /// A table of counts of this many MiB (1 to 65536), so that a position reached by
        /// several move orders is counted once.
        #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u32).range(1..=65536))]
        hash: Option<u32>,
    },
    /// Play a game in the terminal: people, the computer, or both.
    Play {
        /// The game, e.g. `checkers`, or a file of GDL rules, FILE.kif.
        game: String,
        #[command(flatten)]
        setup: Setup,
        /// Who plays White.
        #[arg(long, value_enum, default_value_t = Player::Human)]
        white: Player,
        /// Who plays Black.
        #[arg(long, value_enum, default_value_t = Player::Human)]
        black: Player,
        #[command(flatten)]
        ai: AiOptions,
        /// Seed of the computer's random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Search a position and print each iteration: depth, score, nodes, speed, best line.
    Analyze {
        /// The game, e.g. `checkers`, or a file of GDL rules, FILE.kif.
        game: String,
        #[command(flatten)]
        setup: Setup,
        /// Moves to play first, separated by spaces.
        #[arg(long, value_name = "\"M1 M2 ...\"", default_value = "")]
        moves: String,
        /// How long to think (default 5s unless a depth or node limit is given).
        #[arg(long, value_parser = parse_think)]
        think: Option<Duration>,
        /// The deepest iteration (alpha-beta), up to 1000.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
        depth: Option<u32>,
        /// Positions (alpha-beta) or iterations (MCTS), at least 1.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// The search.
        #[arg(long, value_enum, default_value_t = EngineArg::Alphabeta)]
        engine: EngineArg,
        /// Alpha-beta's evaluation: `hand` (the hand-written one) or `net` (the game's
        /// trained network, where it has one).
        #[arg(long, value_enum, default_value_t = EvalArg::Hand)]
        eval: EvalArg,
        /// The folder of the endgame tables (`arbiter tablebase build`; default: the
        /// environment variable ARBITER_TABLEBASE); tables of at most 4 pieces (3 in
        /// daynight) are built in memory when it lacks them.
        #[arg(long, value_name = "DIR")]
        tablebase: Option<std::path::PathBuf>,
    },
    /// Play two computer players against each other and print the score and Elo difference.
    Match(versus::MatchArgs),
    /// Serve the games over HTTP and WebSocket, stored in a database; stops on Ctrl-C.
    Serve(serve::ServeArgs),
    /// Print the OpenAPI document (JSON) of the server's API, as `arbiter serve` serves it at
    /// /api/openapi.json: to generate a client's types from.
    Openapi,
    /// Speak the Universal Game Interface (UGI) on stdin and stdout, for tournament runners
    /// such as cutegames; see docs/protocols.md.
    Ugi {
        /// The game to start with (default checkers); `setoption name Game` changes it.
        game: Option<String>,
    },
    /// Speak the Hub protocol of draughts engines on stdin and stdout, for the Hub GUI and
    /// pydraughts; checkers and minicheckers only; see docs/protocols.md.
    Hub {
        /// The game to start with (default checkers); `set-param name=variant` changes it.
        game: Option<String>,
    },
    /// Solve a position of a game that always ends in a win (minicheckers, holes): the winner
    /// with perfect play, the perfect-play length in plies, a line of perfect play.
    Solve(solve::SolveArgs),
    /// Check a proof written by `arbiter solve --proof` with the rules alone.
    VerifyProof(proof::VerifyArgs),
    /// Endgame tables by retrograde analysis: build, probe, stats (checkers, fanorona,
    /// daynight); see docs/tablebase.md.
    #[command(subcommand)]
    Tablebase(tablebase::TablebaseCommand),
    /// Opening books: build one by search, or show the moves a book gives (checkers has one,
    /// which its computer players use unless told not to).
    #[command(subcommand)]
    Book(book::BookCommand),
    /// Learned evaluations: generate labelled positions by self-play, fit a network to them,
    /// show what a network file holds (see docs/strength.md).
    #[command(subcommand)]
    Train(train::TrainCommand),
    /// Run a fixed perft workload for every game (or one) and print nodes per second; or,
    /// given a GDL description (FILE.kif), the reasoner's states and playouts per second.
    Bench {
        /// Only this game, or a description in GDL (a path ending in `.kif`).
        game: Option<String>,
        /// With a description: seconds of random playouts.
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
    },
    /// A General Game Playing player: ggp-base's Gamer protocol over HTTP on a port
    /// (`arbiter ggp host` runs matches between such players); see docs/protocols.md.
    Ggp(ggp::GgpArgs),
}

/// Where a game starts, shared by the subcommands.
#[derive(Debug, Clone, clap::Args)]
struct Setup {
    /// Game options as key=value,key=value (see `arbiter games`).
    #[arg(long, value_name = "K=V,...", default_value = "")]
    options: String,
    /// Start from this position, in the game's text form (PDN FEN for checkers).
    #[arg(long, value_name = "TEXT")]
    position: Option<String>,
}

impl Setup {
    /// A new game record under the options, from the start or the position.
    fn record<G: AnyGame>(&self) -> Result<GameRecord<G>, Failure> {
        let options = G::Options::parse(&self.options)?;
        Ok(match &self.position {
            Some(text) => GameRecord::from_position(G::from_text(text, &options)?, options),
            None => GameRecord::new(options),
        })
    }
}

/// How strong the computer plays in `arbiter play`.
#[derive(Debug, Clone, clap::Args)]
struct AiOptions {
    /// Strength of the computer, 1 (weakest) to 5, or `perfect` (minicheckers and holes:
    /// exact play by the solver). Each game sets its levels by the positions searched a move,
    /// each at least 100 Elo above the one below (docs/strength.md). Default 3.
    #[arg(long, value_parser = parse_level, conflicts_with_all = ["think", "nodes"])]
    level: Option<Level>,
    /// Thinking time per move instead of a level, e.g. 500ms or 2s (at most 24h).
    #[arg(long, value_parser = parse_think)]
    think: Option<Duration>,
    /// Positions (alpha-beta) or iterations (MCTS) per move instead of a level, at least 1.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// The search the computer uses.
    #[arg(long, value_enum)]
    engine: Option<EngineArg>,
    /// A strong solution (`arbiter solve minicheckers --strong FILE`) that the perfect player
    /// and the hints read instead of solving.
    #[arg(long, value_name = "FILE")]
    solution: Option<std::path::PathBuf>,
    /// The folder of the endgame tables (`arbiter tablebase build`; default: the environment
    /// variable ARBITER_TABLEBASE); tables of at most 4 pieces (3 in daynight) are built in
    /// memory when it lacks them.
    #[arg(long, value_name = "DIR")]
    tablebase: Option<std::path::PathBuf>,
    /// Search every position, even those of the game's opening book (checkers has one).
    #[arg(long)]
    no_book: bool,
}

/// A level of `arbiter play`: 1 to 5, or perfect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Level {
    Number(u8),
    Perfect,
}

fn parse_level(text: &str) -> Result<Level, String> {
    match text.trim() {
        "perfect" => Ok(Level::Perfect),
        number => match number.parse::<u8>() {
            Ok(level @ 1..=5) => Ok(Level::Number(level)),
            _ => Err("expected a level from 1 to 5, or perfect".to_owned()),
        },
    }
}

impl AiOptions {
    fn spec<G: Evaluate>(&self, seed: u64) -> PlayerSpec {
        let level = match self.level.unwrap_or(Level::Number(3)) {
            Level::Number(level) => PlayerSpec::level::<G>(level),
            Level::Perfect => Ok(PlayerSpec::perfect()),
        };
        let mut spec = level.unwrap_or(PlayerSpec::new(Engine::AlphaBeta));
        if let Some(engine) = self.engine.map(EngineArg::engine) {
            if engine != spec.engine {
                // Another engine: its own table size, and the level's limits but for the
                // perfect player, who takes the time he needs.
                let limits =
                    if engine == Engine::Perfect { Limits::default() } else { spec.limits };
                spec = PlayerSpec { limits, ..PlayerSpec::new(engine) };
            }
        }
        if self.think.is_some() || self.nodes.is_some() {
            // The player's own limits replace the level's, and its random moves with them.
            spec.limits = Limits { time: self.think, depth: None, nodes: self.nodes };
            spec.random_percent = 0;
        }
        if spec.uses_seed() {
            spec.seed = seed;
        }
        spec.book = !self.no_book;
        spec
    }
}

/// The evaluation of `arbiter analyze --eval`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EvalArg {
    /// The hand-written evaluation.
    Hand,
    /// The game's trained network (the hand-written evaluation where it has none).
    Net,
}

impl EvalArg {
    /// The spec's evaluation.
    const fn evaluation(self) -> Evaluation {
        match self {
            EvalArg::Hand => Evaluation::Hand,
            EvalArg::Net => Evaluation::Net,
        }
    }
}

/// A search, on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EngineArg {
    /// Iterative-deepening alpha-beta.
    Alphabeta,
    /// Monte Carlo tree search with a solver.
    Mcts,
    /// Exact play by the solver (minicheckers and holes).
    Perfect,
}

impl EngineArg {
    fn engine(self) -> Engine {
        match self {
            EngineArg::Alphabeta => Engine::AlphaBeta,
            EngineArg::Mcts => Engine::Mcts,
            EngineArg::Perfect => Engine::Perfect,
        }
    }
}

fn parse_think(text: &str) -> Result<Duration, SpecError> {
    parse_duration(text)
}

/// Who plays a side in `arbiter play`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Player {
    /// A person at the keyboard.
    Human,
    /// The computer.
    Ai,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        // The protocols write from their search thread too, so stdout is not locked for them.
        Command::Ugi { game } => speak(game.as_deref(), &GameId::ALL, arbiter_protocols::ugi::run),
        Command::Hub { game } => {
            speak(game.as_deref(), &arbiter_protocols::hub::GAMES, arbiter_protocols::hub::run)
        }
        command => run(command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Output(error)) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("error: {failure}");
            ExitCode::from(match failure {
                Failure::Output(_)
                | Failure::Save { .. }
                | Failure::ProofFile { .. }
                | Failure::StrongFile { .. }
                | Failure::Tablebase(arbiter_tablebase::TablebaseError::Io { .. }) => 1,
                _ => 2,
            })
        }
    }
}

/// A command that writes to stdout through [`Out`].
fn run(command: &Command) -> Result<(), Failure> {
    let mut out = Out::stdout();
    match command {
        Command::Games => list_games(&mut out),
        Command::Bench { game: Some(path), seconds } if path.ends_with(".kif") => {
            bench::kif(path, *seconds, &mut out)
        }
        Command::Bench { game, .. } => bench::run(game.as_deref(), &mut out),
        Command::Ggp(args) => ggp::run(args, &mut out),
        Command::Serve(args) => serve::run(args),
        Command::Openapi => out.line(arbiter_server::openapi_document()),
        Command::Moves { game, setup, .. }
        | Command::Perft { game, setup, .. }
        | Command::Play { game, setup, .. }
        | Command::Analyze { game, setup, .. } => {
            let playable = playable(game)?;
            let setup = Setup { options: playable.options(&setup.options)?, ..setup.clone() };
            playable.visit(Run(command, &setup, &mut out))
        }
        Command::Match(args) => args.game().and_then(|id| id.visit(versus::Run(args, &mut out))),
        Command::Solve(args) => solve::run(args, &mut out),
        Command::VerifyProof(args) => proof::run(args, &mut out),
        Command::Tablebase(command) => tablebase::run(command, &mut out),
        Command::Book(command) => book::run(command, &mut out),
        Command::Train(command) => train::run(command, &mut out),
        Command::Ugi { .. } | Command::Hub { .. } => Ok(()),
    }?;
    out.finish()
}

/// The game a command names: an identifier of the catalog, or a file of GDL rules (a path
/// ending in `.kif`), read and loaded.
fn playable(game: &str) -> Result<Playable, Failure> {
    if !game.ends_with(".kif") {
        return Ok(Playable::Native(game.parse::<GameId>()?));
    }
    let text = std::fs::read_to_string(game).map_err(|error| Failure::Rules {
        path: game.to_owned(),
        error: format!("cannot read the file: {error}"),
    })?;
    Playable::gdl(&text)
        .map_err(|error| Failure::Rules { path: game.to_owned(), error: error.to_string() })
}

/// A command of one game, run for that game's type, with the setup whose options are the
/// game's (a GDL game's name its rules).
struct Run<'a>(&'a Command, &'a Setup, &'a mut Out);

impl Visitor for Run<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: AnyGame>(self) -> Result<(), Failure> {
        let Run(command, setup, out) = self;
        match command {
            Command::Moves { moves, .. } => print_moves::<G>(setup, moves, out),
            Command::Perft { depth, divide, threads, hash, .. } => {
                let plan = perft::PerftPlan { divide: *divide, threads: *threads, hash: *hash };
                perft::run::<G>(*depth, setup, plan, out)
            }
            Command::Play { white, black, ai, seed, .. } => {
                let record = setup.record::<G>()?;
                let spec = ai.spec::<G>(*seed);
                spec.check_game(record.position())?;
                if let Some(path) = &ai.solution {
                    solve::install_solution::<G>(path, &setup.options)?;
                }
                let stdin = io::stdin();
                let tables = Arc::new(Endgames::open_or_environment(ai.tablebase.clone()));
                play::run(record, [*white, *black], spec, tables, stdin.lock(), out)
                    .map_err(Failure::Output)
            }
            Command::Analyze { moves, think, depth, nodes, engine, eval, tablebase, .. } => {
                let time = think
                    .or((depth.is_none() && nodes.is_none()).then_some(Duration::from_secs(5)));
                let limits = Limits { time, depth: *depth, nodes: *nodes };
                // An analysis searches: the book's moves, if any, are shown beside it.
                let spec = PlayerSpec {
                    limits,
                    book: false,
                    eval: eval.evaluation(),
                    ..PlayerSpec::new(engine.engine())
                };
                let record = play_moves::<G>(setup, moves)?;
                spec.check_game(record.position())?;
                let tables = Arc::new(Endgames::open_or_environment(tablebase.clone()));
                analyze::run(record, &spec, tables, out)
            }
            Command::Games
            | Command::Match(_)
            | Command::Bench { .. }
            | Command::Ggp(_)
            | Command::Serve(_)
            | Command::Openapi
            | Command::Ugi { .. }
            | Command::Hub { .. }
            | Command::Solve(_)
            | Command::VerifyProof(_)
            | Command::Tablebase(_)
            | Command::Book(_)
            | Command::Train(_) => Ok(()),
        }
    }
}

fn list_games(out: &mut Out) -> Result<(), Failure> {
    for id in GameId::ALL {
        let info = id.info();
        out.line(format_args!("{:<14}{}: {}", info.id, info.name, info.description))?;
        if info.options.is_empty() {
            out.line(format_args!("{:<14}options: none", ""))?;
        }
        for option in info.options {
            out.line(format_args!(
                "{:<14}option {}={} (default {}): {}",
                "", option.key, option.values, option.default, option.help
            ))?;
        }
    }
    Ok(())
}

/// `arbiter ugi` and `arbiter hub`: an engine protocol on stdin and stdout until `quit` or the
/// end of the input, starting with `game` (checkers when none is named), one of `games`.
fn speak(
    game: Option<&str>,
    games: &[GameId],
    run: fn(GameId, io::StdinLock<'static>, arbiter_protocols::Output) -> io::Result<()>,
) -> Result<(), Failure> {
    let id = game.map_or(Ok(GameId::Checkers), str::parse::<GameId>)?;
    if !games.contains(&id) {
        let names: Vec<&str> = games.iter().map(|id| id.id()).collect();
        return Err(Failure::Refused(format!(
            "this protocol speaks of {}, not {id}",
            names.join(" and ")
        )));
    }
    run(id, io::stdin().lock(), arbiter_protocols::Output::new(io::stdout()))
        .map_err(Failure::Output)
}

/// The legal moves of a game in progress, as text; none when it is over.
fn legal_texts<G: Game>(record: &GameRecord<G>) -> Vec<String> {
    if record.status().is_over() {
        return Vec::new();
    }
    record.position().legal_moves().iter().map(ToString::to_string).collect()
}

/// Plays `moves` on a new game; a bad move is a [`Failure::Move`].
fn play_moves<G: AnyGame>(setup: &Setup, moves: &str) -> Result<GameRecord<G>, Failure> {
    let mut record = setup.record::<G>()?;
    for (index, text) in split_moves(moves).into_iter().enumerate() {
        let legal = legal_texts(&record);
        record.play_text(text).map_err(|error| Failure::Move {
            index: index + 1,
            text: text.to_owned(),
            error: Box::new(error),
            legal,
        })?;
    }
    Ok(record)
}

fn print_moves<G: AnyGame>(setup: &Setup, moves: &str, out: &mut Out) -> Result<(), Failure> {
    let record = play_moves::<G>(setup, moves)?;
    match record.status() {
        Status::Ongoing => {
            for mv in legal_texts(&record) {
                out.line(mv)?;
            }
        }
        Status::Over(outcome) => eprintln!("the game is over: {outcome}"),
    }
    Ok(())
}
