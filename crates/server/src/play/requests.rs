//! What a player asks of a game (a change, a new game) and what a new game's creation
//! answers, with the new game as the server makes it before it is stored.

use std::collections::HashMap;

use arbiter_catalog::Playable;
use arbiter_core::Side;
use serde::Serialize;

use super::clock::TimeControl;
use super::GameState;
use crate::play::seats::Player;
use crate::store::{Rated, StoredGame, Summary};

/// A change a player asks for in a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// Play the move `text` at ply `ply` (the number of moves the player saw played).
    Play {
        /// The move, in any notation the game accepts.
        text: String,
        /// The ply the move is made at.
        ply: usize,
    },
    /// Resign.
    Resign,
    /// Call the game off, before both sides have moved (see `Games::end_now`).
    Abort,
    /// Half one's clock and no increment, before one's first move (an arena's: the
    /// tournaments ask for it; see `Games::berserk_now`).
    Berserk,
    /// A draw offer, or its answer.
    Draw(DrawAction),
    /// A takeback asked for, or its answer (see `Games::undo_now`).
    Undo(UndoAction),
}

/// What a player does about a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DrawAction {
    /// Offers a draw (or accepts the one offered).
    Offer,
    /// Accepts the draw offered.
    Accept,
    /// Declines the draw offered.
    Decline,
}

/// What a player does about a takeback.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum UndoAction {
    /// Asks to take back one's last move (at once against the computer or at one screen).
    Request,
    /// Accepts the takeback asked for.
    Accept,
    /// Declines it.
    Decline,
}

/// A new game, as asked for.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
pub struct NewGame {
    /// The catalog's identifier of the game, or `gdl` for a game written in GDL.
    pub game: String,
    /// Its options, `key=value,…` (stored as the canonical text: only those that differ from
    /// the defaults, in the game's order); none for a game written in GDL, whose options are
    /// its rules' hash (`rules=HASH`).
    #[serde(default)]
    pub options: String,
    /// The rules of a game written in GDL (`"game": "gdl"`): the description in KIF, at most
    /// 48 KiB, of two players taking turns, whose compiling and checking stay within the
    /// server's bounds. Stored once by its SHA-256, which the game's options name.
    #[serde(default)]
    pub rules: Option<String>,
    /// Who plays White: `human`, `ai`, `ai:3`, `ai:mcts:time=1s`.
    pub white: String,
    /// Who plays Black.
    pub black: String,
    /// The human seats this client keeps: they are given to it by cookie as well.
    #[serde(default)]
    pub keep: Vec<Side>,
    /// The clock: `{"initial_ms", "increment_ms"}` in real time, `{"days_per_move"}` in
    /// correspondence; absent or `null`, untimed.
    #[serde(default)]
    pub clock: Option<TimeControl>,
}

/// A record to import, to analyse its game.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
pub struct ImportRequest {
    /// The record: PDN for checkers, the same tag-pair and move-text form for every game (as
    /// `GET /api/games/{id}/record` writes it), at most 64 KiB. It starts from the game's
    /// start (no `FEN` tag); its `Options` tag gives the game's options. Empty: the game's
    /// start, to analyse from there.
    pub record: String,
    /// The catalog's identifier of the game, for a record whose tags name none (a `Game` tag,
    /// or PDN's `GameType`); when they do, it must agree.
    #[serde(default)]
    pub game: Option<String>,
}

/// A new game as the server makes it: from a request, a seek or a rematch.
pub(crate) struct Setup {
    pub(crate) id: String,
    pub(crate) kind: Playable,
    pub(crate) options: String,
    pub(crate) players: [Player; 2],
    /// The hashes of the secrets that hold the human seats.
    pub(crate) secrets: [Option<String>; 2],
    pub(crate) clock: Option<TimeControl>,
    /// The seats offered by a link, not yet taken.
    pub(crate) waiting: i64,
    /// The seats held by browsers, by their owner keys (see [`owner_key`]).
    pub(crate) holdings: Vec<(String, Side)>,
    /// The seats already taken by their players (shown as taken).
    pub(crate) taken: [bool; 2],
    /// The seek the game is made from, and its creator's side.
    pub(crate) seek: Option<(String, Side)>,
    /// A rated game's perf and players.
    pub(crate) rated: Option<Rated>,
}

/// A new game's stored form, and the seats browsers hold in it (their owner keys), ready to be
/// stored: alone, or with the change that makes it (a rematch's).
pub(crate) struct Born {
    pub(crate) game: StoredGame,
    pub(crate) holdings: Vec<(String, Side)>,
}

/// A seat's secret and the link that gives it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeatLink {
    /// The secret: `Authorization: Bearer TOKEN`.
    pub token: String,
    /// The invitation link: its page lets a friend take the seat, once.
    pub url: String,
}

/// A game just created.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Created {
    /// Its identifier.
    pub id: String,
    /// A link for each human seat.
    pub seats: HashMap<Side, SeatLink>,
    /// The link to watch the game.
    pub watch_url: String,
    /// The game's state.
    pub state: GameState,
}

/// A line of the list of games, with its players as a person reads them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Listed {
    /// The game as stored.
    #[serde(flatten)]
    pub summary: Summary,
    /// Who plays White: "A person", "Computer, level 3", … (see [`SeatState::name`]).
    pub white_name: String,
    /// Who plays Black.
    pub black_name: String,
}
