//! What the API takes and answers about tournaments: a new one, checked; a tournament with
//! its standings and pairings; the lists; and who may join or withdraw when.

use arbiter_catalog::GameId;
use arbiter_core::Side;
use arbiter_tournament::GameResult as RulesResult;
use serde::{Deserialize, Serialize};

use super::standings::{first_mover, scored, standings, Scored, Standing};
use crate::error::ApiError;
use crate::lobby::rated::Member;
use crate::play::seats::new_game_id;
use crate::store::{StoredTournament, TournamentKind, TournamentRows, TournamentStatus};
use crate::time_control::{Millis, TimeControl};

/// The longest name of a tournament, in characters.
pub const MAX_NAME: usize = 60;
/// The longest wait before a tournament starts: a week.
const MAX_WAIT_S: u64 = 7 * 24 * 3600;
/// An arena's shortest and longest durations, in minutes.
const ARENA_MINUTES: std::ops::RangeInclusive<u32> = 5..=720;
/// A Swiss event's most rounds.
const MAX_ROUNDS: u32 = 20;
/// An arena's most players (a Swiss event's are the rules crate's `MAX_SWISS_PLAYERS`).
pub const MAX_ARENA_PLAYERS: usize = 2000;
/// The most tournaments an account may have created that are not finished.
pub const MAX_OPEN_TOURNAMENTS: u32 = 5;

/// A new tournament, as an account asks for it.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    /// `arena` or `swiss`.
    pub kind: TournamentKind,
    /// Its name: 1 to 60 characters.
    pub name: String,
    /// The catalog's game.
    pub game: String,
    /// The game's options.
    #[serde(default)]
    pub options: String,
    /// Every game's clock: a real-time control.
    pub clock: TimeControl,
    /// Whether its games are rated (by default they are).
    #[serde(default = "rated_by_default")]
    pub rated: bool,
    /// Seconds from now to its start (at most a week).
    pub starts_in_s: u64,
    /// An arena's duration in minutes (5 to 720).
    #[serde(default)]
    pub minutes: Option<u32>,
    /// A Swiss event's rounds (1 to 20).
    #[serde(default)]
    pub rounds: Option<u32>,
}

fn rated_by_default() -> bool {
    true
}

/// A pairing: a game, or a Swiss bye.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct PairingView {
    /// The Swiss round, from 1 (0 in an arena).
    pub round: u32,
    /// White's name (the player of a bye).
    pub white: String,
    /// Black's name; `null` for a bye.
    pub black: Option<String>,
    /// The game; `null` for a bye.
    pub game: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2`; `+-` or `-+` when a player did not start (a loss for them);
    /// `bye`; `null` while the game is played.
    pub result: Option<String>,
    /// The sides that went berserk (an arena's).
    pub berserk: Vec<Side>,
}

/// A tournament, with its standings and pairings.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct TournamentView {
    /// Its identifier.
    pub id: String,
    /// `arena` or `swiss`.
    pub kind: TournamentKind,
    /// Its name.
    pub name: String,
    /// The catalog's game.
    pub game: String,
    /// The game's options.
    pub options: String,
    /// Every game's clock.
    pub clock: TimeControl,
    /// Whether its games are rated.
    pub rated: bool,
    /// `upcoming`, `running` or `finished`.
    pub status: TournamentStatus,
    /// The name of the account that created it.
    pub created_by: String,
    /// When it starts (milliseconds since the Unix epoch).
    pub starts_at_ms: i64,
    /// Milliseconds until it starts (0 once started).
    pub starts_in_ms: i64,
    /// When an arena ends.
    pub ends_at_ms: Option<i64>,
    /// Milliseconds until an arena ends (0 once ended).
    pub ends_in_ms: Option<i64>,
    /// A Swiss event's rounds.
    pub rounds: Option<u32>,
    /// The rounds paired so far (Swiss; 0 in an arena).
    pub round: u32,
    /// The standings, first place first.
    pub players: Vec<Standing>,
    /// Every pairing, the latest first.
    pub pairings: Vec<PairingView>,
    /// Increases with every change of the tournament's own (not of its games).
    pub version: i64,
}

/// A tournament in a list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct TournamentListed {
    /// Its identifier.
    pub id: String,
    /// `arena` or `swiss`.
    pub kind: TournamentKind,
    /// Its name.
    pub name: String,
    /// The catalog's game.
    pub game: String,
    /// Every game's clock.
    pub clock: TimeControl,
    /// Whether its games are rated.
    pub rated: bool,
    /// `upcoming`, `running` or `finished`.
    pub status: TournamentStatus,
    /// When it starts (milliseconds since the Unix epoch).
    pub starts_at_ms: i64,
    /// When an arena ends.
    pub ends_at_ms: Option<i64>,
    /// A Swiss event's rounds.
    pub rounds: Option<u32>,
    /// Its players who have not withdrawn.
    pub players: u32,
}

/// The tournaments upcoming (soonest first), running, and finished (latest first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct TournamentLists {
    /// Not started yet.
    pub upcoming: Vec<TournamentListed>,
    /// Started.
    pub running: Vec<TournamentListed>,
    /// Over.
    pub finished: Vec<TournamentListed>,
}

/// The new tournament `new` asks for, by `member` at `now`, checked.
pub(crate) fn check_new(
    new: NewTournament,
    member: &Member,
    now: Millis,
) -> Result<StoredTournament, ApiError> {
    let bad = |why: &str| Err(ApiError::BadRequest(why.to_owned()));
    let name = new.name.trim().to_owned();
    if name.is_empty() || name.chars().count() > MAX_NAME || name.chars().any(char::is_control) {
        return bad("a tournament's name has 1 to 60 characters, none a control character");
    }
    let kind: GameId = new.game.parse().map_err(|e| ApiError::BadRequest(format!("{e}")))?;
    let options = crate::live::build(&kind.into(), &new.options, &[], None)
        .map_err(ApiError::BadRequest)?
        .options_text();
    let clock = new.clock.check().map_err(ApiError::BadRequest)?;
    if !matches!(clock, TimeControl::RealTime { .. }) {
        return bad("a tournament is played on a real-time clock (`initial_ms`, `increment_ms`)");
    }
    if new.starts_in_s > MAX_WAIT_S {
        return bad("a tournament starts within a week (`starts_in_s` up to 604800)");
    }
    let starts_at = now + Millis::from_secs(new.starts_in_s as i64);
    let (ends_at, rounds) = match (new.kind, new.minutes, new.rounds) {
        (TournamentKind::Arena, Some(minutes), None) if ARENA_MINUTES.contains(&minutes) => {
            (Some(starts_at + Millis::from_secs(i64::from(minutes) * 60)), None)
        }
        (TournamentKind::Arena, ..) => {
            return bad("an arena lasts 5 to 720 `minutes` (no `rounds`)")
        }
        (TournamentKind::Swiss, None, Some(rounds)) if (1..=MAX_ROUNDS).contains(&rounds) => {
            (None, Some(rounds))
        }
        (TournamentKind::Swiss, ..) => {
            return bad("a Swiss event has 1 to 20 `rounds` (no `minutes`)")
        }
    };
    let mut seed = [0u8; 8];
    getrandom::fill(&mut seed)
        .map_err(|error| ApiError::Internal(format!("no random numbers: {error}")))?;
    Ok(StoredTournament {
        id: new_game_id()?,
        kind: new.kind,
        name,
        game: kind.id().to_owned(),
        options,
        clock,
        rated: new.rated,
        created_by: member.id.clone(),
        created: now,
        starts_at,
        ends_at,
        rounds,
        round: 0,
        status: TournamentStatus::Upcoming,
        version: 1,
        step: 0,
        seed: i64::from_le_bytes(seed) & i64::MAX,
    })
}

/// Whether `account` may join now.
pub(crate) fn check_joinable(rows: &TournamentRows, account: &str) -> Result<(), ApiError> {
    let tournament = &rows.tournament;
    let player = rows.players.iter().find(|player| player.account == account);
    if player.is_some_and(|player| !player.withdrawn) {
        return Err(ApiError::conflict("you are in this tournament already"));
    }
    let most = match tournament.kind {
        TournamentKind::Arena => MAX_ARENA_PLAYERS,
        TournamentKind::Swiss => arbiter_tournament::swiss::MAX_SWISS_PLAYERS,
    };
    if player.is_none() && rows.players.len() >= most {
        return Err(ApiError::conflict(format!("this tournament is full: {most} players")));
    }
    match (tournament.kind, tournament.status) {
        (_, TournamentStatus::Finished) => Err(ApiError::conflict("this tournament is over")),
        (TournamentKind::Swiss, TournamentStatus::Running) => {
            Err(ApiError::conflict("a Swiss event is joined before its first round"))
        }
        _ => Ok(()),
    }
}

/// Whether `account` may withdraw now.
pub(crate) fn check_withdrawable(rows: &TournamentRows, account: &str) -> Result<(), ApiError> {
    let tournament = &rows.tournament;
    let player = rows.players.iter().find(|player| player.account == account);
    if player.is_none_or(|player| player.withdrawn) {
        return Err(ApiError::conflict("you are not in this tournament"));
    }
    if tournament.status == TournamentStatus::Finished {
        return Err(ApiError::conflict("this tournament is over"));
    }
    let playing = rows.pairings.iter().any(|pairing| {
        let plays = pairing.white == account || pairing.black.as_deref() == Some(account);
        plays && pairing.outcome.as_ref().is_some_and(|outcome| !outcome.over())
    });
    if tournament.kind == TournamentKind::Swiss && playing {
        return Err(ApiError::conflict(
            "a Swiss event is left between rounds: finish your game first",
        ));
    }
    Ok(())
}

/// Tournament `rows` as the API shows it at `now`.
pub(crate) fn tournament_view(
    rows: &TournamentRows,
    now: Millis,
) -> Result<TournamentView, ApiError> {
    let tournament = &rows.tournament;
    let first = first_mover(rows)?;
    let name = |account: &str| {
        rows.players
            .iter()
            .find(|player| player.account == account)
            .map_or_else(|| account.to_owned(), |player| player.name.clone())
    };
    let pairings = rows
        .pairings
        .iter()
        .rev()
        .map(|pairing| PairingView {
            round: pairing.round,
            white: name(&pairing.white),
            black: pairing.black.as_deref().map(name),
            game: pairing.game.clone(),
            berserk: pairing.outcome.as_ref().map_or_else(Vec::new, |outcome| {
                Side::BOTH.into_iter().filter(|side| outcome.berserk[side.index()]).collect()
            }),
            result: match &pairing.outcome {
                None => Some("bye".to_owned()),
                Some(outcome) => scored(outcome, first).map(|scored| match scored {
                    Scored::Played(RulesResult::Win(Side::White)) => "1-0".to_owned(),
                    Scored::Played(RulesResult::Win(Side::Black)) => "0-1".to_owned(),
                    Scored::Played(RulesResult::Draw) => "1/2-1/2".to_owned(),
                    Scored::NoShow { absent: Side::White } => "-+".to_owned(),
                    Scored::NoShow { .. } => "+-".to_owned(),
                }),
            },
        })
        .collect();
    Ok(TournamentView {
        id: tournament.id.clone(),
        kind: tournament.kind,
        name: tournament.name.clone(),
        game: tournament.game.clone(),
        options: tournament.options.clone(),
        clock: tournament.clock,
        rated: tournament.rated,
        status: tournament.status,
        created_by: rows.creator.clone(),
        starts_at_ms: tournament.starts_at.0,
        starts_in_ms: (tournament.starts_at - now).at_least_zero().0,
        ends_at_ms: tournament.ends_at.map(|end| end.0),
        ends_in_ms: tournament.ends_at.map(|end| (end - now).at_least_zero().0),
        rounds: tournament.rounds,
        round: tournament.round,
        players: standings(rows)?,
        pairings,
        version: tournament.version,
    })
}

/// Tournament `tournament` in a list, with its number of `players`.
pub(crate) fn listed(tournament: &StoredTournament, players: u32) -> TournamentListed {
    TournamentListed {
        id: tournament.id.clone(),
        kind: tournament.kind,
        name: tournament.name.clone(),
        game: tournament.game.clone(),
        clock: tournament.clock,
        rated: tournament.rated,
        status: tournament.status,
        starts_at_ms: tournament.starts_at.0,
        ends_at_ms: tournament.ends_at.map(|end| end.0),
        rounds: tournament.rounds,
        players,
    }
}
