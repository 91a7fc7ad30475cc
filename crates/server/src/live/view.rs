//! What the API shows of a game in play: the board, its pieces, the legal moves and the clicks
//! that enter each, the status and result, the events that end a game, and exact values.

use arbiter_core::present::{Captured, Dial, Geometry, Piece, PieceKind};
use arbiter_core::{DrawReason, Outcome, Side, Status, WinReason};
use serde::Serialize;

/// A legal move with its exact value for the player who makes it, by the solver or the
/// endgame tables.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ExactMove {
    /// The move, in canonical notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// `win`, `draw` or `loss` with perfect play (draws only in the endgame tables' games).
    pub value: ExactValue,
    /// `true` when the move wins with perfect play.
    pub wins: bool,
    /// The plies to the end with perfect play, the move included; `null` for a draw.
    pub plies: Option<u32>,
}

/// The value of a move with perfect play, for the player who makes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ExactValue {
    /// The move wins.
    Win,
    /// Neither side can force a win after it.
    Draw,
    /// The move loses.
    Loss,
}

/// An event that ends a game without a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// The side resigned.
    Resignation(Side),
    /// The players agreed to a draw.
    Draw,
    /// The side's time ran out: it lost.
    Time(Side),
    /// The game was called off before both sides had moved, a first move not made in time:
    /// it has no result.
    Abort,
    /// The side called the game off before both sides had moved: it has no result.
    AbortedBy(Side),
    /// The game is an imported record that ends before the game does: it has no result, and
    /// nobody plays on (a game to analyse).
    Imported,
}

impl Event {
    /// Whether the game was called off, by a player or for want of a first move.
    pub fn is_abort(self) -> bool {
        matches!(self, Event::Abort | Event::AbortedBy(_))
    }

    /// Whether nobody plays on after the event although the rules have not ended the game:
    /// an abort, or the end of an imported record.
    pub fn stops_play(self) -> bool {
        self.is_abort() || self == Event::Imported
    }

    /// As stored: `resign:white`, `draw`.
    pub fn to_text(self) -> String {
        match self {
            Event::Resignation(side) => format!("resign:{}", side.name()),
            Event::Draw => "draw".to_owned(),
            Event::Time(side) => format!("time:{}", side.name()),
            Event::Abort => "abort".to_owned(),
            Event::AbortedBy(side) => format!("abort:{}", side.name()),
            Event::Imported => "imported".to_owned(),
        }
    }

    /// Reads the stored text.
    pub fn from_text(text: &str) -> Option<Event> {
        match text {
            "draw" => Some(Event::Draw),
            "resign:white" => Some(Event::Resignation(Side::White)),
            "resign:black" => Some(Event::Resignation(Side::Black)),
            "time:white" => Some(Event::Time(Side::White)),
            "time:black" => Some(Event::Time(Side::Black)),
            "abort" => Some(Event::Abort),
            "abort:white" => Some(Event::AbortedBy(Side::White)),
            "abort:black" => Some(Event::AbortedBy(Side::Black)),
            "imported" => Some(Event::Imported),
            _ => None,
        }
    }
}

/// The position as a client draws it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct View {
    /// The position in the game's text form.
    pub position: String,
    /// The board's cells and shape, which no move changes: only when asked
    /// (`?geometry=true`). `GET /api/catalog/{game}/geometry` gives it once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub geometry: Option<Geometry>,
    /// The pieces.
    pub pieces: Vec<PieceView>,
    /// The day/night dial, in Day and Night.
    pub dial: Option<Dial>,
    /// Every legal move with the clicks that enter it; empty when the game is over.
    pub legal: Vec<LegalMove>,
    /// Whether every legal move captures (and there is one): a piece that cannot capture has
    /// no move, which a client says when such a piece is clicked.
    pub captures_only: bool,
    /// The cells of the last move's steps, in order.
    pub last_move: Vec<String>,
    /// How many of each side's pieces were taken: on the board at the start and no longer the
    /// side's (removed, or turned neutral in Day and Night).
    pub captured: Captures,
}

/// A count for each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Captures {
    /// White's pieces.
    pub white: usize,
    /// Black's pieces.
    pub black: usize,
}

impl Captures {
    /// The pieces of each side that were on `start` and are not on `now`. (No game adds
    /// pieces: a side's count only falls.)
    pub(super) fn between(start: &[Piece], now: &[Piece]) -> Captures {
        let count = |pieces: &[Piece], side| pieces.iter().filter(|p| p.side == Some(side)).count();
        let lost = |side| count(start, side).saturating_sub(count(now, side));
        Captures { white: lost(Side::White), black: lost(Side::Black) }
    }
}

/// A piece on a named cell.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PieceView {
    /// The cell's name.
    pub cell: String,
    /// Whose it is; none for a neutral piece.
    pub side: Option<Side>,
    /// What it is.
    pub kind: PieceKind,
}

/// A legal move and how a person enters it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LegalMove {
    /// The move in canonical notation, as `POST …/moves` takes it.
    #[serde(rename = "move")]
    pub text: String,
    /// The clicks that enter it, in order, each with the step it completes.
    pub clicks: Vec<ClickView>,
    /// The cells whose pieces the move captures.
    pub captures: Vec<String>,
}

/// One click of a move as a person enters it: a cell, a choice or the end of a turn that could
/// go on; and, when it completes a step, the step, which a client draws at once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ClickView {
    /// The cell clicked, by name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<String>,
    /// A choice where the cells do not decide the move, by its token (`A`, `W`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choice: Option<String>,
    /// `true` for the click that ends here a turn that could go on.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub skip: bool,
    /// What a choice or the end of the turn means, for people: `capture by approach`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The piece this click moves: the cell it lands on is clicked (a choice may still be
    /// needed to complete the step).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lands: Option<Landing>,
    /// The step this click completes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<StepView>,
}

/// A piece moved by a click, as a client draws it at once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Landing {
    /// Where the piece stood.
    pub from: String,
    /// Where it lands.
    pub to: String,
}

/// A step of a move, as a client draws it while the move is entered: the piece on `from` goes
/// to `to`, and the pieces on `captures` are taken.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct StepView {
    /// Where the piece stands.
    pub from: String,
    /// Where it goes.
    pub to: String,
    /// The cells whose pieces the step takes.
    pub captures: Vec<String>,
    /// What becomes of the pieces taken while the move is entered.
    pub taken: Taken,
}

/// What becomes of the pieces a step takes, while the move is entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Taken {
    /// They leave the board at once (Fanorona).
    Removed,
    /// They stay, marked, until the move ends (checkers).
    Marked,
    /// They stay and become neutral (Day and Night).
    Neutralised,
}

impl From<Captured> for Taken {
    fn from(captured: Captured) -> Taken {
        match captured {
            Captured::RemovedAtOnce => Taken::Removed,
            Captured::RemovedAtEnd => Taken::Marked,
            Captured::Neutralised => Taken::Neutralised,
        }
    }
}

/// Whether a game goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    /// The game goes on.
    Ongoing,
    /// The game is over: by the rules, a resignation or an agreed draw.
    Over,
    /// The game is over: a side's time ran out, and it lost.
    Time,
    /// The game was called off before both sides had moved: it has no result.
    Aborted,
    /// The game is an imported record that ends before the game does: it has no result, and
    /// nobody plays on (a game to analyse).
    Unfinished,
}

/// The result of a finished game, as PGN and PDN write it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub enum GameResult {
    /// White won.
    #[serde(rename = "1-0")]
    WhiteWins,
    /// Black won.
    #[serde(rename = "0-1")]
    BlackWins,
    /// A draw.
    #[serde(rename = "1/2-1/2")]
    Draw,
}

impl GameResult {
    /// `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub fn text(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The side that won; none in a draw.
    #[must_use]
    pub fn winner(self) -> Option<Side> {
        match self {
            GameResult::WhiteWins => Some(Side::White),
            GameResult::BlackWins => Some(Side::Black),
            GameResult::Draw => None,
        }
    }
}

/// How a finished game ended, as a result and in words.
pub fn describe(status: Status) -> (Option<GameResult>, Option<String>) {
    match status {
        Status::Ongoing => (None, None),
        Status::Over(outcome) => {
            let result = match outcome.winner() {
                Some(Side::White) => GameResult::WhiteWins,
                Some(Side::Black) => GameResult::BlackWins,
                None => GameResult::Draw,
            };
            (Some(result), Some(reason(outcome)))
        }
    }
}

fn reason(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let loser = winner.opponent();
            let why = match reason {
                WinReason::NoPieces => format!("{loser} has no pieces left"),
                WinReason::NoLegalMove => format!("{loser} has no legal move"),
                WinReason::GoalReached => format!("{winner} reached the goal"),
                WinReason::Resignation => format!("{loser} resigned"),
                WinReason::Time => format!("{loser}'s time ran out"),
                WinReason::Score => format!("{winner} has the higher score"),
            };
            format!("{winner} wins: {why}")
        }
        Outcome::Draw { reason } => match reason {
            DrawReason::Repetition => "draw by repetition".to_owned(),
            DrawReason::NoProgress => "draw: too many turns without progress".to_owned(),
            DrawReason::Agreement => "draw by agreement".to_owned(),
            DrawReason::EqualScores => "draw: equal scores".to_owned(),
        }
        .to_owned(),
    }
}
