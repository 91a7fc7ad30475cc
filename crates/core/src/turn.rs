//! Turn assembly: a turn entered a click (or a typed step) at a time, narrowing the legal
//! moves until one is complete. The terminal and the server both use it, so that no front end
//! holds a rule.
//!
//! Every legal move has a **path**, the clicks a person makes to enter it: the cell of the
//! piece, then each cell it lands on (the start of a step is left out where it is the end of
//! the step before, and a step that stays on its cell, a piece placed, is one click on it), a [`Choice`] where the cells alone do not tell two moves apart (Fanorona's
//! approach or withdrawal), and [`SKIP`] where the move stops at a point where another one
//! goes on. Paths of different moves differ and none is the beginning of another, so a path
//! entered in full names exactly one move.

use std::sync::Arc;

use crate::present::{Board, Captured, CellId, Geometry, Marks, PieceKind, Present, Step, SKIP};
use crate::MoveError;

/// One input of a person entering a turn: a cell, or a choice by its token.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Click {
    /// A cell of the board.
    Cell(CellId),
    /// A choice, by its token (`A`, `W`, `skip`).
    Choice(String),
}

/// A legal move with its steps and the clicks that enter it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovePath<M> {
    /// The move.
    pub mv: M,
    /// Its canonical notation.
    pub text: String,
    /// Its steps.
    pub steps: Vec<Step>,
    /// The clicks that enter it, in order.
    pub clicks: Vec<Click>,
    /// For each step, the number of clicks that complete it.
    step_ends: Vec<usize>,
}

impl<M> MovePath<M> {
    /// For each click, the step it completes (the step's last click), if any.
    #[must_use]
    pub fn completed_steps(&self) -> Vec<Option<&Step>> {
        let mut completed = vec![None; self.clicks.len()];
        for (step, &end) in self.steps.iter().zip(&self.step_ends) {
            if let Some(slot) = end.checked_sub(1).and_then(|last| completed.get_mut(last)) {
                *slot = Some(step);
            }
        }
        completed
    }

    /// What the choice `token` of this path means, for people: its step's choice's label,
    /// or `skip_label` for [`SKIP`].
    #[must_use]
    pub fn choice_label<'a>(&'a self, token: &str, skip_label: &'a str) -> Option<&'a str> {
        if token == SKIP {
            return Some(skip_label);
        }
        self.steps
            .iter()
            .filter_map(|step| step.choice.as_ref())
            .find(|choice| choice.token == token)
            .map(|choice| choice.label.as_str())
    }
}

/// The paths of `moves` (legal moves of `position`), in their order.
#[must_use]
pub fn move_paths<G: Present>(position: &G, moves: &[G::Move]) -> Vec<MovePath<G::Move>> {
    // Every click, choices included, with the step each ends (if it ends one).
    let full: Vec<Vec<(Click, Option<usize>)>> =
        moves.iter().map(|&mv| full_clicks(&position.move_steps(mv))).collect();
    let mut paths: Vec<MovePath<G::Move>> = moves
        .iter()
        .zip(&full)
        .enumerate()
        .map(|(number, (&mv, clicks))| {
            let mut path = MovePath {
                mv,
                text: mv.to_string(),
                steps: position.move_steps(mv),
                clicks: Vec::new(),
                step_ends: Vec::new(),
            };
            for (at, (click, ends_step)) in clicks.iter().enumerate() {
                // A choice is asked for only where another move agrees up to it and differs
                // there.
                let needed = !matches!(click, Click::Choice(_))
                    || full.iter().enumerate().any(|(other, theirs)| {
                        other != number
                            && theirs.len() > at
                            && theirs[..at].iter().zip(&clicks[..at]).all(|(a, b)| a.0 == b.0)
                            && theirs[at].0 != *click
                    });
                if needed {
                    path.clicks.push(click.clone());
                }
                if ends_step.is_some() {
                    path.step_ends.push(path.clicks.len());
                }
            }
            path
        })
        .collect();
    // A move whose path begins another's ends with a skip. In the sorted order a path that
    // begins others comes just before the first of them.
    let mut order: Vec<usize> = (0..paths.len()).collect();
    order.sort_by(|&a, &b| paths[a].clicks.cmp(&paths[b].clicks));
    let stops: Vec<usize> = order
        .windows(2)
        .filter(|pair| {
            let (shorter, longer) = (&paths[pair[0]].clicks, &paths[pair[1]].clicks);
            longer.len() > shorter.len() && longer.starts_with(shorter)
        })
        .map(|pair| pair[0])
        .collect();
    for index in stops {
        paths[index].clicks.push(Click::Choice(SKIP.to_owned()));
    }
    paths
}

/// The clicks of `steps` with every choice, each marked with the step it ends.
fn full_clicks(steps: &[Step]) -> Vec<(Click, Option<usize>)> {
    let mut clicks = Vec::new();
    let mut previous_end = None;
    for (number, step) in steps.iter().enumerate() {
        if previous_end != Some(step.from) && step.from != step.to {
            clicks.push((Click::Cell(step.from), None));
        }
        match &step.choice {
            Some(choice) => {
                clicks.push((Click::Cell(step.to), None));
                clicks.push((Click::Choice(choice.token.clone()), Some(number)));
            }
            None => clicks.push((Click::Cell(step.to), Some(number))),
        }
        previous_end = Some(step.to);
    }
    clicks
}

/// A turn being entered: the position, its legal moves with their paths, and the clicks so
/// far. The board's geometry and the paths, which the clicks never change, are shared by the
/// copies of a turn, so that a copy (a search over turns entered step by step) is cheap
/// however many moves there are.
#[derive(Debug, Clone)]
pub struct Turn<G: Present> {
    position: G,
    geometry: Arc<Geometry>,
    paths: Arc<[MovePath<G::Move>]>,
    entered: Vec<Click>,
}

impl<G: Present> Turn<G> {
    /// A turn in `position` among `moves` (its legal moves; none when the game is over).
    #[must_use]
    pub fn new(position: G, moves: &[G::Move]) -> Self {
        let paths = move_paths(&position, moves).into();
        let geometry = Arc::new(position.geometry());
        Turn { position, geometry, paths, entered: Vec::new() }
    }

    /// The position the turn starts from.
    pub fn position(&self) -> &G {
        &self.position
    }

    /// The board's geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Every legal move with its path.
    pub fn paths(&self) -> &[MovePath<G::Move>] {
        &self.paths
    }

    /// The clicks entered so far.
    pub fn entered(&self) -> &[Click] {
        &self.entered
    }

    /// The moves still possible after the clicks entered.
    pub fn remaining(&self) -> impl Iterator<Item = &MovePath<G::Move>> + '_ {
        self.paths.iter().filter(|path| path.clicks.starts_with(&self.entered))
    }

    /// The distinct clicks that may come next, in the order of the moves.
    #[must_use]
    pub fn candidates(&self) -> Vec<Click> {
        let mut next: Vec<Click> = Vec::new();
        for path in self.remaining() {
            if let Some(click) = path.clicks.get(self.entered.len()) {
                if !next.contains(click) {
                    next.push(click.clone());
                }
            }
        }
        next
    }

    /// The move entered in full, if the clicks so far make one.
    #[must_use]
    pub fn complete(&self) -> Option<G::Move> {
        self.paths.iter().find(|path| path.clicks == self.entered).map(|path| path.mv)
    }

    /// Adds a click; returns the move once it is complete. A click that is not among the
    /// [`candidates`](Self::candidates) changes nothing and is an error that lists them.
    pub fn click(&mut self, click: Click) -> Result<Option<G::Move>, MoveError> {
        if !self.candidates().contains(&click) {
            return Err(MoveError::Illegal {
                text: self.click_text(&click),
                legal: self.candidates().iter().map(|click| self.click_text(click)).collect(),
            });
        }
        self.entered.push(click);
        Ok(self.complete())
    }

    /// Takes back the last click; `false` when there was none.
    pub fn back(&mut self) -> bool {
        self.entered.pop().is_some()
    }

    /// Takes back the last whole step entered, and any clicks after it; returns its text, or
    /// `None` when no whole step was entered (the clicks of a step begun are dropped).
    pub fn back_step(&mut self) -> Option<String> {
        let done = self.steps_done();
        let path = self.remaining().next()?;
        let boundary = |steps: usize| steps.checked_sub(1).map_or(0, |last| path.step_ends[last]);
        let (keep, taken) = match done.checked_sub(1) {
            Some(last) if self.entered.len() == boundary(done) => {
                (boundary(last), Some(path.steps[last].text.clone()))
            }
            _ => (boundary(done), None),
        };
        self.entered.truncate(keep);
        taken
    }

    /// Starts the turn again.
    pub fn clear(&mut self) {
        self.entered.clear();
    }

    /// The number of whole steps entered.
    #[must_use]
    pub fn steps_done(&self) -> usize {
        self.remaining().next().map_or(0, |path| {
            path.step_ends.iter().take_while(|&&end| end <= self.entered.len()).count()
        })
    }

    /// The distinct next steps, for a person who types steps, when the clicks entered end a
    /// step (or none was entered).
    #[must_use]
    pub fn next_steps(&self) -> Vec<&Step> {
        let done = self.steps_done();
        let mut next: Vec<&Step> = Vec::new();
        for path in self.remaining() {
            let at_boundary = done.checked_sub(1).map_or(0, |last| path.step_ends[last]);
            if at_boundary != self.entered.len() {
                continue;
            }
            if let Some(step) = path.steps.get(done) {
                if !next.iter().any(|seen| seen.text == step.text) {
                    next.push(step);
                }
            }
        }
        next
    }

    /// `true` when the turn may end here with [`SKIP`].
    #[must_use]
    pub fn may_skip(&self) -> bool {
        self.candidates().contains(&Click::Choice(SKIP.to_owned()))
    }

    /// Enters the next step typed in `text` in any notation the game accepts; returns the
    /// move once it is complete.
    pub fn enter_step(&mut self, text: &str) -> Result<Option<G::Move>, MoveError> {
        let next = self.next_steps();
        let index = self.position.match_step(text, &next)?;
        let chosen = next[index].text.clone();
        let done = self.steps_done();
        let path = self
            .remaining()
            .find(|path| path.steps.get(done).is_some_and(|step| step.text == chosen))
            .ok_or_else(|| MoveError::Illegal { text: chosen.clone(), legal: Vec::new() })?;
        let end = path.step_ends[done];
        self.entered = path.clicks[..end].to_vec();
        Ok(self.complete())
    }

    /// The steps entered so far, in notation.
    #[must_use]
    pub fn steps_text(&self) -> Vec<String> {
        let done = self.steps_done();
        self.remaining()
            .next()
            .map(|path| path.steps[..done].iter().map(|step| step.text.clone()).collect())
            .unwrap_or_default()
    }

    /// The board to draw while the turn is entered: the steps made so far played on it, with
    /// the piece that goes on and the pieces captured so far marked.
    #[must_use]
    pub fn board(&self) -> (Board, Marks) {
        let mut board = self.position.board();
        let mut marks = Marks::default();
        let done = self.steps_done();
        let Some(path) = self.remaining().next() else {
            return (board, marks);
        };
        for step in &path.steps[..done] {
            for piece in board.pieces.iter_mut().filter(|piece| piece.cell == step.from) {
                piece.cell = step.to;
            }
            match G::CAPTURED {
                Captured::RemovedAtOnce => {
                    board.pieces.retain(|piece| !step.captured.contains(&piece.cell));
                }
                Captured::RemovedAtEnd => {}
                Captured::Neutralised => {
                    for piece in &mut board.pieces {
                        if step.captured.contains(&piece.cell) {
                            piece.side = None;
                            piece.kind = PieceKind::Neutral;
                        }
                    }
                }
            }
            marks.captured.extend(&step.captured);
        }
        if let Some(last) = done.checked_sub(1).map(|last| &path.steps[last]) {
            let goes_on = self
                .remaining()
                .any(|path| path.steps.get(done).is_some_and(|next| next.from == last.to));
            marks.active = goes_on.then_some(last.to);
        }
        (board, marks)
    }

    /// A click as text: the cell's name or the choice's token.
    #[must_use]
    pub fn click_text(&self, click: &Click) -> String {
        match click {
            Click::Cell(cell) => self.geometry.name(*cell).to_owned(),
            Click::Choice(token) => token.clone(),
        }
    }

    /// Reads a click written as a cell's name or a choice's token.
    #[must_use]
    pub fn parse_click(&self, text: &str) -> Option<Click> {
        if let Some(cell) = self.geometry.find(text) {
            return Some(Click::Cell(cell));
        }
        self.paths
            .iter()
            .flat_map(|path| &path.clicks)
            .find(|click| matches!(click, Click::Choice(token) if token == text))
            .cloned()
    }
}
