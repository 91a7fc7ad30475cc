//! The steps a server takes in a tournament, decided from what is stored and the time: the
//! start, each pairing, the next Swiss round once the last game of a round ends, the end, and
//! the withdrawal of a player absent from their last two games. Deciding is pure
//! ([`plan`]); a step is then written in one transaction that checks the tournament's version
//! (`Store::take_step`), so that of the servers deciding the same step one writes it.

use std::collections::{HashMap, HashSet};

use arbiter_core::Side;
use arbiter_tournament::PlayerId;

use super::standings::{arena, first_mover, scored, swiss, Numbers, Scored};
use crate::error::ApiError;
use crate::store::{TournamentKind, TournamentRows, TournamentStatus};
use crate::time_control::Millis;

/// A step to take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Plan {
    /// The status after it.
    pub status: TournamentStatus,
    /// The Swiss rounds paired after it.
    pub round: u32,
    /// The new pairings: White's and Black's accounts, Black `None` for a bye.
    pub pairs: Vec<(String, Option<String>)>,
    /// The accounts it withdraws.
    pub withdrawn: Vec<String>,
}

/// The step tournament `rows` needs at `now`, if any.
pub(crate) fn plan(rows: &TournamentRows, now: Millis) -> Result<Option<Plan>, ApiError> {
    let tournament = &rows.tournament;
    if tournament.status == TournamentStatus::Finished || now < tournament.starts_at {
        return Ok(None);
    }
    let withdrawn = absent(rows, first_mover(rows)?);
    let marked;
    let rows = if withdrawn.is_empty() {
        rows
    } else {
        let mut copy = rows.clone();
        for player in &mut copy.players {
            if withdrawn.contains(&player.account) {
                player.withdrawn = true;
            }
        }
        marked = copy;
        &marked
    };
    let step = |status, round, pairs| Plan { status, round, pairs, withdrawn: withdrawn.clone() };
    let plan = match tournament.kind {
        TournamentKind::Arena => {
            if tournament.ends_at.is_some_and(|end| now >= end) {
                Some(step(TournamentStatus::Finished, 0, Vec::new()))
            } else {
                let pairs = arena_pairs(rows)?;
                let starting = tournament.status == TournamentStatus::Upcoming;
                (starting || !pairs.is_empty() || !withdrawn.is_empty())
                    .then(|| step(TournamentStatus::Running, 0, pairs))
            }
        }
        TournamentKind::Swiss => {
            swiss_step(rows)?.map(|(status, round, pairs)| step(status, round, pairs))
        }
    };
    Ok(plan)
}

/// The players who did not start their last two games (since they last joined), and have not
/// withdrawn. A game called off before its first move, in which the player was second to move,
/// says nothing of them either way. One pass over the games, the latest first, that stops
/// following a player once their record decides.
fn absent(rows: &TournamentRows, first: Side) -> Vec<String> {
    // Each player still followed: when they joined, and the games they missed so far.
    let mut followed: HashMap<&str, (Millis, u32)> = rows
        .players
        .iter()
        .filter(|player| !player.withdrawn)
        .map(|player| (player.account.as_str(), (Millis::from_secs(player.joined.secs()), 0)))
        .collect();
    let mut absent = HashSet::new();
    for pairing in rows.pairings.iter().rev() {
        if followed.is_empty() {
            break;
        }
        let Some(outcome) = &pairing.outcome else { continue };
        let Some(scored) = scored(outcome, first) else { continue };
        let seats =
            [(Side::White, Some(pairing.white.as_str())), (Side::Black, pairing.black.as_deref())];
        for (side, account) in seats {
            let Some(account) = account else { continue };
            let Some((joined, missed)) = followed.get_mut(account) else { continue };
            if outcome.created < *joined {
                continue;
            }
            match scored {
                Scored::NoShow { absent } if absent == side => *missed += 1,
                Scored::NoShow { .. } if outcome.plies == 0 => continue,
                _ => {
                    followed.remove(account);
                    continue;
                }
            }
            if *missed == 2 {
                absent.insert(account);
                followed.remove(account);
            }
        }
    }
    let players = rows.players.iter().map(|player| &player.account);
    players.filter(|account| absent.contains(account.as_str())).cloned().collect()
}

/// An arena's new pairings: the players waiting (not withdrawn, not playing), longest waiting
/// first, paired by the arena's rules.
fn arena_pairs(rows: &TournamentRows) -> Result<Vec<(String, Option<String>)>, ApiError> {
    let mut playing = HashSet::new();
    let mut free_since = vec![Millis::ZERO; rows.players.len()];
    for (place, player) in rows.players.iter().enumerate() {
        free_since[place] = player.joined;
    }
    let numbers = Numbers::of(rows);
    for pairing in &rows.pairings {
        let (Some(black), Some(outcome)) = (&pairing.black, &pairing.outcome) else { continue };
        for account in [&pairing.white, black] {
            let id = numbers.get(account)?.0 as usize;
            if outcome.over() {
                free_since[id] = free_since[id].max(outcome.updated);
            } else {
                playing.insert(id);
            }
        }
    }
    let mut waiting: Vec<usize> = (0..rows.players.len())
        .filter(|&id| !rows.players[id].withdrawn && !playing.contains(&id))
        .collect();
    if waiting.len() < 2 {
        return Ok(Vec::new());
    }
    waiting.sort_by_key(|&id| (free_since[id], id));
    let waiting: Vec<PlayerId> = waiting.into_iter().map(|id| PlayerId(id as u64)).collect();
    let seed = (rows.tournament.seed as u64) ^ (rows.pairings.len() as u64);
    let pairs = arena(rows)?
        .pair(&waiting, seed)
        .map_err(|error| ApiError::Damaged(format!("the arena cannot be paired: {error}")))?;
    let account = |id: PlayerId| rows.players[id.0 as usize].account.clone();
    Ok(pairs.into_iter().map(|pair| (account(pair.white), Some(account(pair.black)))).collect())
}

/// A Swiss event's step: its start with the first round, the next round once every game of
/// the last has ended, or its end after the last round (or when nobody can be paired).
type SwissStep = (TournamentStatus, u32, Vec<(String, Option<String>)>);

fn swiss_step(rows: &TournamentRows) -> Result<Option<SwissStep>, ApiError> {
    let tournament = &rows.tournament;
    let round = tournament.round;
    let current = rows.pairings.iter().filter(|pairing| pairing.round == round);
    let playing =
        current.filter_map(|pairing| pairing.outcome.as_ref()).any(|outcome| !outcome.over());
    if playing {
        return Ok(None);
    }
    let active = rows.players.iter().filter(|player| !player.withdrawn).count();
    let finished = Some((TournamentStatus::Finished, round, Vec::new()));
    if round >= tournament.rounds.unwrap_or(0) || active < 2 {
        return Ok(finished);
    }
    let pairing = swiss(rows)?
        .pair_next_round()
        .map_err(|error| ApiError::Damaged(format!("the round cannot be paired: {error}")))?;
    if pairing.boards.is_empty() {
        return Ok(finished);
    }
    let account = |id: PlayerId| rows.players[id.0 as usize].account.clone();
    let mut pairs: Vec<(String, Option<String>)> = pairing
        .boards
        .iter()
        .map(|board| (account(board.white), Some(account(board.black))))
        .collect();
    if let Some(bye) = pairing.bye {
        pairs.push((account(bye), None));
    }
    Ok(Some((TournamentStatus::Running, round + 1, pairs)))
}
