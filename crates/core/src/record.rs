//! The game record: the history of a game, the draw rules that depend on it, and the events
//! (resignation, agreed draw) that end a game without a move.

use std::collections::HashMap;

use crate::{DrawReason, Game, GameOptions, MoveError, Outcome, Side, Status, WinReason};

/// A game from its start position: the moves played, the position after each, and how it
/// stands. It adjudicates in the order docs/rules.md (common terms) gives: a win on the board
/// first (which includes the side to move having no legal move), then the game's draw rules.
#[derive(Debug, Clone)]
pub struct GameRecord<G: Game> {
    options: G::Options,
    start: G,
    start_status: Status,
    turns: Vec<Turn<G>>,
    /// A resignation or an agreed draw: events of the record, not moves.
    event: Option<Outcome>,
    /// Tags kept for the record text (players, event, date, …), in order.
    tags: Vec<(String, String)>,
    /// Where each tag is in `tags`, so that setting one is quick however many there are.
    tag_index: HashMap<String, usize>,
}

/// One played turn and what followed from it.
#[derive(Debug, Clone)]
struct Turn<G: Game> {
    mv: G::Move,
    /// The position after the move.
    position: G,
    /// Consecutive turns without progress, this one included.
    turns_without_progress: u32,
    status: Status,
}

/// What [`GameRecord::undo`] took back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Undone<M> {
    /// A move.
    Move(M),
    /// A resignation or an agreed draw.
    Event(Outcome),
}

impl<G: Game> GameRecord<G> {
    /// A game from the start position under `options`.
    #[must_use]
    pub fn new(options: G::Options) -> Self {
        let start = G::start(&options);
        Self::from_position(start, options)
    }

    /// A game from `start`, played under `options`.
    #[must_use]
    pub fn from_position(start: G, options: G::Options) -> Self {
        let start_status = start.status();
        GameRecord {
            options,
            start,
            start_status,
            turns: Vec::new(),
            event: None,
            tags: Vec::new(),
            tag_index: HashMap::new(),
        }
    }

    /// The options the game is played under.
    pub fn options(&self) -> &G::Options {
        &self.options
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &G {
        &self.start
    }

    /// `true` when the game started from the standard start position of its options.
    pub fn starts_from_standard_position(&self) -> bool {
        self.start == G::start(&self.options)
    }

    /// The current position.
    pub fn position(&self) -> &G {
        self.turns.last().map_or(&self.start, |turn| &turn.position)
    }

    /// Every position of the game in order: the start, then the position after each move (the
    /// current position last).
    pub fn positions(&self) -> impl Iterator<Item = &G> + '_ {
        std::iter::once(&self.start).chain(self.turns.iter().map(|turn| &turn.position))
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = G::Move> + '_ {
        self.turns.iter().map(|turn| turn.mv)
    }

    /// The number of moves played.
    pub fn len(&self) -> usize {
        self.turns.len()
    }

    /// `true` when no move has been played.
    pub fn is_empty(&self) -> bool {
        self.turns.is_empty()
    }

    /// The consecutive turns without progress up to now, counted for the draw rule.
    pub fn turns_without_progress(&self) -> u32 {
        self.turns.last().map_or(0, |turn| turn.turns_without_progress)
    }

    /// How the game stands, with the history's draw rules and the record's events applied.
    pub fn status(&self) -> Status {
        match self.event {
            Some(outcome) => Status::Over(outcome),
            None => self.turns.last().map_or(self.start_status, |turn| turn.status),
        }
    }

    /// Plays `mv` if the game is not over and the move is legal; otherwise changes nothing.
    pub fn play(&mut self, mv: G::Move) -> Result<(), MoveError> {
        self.ensure_ongoing()?;
        let mut position = self.position().clone();
        position.play(mv)?;
        self.push(mv, position);
        Ok(())
    }

    /// Records `mv`, a legal move of the current position, which led to `position`.
    fn push(&mut self, mv: G::Move, position: G) {
        let current = self.position();
        let turns_without_progress =
            if current.is_progress(mv) { 0 } else { self.turns_without_progress() + 1 };
        let status = self.adjudicate(&position, turns_without_progress);
        self.turns.push(Turn { mv, position, turns_without_progress, status });
    }

    /// Parses `text` in any accepted notation and plays it; returns the move played. The
    /// parser finds the move among the legal ones, so it is not checked a second time.
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, MoveError> {
        self.ensure_ongoing()?;
        let mv = self.position().parse_move(text)?;
        let mut position = self.position().clone();
        position.play_unchecked(mv);
        self.push(mv, position);
        Ok(mv)
    }

    /// Takes back the last event (a resignation or agreed draw) if there is one, otherwise the
    /// last move. `None` when there is nothing to take back.
    pub fn undo(&mut self) -> Option<Undone<G::Move>> {
        if let Some(outcome) = self.event.take() {
            return Some(Undone::Event(outcome));
        }
        self.turns.pop().map(|turn| Undone::Move(turn.mv))
    }

    /// `side` resigns: the opponent wins.
    pub fn resign(&mut self, side: Side) -> Result<(), MoveError> {
        self.ensure_ongoing()?;
        self.event = Some(Outcome::Win { winner: side.opponent(), reason: WinReason::Resignation });
        Ok(())
    }

    /// `side`'s time ran out (a game on a clock): the opponent wins.
    pub fn lose_on_time(&mut self, side: Side) -> Result<(), MoveError> {
        self.ensure_ongoing()?;
        self.event = Some(Outcome::Win { winner: side.opponent(), reason: WinReason::Time });
        Ok(())
    }

    /// The players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<(), MoveError> {
        self.ensure_ongoing()?;
        self.event = Some(Outcome::Draw { reason: DrawReason::Agreement });
        Ok(())
    }

    /// The record's tags (players, event, date, …) other than those the record writes itself.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// Sets a tag, replacing an earlier value of the same name.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tag_index.get(name) {
            Some(&index) => value.clone_into(&mut self.tags[index].1),
            None => {
                self.tag_index.insert(name.to_owned(), self.tags.len());
                self.tags.push((name.to_owned(), value.to_owned()));
            }
        }
    }

    /// The options as `key=value,…`, only those that differ from the defaults.
    pub fn options_text(&self) -> String {
        self.options.to_text()
    }

    fn ensure_ongoing(&self) -> Result<(), MoveError> {
        match self.status() {
            Status::Ongoing => Ok(()),
            Status::Over(outcome) => Err(MoveError::GameOver(outcome)),
        }
    }

    /// The status after a turn that led to `position`, which is not yet in the history.
    fn adjudicate(&self, position: &G, turns_without_progress: u32) -> Status {
        if let over @ Status::Over(_) = position.status() {
            return over;
        }
        let rules = position.draw_rules();
        if let Some(limit) = rules.repetitions {
            let hash = position.hash();
            let earlier = self
                .positions()
                .filter(|earlier| earlier.hash() == hash && *earlier == position)
                .count();
            if earlier + 1 >= limit as usize {
                return Status::Over(Outcome::Draw { reason: DrawReason::Repetition });
            }
        }
        if rules.turns_without_progress.is_some_and(|limit| turns_without_progress >= limit) {
            return Status::Over(Outcome::Draw { reason: DrawReason::NoProgress });
        }
        Status::Ongoing
    }
}
