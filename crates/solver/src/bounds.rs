//! Proven depth bounds: how long a win takes at least, for a position whose value is not known.
//!
//! The searches of the perfect-play length (module `length`) ask "can the player to move
//! force a win within `d` plies?" and "can the opponent?". Asked of a position whose value is
//! unknown, with `d` = 1, 2, 3, … in turn (odd for the player to move, whose wins end on odd
//! plies, even for his opponent), each "no" is a proved bound: that side cannot force a win
//! within `d` plies, whatever the other does (nor within `d + 1`, by parity). The first "yes"
//! is the position's value, and its perfect-play length, since every shorter win was ruled out
//! first. Nothing here uses df-pn: a proof of a move's value could be the whole problem.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter_core::{DrawRules, Knowledge, Side, Status};

use crate::length::{Distance, Lengths};
use crate::table::{key_of, Solved, Table};
use crate::{on_big_stack, SolveError};

/// The longest bound tried: no game here lasts this long.
const MAX_PLIES: u32 = 10_000;

/// The bytes of the (unused) df-pn tables the distance searches are given.
const IDLE_TABLE_BYTES: usize = 1 << 16;

/// What the bounded searches proved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DepthBounds {
    /// The player to move cannot force a win within this many plies (0 when nothing is
    /// proved).
    pub mover_no_win_within: u32,
    /// Nor can his opponent within this many.
    pub opponent_no_win_within: u32,
    /// The winner and the perfect-play length, when a search found a forced win.
    pub win: Option<(Side, u32)>,
    /// Positions visited by the searches.
    pub nodes: u64,
    /// The time taken.
    pub elapsed: Duration,
}

/// Proves depth bounds for `position`, deepening one ply at a time until a side is found to
/// force a win, `time_limit` passes or `interrupt` is set. `progress` is told the bounds after
/// each depth. The searches remember their results in about `hash_mib` MiB.
pub fn depth_bounds<G: Knowledge>(
    position: &G,
    hash_mib: usize,
    time_limit: Option<Duration>,
    interrupt: Option<&AtomicBool>,
    progress: &mut (dyn FnMut(&DepthBounds) + Send),
) -> Result<DepthBounds, SolveError> {
    if position.draw_rules() != DrawRules::NONE {
        return Err(SolveError::DrawRules { game: G::ID });
    }
    on_big_stack("depth bounds", || deepen(position, hash_mib, time_limit, interrupt, progress))
}

fn deepen<G: Knowledge>(
    position: &G,
    hash_mib: usize,
    time_limit: Option<Duration>,
    interrupt: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&DepthBounds),
) -> Result<DepthBounds, SolveError> {
    let started = Instant::now();
    let mover = position.side_to_move();
    let mut bounds = DepthBounds {
        mover_no_win_within: 0,
        opponent_no_win_within: 0,
        win: None,
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    if let Status::Over(outcome) = position.status() {
        bounds.win = outcome.winner().map(|winner| (winner, 0));
        return Ok(bounds);
    }
    let no_memory = || SolveError::Memory { mib: hash_mib };
    let solved = Arc::new(Solved::new(IDLE_TABLE_BYTES).ok_or_else(no_memory)?);
    let mut table = Table::new(IDLE_TABLE_BYTES, solved).ok_or_else(no_memory)?;
    let mut lengths = Lengths::new(hash_mib.saturating_mul(1 << 20));
    let deadline = time_limit.map(|limit| started + limit);
    let mut distance =
        Distance::new(&mut table, &mut lengths, deadline).stopped_by(interrupt).without_proofs();
    let key = key_of(position);
    for plies in 1..=MAX_PLIES {
        // The player to move makes the odd plies, so his wins end on them.
        let mover_wins = plies % 2 == 1;
        let holds = if mover_wins {
            distance.wins_within(position, key, plies)
        } else {
            distance.loses_within(position, key, plies)
        };
        bounds.nodes = distance.nodes;
        bounds.elapsed = started.elapsed();
        if distance.stopped() {
            break;
        }
        if holds {
            bounds.win = Some((if mover_wins { mover } else { mover.opponent() }, plies));
            break;
        }
        if mover_wins {
            bounds.mover_no_win_within = plies;
        } else {
            bounds.opponent_no_win_within = plies;
        }
        progress(&bounds);
    }
    Ok(bounds)
}
