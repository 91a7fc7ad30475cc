//! The tournaments' stored values: a tournament with its kind and status, its players, its
//! pairings with their games' outcomes, and a step as the servers write it; each field that is
//! not free text read into its type here (`Stored`).

use super::rows::{NewRow, Stored};
use crate::live::{Event, GameResult};
use crate::time_control::{Millis, TimeControl};

/// An arena or a Swiss event.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum TournamentKind {
    /// Players are paired again as soon as their game ends, until the arena's time is up.
    Arena,
    /// A fixed number of rounds, each paired when the last ends.
    Swiss,
}

/// Where a tournament is.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum TournamentStatus {
    /// Before its start.
    Upcoming,
    /// Started, pairing.
    Running,
    /// Over: its standings are final once its last game ends.
    Finished,
}

/// A tournament as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredTournament {
    /// Its identifier.
    pub id: String,
    /// Arena or Swiss.
    pub kind: TournamentKind,
    /// Its name.
    pub name: String,
    /// The catalog's game.
    pub game: String,
    /// The game's options.
    pub options: String,
    /// Every game's time control (real time).
    pub clock: TimeControl,
    /// Whether its games are rated.
    pub rated: bool,
    /// The account that created it.
    pub created_by: String,
    /// When it was created.
    pub created: Millis,
    /// When it starts.
    pub starts_at: Millis,
    /// When an arena ends.
    pub ends_at: Option<Millis>,
    /// A Swiss event's rounds.
    pub rounds: Option<u32>,
    /// The rounds paired so far (Swiss).
    pub round: u32,
    /// Where it is.
    pub status: TournamentStatus,
    /// Increases with every change.
    pub version: i64,
    /// Increases with every step a server takes.
    pub step: i64,
    /// The seed of its coin tosses.
    pub seed: i64,
}

/// A player of a tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    /// The account.
    pub account: String,
    /// Its name (`deleted` for a deleted account).
    pub name: String,
    /// When it joined, or last came back (the order numbers the players).
    pub joined: Millis,
    /// Its rating in the tournament's perf when it joined.
    pub rating: i32,
    /// It has left.
    pub withdrawn: bool,
}

/// How a tournament's game stands, from the game's own row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOutcome {
    /// The result, once played to one.
    pub result: Option<GameResult>,
    /// How it ended other than by the rules (an abort names who did not start).
    pub event: Option<Event>,
    /// The plies played.
    pub plies: u32,
    /// White's and Black's berserk.
    pub berserk: [bool; 2],
    /// When it was made (to the second).
    pub created: Millis,
    /// When it last changed (to the second).
    pub updated: Millis,
}

impl GameOutcome {
    /// The game is over: played to a result, or called off.
    #[must_use]
    pub fn over(&self) -> bool {
        self.result.is_some() || self.event.is_some_and(Event::is_abort)
    }
}

/// A pairing: a game, or a Swiss bye.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredPairing {
    /// Its place in the order of pairing, from 0.
    pub seq: u32,
    /// The Swiss round (from 1); an arena's pairings are all round 0.
    pub round: u32,
    /// White's account (the player of a bye).
    pub white: String,
    /// Black's account; `None` for a bye.
    pub black: Option<String>,
    /// The game; `None` for a bye.
    pub game: Option<String>,
    /// The game's state; `None` for a bye.
    pub outcome: Option<GameOutcome>,
}

/// A tournament with its players (in the order they joined) and its pairings (in order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentRows {
    /// The tournament.
    pub tournament: StoredTournament,
    /// The name of the account that created it (`deleted` once deleted).
    pub creator: String,
    /// Its players.
    pub players: Vec<Entrant>,
    /// Its pairings.
    pub pairings: Vec<StoredPairing>,
}

/// A step a server takes, written if no other step was taken since it was decided.
#[derive(Debug)]
pub struct Step<'a> {
    /// The tournament.
    pub id: &'a str,
    /// The tournament's `step` when the step was decided.
    pub step: i64,
    /// The tournament's status after the step.
    pub status: TournamentStatus,
    /// The Swiss rounds paired after the step.
    pub round: u32,
    /// The new games, stored with the step.
    pub games: Vec<NewRow<'a>>,
    /// The new pairings.
    pub pairings: Vec<StoredPairing>,
    /// The accounts the step withdraws (absent from their last two games).
    pub withdrawn: Vec<String>,
}

impl Stored for TournamentKind {
    fn to_stored(&self) -> String {
        match self {
            TournamentKind::Arena => "arena",
            TournamentKind::Swiss => "swiss",
        }
        .to_owned()
    }

    fn from_stored(text: &str) -> Option<TournamentKind> {
        match text {
            "arena" => Some(TournamentKind::Arena),
            "swiss" => Some(TournamentKind::Swiss),
            _ => None,
        }
    }
}

impl Stored for TournamentStatus {
    fn to_stored(&self) -> String {
        match self {
            TournamentStatus::Upcoming => "upcoming",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
        }
        .to_owned()
    }

    fn from_stored(text: &str) -> Option<TournamentStatus> {
        match text {
            "upcoming" => Some(TournamentStatus::Upcoming),
            "running" => Some(TournamentStatus::Running),
            "finished" => Some(TournamentStatus::Finished),
            _ => None,
        }
    }
}
