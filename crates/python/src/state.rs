//! A game in progress, for any game of the catalog: its record (for the draw rules) and the
//! turn being entered step by step through the action API.

use std::sync::Arc;

use arbiter_catalog::{AnyGame, DynRecord, Played};
use arbiter_core::present::{Marks, SKIP};
use arbiter_core::turn::{Click, Turn};
use arbiter_core::{GameRecord, MoveError, Side, Status};

use crate::actions::Encoding;
use crate::error::Error;
use crate::observation::BoardMap;

/// What the states of one game under its options share.
#[derive(Debug)]
pub struct Shared {
    /// The action numbers.
    pub encoding: Encoding,
    /// The board's cells in the observation planes.
    pub board: BoardMap,
}

/// A game in progress, whatever the game: what the Python `State` calls.
pub trait DynState: Send + Sync {
    /// An independent copy.
    fn boxed_clone(&self) -> Box<dyn DynState>;
    /// The game's record: its options, moves and status, whatever the turn entered so far.
    fn played(&self) -> &dyn DynRecord;
    /// The legal whole moves in canonical notation (those the steps entered so far allow);
    /// none when the game is over.
    fn legal_moves(&self) -> Vec<String>;
    /// Plays a whole move in any accepted notation; returns it in canonical notation.
    fn play(&mut self, text: &str) -> Result<String, Error>;
    /// The board drawn as text, the turn entered so far marked on it.
    fn diagram(&self) -> String;
    /// The steps of the turn entered so far, in notation.
    fn steps_entered(&self) -> Vec<String>;
    /// The legal actions, in increasing order; none when the game is over.
    fn legal_actions(&mut self) -> Result<Vec<usize>, Error>;
    /// Enters the step (or skip) `action`; a turn completed by it is played.
    fn apply_action(&mut self, action: usize) -> Result<(), Error>;
    /// The action in notation: the step's text when it is legal here, else from the cells'
    /// names.
    fn action_to_string(&mut self, action: usize) -> Result<String, Error>;
    /// The observation planes for `player`, flattened.
    fn observation(&self, player: Side) -> Vec<f32>;
    /// The shared data of the game under its options.
    fn shared(&self) -> &Arc<Shared>;
}

/// A game in progress of the game `G`.
#[derive(Debug, Clone)]
pub struct StateOf<G: AnyGame> {
    played: Played<G>,
    shared: Arc<Shared>,
    /// The turn being entered by actions, made on first use in each turn.
    entry: Option<Entry<G>>,
}

/// The turn being entered by actions.
#[derive(Debug, Clone)]
enum Entry<G: AnyGame> {
    /// Every legal move is a single step: each move with its action and its step's text, by
    /// increasing action. The turn assembly would offer exactly these steps and complete the
    /// move at each (no path begins another); this skips building it, which is most of the
    /// cost of a turn entered step by step.
    Single(Vec<(usize, G::Move, String)>),
    /// Some move has several steps: the shared turn assembly enters them.
    Steps(Turn<G>),
}

impl<G: AnyGame> StateOf<G> {
    /// The game `record`, whose states share `shared`.
    pub fn new(record: GameRecord<G>, shared: Arc<Shared>) -> Self {
        StateOf { played: Played(record), shared, entry: None }
    }

    /// The turn being entered, made when it is first needed.
    fn entry(&mut self) -> Result<&mut Entry<G>, Error> {
        if self.entry.is_none() {
            self.entry = Some(self.new_entry()?);
        }
        Ok(self.entry.get_or_insert_with(|| Entry::Single(Vec::new())))
    }

    fn new_entry(&self) -> Result<Entry<G>, Error> {
        let position = self.played.0.position();
        if self.played.0.status().is_over() {
            return Ok(Entry::Single(Vec::new()));
        }
        let moves = position.legal_moves();
        let mut single = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let mut steps = position.move_steps(mv);
            match (steps.pop(), steps.is_empty()) {
                (Some(step), true) => {
                    single.push((self.shared.encoding.step(&step)?, mv, step.text));
                }
                _ => return Ok(Entry::Steps(Turn::new(position.clone(), &moves))),
            }
        }
        single.sort_unstable_by_key(|(action, ..)| *action);
        Ok(Entry::Single(single))
    }

    /// The turn when some of it is entered.
    fn entering(&self) -> Option<&Turn<G>> {
        match &self.entry {
            Some(Entry::Steps(turn)) if !turn.entered().is_empty() => Some(turn),
            _ => None,
        }
    }

    /// Plays the move a turn's last action completed.
    fn complete(&mut self, mv: G::Move) -> Result<(), Error> {
        self.entry = None;
        Ok(self.played.0.play(mv)?)
    }

    fn illegal_action(&mut self, action: usize) -> Error {
        if let Status::Over(outcome) = self.played.0.status() {
            return Error::Move(MoveError::GameOver(outcome));
        }
        let described = self.action_to_string(action).unwrap_or_default();
        let legal: Vec<String> = self
            .legal_actions()
            .unwrap_or_default()
            .into_iter()
            .map(|legal| format!("{legal} ({})", self.action_to_string(legal).unwrap_or_default()))
            .collect();
        Error::Action(format!(
            "action {action} ({described}) is not legal here; legal actions: {}",
            legal.join(", ")
        ))
    }
}

impl<G: AnyGame> DynState for StateOf<G> {
    fn boxed_clone(&self) -> Box<dyn DynState> {
        Box::new(self.clone())
    }

    fn played(&self) -> &dyn DynRecord {
        &self.played
    }

    fn legal_moves(&self) -> Vec<String> {
        match self.entering() {
            Some(turn) => turn.remaining().map(|path| path.text.clone()).collect(),
            None if self.played.0.status().is_over() => Vec::new(),
            None => {
                self.played.0.position().legal_moves().iter().map(ToString::to_string).collect()
            }
        }
    }

    fn play(&mut self, text: &str) -> Result<String, Error> {
        if let Some(turn) = self.entering() {
            return Err(Error::Action(format!(
                "a turn is partly entered by actions ({}); finish it with apply_action before \
                 playing a whole move",
                turn.steps_text().join(" ")
            )));
        }
        let mv = self.played.0.play_text(text)?;
        self.entry = None;
        Ok(mv.to_string())
    }

    fn diagram(&self) -> String {
        match self.entering() {
            Some(turn) => {
                let (board, marks) = turn.board();
                arbiter_core::present::diagram(turn.geometry(), &board, &marks)
            }
            None => self.played.0.position().diagram(),
        }
    }

    fn steps_entered(&self) -> Vec<String> {
        self.entering().map(Turn::steps_text).unwrap_or_default()
    }

    fn legal_actions(&mut self) -> Result<Vec<usize>, Error> {
        let encoding = self.shared.encoding;
        match self.entry()? {
            Entry::Single(moves) => Ok(moves.iter().map(|(action, ..)| *action).collect()),
            Entry::Steps(turn) => {
                let mut actions = turn
                    .next_steps()
                    .into_iter()
                    .map(|step| encoding.step(step))
                    .collect::<Result<Vec<usize>, Error>>()?;
                if turn.may_skip() {
                    actions.push(encoding.skip());
                }
                actions.sort_unstable();
                Ok(actions)
            }
        }
    }

    fn apply_action(&mut self, action: usize) -> Result<(), Error> {
        let encoding = self.shared.encoding;
        let done = match self.entry()? {
            Entry::Single(moves) => {
                match moves.binary_search_by_key(&action, |(action, ..)| *action) {
                    Ok(index) => Some(moves[index].1),
                    Err(_) => return Err(self.illegal_action(action)),
                }
            }
            Entry::Steps(turn) if action == encoding.skip() && turn.may_skip() => {
                turn.click(Click::Choice(SKIP.to_owned()))?
            }
            Entry::Steps(turn) => {
                let step = turn
                    .next_steps()
                    .into_iter()
                    .find(|step| encoding.step(step).is_ok_and(|number| number == action))
                    .map(|step| step.text.clone());
                match step {
                    Some(text) => turn.enter_step(&text)?,
                    None => return Err(self.illegal_action(action)),
                }
            }
        };
        match done {
            Some(mv) => self.complete(mv),
            None => Ok(()),
        }
    }

    fn action_to_string(&mut self, action: usize) -> Result<String, Error> {
        let encoding = self.shared.encoding;
        let legal = match self.entry()? {
            Entry::Single(moves) => moves
                .binary_search_by_key(&action, |(action, ..)| *action)
                .ok()
                .map(|index| moves[index].2.clone()),
            Entry::Steps(turn) => turn
                .next_steps()
                .into_iter()
                .find(|step| encoding.step(step).is_ok_and(|number| number == action))
                .map(|step| step.text.clone()),
        };
        match legal {
            Some(text) => Ok(text),
            None => encoding.describe(action, &self.shared.board.geometry),
        }
    }

    fn observation(&self, player: Side) -> Vec<f32> {
        let to_move = self.played.side_to_move();
        match self.entering() {
            Some(turn) => {
                let (board, marks) = turn.board();
                self.shared.board.planes(&board, &marks, player, to_move)
            }
            None => {
                let board = self.played.0.position().board();
                self.shared.board.planes(&board, &Marks::default(), player, to_move)
            }
        }
    }

    fn shared(&self) -> &Arc<Shared> {
        &self.shared
    }
}
