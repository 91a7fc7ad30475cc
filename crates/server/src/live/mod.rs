//! A game in play behind a trait object, built for any game of the catalog by a visitor: its
//! record, and everything the API shows of it, with cells named as the game names them.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use arbiter_ai::{PlayerSpec, SearchInfo, Session, SpecError};
use arbiter_catalog::{AnyGame, Endgames, GameId, Probing, Visitor};
use arbiter_core::present::{CellId, Geometry, SKIP};
use arbiter_core::text::excerpt;
use arbiter_core::turn::{Click, MovePath, Turn};
use arbiter_core::{GameOptions, GameRecord, MoveError, Side, Status, Undone};
use arbiter_solver::{accepts, Exact, Oracle};
use arbiter_tablebase::Value;

mod view;

use self::view::clock_text;

pub use self::view::{
    describe, Captures, ClickView, Event, ExactMove, ExactValue, GameResult, GameStatus, Landing,
    LegalMove, PieceView, StepView, View,
};

/// A game in play, its rules hidden.
pub trait Live: Send + Sync {
    /// The options, canonical: `key=value,…`, only those that differ from the defaults.
    fn options_text(&self) -> String;
    /// The moves played from ply `from` on, in canonical notation.
    fn moves_from(&self, from: usize) -> Vec<String>;
    /// The number of moves played.
    fn ply(&self) -> usize;
    /// The player to move.
    fn side_to_move(&self) -> Side;
    /// Whether `side` made one of the moves played.
    fn has_moved(&self, side: Side) -> bool;
    /// `text` read as a move in the position before move `ply`, in canonical notation, if it
    /// is one there.
    fn move_at(&self, ply: usize, text: &str) -> Option<String>;
    /// How the game stands.
    fn status(&self) -> Status;
    /// Plays a move in any accepted notation; its canonical text.
    fn play(&mut self, text: &str) -> Result<String, MoveError>;
    /// Takes back the last move; `false` when there is none.
    fn undo_move(&mut self) -> bool;
    /// Ends the game by a resignation or an agreed draw.
    fn end(&mut self, event: Event) -> Result<(), MoveError>;
    /// What a client draws: the position, the board, the legal moves with their clicks.
    fn view(&self) -> View;
    /// The record text (PDN for checkers), with the `TimeControl` tag when the game is on a
    /// clock and each move's `{[%clk H:MM:SS]}` where `clocks` gives the mover's time left.
    fn record_text(&self, time_control: Option<&str>, clocks: &[Option<i64>]) -> String;
    /// The only legal move, when there is exactly one.
    fn only_move(&self) -> Option<String>;
    /// A search of the current position by `spec` with the endgame tables `endgames`, to run
    /// on a worker thread; `stop` ends it early. On a clock (`on_clock`) it never waits for an
    /// endgame table to be built: it uses those loaded already.
    fn search(
        &self,
        spec: PlayerSpec,
        endgames: &Endgames,
        stop: Arc<AtomicBool>,
        on_clock: bool,
    ) -> Search;
    /// The exact values of the current position's moves by the endgame tables `endgames`,
    /// else by the solver, to run on a worker thread: `None` in the games it does not handle,
    /// when the game is over, or when `time` ran out first.
    fn exact(&self, endgames: &Endgames, time: Duration) -> ExactSearch;
    /// Whether the computer player `spec` can play this game (the perfect player only plays
    /// the games that always end in a win).
    fn check_player(&self, spec: &PlayerSpec) -> Result<(), SpecError>;
}

/// A search to run on a worker thread.
pub type Search = Box<dyn FnOnce() -> SearchInfo + Send>;

/// A search of exact values to run on a worker thread.
pub type ExactSearch = Box<dyn FnOnce() -> Option<Vec<ExactMove>> + Send>;

/// The memory of the solver's tables for one analysis, in MiB.
const EXACT_MIB: usize = 64;

/// Builds a game of `id` under `options` with `moves` played and `event` applied.
pub fn build(
    id: GameId,
    options: &str,
    moves: &[String],
    event: Option<Event>,
) -> Result<Box<dyn Live>, String> {
    id.visit(Build { options, start: None, moves, event })
}

/// Builds a game of `id` under `options` from the position `start` (in the game's text form),
/// with `moves` played: a position shown for itself, as the rules pages' diagrams are.
pub fn build_from(
    id: GameId,
    options: &str,
    start: &str,
    moves: &[String],
) -> Result<Box<dyn Live>, String> {
    id.visit(Build { options, start: Some(start), moves, event: None })
}

/// The board of `id` under `options`: its shape and cells, which no move changes.
pub fn geometry(id: GameId, options: &str) -> Result<Geometry, String> {
    id.visit(Board { options })
}

/// The visitor behind [`geometry`].
struct Board<'a> {
    options: &'a str,
}

impl Visitor for Board<'_> {
    type Output = Result<Geometry, String>;

    fn visit<G: AnyGame>(self) -> Self::Output {
        let options = G::Options::parse(self.options).map_err(|error| error.to_string())?;
        Ok(G::start(&options).geometry())
    }
}

struct Build<'a> {
    options: &'a str,
    /// The start position's text; the game's start when `None`.
    start: Option<&'a str>,
    moves: &'a [String],
    event: Option<Event>,
}

impl Visitor for Build<'_> {
    type Output = Result<Box<dyn Live>, String>;

    fn visit<G: AnyGame>(self) -> Self::Output {
        let options = G::Options::parse(self.options).map_err(|error| error.to_string())?;
        let mut record = match self.start {
            None => GameRecord::<G>::new(options),
            Some(text) => {
                let start = G::from_text(text, &options)
                    .map_err(|error| format!("`{}` is not a position: {error}", excerpt(text)))?;
                GameRecord::from_position(start, options)
            }
        };
        for (index, mv) in self.moves.iter().enumerate() {
            record
                .play_text(mv)
                .map_err(|error| format!("move {} ({mv}) cannot be played: {error}", index + 1))?;
        }
        let mut live = Record(record);
        if let Some(event) = self.event {
            live.end(event).map_err(|error| error.to_string())?;
        }
        Ok(Box::new(live))
    }
}

/// The clicks of `path` as a client enters and draws them (`name` names a cell): each with the
/// piece it lands, where it lands one, and the step it completes (a choice after the landing
/// click completes its step).
fn click_views<G: AnyGame>(
    path: &MovePath<G::Move>,
    name: &impl Fn(CellId) -> String,
) -> Vec<ClickView> {
    let completed = path.completed_steps();
    let mut lands = vec![None; completed.len()];
    for (at, step) in completed.iter().enumerate() {
        if let Some(step) = step {
            let landing =
                if matches!(path.clicks[at], Click::Choice(_)) { at.saturating_sub(1) } else { at };
            lands[landing] = Some(Landing { from: name(step.from), to: name(step.to) });
        }
    }
    path.clicks
        .iter()
        .zip(completed)
        .zip(lands)
        .map(|((click, step), lands)| {
            let (cell, choice) = match click {
                Click::Cell(cell) => (Some(name(*cell)), None),
                Click::Choice(token) => (None, Some(token.as_str())),
            };
            ClickView {
                cell,
                choice: choice.filter(|token| *token != SKIP).map(str::to_owned),
                skip: choice == Some(SKIP),
                label: choice
                    .and_then(|token| path.choice_label(token, G::SKIP_LABEL))
                    .map(str::to_owned),
                lands,
                step: step.map(|step| StepView {
                    from: name(step.from),
                    to: name(step.to),
                    captures: step.captured.iter().map(|&c| name(c)).collect(),
                    taken: G::CAPTURED.into(),
                }),
            }
        })
        .collect()
}

/// The game record of `G`, as a [`Live`] game.
struct Record<G: AnyGame>(GameRecord<G>);

impl<G: AnyGame> Live for Record<G> {
    fn options_text(&self) -> String {
        self.0.options_text()
    }

    fn moves_from(&self, from: usize) -> Vec<String> {
        self.0.moves().skip(from).map(|mv| mv.to_string()).collect()
    }

    fn ply(&self) -> usize {
        self.0.len()
    }

    fn side_to_move(&self) -> Side {
        self.0.position().side_to_move()
    }

    fn move_at(&self, ply: usize, text: &str) -> Option<String> {
        let position = self.0.positions().take(self.0.len()).nth(ply)?;
        position.parse_move(text).ok().map(|mv| mv.to_string())
    }

    fn has_moved(&self, side: Side) -> bool {
        self.0.positions().take(self.0.len()).any(|position| position.side_to_move() == side)
    }

    fn status(&self) -> Status {
        self.0.status()
    }

    fn play(&mut self, text: &str) -> Result<String, MoveError> {
        self.0.play_text(text).map(|mv| mv.to_string())
    }

    fn undo_move(&mut self) -> bool {
        matches!(self.0.undo(), Some(Undone::Move(_)))
    }

    fn end(&mut self, event: Event) -> Result<(), MoveError> {
        match event {
            Event::Resignation(side) => self.0.resign(side),
            Event::Draw => self.0.agree_draw(),
            Event::Time(side) => self.0.lose_on_time(side),
            // An aborted game has no outcome: the server keeps the event.
            Event::Abort => Ok(()),
        }
    }

    fn view(&self) -> View {
        let position = self.0.position();
        let legal = if self.0.status().is_over() { Vec::new() } else { position.legal_moves() };
        let turn = Turn::new(position.clone(), &legal);
        let geometry = turn.geometry();
        let name = |cell: CellId| geometry.name(cell).to_owned();
        let legal: Vec<LegalMove> = turn
            .paths()
            .iter()
            .map(|path| LegalMove {
                text: path.text.clone(),
                clicks: click_views::<G>(path, &name),
                captures: path
                    .steps
                    .iter()
                    .flat_map(|step| &step.captured)
                    .map(|&c| name(c))
                    .collect(),
            })
            .collect();
        let board = position.board();
        let pieces = board
            .pieces
            .iter()
            .map(|piece| PieceView { cell: name(piece.cell), side: piece.side, kind: piece.kind })
            .collect();
        let before = self.0.len().checked_sub(1).and_then(|ply| self.0.positions().nth(ply));
        let last_move = match (before, self.0.moves().last()) {
            (Some(earlier), Some(mv)) => {
                let steps = earlier.move_steps(mv);
                let start = steps.first().map(|step| name(step.from));
                start.into_iter().chain(steps.iter().map(|step| name(step.to))).collect()
            }
            _ => Vec::new(),
        };
        View {
            position: position.to_text(),
            geometry: None,
            pieces,
            dial: board.dial,
            captures_only: !legal.is_empty() && legal.iter().all(|mv| !mv.captures.is_empty()),
            legal,
            last_move,
            captured: Captures::between(&self.0.start_position().board().pieces, &board.pieces),
        }
    }

    fn record_text(&self, time_control: Option<&str>, clocks: &[Option<i64>]) -> String {
        let mut record = self.0.clone();
        if let Some(control) = time_control {
            record.set_tag("TimeControl", control);
        }
        record.to_record_text_with(|index| {
            let left = clocks.get(index).copied().flatten()?;
            Some(format!("[%clk {}]", clock_text(left)))
        })
    }

    fn only_move(&self) -> Option<String> {
        if self.0.status().is_over() {
            return None;
        }
        match self.0.position().legal_moves().as_slice() {
            [only] => Some(only.to_string()),
            _ => None,
        }
    }

    fn search(
        &self,
        spec: PlayerSpec,
        endgames: &Endgames,
        stop: Arc<AtomicBool>,
        on_clock: bool,
    ) -> Search {
        let record = self.0.clone();
        let probing = if on_clock { Probing::LoadedOnly } else { Probing::Waiting };
        let tables = endgames.of::<G>(probing);
        Box::new(move || {
            let mut session = Session::new(record);
            session.set_endgame(tables);
            session.think(&spec, Some(&stop), &mut |_| {}).to_text()
        })
    }

    fn check_player(&self, spec: &PlayerSpec) -> Result<(), SpecError> {
        spec.check_game(self.0.position())
    }

    fn exact(&self, endgames: &Endgames, time: Duration) -> ExactSearch {
        let position = self.0.position().clone();
        let over = self.0.status().is_over();
        let tables = endgames.tables::<G>();
        Box::new(move || {
            if over {
                return None;
            }
            // The endgame tables where they hold the position, else the solver.
            if let Some(probe) = tables.and_then(|tables| tables.moves(&position)) {
                let values = probe.moves.iter().map(|(mv, value)| ExactMove {
                    mv: mv.to_string(),
                    value: match value {
                        Value::Win(_) => ExactValue::Win,
                        Value::Draw => ExactValue::Draw,
                        Value::Loss(_) => ExactValue::Loss,
                    },
                    wins: matches!(value, Value::Win(_)),
                    plies: value.plies(),
                });
                return Some(values.collect());
            }
            if !accepts(&position) {
                return None;
            }
            let values = Oracle::new(EXACT_MIB).ok()?.moves(&position, Some(time)).ok()?;
            let exact = |(mv, value): (G::Move, Exact)| ExactMove {
                mv: mv.to_string(),
                value: if value.wins { ExactValue::Win } else { ExactValue::Loss },
                wins: value.wins,
                plies: Some(value.plies),
            };
            Some(values.into_iter().map(exact).collect())
        })
    }
}
