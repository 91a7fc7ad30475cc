//! Arena pairing: the waiting players are matched by nearness in the standings and in rating,
//! as lila's `arena/PairingSystem.scala` and `arena/AntmaPairing.scala` do.
//!
//! - With an odd number waiting, the most recent arrival first sits out; if nobody can then be
//!   paired, everyone is tried (lila's `evenOrAll` and `WaitingUsers.evenNumber`).
//! - Two players may not meet if either was the other's last opponent, unless they are the
//!   arena's only two active players (lila's `justPlayedTogether` and `duelScore`), nor if both
//!   have had the same colour three or more times in a row (lila's `ColorHistory.couldPlay`
//!   with `maxStrike = 3`).
//! - Among pairings with the most games, the chosen one has the least total cost, a pair
//!   costing `|rank difference| × factor + |rating difference|`, where the factor falls from
//!   2000 for the leader to 300 for the lowest-ranked waiting player (lila's `pairScore` and
//!   `rankFactorFor`), so that pairing the leaders closely matters most.
//! - Colours: the player with the longer run of blacks (or shorter run of whites), then the
//!   one with fewer whites than blacks, gets white; a tie is decided by the seed (lila's
//!   `ColorHistory.firstGetsWhite`, which falls back to a random choice).

use std::collections::HashMap;

use arbiter_core::Side;

use super::sheet::colours_of;
use super::standings::standings;
use super::{Arena, ArenaPairing, Roster, ARENA_MATCHING_GROUP};
use crate::error::TournamentError;
use crate::matching::{maximum_weight_matching, Edge};
use crate::player::PlayerId;
use crate::seed::coin;

/// Two players who have both had the same colour this many times in a row may not meet (lila's
/// `maxStrike`).
const MAX_COLOUR_RUN: i32 = 3;

/// What the pairing needs to know of a waiting player.
#[derive(Debug, Clone, Copy)]
struct Waiting {
    id: PlayerId,
    /// Place in the standings, from 0.
    rank: i64,
    rating: i64,
    /// Their latest game's opponent.
    last_opponent: Option<PlayerId>,
    colours: ColourHistory,
}

/// lila's `ColorHistory`: the current run of one colour (positive for whites, negative for
/// blacks) and whites minus blacks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
struct ColourHistory {
    run: i32,
    balance: i32,
}

impl ColourHistory {
    fn of(colours: &[Side]) -> ColourHistory {
        colours.iter().fold(ColourHistory::default(), |history, &colour| match colour {
            Side::White => {
                ColourHistory { run: history.run.max(0) + 1, balance: history.balance + 1 }
            }
            Side::Black => {
                ColourHistory { run: history.run.min(0) - 1, balance: history.balance - 1 }
            }
        })
    }

    /// Not both on a run of the same colour of `MAX_COLOUR_RUN` or more.
    fn could_play(self, other: ColourHistory) -> bool {
        (self.run > -MAX_COLOUR_RUN || other.run > -MAX_COLOUR_RUN)
            && (self.run < MAX_COLOUR_RUN || other.run < MAX_COLOUR_RUN)
    }
}

/// Pairs `waiting` in a validated arena.
pub(super) fn pair(
    arena: &Arena,
    roster: &Roster,
    waiting: &[PlayerId],
    seed: u64,
) -> Result<Vec<ArenaPairing>, TournamentError> {
    let pool = describe_waiting(arena, roster, waiting)?;
    let duel = arena.players.iter().filter(|player| !player.withdrawn).count() == 2;
    if pool.len() % 2 == 1 {
        // The most recent arrival waits for the next pairing, unless that pairs nobody.
        let pairs = pair_pool(&pool[..pool.len() - 1], duel, seed);
        if !pairs.is_empty() {
            return Ok(pairs);
        }
    }
    Ok(pair_pool(&pool, duel, seed))
}

/// Checks the waiting list and gathers what the pairing needs, in waiting order.
fn describe_waiting(
    arena: &Arena,
    roster: &Roster,
    waiting: &[PlayerId],
) -> Result<Vec<Waiting>, TournamentError> {
    let ranks: HashMap<PlayerId, i64> = standings(arena, roster)
        .into_iter()
        .map(|line| (line.player, i64::from(line.rank) - 1))
        .collect();
    let mut seen = HashMap::new();
    let mut pool = Vec::with_capacity(waiting.len());
    for &id in waiting {
        let &position =
            roster.index.get(&id).ok_or(TournamentError::UnknownPlayer { player: id })?;
        let player = &arena.players[position];
        if seen.insert(id, ()).is_some() {
            return Err(TournamentError::DuplicateWaiting { player: id });
        }
        if player.withdrawn {
            return Err(TournamentError::WithdrawnWaiting { player: id });
        }
        let games = roster.games_of[position].iter().map(|&number| &arena.games[number]);
        if games.clone().any(|game| game.result.is_none()) {
            return Err(TournamentError::PlayingWaiting { player: id });
        }
        let last_opponent = games
            .clone()
            .next_back()
            .and_then(|game| game.side_of(id).map(|side| game.seat(side.opponent()).player));
        pool.push(Waiting {
            id,
            rank: ranks.get(&id).copied().unwrap_or(0),
            rating: i64::from(player.rating),
            last_opponent,
            colours: ColourHistory::of(&colours_of(id, games)),
        });
    }
    Ok(pool)
}

/// Pairs a pool in groups of [`ARENA_MATCHING_GROUP`] by standings order; the games of the
/// best-placed players first.
fn pair_pool(pool: &[Waiting], duel: bool, seed: u64) -> Vec<ArenaPairing> {
    let mut ranked = pool.to_vec();
    ranked.sort_by_key(|player| (player.rank, player.id));
    let mut games: Vec<(i64, ArenaPairing)> = ranked
        .chunks(ARENA_MATCHING_GROUP)
        .flat_map(|group| match_group(group, duel, seed))
        .collect();
    games.sort_by_key(|&(best_rank, _)| best_rank);
    games.into_iter().map(|(_, pairing)| pairing).collect()
}

/// The cheapest pairing with the most games within one group, each game with the better
/// rank among its players.
fn match_group(group: &[Waiting], duel: bool, seed: u64) -> Vec<(i64, ArenaPairing)> {
    let lowest_rank = group.iter().map(|player| player.rank).max().unwrap_or(0);
    let mut costs = Vec::new();
    for (i, a) in group.iter().enumerate() {
        for (j, b) in group.iter().enumerate().skip(i + 1) {
            if duel {
                // Only two players are left in the arena: they play each other, whatever
                // their history (lila's `duelScore`).
                costs.push((i, j, 0));
            } else if may_meet(a, b) {
                costs.push((i, j, pair_cost(a, b, lowest_rank)));
            }
        }
    }
    let most = costs.iter().map(|&(_, _, cost)| cost).max().unwrap_or(0);
    let edges: Vec<Edge> = costs
        .into_iter()
        .map(|(a, b, cost)| Edge { a, b, weight: i128::from(most - cost) })
        .collect();
    let mates = maximum_weight_matching(group.len(), &edges, true);
    let mut games = Vec::new();
    for (i, mate) in mates.into_iter().enumerate() {
        if let Some(j) = mate.filter(|&j| i < j) {
            let (a, b) = (&group[i], &group[j]);
            let pairing = if first_gets_white(a, b, seed) {
                ArenaPairing { white: a.id, black: b.id }
            } else {
                ArenaPairing { white: b.id, black: a.id }
            };
            games.push((a.rank.min(b.rank), pairing));
        }
    }
    games
}

/// Neither was the other's last opponent, and their colour runs allow a game.
fn may_meet(a: &Waiting, b: &Waiting) -> bool {
    a.last_opponent != Some(b.id)
        && b.last_opponent != Some(a.id)
        && a.colours.could_play(b.colours)
}

/// lila's `pairScore`: rank difference weighted by `rankFactorFor`, plus rating difference.
fn pair_cost(a: &Waiting, b: &Waiting, lowest_rank: i64) -> i64 {
    let better_rank = a.rank.min(b.rank);
    let factor =
        if lowest_rank > 0 { 300 + 1700 * (lowest_rank - better_rank) / lowest_rank } else { 2000 };
    (a.rank - b.rank).abs() * factor + (a.rating - b.rating).abs()
}

/// lila's `ColorHistory.firstGetsWhite`: the smaller (run, balance) gets white; a tie goes to
/// the seed.
fn first_gets_white(a: &Waiting, b: &Waiting, seed: u64) -> bool {
    match a.colours.cmp(&b.colours) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => coin(seed, a.id, b.id) == (a.id < b.id),
    }
}
