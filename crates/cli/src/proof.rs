//! Proof files of `arbiter solve --proof`, and `arbiter verify-proof`, which checks one with
//! the rules alone (the `Game` trait), never with the solver's code.
//!
//! A proof file is text: comment lines starting with `#`; a header of `game ID`, `options
//! K=V,...`, `position TEXT` (the root) and `winner white|black`; then one line for each
//! position of the proof where the winner is to move: the position's text, a tab, and the
//! winning move played there. The proof is valid when, from the root, following the winner's
//! move at each of his positions and every legal move at each of the loser's, every position
//! reached where the winner is to move has a line with a legal move, and every game that ends
//! ends in a win for the winner. The games are finite, so this covers every line of play.

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};

use arbiter_catalog::{AnyGame, GameId, Visitor};
use arbiter_core::text::excerpt;
use arbiter_core::{DrawRules, Game, GameOptions, Knowledge, Side, Status};

use crate::output::Out;
use crate::Failure;

/// Writes a proof of `position` to `path`: the header, the lines that `write_lines` writes
/// (the solver's), then the winner it returns, which the reader accepts anywhere.
pub fn write<G: Game, T>(
    path: &str,
    position: &G,
    options: &G::Options,
    write_lines: impl FnOnce(&mut BufWriter<File>) -> Result<(T, Side), Failure>,
) -> Result<T, Failure> {
    let failed = |error| Failure::ProofFile { path: path.to_owned(), error };
    let mut file = File::create(path).map(BufWriter::new).map_err(failed)?;
    let options: Vec<String> =
        options.values().iter().map(|(key, value)| format!("{key}={value}")).collect();
    write!(
        file,
        "# Arbiter proof tree: for each position where the winner is to move, its text, a tab \
         and the winning move\ngame {}\noptions {}\nposition {}\n",
        G::ID,
        options.join(","),
        position.to_text()
    )
    .map_err(failed)?;
    let (result, winner) = write_lines(&mut file)?;
    writeln!(file, "winner {}", winner.name()).map_err(failed)?;
    file.flush().map_err(failed)?;
    Ok(result)
}

/// The arguments of `arbiter verify-proof`.
#[derive(Debug, clap::Args)]
pub struct VerifyArgs {
    /// The game the proof is about, e.g. `minicheckers`.
    game: String,
    /// The proof file written by `arbiter solve --proof FILE`.
    file: String,
}

/// Runs `arbiter verify-proof`.
pub fn run(args: &VerifyArgs, out: &mut Out) -> Result<(), Failure> {
    let id: GameId = args.game.parse()?;
    id.visit(Verify(args, out))
}

struct Verify<'a>(&'a VerifyArgs, &'a mut Out);

impl Visitor for Verify<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: AnyGame>(self) -> Result<(), Failure> {
        let Verify(args, out) = self;
        let file = File::open(&args.file)
            .map_err(|error| Failure::ProofFile { path: args.file.clone(), error })?;
        let proof = read::<G>(BufReader::new(file), &args.file)?;
        let positions = check(&proof).map_err(Failure::ProofRejected)?;
        out.line(format_args!(
            "the proof is valid: {} wins from {} ({} positions checked, {} lines)",
            proof.winner,
            proof.root.to_text(),
            positions,
            proof.moves.len()
        ))
    }
}

/// A proof file, read.
struct Proof<G: Knowledge> {
    root: G,
    winner: Side,
    /// The winner's move at each of his positions, by the position's text.
    moves: HashMap<String, String>,
}

/// Reads a proof of `G`; errors name the line.
fn read<G: Knowledge>(reader: impl BufRead, path: &str) -> Result<Proof<G>, Failure> {
    let mut header: HashMap<String, String> = HashMap::new();
    let mut moves = HashMap::new();
    for (index, line) in reader.lines().enumerate() {
        let bad =
            |problem: String| Failure::ProofRejected(format!("line {}: {problem}", index + 1));
        let line = line.map_err(|error| Failure::ProofFile { path: path.to_owned(), error })?;
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if let Some((position, mv)) = line.split_once('\t') {
            if moves.insert(position.to_owned(), mv.to_owned()).is_some() {
                return Err(bad(format!("a second line for {}", excerpt(position))));
            }
        } else {
            let (key, value) = line.split_once(' ').unwrap_or((line.as_str(), ""));
            if !["game", "options", "position", "winner"].contains(&key) {
                return Err(bad(format!(
                    "`{}` is neither a header (game, options, position, winner) nor a position, \
                     a tab and a move",
                    excerpt(&line)
                )));
            }
            if header.insert(key.to_owned(), value.to_owned()).is_some() {
                return Err(bad(format!("a second `{key}` line")));
            }
        }
    }
    let field = |key: &str| {
        header
            .get(key)
            .cloned()
            .ok_or_else(|| Failure::ProofRejected(format!("the header has no `{key}` line")))
    };
    let game = field("game")?;
    if game != G::ID {
        return Err(Failure::ProofRejected(format!(
            "the proof is about `{}`, not {}",
            excerpt(&game),
            G::ID
        )));
    }
    let options = G::Options::parse(&field("options")?)?;
    let root = G::from_text(&field("position")?, &options)?;
    if root.draw_rules() != DrawRules::NONE {
        return Err(Failure::NotSolvable { game: G::ID.to_owned() });
    }
    let winner = match field("winner")?.as_str() {
        "white" => Side::White,
        "black" => Side::Black,
        other => {
            return Err(Failure::ProofRejected(format!(
                "the winner is white or black, not `{}`",
                excerpt(other)
            )))
        }
    };
    Ok(Proof { root, winner, moves })
}

/// Checks the proof by playing it out; returns the number of positions checked.
fn check<G: Knowledge>(proof: &Proof<G>) -> Result<usize, String> {
    let winner = proof.winner;
    let mut seen: HashSet<String> = HashSet::new();
    let mut stack = vec![proof.root.clone()];
    while let Some(position) = stack.pop() {
        let text = position.to_text();
        if !seen.insert(text.clone()) {
            continue;
        }
        match position.status() {
            Status::Over(outcome) if outcome.winner() == Some(winner) => continue,
            Status::Over(outcome) => {
                return Err(format!("the game ends at {text} and {winner} does not win: {outcome}"))
            }
            Status::Ongoing => {}
        }
        if position.side_to_move() == winner {
            let mv_text = proof
                .moves
                .get(&text)
                .ok_or_else(|| format!("no move for {winner} at {text}, reached in the proof"))?;
            let mv = position
                .parse_move(mv_text)
                .map_err(|error| format!("the move `{}` at {text}: {error}", excerpt(mv_text)))?;
            let mut child = position.clone();
            child.play_unchecked(mv);
            stack.push(child);
        } else {
            for mv in position.legal_moves() {
                let mut child = position.clone();
                child.play_unchecked(mv);
                stack.push(child);
            }
        }
    }
    Ok(seen.len())
}
