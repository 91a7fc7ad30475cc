//! Perft: counting move sequences, the standard test of a move generator.
//!
//! `perft(d)` is the number of distinct sequences of `d` moves from a position (docs/rules.md,
//! common terms: a move is a whole turn, a finished game has no moves, draw rules are ignored).
//! The last ply is bulk-counted with [`Game::count_moves`] instead of being played.
//! [`perft_parallel`](crate::perft_parallel) counts the same with a table and threads.

use crate::perft_table::PerftTable;
use crate::Game;

/// Counts below this depth are not stored in a table: bulk counting makes them cheaper to
/// count again than to look up.
const SMALLEST_STORED_DEPTH: u32 = 2;

/// The number of move sequences of length `depth` from `position`.
#[must_use]
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    count(position, depth, 0, &mut Vec::new(), None)
}

/// Every legal move with the perft of `depth - 1` below it, in move order. The counts add up
/// to `perft(position, depth)`. Empty when `depth` is 0.
#[must_use]
pub fn divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut buffers = Vec::new();
    position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            (mv, count(&child, depth - 1, 0, &mut buffers, None))
        })
        .collect()
}

/// Counts below `position`, `ply` plies from the root. `buffers` holds one reusable move list
/// per ply, grown as the recursion first reaches a ply, so the recursion stops allocating
/// once they have grown (and a huge depth asked for costs nothing up front). With a `table`,
/// counts are looked up and stored there.
pub(crate) fn count<G: Game>(
    position: &G,
    depth: u32,
    ply: usize,
    buffers: &mut Vec<Vec<G::Move>>,
    table: Option<&PerftTable>,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let table = table.filter(|_| depth >= SMALLEST_STORED_DEPTH);
    if let Some(nodes) = table.and_then(|table| table.probe(position.hash(), depth)) {
        return nodes;
    }
    if buffers.len() <= ply {
        buffers.push(Vec::with_capacity(64));
    }
    let mut moves = std::mem::take(&mut buffers[ply]);
    let nodes = if depth == 1 {
        position.count_moves(&mut moves)
    } else {
        position.generate_moves(&mut moves);
        let mut nodes = 0;
        if depth == 2 {
            // The children are bulk-counted here rather than through a call each, which
            // would look for them in the table (they are never stored there).
            if buffers.len() <= ply + 1 {
                buffers.push(Vec::with_capacity(64));
            }
            let scratch = &mut buffers[ply + 1];
            for &mv in &moves {
                let mut child = position.clone();
                child.play_unchecked(mv);
                nodes += child.count_moves(scratch);
            }
        } else {
            for &mv in &moves {
                let mut child = position.clone();
                child.play_unchecked(mv);
                nodes += count(&child, depth - 1, ply + 1, buffers, table);
            }
        }
        nodes
    };
    buffers[ply] = moves;
    if let Some(table) = table {
        table.store(position.hash(), depth, nodes);
    }
    nodes
}
