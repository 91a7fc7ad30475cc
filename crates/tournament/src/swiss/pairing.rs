//! The Swiss pairing: FIDE's Dutch system (Handbook C.04.3, the 2017 text) by weighted
//! matching, one score bracket at a time, the method of bbpPairings's `dutch.cpp`.
//!
//! The players to pair (everyone not withdrawn) are ordered by score, then pairing number
//! (A.2), and grouped by score. With an odd number a "bye" vertex joins them, linked to each
//! player eligible for the bye. The brackets are then paired from the highest score down; a
//! bracket holds the players of one score group and those moved down from above (MDPs). For
//! each bracket one maximum-weight matching is computed over all players not yet paired, the
//! lower brackets included, which settles the bracket:
//!
//! 1. The matching has the most pairs possible (the blossom algorithm's maximum-cardinality
//!    mode): no player is left out whom some legal pairing of the whole round would pair
//!    (C.4, completion). Only legal pairs are edges: two players who have played each other are
//!    never paired (C.1), and only players who have had no bye and no forfeit win take the bye
//!    (C.2).
//! 2. Then, by the weights of [`super::weights::Digit`], in this order: the fewest pairs of two
//!    players wanting the same colour absolutely (C.3, see below); the most pairs inside the
//!    bracket (C.5); the highest scores paired inside it, so the lowest float down (C.6); the
//!    most floaters that the next score group can pair (C.7); in the last bracket, the bye to the
//!    lowest-ranked player; the most colour preferences granted (C.10), then strong ones
//!    (C.11); the fewest repeated downfloats and upfloats from the previous round (C.12,
//!    C.13); and last the pairing closest to the Dutch order.
//!
//! The pairs inside the bracket are then fixed and its other players move down. Because every
//! matching covers all remaining players, what is fixed always leaves the rest of the round
//! pairable as well as before: the absolute criteria hold whenever any legal pairing exists.
//!
//! Where this differs from the published system, and why, is listed in
//! `docs/tournaments.md` ("Where Arbiter differs from FIDE's text").

use std::cmp::Reverse;
use std::collections::HashSet;

use super::colour::{higher_players_colour, satisfaction, Colours};
use super::record::{Entry, Records};
use super::weights::{Digit, Digits, Scale};
use super::{SwissBoard, SwissEvent, SwissPairing};
use crate::matching::{maximum_weight_matching, Edge};
use crate::points::Points;

/// How a player's last round set them against their opponent's score (A.4.b).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Float {
    /// Played a lower score, or did not play at all.
    Down,
    /// Played a higher score.
    Up,
    /// Played an equal score, or has no rounds yet.
    Level,
}

/// A player to pair.
#[derive(Debug, Clone)]
struct Candidate {
    /// Position in the event's player list.
    player: usize,
    score: Points,
    /// Position in pairing-number order, from 0.
    pairing_index: usize,
    colours: Colours,
    bye_eligible: bool,
    float: Float,
    /// Positions of the players met over the board.
    met: HashSet<usize>,
}

/// A round being paired: the candidates in pairing order (they are the vertices `0..n`) and,
/// with an odd number, the bye vertex `n`.
struct Round<'e> {
    event: &'e SwissEvent,
    candidates: Vec<Candidate>,
    bye_vertex: Option<usize>,
}

/// One bracket's view of the vertices.
struct Bracket {
    member: Vec<bool>,
    /// In the score group after the bracket's.
    next: Vec<bool>,
    /// Each member's place in the Dutch order.
    slot: Vec<Option<Slot>>,
    movers: usize,
    residents: usize,
    last: bool,
}

/// A bracket member's place: the `i`-th player moved down, or the `i`-th resident.
#[derive(Debug, Clone, Copy)]
enum Slot {
    Mover(usize),
    Resident(usize),
}

/// Pairs the next round of a checked, finished event.
pub(super) fn pair(event: &SwissEvent, records: &Records) -> SwissPairing {
    let candidates = candidates(event, records);
    let bye_vertex = (candidates.len() % 2 == 1).then_some(candidates.len());
    let round = Round { event, candidates, bye_vertex };
    let (pairs, bye) = round.pair_brackets();
    round.publish(&pairs, bye)
}

/// The active players, in pairing order.
fn candidates(event: &SwissEvent, records: &Records) -> Vec<Candidate> {
    let mut candidates: Vec<Candidate> = (0..event.players.len())
        .filter(|&player| !event.players[player].withdrawn)
        .map(|player| {
            let entries = &records.entries[player];
            let forfeit_win = |entry: &Entry| {
                matches!(entry, Entry::Game { played: false, points: Some(Points::ONE), .. })
            };
            Candidate {
                player,
                score: records.score(player),
                pairing_index: records.pairing_index[player],
                colours: Colours::of(
                    entries.iter().filter_map(|e| e.played()).map(|p| p.1).collect(),
                ),
                bye_eligible: !entries.iter().any(|e| *e == Entry::Bye || forfeit_win(e)),
                float: last_float(records, player),
                met: entries.iter().filter_map(|e| e.played()).map(|p| p.0).collect(),
            }
        })
        .collect();
    candidates.sort_by_key(|candidate| (Reverse(candidate.score), candidate.pairing_index));
    candidates
}

/// The float a player received in the last round.
fn last_float(records: &Records, player: usize) -> Float {
    let rounds = records.entries[player].len();
    let Some(last) = records.entries[player].last() else {
        return Float::Level;
    };
    match last.played() {
        // "A player who, for whatever reason, does not play in a round, also receives a
        // downfloat" (A.4.b).
        None => Float::Down,
        Some((opponent, _)) => {
            let mine = records.score_after(player, rounds - 1);
            let theirs = records.score_after(opponent, rounds - 1);
            match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => Float::Down,
                std::cmp::Ordering::Less => Float::Up,
                std::cmp::Ordering::Equal => Float::Level,
            }
        }
    }
}

impl Round<'_> {
    fn vertex_count(&self) -> usize {
        self.candidates.len() + usize::from(self.bye_vertex.is_some())
    }

    /// Whether `u` and `v` may be paired: not met before, and the bye only for the eligible.
    fn legal(&self, u: usize, v: usize) -> bool {
        match (Some(u) == self.bye_vertex, Some(v) == self.bye_vertex) {
            (true, _) => self.candidates[v].bye_eligible,
            (_, true) => self.candidates[u].bye_eligible,
            _ => !self.candidates[u].met.contains(&self.candidates[v].player),
        }
    }

    /// The candidates of each score, highest first.
    fn score_groups(&self) -> Vec<Vec<usize>> {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (vertex, candidate) in self.candidates.iter().enumerate() {
            match groups.last_mut() {
                Some(group) if self.candidates[group[0]].score == candidate.score => {
                    group.push(vertex);
                }
                _ => groups.push(vec![vertex]),
            }
        }
        groups
    }

    /// Pairs the brackets from the top: the pairs (higher-ranked vertex first) and the bye.
    fn pair_brackets(&self) -> (Vec<(usize, usize)>, Option<usize>) {
        let mut alive = vec![true; self.vertex_count()];
        let mut pairs = Vec::new();
        let mut movers: Vec<usize> = Vec::new();
        let groups = self.score_groups();
        for (index, residents) in groups.iter().enumerate() {
            let last = index + 1 == groups.len();
            let mut members = std::mem::take(&mut movers);
            members.extend(residents);
            if members.len() < 2 && !last {
                movers = members;
                continue;
            }
            let next = groups.get(index + 1).map_or(&[][..], Vec::as_slice);
            let bracket = self.bracket(&members, residents.len(), next, last);
            let mates = self.match_remaining(&alive, &bracket);
            if last {
                let (rest, bye) = self.settle_all(&mates);
                pairs.extend(rest);
                return (pairs, bye);
            }
            for &vertex in &members {
                match mates[vertex] {
                    Some(mate) if bracket.member[mate] => {
                        if vertex < mate {
                            pairs.push((vertex, mate));
                        }
                        alive[vertex] = false;
                    }
                    _ => movers.push(vertex),
                }
            }
        }
        (pairs, None)
    }

    /// The pairs and the bye of the last bracket's matching, which holds everyone the brackets
    /// above left.
    fn settle_all(&self, mates: &[Option<usize>]) -> (Vec<(usize, usize)>, Option<usize>) {
        let mut pairs = Vec::new();
        let mut bye = None;
        for (vertex, mate) in mates.iter().enumerate() {
            match *mate {
                Some(mate) if Some(mate) == self.bye_vertex => bye = Some(vertex),
                Some(mate) if vertex < mate && Some(vertex) != self.bye_vertex => {
                    pairs.push((vertex, mate));
                }
                _ => {}
            }
        }
        (pairs, bye)
    }

    /// The bracket of `members` (movers first, then `residents` residents).
    fn bracket(&self, members: &[usize], residents: usize, next: &[usize], last: bool) -> Bracket {
        let count = self.vertex_count();
        let movers = members.len() - residents;
        let mut bracket = Bracket {
            member: vec![false; count],
            next: vec![false; count],
            slot: vec![None; count],
            movers,
            residents,
            last,
        };
        for (position, &vertex) in members.iter().enumerate() {
            bracket.member[vertex] = true;
            bracket.slot[vertex] = Some(if position < movers {
                Slot::Mover(position)
            } else {
                Slot::Resident(position - movers)
            });
        }
        for &vertex in next {
            bracket.next[vertex] = true;
        }
        bracket
    }
}

/// The pairing and weights of one bracket's matching.
impl Round<'_> {
    /// The maximum-weight matching of the vertices still `alive`, for `bracket`, as each
    /// vertex's mate.
    fn match_remaining(&self, alive: &[bool], bracket: &Bracket) -> Vec<Option<usize>> {
        let vertices: Vec<usize> = (0..alive.len()).filter(|&v| alive[v]).collect();
        let scale = Scale::new(&self.bounds(vertices.len(), bracket))
            .expect("the event's size limits keep the weights within range");
        let mut edges = Vec::new();
        for (i, &u) in vertices.iter().enumerate() {
            for (j, &v) in vertices.iter().enumerate().skip(i + 1) {
                if self.legal(u, v) {
                    let weight = scale.weight(&self.digits(u, v, bracket));
                    edges.push(Edge { a: i, b: j, weight });
                }
            }
        }
        let local = maximum_weight_matching(vertices.len(), &edges, true);
        let mut mates = vec![None; alive.len()];
        for (i, mate) in local.into_iter().enumerate() {
            mates[vertices[i]] = mate.map(|j| vertices[j]);
        }
        mates
    }

    /// The most each digit can add up to in one matching of `vertex_count` vertices.
    fn bounds(&self, vertex_count: usize, bracket: &Bracket) -> Digits {
        let size = (bracket.movers + bracket.residents) as u64;
        let pairs = size / 2;
        let most_half_points = self
            .candidates
            .iter()
            .enumerate()
            .filter(|&(vertex, _)| bracket.member[vertex])
            .map(|(_, candidate)| u64::from(candidate.score.quarters() / 2))
            .max()
            .unwrap_or(0);
        let mut bounds = Digits::default();
        bounds.set(Digit::NoColourConflict, vertex_count as u64 / 2);
        bounds.set(Digit::BracketPair, pairs);
        bounds.set(Digit::BracketScore, pairs * 2 * most_half_points);
        bounds.set(Digit::NextBracketPair, size);
        bounds.set(Digit::ByeRank, if bracket.last { self.vertex_count() as u64 } else { 0 });
        bounds.set(Digit::ColourPreference, pairs);
        bounds.set(Digit::StrongColourPreference, pairs);
        bounds.set(Digit::RepeatDownfloatAvoided, size);
        bounds.set(Digit::RepeatUpfloatAvoided, pairs);
        bounds.set(Digit::DutchOrder, pairs * size);
        bounds
    }

    /// The digits of the legal edge `u`–`v` (`u < v`: `u` ranks higher; the bye vertex is
    /// last).
    fn digits(&self, u: usize, v: usize, bracket: &Bracket) -> Digits {
        let mut digits = Digits::default();
        if Some(v) == self.bye_vertex {
            digits.set(Digit::NoColourConflict, 1);
            if bracket.last {
                // The lower the player ranks, the higher the bye's weight.
                digits.set(Digit::ByeRank, u as u64 + 1);
            }
            return digits;
        }
        let (higher, lower) = (&self.candidates[u], &self.candidates[v]);
        let conflict = higher.colours.conflicts_with(&lower.colours);
        digits.set(Digit::NoColourConflict, u64::from(!conflict));
        match (bracket.member[u], bracket.member[v]) {
            (true, true) => self.bracket_digits(u, v, bracket, &mut digits),
            (true, false) if bracket.next[v] => digits.set(Digit::NextBracketPair, 1),
            (false, true) if bracket.next[u] => digits.set(Digit::NextBracketPair, 1),
            _ => {}
        }
        digits
    }

    /// The digits of a pair inside the bracket.
    fn bracket_digits(&self, u: usize, v: usize, bracket: &Bracket, digits: &mut Digits) {
        let (higher, lower) = (&self.candidates[u], &self.candidates[v]);
        digits.set(Digit::BracketPair, 1);
        let half_points = u64::from((higher.score.quarters() + lower.score.quarters()) / 2);
        digits.set(Digit::BracketScore, half_points);
        let colour = self.higher_colour(u, v);
        let served = satisfaction(&higher.colours, &lower.colours, colour);
        digits.set(Digit::ColourPreference, u64::from(served.all_preferences));
        digits.set(Digit::StrongColourPreference, u64::from(served.strong_preferences));
        let repeated_down_avoided = [(higher, lower), (lower, higher)]
            .iter()
            .filter(|(me, them)| me.float == Float::Down && them.score >= me.score)
            .count();
        digits.set(Digit::RepeatDownfloatAvoided, repeated_down_avoided as u64);
        let repeated_up = higher.score > lower.score && lower.float == Float::Up;
        digits.set(Digit::RepeatUpfloatAvoided, u64::from(!repeated_up));
        digits.set(Digit::DutchOrder, dutch_order_reward(bracket, u, v));
    }

    /// The colour of the higher-ranked `u` against `v`.
    fn higher_colour(&self, u: usize, v: usize) -> arbiter_core::Side {
        let (higher, lower) = (&self.candidates[u], &self.candidates[v]);
        // Pairing numbers count from 1: index 0 is number 1, odd.
        let odd = higher.pairing_index % 2 == 0;
        higher_players_colour(&higher.colours, &lower.colours, odd, self.event.initial_colour)
    }

    /// The boards, in order, with their colours.
    fn publish(&self, pairs: &[(usize, usize)], bye: Option<usize>) -> SwissPairing {
        let id = |vertex: usize| self.event.players[self.candidates[vertex].player].id;
        let mut ordered = pairs.to_vec();
        ordered.sort_by_key(|&(u, v)| {
            (Reverse(self.candidates[u].score), Reverse(self.candidates[v].score), u)
        });
        let boards = ordered
            .iter()
            .map(|&(u, v)| {
                if self.higher_colour(u, v) == arbiter_core::Side::White {
                    SwissBoard { white: id(u), black: id(v) }
                } else {
                    SwissBoard { white: id(v), black: id(u) }
                }
            })
            .collect();
        let seated: HashSet<usize> = pairs.iter().flat_map(|&(u, v)| [u, v]).chain(bye).collect();
        SwissPairing {
            round: u32::try_from(self.event.history.len() + 1).unwrap_or(u32::MAX),
            boards,
            bye: bye.map(id),
            unpaired: (0..self.candidates.len()).filter(|v| !seated.contains(v)).map(id).collect(),
        }
    }
}

/// How close `u`–`v` (`u` above `v`) is to the Dutch order of the bracket, from 0 (far) to
/// the bracket's size (the pair the order itself makes). The order pairs the movers, in
/// order, with the top residents, then the remaining residents' top half (S1) with their bottom
/// half (S2), first with first (C.04.3, sections B and D); the reward falls with the distance
/// from that.
fn dutch_order_reward(bracket: &Bracket, u: usize, v: usize) -> u64 {
    let size = bracket.movers + bracket.residents;
    let paired_movers = bracket.movers.min(bracket.residents);
    let half = (bracket.residents - paired_movers) / 2;
    let distance = match (bracket.slot[u], bracket.slot[v]) {
        (Some(Slot::Mover(i)), Some(Slot::Resident(j)))
        | (Some(Slot::Resident(j)), Some(Slot::Mover(i))) => i.abs_diff(j),
        (Some(Slot::Resident(x)), Some(Slot::Resident(y))) if x.min(y) >= paired_movers => {
            x.abs_diff(y).abs_diff(half)
        }
        _ => size,
    };
    (size - distance.min(size)) as u64
}
