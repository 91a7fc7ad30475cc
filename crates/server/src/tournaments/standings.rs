//! A stored tournament read as the rules crate's values (`arbiter_tournament`): its players
//! numbered in the order they joined, its games with their results as the games' rows hold
//! them, a no-show scored as a loss for the player absent; and the standings of either kind,
//! as the API shows them.

use std::collections::HashMap;

use arbiter_catalog::GameId;
use arbiter_core::Side;
use arbiter_tournament::arena::{Arena, ArenaGame, ArenaPlayer, ArenaRules, ArenaSeat};
use arbiter_tournament::swiss::{SwissEvent, SwissGame, SwissPlayer, SwissResult, SwissRound};
use arbiter_tournament::{GameResult as RulesResult, PlayerId};
use serde::Serialize;

use crate::error::ApiError;
use crate::live::{Event, GameResult};
use crate::store::{Entrant, GameOutcome, TournamentKind, TournamentRows};

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Standing {
    /// The place, from 1.
    pub rank: u32,
    /// The player's name.
    pub name: String,
    /// The rating the player joined with, in the tournament's perf.
    pub rating: i32,
    /// Arena points, or Swiss points (½ a draw).
    pub score: f64,
    /// The tiebreaks after the score: an arena's performance rating (0 before a finished
    /// game); a Swiss event's Buchholz, then Sonneborn–Berger.
    pub tiebreaks: Vec<f64>,
    /// An arena player on a streak of two or more wins.
    pub fire: bool,
    /// The player has left.
    pub withdrawn: bool,
    /// Finished games (an arena's), or rounds scored (a Swiss event's).
    pub games: u32,
}

/// How a game of the tournament ended, for its scoring: `None` while it is played.
pub(crate) enum Scored {
    /// Played to a result.
    Played(RulesResult),
    /// Not started by `absent`: a loss for them.
    NoShow { absent: Side },
}

/// The side that moves first in the tournament's game.
pub(crate) fn first_mover(rows: &TournamentRows) -> Result<Side, ApiError> {
    let kind: GameId =
        rows.tournament.game.parse().map_err(|e| ApiError::Damaged(format!("{e}")))?;
    let live = crate::live::build(&kind.into(), &rows.tournament.options, &[], None)
        .map_err(|e| ApiError::Damaged(format!("the tournament's game cannot be made: {e}")))?;
    Ok(live.side_to_move())
}

/// How the game of `outcome` counts, once over; `first` moved first in it.
pub(crate) fn scored(outcome: &GameOutcome, first: Side) -> Option<Scored> {
    if let Some(result) = outcome.result {
        return Some(Scored::Played(match result {
            GameResult::WhiteWins => RulesResult::Win(Side::White),
            GameResult::BlackWins => RulesResult::Win(Side::Black),
            GameResult::Draw => RulesResult::Draw,
        }));
    }
    match outcome.event? {
        Event::AbortedBy(side) => Some(Scored::NoShow { absent: side }),
        // The first move not made in time: the side to move did not start.
        Event::Abort => Some(Scored::NoShow {
            absent: if outcome.plies.is_multiple_of(2) { first } else { first.opponent() },
        }),
        _ => None,
    }
}

/// The player numbers of a tournament: each account's place in the list of players.
pub(crate) struct Numbers<'a>(HashMap<&'a str, PlayerId>);

impl<'a> Numbers<'a> {
    pub(crate) fn of(rows: &'a TournamentRows) -> Numbers<'a> {
        let places = rows.players.iter().enumerate();
        Numbers(
            places
                .map(|(place, player)| (player.account.as_str(), PlayerId(place as u64)))
                .collect(),
        )
    }

    /// The number of `account`.
    pub(crate) fn get(&self, account: &str) -> Result<PlayerId, ApiError> {
        self.0
            .get(account)
            .copied()
            .ok_or_else(|| ApiError::Damaged(format!("a pairing names a stranger: {account}")))
    }
}

/// The players as the rules crate's, each numbered by its place in the list.
fn numbered<T>(rows: &TournamentRows, player: impl Fn(PlayerId, &Entrant) -> T) -> Vec<T> {
    let numbered = rows.players.iter().enumerate();
    numbered.map(|(place, entrant)| player(PlayerId(place as u64), entrant)).collect()
}

/// The tournament as an arena.
pub(crate) fn arena(rows: &TournamentRows) -> Result<Arena, ApiError> {
    let players = numbered(rows, |id, player| ArenaPlayer {
        id,
        rating: player.rating,
        withdrawn: player.withdrawn,
    });
    let (numbers, first) = (Numbers::of(rows), first_mover(rows)?);
    let mut games = Vec::with_capacity(rows.pairings.len());
    for pairing in &rows.pairings {
        let (Some(black), Some(outcome)) = (&pairing.black, &pairing.outcome) else { continue };
        let seat = |account: &str, side: Side| -> Result<ArenaSeat, ApiError> {
            let id = numbers.get(account)?;
            let rating = rows.players[id.0 as usize].rating;
            Ok(ArenaSeat { player: id, rating, berserk: outcome.berserk[side.index()] })
        };
        let result = scored(outcome, first).map(|scored| match scored {
            Scored::Played(result) => result,
            Scored::NoShow { absent } => RulesResult::Win(absent.opponent()),
        });
        games.push(ArenaGame {
            white: seat(&pairing.white, Side::White)?,
            black: seat(black, Side::Black)?,
            result,
            plies: outcome.plies,
        });
    }
    Ok(Arena { rules: ArenaRules::default(), players, games })
}

/// The tournament as a Swiss event.
pub(crate) fn swiss(rows: &TournamentRows) -> Result<SwissEvent, ApiError> {
    let players = numbered(rows, |id, player| SwissPlayer {
        id,
        rating: player.rating,
        withdrawn: player.withdrawn,
    });
    let rounds = rows.tournament.rounds.unwrap_or(0);
    let (numbers, first) = (Numbers::of(rows), first_mover(rows)?);
    let mut history: Vec<SwissRound> = Vec::new();
    for pairing in &rows.pairings {
        let round = pairing.round as usize;
        if round == 0 || round > rounds as usize {
            return Err(ApiError::Damaged(format!("a pairing of round {round}")));
        }
        while history.len() < round {
            history.push(SwissRound::default());
        }
        let white = numbers.get(&pairing.white)?;
        let entry = &mut history[round - 1];
        match (&pairing.black, &pairing.outcome) {
            (Some(black), Some(outcome)) => {
                let result = scored(outcome, first).map(|scored| match scored {
                    Scored::Played(result) => SwissResult::Played(result),
                    Scored::NoShow { absent } => {
                        SwissResult::Forfeit { winner: Some(absent.opponent()) }
                    }
                });
                entry.games.push(SwissGame { white, black: numbers.get(black)?, result });
            }
            _ => entry.bye = Some(white),
        }
    }
    Ok(SwissEvent { rounds, initial_colour: Side::White, players, history })
}

/// The standings, by the rules of the tournament's kind.
pub(crate) fn standings(rows: &TournamentRows) -> Result<Vec<Standing>, ApiError> {
    let broken = |error: arbiter_tournament::TournamentError| {
        ApiError::Damaged(format!("the tournament's games contradict each other: {error}"))
    };
    let name = |id: PlayerId| rows.players[id.0 as usize].name.clone();
    match rows.tournament.kind {
        TournamentKind::Arena => {
            let arena = arena(rows)?;
            let lines = arena.standings().map_err(broken)?;
            Ok(lines
                .into_iter()
                .map(|line| Standing {
                    rank: line.rank,
                    name: name(line.player),
                    rating: line.rating,
                    score: f64::from(line.score),
                    tiebreaks: vec![f64::from(line.performance.unwrap_or(0))],
                    fire: line.fire,
                    withdrawn: line.withdrawn,
                    games: line.games,
                })
                .collect())
        }
        TournamentKind::Swiss => {
            let event = swiss(rows)?;
            let lines = event.standings().map_err(broken)?;
            Ok(lines
                .into_iter()
                .map(|line| Standing {
                    rank: line.rank,
                    name: name(line.player),
                    rating: line.rating,
                    score: line.points.as_f64(),
                    tiebreaks: vec![line.buchholz.as_f64(), line.sonneborn_berger.as_f64()],
                    fire: false,
                    withdrawn: line.withdrawn,
                    games: rounds_played(&event, line.player),
                })
                .collect())
        }
    }
}

/// The rounds of `event` in which `player` had a game or the bye.
fn rounds_played(event: &SwissEvent, player: PlayerId) -> u32 {
    let took_part = |round: &&SwissRound| {
        round.bye == Some(player)
            || round.games.iter().any(|game| game.white == player || game.black == player)
    };
    event.history.iter().filter(took_part).count() as u32
}
