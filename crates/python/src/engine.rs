//! The engine from Python: searches, exact solutions, perft and batched random playouts, each
//! run with the interpreter's lock released so that other Python threads go on.

use std::time::Duration;

use arbiter_ai::PlayerSpec;
use arbiter_catalog::Probing;
use arbiter_solver::Settings;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::error::Error;
use crate::game::DynGame;
use crate::state::DynState;
use crate::tables::{default_tables, folder_tables, PyTablebase};
use crate::{player_of, PyGame, PyState};

/// What a search found.
#[pyclass(name = "SearchResult", module = "arbiter", frozen, get_all)]
pub struct PySearchResult {
    /// The move to play; `None` when the game is over.
    best: Option<String>,
    /// How the position stands for the player to move: `+0.35` (pieces), `63%` (MCTS),
    /// `win in 4`, `loss in 3`.
    score: String,
    /// The principal variation, starting with `best`.
    line: Vec<String>,
    /// The depth reached.
    depth: u32,
    /// Positions visited (alpha-beta) or iterations (MCTS).
    nodes: u64,
    /// The time the search took, in seconds.
    seconds: f64,
    /// `True` when the move comes from the game's opening book, without a search.
    book: bool,
}

#[pymethods]
impl PySearchResult {
    fn __repr__(&self) -> String {
        let best = self.best.as_ref().map_or("None".to_owned(), |best| format!("'{best}'"));
        format!(
            "SearchResult(best={best}, score='{}', line={:?}, depth={}, nodes={})",
            self.score, self.line, self.depth, self.nodes
        )
    }
}

/// Searches the state's position (with the game's history, for the draw rules) with an
/// engine of `arbiter play`: `alphabeta`, `mcts`, `random` or `perfect`. Without a limit the
/// search thinks for one second; `time` is in seconds.
///
/// The search probes the endgame tables (checkers, fanorona, daynight) of `tables`: a
/// `Tablebase` from `open_tablebase`, `True` (the default) for those of the folder that
/// `ARBITER_TABLEBASE` names with the small ones built on demand, or `False` for none. A
/// search with a `time` probes only the tables loaded already, and has a missing one loaded
/// beside it for later searches, so that loading or building a table never takes the search's
/// time.
///
/// `alphabeta` and `mcts` play from the game's opening book (checkers has one) in the
/// positions it holds, unless `book=False`.
#[pyfunction]
#[pyo3(signature = (
    state, engine = "alphabeta", *, depth = None, nodes = None, time = None, seed = None,
    tables = TablesArg::Flag(true), book = true
))]
#[allow(clippy::too_many_arguments)]
pub fn search(
    py: Python<'_>,
    state: &PyState,
    engine: &str,
    depth: Option<u32>,
    nodes: Option<u64>,
    time: Option<f64>,
    seed: Option<u64>,
    tables: TablesArg,
    book: bool,
) -> PyResult<PySearchResult> {
    let mut settings = Vec::new();
    if let Some(depth) = depth {
        settings.push(format!("depth={depth}"));
    }
    if let Some(nodes) = nodes {
        settings.push(format!("nodes={nodes}"));
    }
    if let Some(time) = time {
        if !(time.is_finite() && time > 0.0) {
            return Err(Error::Invalid(format!(
                "time must be a positive number of seconds, not {time}"
            ))
            .into());
        }
        settings.push(format!("time={}ms", (time * 1000.0).ceil()));
    }
    if let Some(seed) = seed {
        settings.push(format!("seed={seed}"));
    }
    let mut spec: PlayerSpec =
        format!("{engine}:{}", settings.join(",")).parse().map_err(Error::from)?;
    spec.book = book;
    let inner: &dyn DynState = &*state.inner;
    let tables = match tables {
        TablesArg::Handle(handle) => Some(handle.get().inner.clone()),
        TablesArg::Flag(true) => Some(default_tables()),
        TablesArg::Flag(false) => None,
    };
    let probing = if time.is_some() { Probing::LoadedOnly } else { Probing::Waiting };
    let played = inner.played();
    played.check_player(&spec).map_err(Error::from)?;
    let search = played.search(spec, tables.as_deref().map(|t| (t, probing)), None);
    let info = py.detach(search);
    Ok(PySearchResult {
        best: info.best,
        score: info.score.to_string(),
        line: info.pv,
        depth: info.depth,
        nodes: info.nodes,
        seconds: info.milliseconds as f64 / 1000.0,
        book: info.book,
    })
}

/// The endgame tables a search probes: a handle, or whether to probe the default ones.
#[derive(FromPyObject)]
pub enum TablesArg {
    /// The tables of a handle.
    Handle(Py<PyTablebase>),
    /// The tables of `ARBITER_TABLEBASE` (`True`) or none (`False`).
    Flag(bool),
}

/// A solved position.
#[pyclass(name = "Solution", module = "arbiter", frozen, get_all)]
pub struct PySolution {
    /// The player who wins with perfect play: 0 (White) or 1 (Black).
    winner: usize,
    /// The plies to the end, the winner winning as fast and the loser losing as slowly as
    /// possible.
    plies: u32,
    /// A line of perfect play of that length.
    line: Vec<String>,
    /// Positions expanded by the solver.
    nodes: u64,
}

#[pymethods]
impl PySolution {
    fn __repr__(&self) -> String {
        format!("Solution(winner={}, plies={}, line={:?})", self.winner, self.plies, self.line)
    }
}

/// Solves the state's position exactly (the games without draw rules: minicheckers and
/// holes): who wins, in how many plies, and a line of perfect play. `hash_mib` is the memory
/// of the solver's tables; `time` (seconds) gives up with `SearchError`.
#[pyfunction]
#[pyo3(signature = (state, *, hash_mib = 256, time = None))]
pub fn solve(
    py: Python<'_>,
    state: &PyState,
    hash_mib: usize,
    time: Option<f64>,
) -> PyResult<PySolution> {
    if !(1..=65536).contains(&hash_mib) {
        return Err(Error::Invalid(format!("hash_mib must be 1 to 65536, not {hash_mib}")).into());
    }
    let time_limit = match time {
        Some(time) if time.is_finite() && time > 0.0 => Some(Duration::from_secs_f64(time)),
        Some(time) => {
            return Err(Error::Invalid(format!(
                "time must be a positive number of seconds, not {time}"
            ))
            .into())
        }
        None => None,
    };
    let settings = Settings { hash_mib, time_limit, threads: 1 };
    let inner: &dyn DynState = &*state.inner;
    let solved = py.detach(|| inner.played().solve(&settings)).map_err(Error::from)?;
    Ok(PySolution {
        winner: player_of(solved.winner),
        plies: solved.plies,
        line: solved.principal_variation,
        nodes: solved.nodes,
    })
}

/// The exact value of the state's position from the endgame tables (checkers, fanorona,
/// daynight), as a dict: `value` (`"win"`, `"draw"` or `"loss"` for the player to move),
/// `plies` (to the end with perfect play; `None` for a draw), `best` (the moves that keep
/// them) and `moves` (every legal move with its `value` and `plies` for the player who makes
/// it, best first). The tables are `tables` (a `Tablebase` from `open_tablebase`, or the
/// folder to read them from), else those of the folder that the environment variable
/// `ARBITER_TABLEBASE` names; the small ones (4 pieces, 3 in daynight) are built in memory
/// when missing. `None` where no table holds the position.
#[pyfunction]
#[pyo3(signature = (state, dir = None))]
pub fn tablebase<'py>(
    py: Python<'py>,
    state: &PyState,
    dir: Option<FolderArg>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let inner: &dyn DynState = &*state.inner;
    let tables = match dir {
        Some(FolderArg::Handle(handle)) => handle.get().inner.clone(),
        Some(FolderArg::Folder(dir)) => folder_tables(dir),
        None => default_tables(),
    };
    let Some(found) = py.detach(|| inner.played().tablebase(&tables)) else { return Ok(None) };
    let result = PyDict::new(py);
    result.set_item("value", found.value.name())?;
    result.set_item("plies", found.value.plies())?;
    let best = found.moves.iter().filter(|(_, value)| *value == found.value).map(|(mv, _)| mv);
    result.set_item("best", best.collect::<Vec<_>>())?;
    let moves = found
        .moves
        .iter()
        .map(|(mv, value)| {
            let entry = PyDict::new(py);
            entry.set_item("move", mv)?;
            entry.set_item("value", value.name())?;
            entry.set_item("plies", value.plies())?;
            Ok(entry)
        })
        .collect::<PyResult<Vec<_>>>()?;
    result.set_item("moves", moves)?;
    Ok(Some(result))
}

/// Where `arbiter.tablebase` reads its tables: a handle, or a folder.
#[derive(FromPyObject)]
pub enum FolderArg {
    /// The tables of a handle.
    Handle(Py<PyTablebase>),
    /// The tables of a folder.
    Folder(std::path::PathBuf),
}

/// The number of sequences of `depth` whole moves from the state's position (the rules of
/// the board alone, as `arbiter perft`).
#[pyfunction]
pub fn perft(py: Python<'_>, state: &PyState, depth: u32) -> u64 {
    let inner: &dyn DynState = &*state.inner;
    py.detach(|| inner.played().perft(depth))
}

/// The most threads `random_playouts` may use.
const MAX_THREADS: usize = 256;

/// Plays `n` random games from the start entirely in Rust, seeded with `seed`, each cut
/// after `max_turns` whole moves (default: none), on `threads` threads (1 to 256; the games
/// are the same whatever their number), and returns a dict of `games`, `turns`,
/// `white_wins`, `black_wins`, `draws` (by the limit of turns without progress) and `cut`.
#[pyfunction]
#[pyo3(signature = (game, n, seed = 0, max_turns = None, threads = 1))]
pub fn random_playouts<'py>(
    py: Python<'py>,
    game: &PyGame,
    n: u64,
    seed: u64,
    max_turns: Option<u32>,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    if !(1..=MAX_THREADS).contains(&threads) {
        let message = format!("threads must be 1 to {MAX_THREADS}, not {threads}");
        return Err(Error::Invalid(message).into());
    }
    let inner: &dyn DynGame = &*game.inner;
    let limit = max_turns.unwrap_or(u32::MAX);
    let summary = py.detach(|| inner.random_playouts(n, seed, limit, threads));
    let result = PyDict::new(py);
    result.set_item("games", summary.games)?;
    result.set_item("turns", summary.turns)?;
    result.set_item("white_wins", summary.white_wins)?;
    result.set_item("black_wins", summary.black_wins)?;
    result.set_item("draws", summary.draws)?;
    result.set_item("cut", summary.cut)?;
    Ok(result)
}
