//! A game in play behind a trait object, built for any game of the catalog by a visitor: its
//! record, and everything the API shows of it, with cells named as the game names them.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use arbiter_ai::PlayerSpec;
use arbiter_catalog::{
    AnyGame, DynRecord, Endgames, Ending, Playable, Played, Probing, Search, Visitor,
};
use arbiter_core::present::{CellId, Geometry, SKIP};
use arbiter_core::turn::{Click, MovePath, Turn};
use arbiter_core::{GameOptions, MoveError};
use arbiter_tablebase::Value;

mod view;

pub use self::view::{
    describe, Captures, ClickView, Event, ExactMove, ExactValue, GameResult, GameStatus, Landing,
    LegalMove, PieceView, StepView, View,
};

/// A game in play, its rules hidden: the catalog's dynamic game, and what the server shows of
/// it.
pub trait Live: DynRecord {
    /// What a client draws: the position, the board, the legal moves with their clicks.
    fn view(&self) -> View;
}

/// A search of `live`'s current position by `spec` with the endgame tables `endgames`, to run
/// on a worker thread; `stop` ends it early. On a clock (`on_clock`) it never waits for an
/// endgame table to be built: it uses those loaded already.
pub fn search(
    live: &dyn Live,
    spec: PlayerSpec,
    endgames: &Endgames,
    stop: Arc<AtomicBool>,
    on_clock: bool,
) -> Search {
    let probing = if on_clock { Probing::LoadedOnly } else { Probing::Waiting };
    live.search(spec, Some((endgames, probing)), Some(stop))
}

/// The exact values of `live`'s current position's moves by the endgame tables `endgames`,
/// else by the solver, to run on a worker thread: `None` in the games it does not handle, when
/// the game is over, or when `time` ran out first.
pub fn exact(live: &dyn Live, endgames: &Endgames, time: Duration) -> ExactSearch {
    let search = live.exact(Some(endgames), time, EXACT_MIB);
    Box::new(move || Some(search()?.into_iter().map(exact_move).collect()))
}

/// A move's exact value as the API shows it.
fn exact_move(exact: arbiter_catalog::ExactMove) -> ExactMove {
    let (value, plies) = match exact.value {
        Value::Win(plies) => (ExactValue::Win, Some(plies)),
        Value::Draw => (ExactValue::Draw, None),
        Value::Loss(plies) => (ExactValue::Loss, Some(plies)),
    };
    ExactMove { mv: exact.mv, value, wins: value == ExactValue::Win, plies }
}

/// Applies `event` to `live`: a resignation, an agreed draw or a fall of the flag ends it; an
/// aborted game, or an imported record that ends before the game does, has no outcome (the
/// server keeps the event).
pub fn apply_event(live: &mut dyn Live, event: Event) -> Result<(), MoveError> {
    match event {
        Event::Resignation(side) => live.end(Ending::Resignation(side)),
        Event::Draw => live.end(Ending::Draw),
        Event::Time(side) => live.end(Ending::Time(side)),
        Event::Abort | Event::AbortedBy(_) | Event::Imported => Ok(()),
    }
}

/// A search of exact values to run on a worker thread, as the API shows them.
pub type ExactSearch = Box<dyn FnOnce() -> Option<Vec<ExactMove>> + Send>;

/// The memory of the solver's tables for one analysis, in MiB.
const EXACT_MIB: usize = 64;

/// Builds a game of `id` under `options` with `moves` played and `event` applied. (A GDL
/// game's options name its rules, which `id` holds while the game is built.)
pub fn build(
    id: &Playable,
    options: &str,
    moves: &[String],
    event: Option<Event>,
) -> Result<Box<dyn Live>, String> {
    id.visit(Build { options, start: None, moves, event })
}

/// Builds a game of `id` under `options` from the position `start` (in the game's text form),
/// with `moves` played: a position shown for itself, as the rules pages' diagrams are.
pub fn build_from(
    id: &Playable,
    options: &str,
    start: &str,
    moves: &[String],
) -> Result<Box<dyn Live>, String> {
    id.visit(Build { options, start: Some(start), moves, event: None })
}

/// The board of `id` under `options`: its shape and cells, which no move changes.
pub fn geometry(id: &Playable, options: &str) -> Result<Geometry, String> {
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
        let mut live = Played::<G>::build(self.options, self.start, self.moves)
            .map_err(|error| error.to_string())?;
        if let Some(event) = self.event {
            apply_event(&mut live, event).map_err(|error| error.to_string())?;
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

impl<G: AnyGame> Live for Played<G> {
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
}
