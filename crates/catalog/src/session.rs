//! A game in progress behind a trait object, whose moves are text.

use std::time::Duration;

use arbiter_ai::{PlayerSpec, Score, SearchReport};
use arbiter_core::{divide, perft, Evaluate, Game, GameRecord, MoveError, Side, Status, Undone};

/// A game in progress, its rules hidden: what a user interface needs.
pub trait Session: Send {
    /// The game's identifier.
    fn game_id(&self) -> &'static str;

    /// The player whose turn it is.
    fn side_to_move(&self) -> Side;

    /// How the game stands, draw rules and resignations included.
    fn status(&self) -> Status;

    /// The legal moves in canonical notation, in the game's order.
    fn legal_moves(&self) -> Vec<String>;

    /// Plays a move written in any accepted notation; returns its canonical text.
    fn play(&mut self, text: &str) -> Result<String, MoveError>;

    /// The canonical text of the legal move `text` names, without playing it.
    fn parse_move(&self, text: &str) -> Result<String, MoveError>;

    /// Takes back the last resignation or agreed draw, else the last move; says what it took
    /// back, or `None` when there was nothing.
    fn undo(&mut self) -> Option<String>;

    /// `side` resigns.
    fn resign(&mut self, side: Side) -> Result<(), MoveError>;

    /// The players agree to a draw.
    fn agree_draw(&mut self) -> Result<(), MoveError>;

    /// The moves played, in canonical notation.
    fn history(&self) -> Vec<String>;

    /// The board drawn as text with its coordinates.
    fn diagram(&self) -> String;

    /// The current position in the game's text form.
    fn position_text(&self) -> String;

    /// The game as a record text (PDN for checkers).
    fn record_text(&self) -> String;

    /// Sets a tag of the record (players, event, …).
    fn set_tag(&mut self, name: &str, value: &str);

    /// `true` when some legal move here takes more than one step, so that a person enters the
    /// turn step by step (a Fanorona capture chain).
    fn is_stepwise(&self) -> bool;

    /// For a turn entered step by step: the distinct next steps after the steps `entered` so
    /// far (all in canonical notation), and whether `entered` is already a whole legal move
    /// (so the turn may stop there).
    fn next_steps(&self, entered: &[String]) -> NextSteps;

    /// Which of `candidates` (next steps) the step typed in `text` names, in any accepted
    /// notation.
    fn match_step(&self, text: &str, candidates: &[String]) -> Result<usize, MoveError>;

    /// Plays the legal move made of exactly the steps `entered`; returns its canonical text.
    fn play_steps(&mut self, entered: &[String]) -> Result<String, MoveError>;

    /// The board after the steps `entered` of a turn in progress.
    fn diagram_after_steps(&self, entered: &[String]) -> String;

    /// What the player `spec` would play here; `progress` hears each completed iteration.
    fn think(&self, spec: &PlayerSpec, progress: &mut dyn FnMut(&Thought)) -> Thought;

    /// Perft of the current position.
    fn perft(&self, depth: u32) -> u64;

    /// Each legal move of the current position with the perft below it.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
}

/// A search's result with its moves in canonical notation.
#[derive(Debug, Clone, PartialEq)]
pub struct Thought {
    /// The move to play, if there is one.
    pub best: Option<String>,
    /// How the position stands for the player to move.
    pub score: Score,
    /// The depth reached.
    pub depth: u32,
    /// Positions visited (alpha-beta) or iterations (MCTS).
    pub nodes: u64,
    /// The time the search took.
    pub elapsed: Duration,
    /// The principal variation.
    pub pv: Vec<String>,
}

impl Thought {
    fn from_report<M: ToString>(report: &SearchReport<M>) -> Thought {
        Thought {
            best: report.best.as_ref().map(ToString::to_string),
            score: report.score,
            depth: report.depth,
            nodes: report.nodes,
            elapsed: report.elapsed,
            pv: report.pv.iter().map(ToString::to_string).collect(),
        }
    }
}

/// What may follow the steps of a turn entered so far.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NextSteps {
    /// The distinct next steps, in move order.
    pub options: Vec<String>,
    /// `true` when the steps entered so far already make a whole legal move.
    pub complete: bool,
}

/// The legal moves with their steps, for a turn entered step by step.
fn moves_with_steps<G: Game>(record: &GameRecord<G>) -> Vec<(G::Move, Vec<String>)> {
    if record.status().is_over() {
        return Vec::new();
    }
    let position = record.position();
    position.legal_moves().into_iter().map(|mv| (mv, position.move_steps(mv))).collect()
}

impl<G: Evaluate> Session for GameRecord<G> {
    fn game_id(&self) -> &'static str {
        G::ID
    }

    fn side_to_move(&self) -> Side {
        self.position().side_to_move()
    }

    fn status(&self) -> Status {
        GameRecord::status(self)
    }

    fn legal_moves(&self) -> Vec<String> {
        if self.status().is_over() {
            return Vec::new();
        }
        self.position().legal_moves().iter().map(ToString::to_string).collect()
    }

    fn play(&mut self, text: &str) -> Result<String, MoveError> {
        self.play_text(text).map(|mv| mv.to_string())
    }

    fn parse_move(&self, text: &str) -> Result<String, MoveError> {
        if let Status::Over(outcome) = self.status() {
            return Err(MoveError::GameOver(outcome));
        }
        self.position().parse_move(text).map(|mv| mv.to_string())
    }

    fn undo(&mut self) -> Option<String> {
        GameRecord::undo(self).map(|undone| match undone {
            Undone::Move(mv) => format!("the move {mv}"),
            Undone::Event(outcome) => format!("the end of the game ({outcome})"),
        })
    }

    fn resign(&mut self, side: Side) -> Result<(), MoveError> {
        GameRecord::resign(self, side)
    }

    fn agree_draw(&mut self) -> Result<(), MoveError> {
        GameRecord::agree_draw(self)
    }

    fn history(&self) -> Vec<String> {
        self.moves().map(|mv| mv.to_string()).collect()
    }

    fn diagram(&self) -> String {
        self.position().diagram()
    }

    fn position_text(&self) -> String {
        self.position().to_text()
    }

    fn record_text(&self) -> String {
        self.to_record_text()
    }

    fn set_tag(&mut self, name: &str, value: &str) {
        GameRecord::set_tag(self, name, value);
    }

    fn is_stepwise(&self) -> bool {
        moves_with_steps(self).iter().any(|(_, steps)| steps.len() > 1)
    }

    fn next_steps(&self, entered: &[String]) -> NextSteps {
        let mut next = NextSteps::default();
        for (_, steps) in moves_with_steps(self) {
            if let Some(rest) = steps.strip_prefix(entered) {
                match rest.first() {
                    None => next.complete = true,
                    Some(step) if !next.options.contains(step) => next.options.push(step.clone()),
                    Some(_) => {}
                }
            }
        }
        next
    }

    fn match_step(&self, text: &str, candidates: &[String]) -> Result<usize, MoveError> {
        self.position().match_step(text, candidates)
    }

    fn play_steps(&mut self, entered: &[String]) -> Result<String, MoveError> {
        let found = moves_with_steps(self).into_iter().find(|(_, steps)| steps == entered);
        match found {
            Some((mv, _)) => self.play(mv).map(|()| mv.to_string()),
            None => Err(MoveError::Illegal {
                text: entered.join(","),
                legal: Session::legal_moves(self),
            }),
        }
    }

    fn diagram_after_steps(&self, entered: &[String]) -> String {
        let started =
            moves_with_steps(self).into_iter().find(|(_, steps)| steps.starts_with(entered));
        match started {
            Some((mv, _)) => self.position().diagram_after_steps(mv, entered.len()),
            None => self.position().diagram(),
        }
    }

    fn think(&self, spec: &PlayerSpec, progress: &mut dyn FnMut(&Thought)) -> Thought {
        let mut player = spec.build::<G>();
        let report =
            player.choose(self.position(), &mut |report| progress(&Thought::from_report(report)));
        Thought::from_report(&report)
    }

    fn perft(&self, depth: u32) -> u64 {
        perft(self.position(), depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        divide(self.position(), depth)
            .into_iter()
            .map(|(mv, nodes)| (mv.to_string(), nodes))
            .collect()
    }
}
