//! Perft: counting move sequences, the standard test of a move generator.
//!
//! `perft(d)` is the number of distinct sequences of `d` moves from a position (RULES.md: a
//! move is a whole turn, a finished game has no moves, draw rules are ignored). The last ply
//! is bulk-counted with [`Game::count_moves`] instead of being played.

use crate::Game;

/// The number of move sequences of length `depth` from `position`.
#[must_use]
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    let mut buffers = move_buffers::<G>(depth);
    count(position, depth, &mut buffers)
}

/// Every legal move with the perft of `depth - 1` below it, in move order. The counts add up
/// to `perft(position, depth)`. Empty when `depth` is 0.
#[must_use]
pub fn divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut buffers = move_buffers::<G>(depth);
    position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            (mv, count(&child, depth - 1, &mut buffers))
        })
        .collect()
}

/// One reusable move list per ply, so the recursion never allocates once they have grown.
fn move_buffers<G: Game>(depth: u32) -> Vec<Vec<G::Move>> {
    (0..depth).map(|_| Vec::with_capacity(64)).collect()
}

fn count<G: Game>(position: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    let Some((moves, deeper)) = buffers.split_first_mut() else {
        return 1;
    };
    match depth {
        0 => 1,
        1 => position.count_moves(moves),
        _ => {
            position.generate_moves(moves);
            let mut nodes = 0;
            for &mv in moves.iter() {
                let mut child = position.clone();
                child.play_unchecked(mv);
                nodes += count(&child, depth - 1, deeper);
            }
            nodes
        }
    }
}
