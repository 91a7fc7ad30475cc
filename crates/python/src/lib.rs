//! Python bindings of Arbiter: the extension module `arbiter._arbiter`, which the Python
//! package `arbiter` (python/arbiter) re-exports, with its OpenSpiel and PettingZoo adapters.
//!
//! A front end like the others: every game comes from the catalog and runs through its
//! generic code ([`game`], [`state`]); a turn entered as integer actions is the shared turn
//! assembly's ([`actions`]); the observation planes are drawn from the board the game presents
//! ([`observation`]); the searches are the `ai` and `solver` crates' ([`engine`]), run with the
//! interpreter's lock released. Nothing here knows a rule. Every error is a Python exception
//! with the engine's message ([`error`]).

mod actions;
mod engine;
mod error;
mod game;
mod observation;
mod state;
mod tables;

use std::sync::Arc;

use arbiter_ai::Engine;
use arbiter_catalog::{GameId, Playable};
use arbiter_core::{Side, Status};
use ndarray::Array3;
use numpy::{IntoPyArray, PyArray3};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::error::Error;
use crate::game::DynGame;
use crate::observation::PLANES;
use crate::state::DynState;

/// The player number of a side: 0 for White, 1 for Black.
fn player_of(side: Side) -> usize {
    side.index()
}

/// The side of a player number given from Python.
fn side_of(player: i64) -> Result<Side, Error> {
    match player {
        0 => Ok(Side::White),
        1 => Ok(Side::Black),
        _ => Err(Error::Invalid(format!(
            "player {player} does not exist; the players are 0 (White) and 1 (Black)"
        ))),
    }
}

/// Every game of the catalog: a list of dicts with `id`, `name`, `description`, `options`
/// (each a dict with `key`, `values`, `default`, `help`) and `always_decisive` (no draw
/// rules: the solver handles it).
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for id in GameId::ALL {
        let info = id.info();
        let game = PyDict::new(py);
        game.set_item("id", info.id)?;
        game.set_item("name", info.name)?;
        game.set_item("description", info.description)?;
        let options = PyList::empty(py);
        for spec in info.options {
            let option = PyDict::new(py);
            option.set_item("key", spec.key)?;
            option.set_item("values", spec.values.to_string())?;
            option.set_item("default", spec.default)?;
            option.set_item("help", spec.help)?;
            options.append(option)?;
        }
        game.set_item("options", options)?;
        game.set_item("always_decisive", info.always_decisive)?;
        list.append(game)?;
    }
    Ok(list)
}

/// A game of the catalog under its options: `Game("fanorona")`,
/// `Game("daynight", options="rings=6")`.
#[pyclass(name = "Game", module = "arbiter", frozen)]
struct PyGame {
    inner: Arc<dyn DynGame>,
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (id, options = ""))]
    fn new(id: &str, options: &str) -> PyResult<Self> {
        Ok(PyGame { inner: game::make(id, options)? })
    }

    /// The game's identifier, e.g. `checkers`.
    #[getter]
    fn id(&self) -> &'static str {
        self.inner.id()
    }

    /// The game's name.
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// One line on what the game is.
    #[getter]
    fn description(&self) -> &'static str {
        self.inner.description()
    }

    /// The options that differ from the defaults, as `key=value,…` (empty for the defaults).
    #[getter]
    fn options(&self) -> String {
        self.inner.options()
    }

    /// A game from the start position.
    fn new_initial_state(&self) -> PyState {
        PyState { inner: self.inner.new_initial_state(), game: Arc::clone(&self.inner) }
    }

    /// A game from a position in the game's text form (what `State.position()` gives).
    #[pyo3(name = "from_position")]
    fn state_at(&self, text: &str) -> PyResult<PyState> {
        Ok(PyState { inner: self.inner.state_at(text)?, game: Arc::clone(&self.inner) })
    }

    /// A game read from a record text (what `State.record()` gives, or PDN for checkers): its
    /// moves are played again and checked. The record must be of this game and options.
    #[pyo3(name = "from_record")]
    fn state_from_record(&self, text: &str) -> PyResult<PyState> {
        let inner = self.inner.state_from_record(text)?;
        Ok(PyState { inner, game: Arc::clone(&self.inner) })
    }

    /// The number of distinct integer actions under these options.
    fn num_distinct_actions(&self) -> usize {
        self.inner.num_distinct_actions()
    }

    /// The shape of `State.observation_tensor()`: `(planes, height, width)`.
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [planes, height, width] = self.inner.observation_shape();
        (planes, height, width)
    }

    fn __repr__(&self) -> String {
        format!("arbiter.Game({:?}, options={:?})", self.id(), self.options())
    }

    /// Pickles (and copies) as the identifier and the options; a game written in GDL as its
    /// rules' text, loaded again (its options name the rules only in the process that loaded
    /// them).
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let game = slf.get();
        Ok(match game.inner.playable() {
            Playable::Gdl(rules) => {
                let load = py.import("arbiter._arbiter")?.getattr("load_gdl")?;
                (load, PyTuple::new(py, [rules.text()])?)
            }
            Playable::Native(_) => {
                let args = [game.id().to_owned(), game.options()];
                (slf.get_type().into_any(), PyTuple::new(py, args)?)
            }
        })
    }

    fn __eq__(&self, other: &Self) -> bool {
        (self.inner.id(), self.inner.options()) == (other.inner.id(), other.inner.options())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (self.inner.id(), self.inner.options()).hash(&mut hasher);
        hasher.finish()
    }
}

/// A game in progress. Whole moves are played as text (`play`) or entered step by step as
/// integer actions (`apply_action`); the two may be mixed between turns.
#[pyclass(name = "State", module = "arbiter")]
struct PyState {
    inner: Box<dyn DynState>,
    game: Arc<dyn DynGame>,
}

#[pymethods]
impl PyState {
    /// The game and its options.
    fn game(&self) -> PyGame {
        PyGame { inner: Arc::clone(&self.game) }
    }

    /// The legal moves in canonical notation, in the engine's order (those the steps entered
    /// so far allow); empty when the game is over.
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// Plays a whole move written in any accepted notation; returns it in canonical notation.
    /// An illegal move raises `IllegalMoveError` and changes nothing.
    fn play(&mut self, r#move: &str) -> PyResult<String> {
        Ok(self.inner.play(r#move)?)
    }

    /// An independent copy.
    fn clone(&self) -> PyState {
        PyState { inner: self.inner.boxed_clone(), game: Arc::clone(&self.game) }
    }

    fn __copy__(&self) -> PyState {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    /// Pickles as the game, the start position, the moves played and the steps entered,
    /// which `_restore_state` plays again (OpenSpiel serialises a state's attributes so).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Pickled)> {
        let restore = py.import("arbiter._arbiter")?.getattr("_restore_state")?;
        let game = PyGame { inner: Arc::clone(&self.game) };
        let arguments = (
            game,
            self.inner.played().start_position(),
            self.inner.played().moves_from(0),
            self.inner.steps_entered(),
        );
        Ok((restore, arguments))
    }

    /// `True` when the game is over by any of its rules, draws by history included.
    fn is_terminal(&self) -> bool {
        self.inner.played().status().is_over()
    }

    /// `[White's, Black's]`: 1 for a win, -1 for a loss, 0 for a draw or a game not over.
    fn returns(&self) -> [f64; 2] {
        match self.inner.played().status() {
            Status::Ongoing => [0.0, 0.0],
            Status::Over(outcome) => match outcome.winner() {
                Some(Side::White) => [1.0, -1.0],
                Some(Side::Black) => [-1.0, 1.0],
                None => [0.0, 0.0],
            },
        }
    }

    /// The player to move, 0 (White) or 1 (Black); `None` when the game is over.
    fn current_player(&self) -> Option<usize> {
        (!self.inner.played().status().is_over())
            .then(|| player_of(self.inner.played().side_to_move()))
    }

    /// How the game ended, e.g. `White wins: Black has no legal move`; `None` while it goes on.
    fn outcome(&self) -> Option<String> {
        self.inner.played().status().outcome().map(|outcome| outcome.to_string())
    }

    /// The position (at the start of the turn being entered) in the game's text form.
    fn position(&self) -> String {
        self.inner.played().position()
    }

    /// The game's record: tags, numbered moves and the result.
    fn record(&self) -> String {
        self.inner.played().record_text(&[], &|_| None)
    }

    /// The whole moves played, in canonical notation.
    fn history_moves(&self) -> Vec<String> {
        self.inner.played().moves_from(0)
    }

    /// The steps of the turn entered so far by actions, in notation.
    fn steps_entered(&self) -> Vec<String> {
        self.inner.steps_entered()
    }

    /// The legal actions in increasing order; empty when the game is over.
    fn legal_actions(&mut self) -> PyResult<Vec<usize>> {
        Ok(self.inner.legal_actions()?)
    }

    /// Enters one step (or the skip that ends a turn that could go on); the step that
    /// completes a turn plays it. An illegal action raises `IllegalMoveError`.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let action = self.action_number(action)?;
        Ok(self.inner.apply_action(action)?)
    }

    /// The action in notation: the step's text when it is legal here (`9x18`, `E3-D3A`),
    /// else from the cells' names (`a3-b4`, `E3-D3:A`), or `skip`.
    fn action_to_string(&mut self, action: i64) -> PyResult<String> {
        let action = self.action_number(action)?;
        Ok(self.inner.action_to_string(action)?)
    }

    /// The board as `player` (default: the player to move; White once the game is over) sees
    /// it: a float32 NumPy array of shape `Game.observation_shape()`, its planes named by
    /// `arbiter.OBSERVATION_PLANES`.
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let side = match player {
            Some(player) => side_of(player)?,
            None if self.inner.played().status().is_over() => Side::White,
            None => self.inner.played().side_to_move(),
        };
        let [planes, height, width] = self.inner.shared().board.shape();
        let values = self.inner.observation(side);
        let array = Array3::from_shape_vec((planes, height, width), values)
            .map_err(|error| Error::Invalid(format!("observation planes: {error}")))?;
        // The vector becomes the array's buffer: NumPy takes it over, nothing is copied.
        Ok(array.into_pyarray(py))
    }

    /// The board drawn as text (what `arbiter play` shows).
    fn __str__(&self) -> String {
        self.inner.diagram()
    }

    fn __repr__(&self) -> String {
        format!("<arbiter.State {} {}>", self.game.id(), self.inner.played().position())
    }
}

/// What a pickled state holds: the game, its start position, the moves played and the steps
/// of the turn entered so far.
type Pickled = (PyGame, String, Vec<String>, Vec<String>);

impl PyState {
    fn action_number(&self, action: i64) -> Result<usize, Error> {
        let count = self.game.num_distinct_actions();
        usize::try_from(action).ok().filter(|&action| action < count).ok_or_else(|| {
            Error::Action(format!(
                "action {action} does not exist; this game's actions are 0 to {}",
                count - 1
            ))
        })
    }
}

/// The game written in GDL whose rules are `text` (KIF): what `arbiter.gdl.load` returns.
#[pyfunction]
fn load_gdl(text: &str) -> PyResult<PyGame> {
    Ok(PyGame { inner: game::load_gdl(text)? })
}

/// A state pickled by `State.__reduce__`: the game from `start`, then `moves`, then the
/// steps of a turn partly entered.
#[pyfunction]
fn _restore_state(
    game: &PyGame,
    start: &str,
    moves: Vec<String>,
    steps: Vec<String>,
) -> PyResult<PyState> {
    let mut state = game.state_at(start)?;
    for text in &moves {
        state.inner.play(text)?;
    }
    for text in &steps {
        let mut found = None;
        for action in state.inner.legal_actions()? {
            if state.inner.action_to_string(action)? == *text {
                found = Some(action);
            }
        }
        let action = found.ok_or_else(|| {
            Error::Action(format!("the step {text} of a pickled state is not legal"))
        })?;
        state.inner.apply_action(action)?;
    }
    Ok(state)
}

/// The engines `search` accepts.
fn engines() -> Vec<&'static str> {
    Engine::ALL.map(Engine::name).to_vec()
}

/// The extension module.
#[pymodule]
fn _arbiter(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add_function(wrap_pyfunction!(games, module)?)?;
    module.add_function(wrap_pyfunction!(engine::search, module)?)?;
    module.add_function(wrap_pyfunction!(engine::solve, module)?)?;
    module.add_function(wrap_pyfunction!(engine::perft, module)?)?;
    module.add_function(wrap_pyfunction!(engine::tablebase, module)?)?;
    module.add_function(wrap_pyfunction!(tables::open_tablebase, module)?)?;
    module.add_function(wrap_pyfunction!(engine::random_playouts, module)?)?;
    module.add_function(wrap_pyfunction!(_restore_state, module)?)?;
    module.add_function(wrap_pyfunction!(load_gdl, module)?)?;
    module.add_class::<PyGame>()?;
    module.add_class::<PyState>()?;
    module.add_class::<engine::PySearchResult>()?;
    module.add_class::<engine::PySolution>()?;
    module.add_class::<tables::PyTablebase>()?;
    module.add("OBSERVATION_PLANES", PLANES.to_vec())?;
    module.add("ENGINES", engines())?;
    module.add("ArbiterError", py.get_type::<error::exceptions::ArbiterError>())?;
    module.add("UnknownGameError", py.get_type::<error::exceptions::UnknownGameError>())?;
    module.add("OptionsError", py.get_type::<error::exceptions::OptionsError>())?;
    module.add("IllegalMoveError", py.get_type::<error::exceptions::IllegalMoveError>())?;
    module.add("PositionError", py.get_type::<error::exceptions::PositionError>())?;
    module.add("RecordError", py.get_type::<error::exceptions::RecordError>())?;
    module.add("SearchError", py.get_type::<error::exceptions::SearchError>())?;
    module.add("RulesError", py.get_type::<error::exceptions::RulesError>())?;
    Ok(())
}
