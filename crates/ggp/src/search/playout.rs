//! Random playouts on the reasoner.

use arbiter_gdl::{Machine, Move};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// A playout stops after this many joint moves (a game whose rules never end it); the goals
/// of the state reached then count.
pub const MAX_PLAYOUT_STEPS: usize = 2_000;

/// Plays random joint moves from the machine's state to the end of the game (or a role without
/// legal moves, or [`MAX_PLAYOUT_STEPS`]); writes each role's goal, 0 to 1, into `rewards`.
/// `joint` is scratch space.
pub fn playout(
    machine: &mut Machine<'_>,
    roles: usize,
    rng: &mut ChaCha8Rng,
    joint: &mut Vec<Move>,
    rewards: &mut Vec<f64>,
) {
    for _ in 0..MAX_PLAYOUT_STEPS {
        if machine.is_terminal() || !random_joint(machine, roles, rng, joint) {
            break;
        }
        if machine.play(joint).is_err() {
            break;
        }
    }
    goals(machine, roles, rewards);
}

/// A random legal joint move into `joint`; `false` when a role has no legal move.
pub(crate) fn random_joint(
    machine: &Machine<'_>,
    roles: usize,
    rng: &mut ChaCha8Rng,
    joint: &mut Vec<Move>,
) -> bool {
    joint.clear();
    for role in 0..roles {
        let count = machine.legal_count(role);
        if count == 0 {
            return false;
        }
        // A role with one legal move (the waiting role's noop) needs no draw.
        let n = if count == 1 { 0 } else { rng.random_range(0..count) };
        match machine.nth_legal(role, n) {
            Some(mv) => joint.push(mv),
            None => return false,
        }
    }
    true
}

/// Each role's goal in the machine's state, 0 to 1 (0 where the rules give none).
pub(crate) fn goals(machine: &Machine<'_>, roles: usize, rewards: &mut Vec<f64>) {
    rewards.clear();
    rewards.extend((0..roles).map(|role| f64::from(machine.goal(role).unwrap_or(0)) / 100.0));
}
