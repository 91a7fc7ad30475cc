//! Building a book by search: every legal move of each position is valued by a search of the
//! position it leads to, the best kept with the alternatives close to it, and the positions
//! after the kept moves searched in turn, to a given number of plies beyond the openings.
//!
//! The searches are alpha-beta limited by nodes, each with a fresh table, one after another,
//! so that the same settings build the same book on any machine, at any load.

use std::collections::{HashSet, VecDeque};
use std::time::{Duration, Instant};

use arbiter_core::{Evaluate, Game, GameRecord, Status};

use crate::book::{Book, BookMove};
use crate::{AlphaBeta, Context, Limits, Player, Score};

/// How [`build`] searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookSettings {
    /// The positions searched to value each move.
    pub nodes: u64,
    /// The plies after each opening whose positions the book answers: 1 for the openings'
    /// own positions only, 2 for those after the moves it gives there too, and so on.
    pub plies: u32,
    /// The most moves kept in a position, the best and its closest alternatives.
    pub width: usize,
    /// How far below the best (in hundredths of a piece) an alternative may score and be kept.
    pub margin: i32,
    /// The transposition table of each search, in MiB.
    pub table_mib: usize,
}

/// A position the build has valued, for its progress.
#[derive(Debug, Clone)]
pub struct BuildStep<'a, M> {
    /// The positions valued so far, this one included.
    pub done: usize,
    /// The positions known still to be valued (more may follow from them).
    pub waiting: usize,
    /// The moves that reach this position from the start.
    pub path: &'a [M],
    /// The moves kept, best first.
    pub moves: &'a [BookMove<M>],
    /// The positions the searches of this position visited.
    pub nodes: u64,
    /// The time those searches took.
    pub elapsed: Duration,
}

/// A position waiting to be valued.
struct Waiting<G: Game> {
    record: GameRecord<G>,
    /// How many more plies of the book to build from it, itself included.
    plies: u32,
}

/// The book of the positions along `openings` (each a list of moves from the start under the
/// default options) and of `settings.plies` plies after each: in every position, each legal
/// move is valued by a search of `settings.nodes` positions of the position it leads to, and
/// the best is kept with the alternatives within `settings.margin` of it (at most
/// `settings.width` moves). Along an opening the book follows the opening's moves; after it,
/// the moves it keeps. A position reached twice is valued once. `progress` hears of each
/// position valued.
pub fn build<G: Evaluate>(
    openings: &[Vec<G::Move>],
    settings: &BookSettings,
    progress: &mut dyn FnMut(&BuildStep<'_, G::Move>),
) -> Book<G> {
    let mut queue: VecDeque<Waiting<G>> = VecDeque::new();
    let mut seen = HashSet::new();
    // The positions along the openings first, then their ends: the openings in order, each
    // position once.
    let depth = openings.iter().map(Vec::len).max().unwrap_or(0);
    for ply in 0..=depth {
        for opening in openings.iter().filter(|opening| opening.len() >= ply) {
            let mut record = GameRecord::<G>::new(Default::default());
            if opening[..ply].iter().any(|&mv| record.play(mv).is_err()) {
                continue;
            }
            let plies = if ply == opening.len() { settings.plies } else { 1 };
            if plies > 0 && record.status() == Status::Ongoing && seen.insert(position_key(&record))
            {
                queue.push_back(Waiting { record, plies });
            }
        }
    }
    let mut book = Book::default();
    let mut searcher = AlphaBeta::<G>::new(Limits::nodes(settings.nodes), settings.table_mib);
    while let Some(Waiting { record, plies }) = queue.pop_front() {
        let clock = Instant::now();
        let (moves, nodes) = value_moves(&record, &mut searcher, settings);
        if plies > 1 {
            for kept in &moves {
                let mut next = record.clone();
                if next.play(kept.mv).is_ok()
                    && next.status() == Status::Ongoing
                    && seen.insert(position_key(&next))
                {
                    queue.push_back(Waiting { record: next, plies: plies - 1 });
                }
            }
        }
        let path: Vec<G::Move> = record.moves().collect();
        progress(&BuildStep {
            done: book.len() + 1,
            waiting: queue.len(),
            path: &path,
            moves: &moves,
            nodes,
            elapsed: clock.elapsed(),
        });
        book.insert(path, record.position().clone(), moves);
    }
    book
}

/// A position as the build tells positions apart: the hash and the text (which two distinct
/// positions never share).
fn position_key<G: Game>(record: &GameRecord<G>) -> (u64, String) {
    (record.position().hash(), record.position().to_text())
}

/// Every legal move of `record`'s position valued by a search of the position it leads to,
/// the kept ones best first, and the positions the searches visited.
fn value_moves<G: Evaluate>(
    record: &GameRecord<G>,
    searcher: &mut AlphaBeta<G>,
    settings: &BookSettings,
) -> (Vec<BookMove<G::Move>>, u64) {
    let mover = record.position().side_to_move();
    let mut valued = Vec::new();
    let mut nodes = 0;
    let mut history = Vec::new();
    for mv in record.position().legal_moves() {
        let mut next = record.clone();
        if next.play(mv).is_err() {
            continue;
        }
        let score = match next.status() {
            Status::Over(outcome) => match outcome.winner() {
                Some(winner) if winner == mover => Score::Win(1),
                Some(_) => Score::Loss(1),
                None => Score::Eval(0),
            },
            Status::Ongoing => {
                searcher.new_game(0);
                let context = Context::of_record(&next, &mut history);
                let report = searcher.search(next.position(), &context, &mut |_| {});
                nodes += report.nodes;
                negated(report.score)
            }
        };
        valued.push(BookMove { mv, score });
    }
    // Best first; equal scores in the order of the legal moves.
    valued.sort_by_key(|book_move| std::cmp::Reverse(rank(book_move.score)));
    let best = valued.first().map_or(0, |book_move| rank(book_move.score));
    let margin = i64::from(settings.margin);
    valued.retain(|book_move| rank(book_move.score) >= best - margin);
    valued.truncate(settings.width.max(1));
    (valued, nodes)
}

/// The score of a position for the player who moved into it, from its score for the player
/// to move there.
fn negated(score: Score) -> Score {
    match score {
        Score::Eval(value) => Score::Eval(-value),
        Score::WinRate(rate) => Score::WinRate(1.0 - rate),
        Score::Win(plies) => Score::Loss(plies + 1),
        Score::Loss(plies) => Score::Win(plies + 1),
    }
}

/// Scores in one order, better higher: proven wins (the quicker the better) above every
/// evaluation, proven losses (the slower the better) below.
fn rank(score: Score) -> i64 {
    const PROVEN: i64 = 1 << 40;
    match score {
        Score::Eval(value) => i64::from(value),
        Score::WinRate(rate) => (rate * 10_000.0) as i64,
        Score::Win(plies) => PROVEN - i64::from(plies),
        Score::Loss(plies) => -PROVEN + i64::from(plies),
    }
}
