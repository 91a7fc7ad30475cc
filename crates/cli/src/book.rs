//! `arbiter book build|show`: opening books, built by search from a list of openings, and the
//! moves a book gives in a position.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use arbiter_ai::arena::Ballot;
use arbiter_ai::book::{self, BookSettings, BuildStep};
use arbiter_ai::{Book, MAX_TABLE_MIB};
use arbiter_catalog::{AnyGame, GameId, Visitor};

use crate::output::Out;
use crate::{play_moves, Failure, Setup};

/// The book's commands.
#[derive(Debug, clap::Subcommand)]
pub enum BookCommand {
    /// Build an opening book by search: each position along the openings and of --plies plies
    /// from the end of each, every legal move valued by a search of --nodes positions, the best kept
    /// with the alternatives within --margin. Deterministic; progress on stderr.
    Build(BuildArgs),
    /// The moves a book gives in a position (the game's own book, or --file's, checked), best
    /// first, one a line with its score; nothing when the book does not hold the position.
    Show {
        /// The game, e.g. `checkers`.
        game: String,
        /// The moves from the start, separated by spaces.
        #[arg(long, value_name = "\"M1 M2 ...\"", default_value = "")]
        moves: String,
        /// Read this book instead of the game's own.
        #[arg(long, value_name = "FILE")]
        file: Option<PathBuf>,
    },
}

/// The arguments of `arbiter book build`.
#[derive(Debug, clap::Args)]
pub struct BuildArgs {
    /// The game, e.g. `checkers`.
    game: String,
    /// A ballot file of openings, one a line (as `arbiter match --openings-file` reads); may
    /// be given more than once.
    #[arg(long, value_name = "FILE", required = true)]
    openings: Vec<PathBuf>,
    /// The positions searched to value each move, at least 1000.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1000..))]
    nodes: u64,
    /// The plies from each opening's end whose positions the book answers (1: the openings'
    /// own positions only; 2: those after the moves it keeps there too), 1 to 20.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=20))]
    plies: u32,
    /// The most moves kept in a position, 1 to 8: the best and its closest alternatives,
    /// whose positions the book goes on from.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=8))]
    width: u64,
    /// How far below the best an alternative may score and be kept, in hundredths of a piece.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(0..=10_000))]
    margin: u32,
    /// The transposition table of each search, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=MAX_TABLE_MIB as u64))]
    hash: u64,
    /// The book file to write.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

/// Runs a book command.
pub fn run(command: &BookCommand, out: &mut Out) -> Result<(), Failure> {
    match command {
        BookCommand::Build(args) => args.game.parse::<GameId>()?.visit(Build(args)),
        BookCommand::Show { game, moves, file } => {
            game.parse::<GameId>()?.visit(Show { moves, file: file.as_ref(), out })
        }
    }
}

/// `arbiter book build`, run for its game's type.
struct Build<'a>(&'a BuildArgs);

impl Visitor for Build<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: AnyGame>(self) -> Result<(), Failure> {
        let args = self.0;
        let mut openings = Vec::new();
        for path in &args.openings {
            let failure =
                |problem: String| Failure::Ballot { path: path.display().to_string(), problem };
            let text = std::fs::read_to_string(path).map_err(|error| failure(error.to_string()))?;
            let ballot = Ballot::parse(&text).map_err(|error| failure(error.to_string()))?;
            let records = ballot
                .records::<G>(&Default::default())
                .map_err(|error| failure(error.to_string()))?;
            openings.extend(records.iter().map(|record| record.moves().collect::<Vec<_>>()));
        }
        let settings = BookSettings {
            nodes: args.nodes,
            plies: args.plies,
            width: args.width as usize,
            margin: args.margin as i32,
            table_mib: args.hash as usize,
        };
        let clock = Instant::now();
        let built = book::build::<G>(&openings, &settings, &mut |step| report(step, &clock));
        let header = header(args, G::ID, openings.len(), built.len());
        std::fs::write(&args.out, built.to_text(&header))
            .map_err(|error| Failure::Save { path: args.out.display().to_string(), error })?;
        eprintln!(
            "{} positions in {:.0} s, written to {}",
            built.len(),
            clock.elapsed().as_secs_f64(),
            args.out.display()
        );
        Ok(())
    }
}

/// The comment at the head of a book: what it is and the command that built it.
fn header(args: &BuildArgs, game: &str, openings: usize, positions: usize) -> String {
    let files: Vec<String> =
        args.openings.iter().map(|path| format!("--openings {}", path.display())).collect();
    format!(
        "The opening book of {game}: {positions} positions, those along {openings} openings \
         and of {} plies from the end of each (its own position the first).\nBuilt by: \
         arbiter book build {game} {} --nodes {} --plies {} --width {} --margin {} --hash {} \
         --out {}\nEach line: the moves from the start, `:`, \
         then the moves to play there, best first, each with its score in pieces for the player \
         who makes it\n(a search of --nodes positions of the position it leads to).",
        args.plies,
        files.join(" "),
        args.nodes,
        args.plies,
        args.width,
        args.margin,
        args.hash,
        args.out.display()
    )
}

/// One line of progress on stderr.
fn report<M: std::fmt::Display>(step: &BuildStep<'_, M>, clock: &Instant) {
    let path: Vec<String> = step.path.iter().map(ToString::to_string).collect();
    let moves: Vec<String> =
        step.moves.iter().map(|book| format!("{} {}", book.mv, book.score)).collect();
    eprintln!(
        "[{}, {} waiting, {:.0} s] {}: {}  ({} nodes, {:.1} s)",
        step.done,
        step.waiting,
        clock.elapsed().as_secs_f64(),
        path.join(" "),
        moves.join("; "),
        step.nodes,
        step.elapsed.as_secs_f64()
    );
}

/// `arbiter book show`, run for its game's type.
struct Show<'a> {
    moves: &'a str,
    file: Option<&'a PathBuf>,
    out: &'a mut Out,
}

impl Visitor for Show<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: AnyGame>(self) -> Result<(), Failure> {
        let book: Arc<Book<G>> = match self.file {
            Some(path) => {
                let failure =
                    |problem: String| Failure::Book { path: path.display().to_string(), problem };
                let text =
                    std::fs::read_to_string(path).map_err(|error| failure(error.to_string()))?;
                Arc::new(Book::<G>::parse(&text).map_err(|error| failure(error.to_string()))?)
            }
            None => book::embedded::<G>()
                .ok_or_else(|| Failure::Refused(format!("{} has no opening book", G::ID)))?,
        };
        let setup = Setup { options: String::new(), position: None };
        let record = play_moves::<G>(&setup, self.moves)?;
        let Some(moves) = book.moves(record.position()) else {
            eprintln!("the book ({} positions) does not hold this position", book.len());
            return Ok(());
        };
        for book_move in moves {
            self.out.line(format_args!("{} {}", book_move.mv, book_move.score))?;
        }
        Ok(())
    }
}
