//! `arbiter`: list, play, analyse and benchmark the Arbiter games from a terminal.
//!
//! Scripts depend on this interface: `moves` prints only legal moves on stdout, `perft` only
//! counts; errors go to stderr with exit code 2 (1 for input and output errors). When the
//! reader of stdout goes away (`arbiter moves … | head`) the command ends quietly with code 0.

mod analyze;
mod bench;
mod output;
mod play;
mod proof;
mod solve;
mod versus;

use std::io;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use arbiter_ai::arena::MatchError;
use arbiter_ai::{parse_duration, Engine, Limits, PlayerSpec, SpecError};
use arbiter_catalog::{AnyGame, CatalogError, GameId, Visitor};
use arbiter_core::{
    divide, excerpt, perft, split_moves, Game, GameOptions, GameRecord, MoveError, OptionError,
    PositionError, RecordError, Status,
};
use clap::{Parser, Subcommand, ValueEnum};

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
        /// The game, e.g. `checkers` (see `arbiter games`).
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
        /// The game, e.g. `checkers`.
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
    },
    /// Play a game in the terminal: people, the computer, or both.
    Play {
        /// The game, e.g. `checkers`.
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
        /// The game, e.g. `checkers`.
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
    },
    /// Play two computer players against each other and print the score and Elo difference.
    Match(versus::MatchArgs),
    /// Serve the games over HTTP and WebSocket, stored in a database; stops on Ctrl-C.
    Serve {
        /// The address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: std::net::SocketAddr,
        /// The database: sqlite://PATH or postgres://USER@HOST/DB (default: arbiter.db in
        /// the user's data folder).
        #[arg(long, value_name = "URL")]
        database: Option<String>,
        /// Threads the computer players may think on at once (default: one per core).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
        workers: Option<u16>,
    },
    /// Solve a position of a game that always ends in a win (minicheckers, holes): the winner
    /// with perfect play, the perfect-play length in plies, a line of perfect play.
    Solve(solve::SolveArgs),
    /// Check a proof written by `arbiter solve --proof` with the rules alone.
    VerifyProof(proof::VerifyArgs),
    /// Run a fixed perft workload for every game (or one) and print nodes per second.
    Bench {
        /// Only this game.
        game: Option<String>,
    },
}

/// Where a game starts, shared by the subcommands.
#[derive(Debug, clap::Args)]
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
    /// Strength of the computer, 1 (looks one move ahead) to 5 (thinks three seconds).
    /// Default 3 (a quarter of a second).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5), conflicts_with_all = ["think", "nodes"])]
    level: Option<u8>,
    /// Thinking time per move instead of a level, e.g. 500ms or 2s (at most 24h).
    #[arg(long, value_parser = parse_think)]
    think: Option<Duration>,
    /// Positions (alpha-beta) or iterations (MCTS) per move instead of a level, at least 1.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// The search the computer uses.
    #[arg(long, value_enum)]
    engine: Option<EngineArg>,
}

impl AiOptions {
    fn spec(&self, seed: u64) -> PlayerSpec {
        let level = PlayerSpec::level(self.level.unwrap_or(3));
        let mut spec = level.unwrap_or(PlayerSpec::new(Engine::AlphaBeta));
        if let Some(engine) = self.engine {
            spec.engine = engine.engine();
        }
        if self.think.is_some() || self.nodes.is_some() {
            spec.limits = Limits { time: self.think, depth: None, nodes: self.nodes };
        }
        if spec.engine.uses_seed() {
            spec.seed = seed;
        }
        spec
    }
}

/// A search, on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EngineArg {
    /// Iterative-deepening alpha-beta.
    Alphabeta,
    /// Monte Carlo tree search with a solver.
    Mcts,
}

impl EngineArg {
    fn engine(self) -> Engine {
        match self {
            EngineArg::Alphabeta => Engine::AlphaBeta,
            EngineArg::Mcts => Engine::Mcts,
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
    let mut out = Out::stdout();
    let result = match &cli.command {
        Command::Games => list_games(&mut out),
        Command::Bench { game } => bench::run(game.as_deref(), &mut out),
        Command::Serve { addr, database, workers } => serve(*addr, database.clone(), *workers),
        Command::Moves { game, .. }
        | Command::Perft { game, .. }
        | Command::Play { game, .. }
        | Command::Analyze { game, .. } => game
            .parse::<GameId>()
            .map_err(Failure::from)
            .and_then(|id| id.visit(Run(&cli.command, &mut out))),
        Command::Match(args) => args.game().and_then(|id| id.visit(versus::Run(args, &mut out))),
        Command::Solve(args) => solve::run(args, &mut out),
        Command::VerifyProof(args) => proof::run(args, &mut out),
    };
    match result.and_then(|()| out.finish()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Output(error)) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("error: {failure}");
            ExitCode::from(match failure {
                Failure::Output(_) | Failure::Save { .. } | Failure::ProofFile { .. } => 1,
                _ => 2,
            })
        }
    }
}

/// A command of one game, run for that game's type.
struct Run<'a>(&'a Command, &'a mut Out);

impl Visitor for Run<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: AnyGame>(self) -> Result<(), Failure> {
        let Run(command, out) = self;
        match command {
            Command::Moves { setup, moves, .. } => print_moves::<G>(setup, moves, out),
            Command::Perft { depth, setup, divide, .. } => {
                run_perft::<G>(*depth, setup, *divide, out)
            }
            Command::Play { setup, white, black, ai, seed, .. } => {
                let record = setup.record::<G>()?;
                let stdin = io::stdin();
                play::run(record, [*white, *black], ai.spec(*seed), stdin.lock(), out)
                    .map_err(Failure::Output)
            }
            Command::Analyze { setup, moves, think, depth, nodes, engine, .. } => {
                let time = think
                    .or((depth.is_none() && nodes.is_none()).then_some(Duration::from_secs(5)));
                let limits = Limits { time, depth: *depth, nodes: *nodes };
                let spec = PlayerSpec { limits, ..PlayerSpec::new(engine.engine()) };
                analyze::run(play_moves::<G>(setup, moves)?, &spec, out)
            }
            Command::Games
            | Command::Match(_)
            | Command::Solve(_)
            | Command::VerifyProof(_)
            | Command::Bench { .. }
            | Command::Serve { .. } => Ok(()),
        }
    }
}

/// Why a command failed: shown on stderr, with exit code 2 (1 for input/output errors).
#[derive(Debug, thiserror::Error)]
pub(crate) enum Failure {
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    #[error(transparent)]
    Options(#[from] OptionError),
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error("cannot read the record: {0}")]
    Record(#[from] RecordError),
    #[error(transparent)]
    Match(#[from] MatchError),
    #[error("the server: {0}")]
    Server(#[from] arbiter_server::ApiError),
    #[error(
        "move {index} (`{}`) cannot be played: {error}{}",
        excerpt(.text),
        legal_note(.error, .legal)
    )]
    Move { index: usize, text: String, error: Box<MoveError>, legal: Vec<String> },
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error(transparent)]
    Solve(#[from] arbiter_solver::SolveError),
    #[error(
        "the solver handles only games that always end in a win and look the same after a half \
         turn with the colours swapped: minicheckers and holes; {game} can end in a draw"
    )]
    NotSolvable { game: String },
    #[error("the proof is not valid: {0}")]
    ProofRejected(String),
    #[error("cannot read or write the proof file {}: {error}", arbiter_core::escaped(.path))]
    ProofFile { path: String, error: io::Error },
    #[error("cannot write the output: {0}")]
    Output(io::Error),
    #[error("cannot write the records to {}: {error}", arbiter_core::escaped(.path))]
    Save { path: String, error: io::Error },
}

/// The legal moves, unless the error already lists them.
fn legal_note(error: &MoveError, legal: &[String]) -> String {
    match error {
        MoveError::Illegal { .. } | MoveError::GameOver(_) => String::new(),
        _ => format!("\nlegal moves at that point: {}", legal.join(" ")),
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

/// `arbiter serve`: the game server until Ctrl-C.
fn serve(
    addr: std::net::SocketAddr,
    database: Option<String>,
    workers: Option<u16>,
) -> Result<(), Failure> {
    let database = database.unwrap_or_else(arbiter_server::store::Store::default_url);
    let workers = workers
        .map_or_else(|| std::thread::available_parallelism().map_or(1, usize::from), usize::from);
    let runtime = tokio::runtime::Runtime::new().map_err(Failure::Output)?;
    let config = arbiter_server::Config { addr, database: database.clone(), workers };
    runtime.block_on(arbiter_server::serve(config, |bound| {
        println!("Arbiter is serving on http://{bound}/ (database {database}); Ctrl-C stops it.");
    }))?;
    Ok(())
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

fn run_perft<G: AnyGame>(
    depth: u32,
    setup: &Setup,
    divide_first: bool,
    out: &mut Out,
) -> Result<(), Failure> {
    let record = setup.record::<G>()?;
    let position = record.position();
    let started = Instant::now();
    let nodes = if divide_first {
        let moves = divide(position, depth);
        for (mv, nodes) in &moves {
            out.line(format_args!("{mv}: {nodes}"))?;
        }
        moves.iter().map(|(_, nodes)| nodes).sum::<u64>() + u64::from(depth == 0)
    } else {
        perft(position, depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    out.line(nodes)?;
    eprintln!("perft {depth}: {nodes} nodes in {seconds:.3} s ({})", bench::rate(nodes, seconds));
    Ok(())
}
