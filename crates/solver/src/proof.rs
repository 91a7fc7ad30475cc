//! The proof tree of a solved position, written as text for a checker that knows only the
//! rules.
//!
//! One line for each position of the proof where the winner is to move: the position's text,
//! a tab, and the winning move chosen there. Positions where the loser is to move get no line:
//! every one of their moves must lead into the proof, which the checker sees by playing them.
//! A position reached along several paths has one line.

use std::collections::HashSet;
use std::io::{self, Write};

use arbiter_core::{Knowledge, Side, Status};

use crate::dfpn::Search;
use crate::table::{key_of, Table};
use crate::Progress;

/// Writes the proof that `winner` wins from `root`, a line per position where he is to move;
/// returns the number of lines. A move is chosen where the table knows the position after it
/// is lost for the loser, else the first move that df-pn proves so.
pub(crate) fn write<G: Knowledge>(
    table: &mut Table,
    root: &G,
    winner: Side,
    out: &mut dyn Write,
) -> io::Result<u64> {
    // Seen by the plain hash, not the canonical one: a position and its mirror image are
    // written separately, since the checker finds positions by their text.
    let mut seen: HashSet<u64> = HashSet::new();
    let mut stack = vec![root.clone()];
    let mut lines = 0;
    while let Some(position) = stack.pop() {
        if !seen.insert(position.hash()) || position.status().is_over() {
            continue;
        }
        let moves = position.legal_moves();
        if position.side_to_move() == winner {
            let mv = winning_move(table, &position, &moves).ok_or_else(|| {
                io::Error::other(format!(
                    "no winning move found at {}: the table is inconsistent",
                    position.to_text()
                ))
            })?;
            writeln!(out, "{}\t{mv}", position.to_text())?;
            lines += 1;
            let mut child = position.clone();
            child.play_unchecked(mv);
            stack.push(child);
        } else {
            for mv in moves {
                let mut child = position.clone();
                child.play_unchecked(mv);
                stack.push(child);
            }
        }
    }
    Ok(lines)
}

/// A move after which the player to move loses: one the table or the game's knowledge knows,
/// else one df-pn proves.
fn winning_move<G: Knowledge>(
    table: &mut Table,
    position: &G,
    moves: &[G::Move],
) -> Option<G::Move> {
    let children: Vec<(G::Move, G)> = moves
        .iter()
        .map(|&mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            (mv, child)
        })
        .collect();
    let lost = |child: &G| match child.status() {
        Status::Over(outcome) => outcome.winner() != Some(child.side_to_move()),
        Status::Ongoing => false,
    };
    if let Some((mv, _)) = children.iter().find(|(_, child)| lost(child)) {
        return Some(*mv);
    }
    if let Some((mv, _)) = children.iter().find(|(_, child)| {
        table.value(key_of(child)) == Some(false)
            // Seen lost by the game's knowledge (the child of a race won in three, say), which
            // df-pn solves without storing it.
            || (!child.status().is_over()
                && child.forced().is_some_and(|forced| !forced.mover_wins()))
    }) {
        return Some(*mv);
    }
    let mut quiet = |_: &Progress| {};
    children.into_iter().find_map(|(mv, child)| {
        let mut search = Search::new(table, None, &mut quiet);
        (search.solve(&child) == Some(false)).then_some(mv)
    })
}
