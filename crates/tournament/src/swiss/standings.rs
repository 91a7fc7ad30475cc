//! Swiss standings: points, then Buchholz, then Sonneborn–Berger.
//!
//! Unplayed rounds are handled as FIDE's tie-break regulations said from 2009 until their 2023
//! revision (decided by the Swiss Pairings Programs Committee at the 80th FIDE Congress,
//! Kallithea 2009, then part of the tie-break regulations of Handbook C.02):
//!
//! - For the player's own unplayed round (bye, forfeit either way, absence, withdrawal, a round
//!   before they joined, a round they were left unpaired), a virtual opponent who had the
//!   player's score before that round, took the opposite result in it and drew every later
//!   round: `S = S_before + (1 − result) + ½ × (n − r)` after round `n`, for round `r`. Lichess
//!   does the same for byes (`SwissScoring.computePlayers`).
//! - An opponent's own unplayed rounds count as draws in the score used for the player's
//!   tiebreaks ("all unplayed games in which players are indirectly involved … are considered
//!   to have been drawn"), so an opponent's withdrawal does not sink their opponents.
//!
//! Buchholz adds up those opponents' scores; Sonneborn–Berger adds each times the player's
//! result against them (a win the whole score, a draw half). `n` is the number of rounds in
//! the history, including one in progress; a game in progress counts for nothing yet.

use std::cmp::Reverse;

use super::record::{Entry, Records};
use super::{SwissEvent, SwissStanding};
use crate::points::Points;

/// The standings of a checked event.
pub(super) fn standings(event: &SwissEvent, records: &Records) -> Vec<SwissStanding> {
    let rounds = event.history.len();
    let adjusted: Vec<Points> = (0..event.players.len())
        .map(|player| records.entries[player].iter().map(|&entry| adjusted_points(entry)).sum())
        .collect();
    let mut lines: Vec<SwissStanding> = event
        .players
        .iter()
        .enumerate()
        .map(|(position, player)| {
            let (buchholz, sonneborn_berger) = tiebreaks(records, &adjusted, position, rounds);
            SwissStanding {
                rank: 0,
                player: player.id,
                points: records.score(position),
                buchholz,
                sonneborn_berger,
                rating: player.rating,
                withdrawn: player.withdrawn,
            }
        })
        .collect();
    lines.sort_by_key(|line| {
        (
            Reverse(line.points),
            Reverse(line.buchholz),
            Reverse(line.sonneborn_berger),
            Reverse(line.rating),
            line.player,
        )
    });
    for (place, line) in lines.iter_mut().enumerate() {
        line.rank = u32::try_from(place + 1).unwrap_or(u32::MAX);
    }
    lines
}

/// A round's points as seen in an opponent's tiebreaks: unplayed rounds are draws.
fn adjusted_points(entry: Entry) -> Points {
    if entry.is_unplayed() {
        Points::HALF
    } else {
        entry.points()
    }
}

/// Buchholz and Sonneborn–Berger of `player` after `rounds` rounds.
fn tiebreaks(
    records: &Records,
    adjusted: &[Points],
    player: usize,
    rounds: usize,
) -> (Points, Points) {
    let mut buchholz = Points::ZERO;
    let mut sonneborn_berger = Points::ZERO;
    for (round, &entry) in records.entries[player].iter().enumerate() {
        let (opponent_score, result) = match entry {
            Entry::Game { opponent, points: Some(result), played: true, .. } => {
                (adjusted[opponent], result)
            }
            // A game in progress: nothing yet.
            Entry::Game { points: None, .. } => continue,
            _ => {
                let result = entry.points();
                let before = records.score_after(player, round);
                let later_draws = Points::from_quarters(
                    Points::HALF.quarters() * u32::try_from(rounds - round - 1).unwrap_or(0),
                );
                let opposite = Points::from_quarters(Points::ONE.quarters() - result.quarters());
                (before + opposite + later_draws, result)
            }
        };
        buchholz += opponent_score;
        // Scores are whole or half points and results 0, ½ or 1, so the product is exact.
        sonneborn_berger += opponent_score.times_result(result).unwrap_or(Points::ZERO);
    }
    (buchholz, sonneborn_berger)
}
