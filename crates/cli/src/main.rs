//! `arbiter`: list, play, analyse and benchmark the Arbiter games from a terminal.
//!
//! Scripts depend on this interface: `moves` prints only legal moves on stdout, `perft` only
//! counts; errors go to stderr with exit code 2.

mod bench;
mod play;

use std::io;
use std::process::ExitCode;
use std::time::Instant;

use arbiter_catalog::{find, games, CatalogError, Session};
use arbiter_core::{MoveError, Status};
use clap::{Parser, Subcommand, ValueEnum};

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
        /// Moves to play first, separated by spaces, in any accepted notation.
        #[arg(long, value_name = "\"M1 M2 ...\"", default_value = "")]
        moves: String,
    },
    /// Count the move sequences of a given length (perft); prints the count alone on stdout.
    Perft {
        /// The game, e.g. `checkers`.
        game: String,
        /// The number of moves (whole turns) in each sequence.
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
        /// Seed of the computer's choices (random if not given).
        #[arg(long)]
        seed: Option<u64>,
    },
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
    fn session(&self, game: &str) -> Result<Box<dyn Session>, CatalogError> {
        find(game)?.new_session(&self.options, self.position.as_deref())
    }
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
    let result = match cli.command {
        Command::Games => {
            list_games();
            Ok(())
        }
        Command::Moves { game, setup, moves } => print_moves(&game, &setup, &moves),
        Command::Perft { game, depth, setup, divide } => run_perft(&game, depth, &setup, divide),
        Command::Play { game, setup, white, black, seed } => {
            setup.session(&game).map_err(Failure::from).and_then(|session| {
                let stdin = io::stdin();
                play::run(session, [white, black], seed, stdin.lock(), io::stdout())
                    .map_err(Failure::Io)
            })
        }
        Command::Bench { game } => bench::run(game.as_deref()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("error: {failure}");
            ExitCode::from(match failure {
                Failure::Io(_) => 1,
                _ => 2,
            })
        }
    }
}

/// Why a command failed: shown on stderr, with exit code 2 (1 for input/output errors).
#[derive(Debug, thiserror::Error)]
enum Failure {
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    #[error("move {index} (`{text}`) cannot be played: {error}{}", legal_note(.error, .legal))]
    Move { index: usize, text: String, error: Box<MoveError>, legal: Vec<String> },
    #[error("{0}")]
    Io(io::Error),
}

/// The legal moves, unless the error already lists them.
fn legal_note(error: &MoveError, legal: &[String]) -> String {
    match error {
        MoveError::Illegal { .. } | MoveError::GameOver(_) => String::new(),
        _ => format!("\nlegal moves at that point: {}", legal.join(" ")),
    }
}

fn list_games() {
    for entry in games() {
        let info = entry.info();
        println!("{:<14}{}: {}", info.id, info.name, info.description);
        if info.options.is_empty() {
            println!("{:<14}options: none", "");
        }
        for option in info.options {
            println!(
                "{:<14}option {}={} (default {}): {}",
                "", option.key, option.values, option.default, option.help
            );
        }
    }
}

/// Plays `moves` on a new session; a bad move is a [`Failure::Move`].
fn play_moves(game: &str, setup: &Setup, moves: &str) -> Result<Box<dyn Session>, Failure> {
    let mut session = setup.session(game)?;
    for (index, text) in split_moves(moves).into_iter().enumerate() {
        let legal = session.legal_moves();
        session.play(text).map_err(|error| Failure::Move {
            index: index + 1,
            text: text.to_owned(),
            error: Box::new(error),
            legal,
        })?;
    }
    Ok(session)
}

/// Splits a move list at white space, except inside parentheses, so that forms like the GDL
/// `(move 2 2 2 3)` stay whole.
fn split_moves(moves: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    let (mut depth, mut start) = (0usize, None);
    for (index, c) in moves.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            c if c.is_whitespace() && depth == 0 => {
                if let Some(first) = start.take() {
                    tokens.push(&moves[first..index]);
                }
                continue;
            }
            _ => {}
        }
        start.get_or_insert(index);
    }
    tokens.extend(start.map(|first| &moves[first..]));
    tokens
}

fn print_moves(game: &str, setup: &Setup, moves: &str) -> Result<(), Failure> {
    let session = play_moves(game, setup, moves)?;
    match session.status() {
        Status::Ongoing => {
            for mv in session.legal_moves() {
                println!("{mv}");
            }
        }
        Status::Over(outcome) => eprintln!("the game is over: {outcome}"),
    }
    Ok(())
}

fn run_perft(game: &str, depth: u32, setup: &Setup, divide: bool) -> Result<(), Failure> {
    let session = setup.session(game)?;
    let started = Instant::now();
    let nodes = if divide {
        let moves = session.divide(depth);
        for (mv, nodes) in &moves {
            println!("{mv}: {nodes}");
        }
        moves.iter().map(|(_, nodes)| nodes).sum::<u64>() + u64::from(depth == 0)
    } else {
        session.perft(depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    println!("{nodes}");
    eprintln!("perft {depth}: {nodes} nodes in {seconds:.3} s ({})", bench::rate(nodes, seconds));
    Ok(())
}
