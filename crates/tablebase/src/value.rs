//! The value of a table position and its code in a table.

use std::cmp::Ordering;
use std::fmt;

use arbiter_core::{Outcome, Side, Status};

/// The value of a position for the player to move, by the game's own terminal rules (the
/// draw rules that need the history are no part of it): a win or a loss with the number of
/// plies to the end of the game when the winner takes the shortest win and the loser the
/// longest loss, or a draw (neither can force a win). `Loss(0)`: the player to move has lost.
///
/// Ordered from worst to best for the player to move: the fastest loss lowest, then slower
/// losses, draws, slower wins, the fastest win highest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// The player to move wins in this many plies.
    Win(u32),
    /// Neither player can force a win.
    Draw,
    /// The player to move loses in this many plies.
    Loss(u32),
}

/// The code of an index that names no position.
pub(crate) const NO_POSITION: u16 = 0;
const DRAW: u16 = 1;
/// The longest distance a code can hold.
pub(crate) const MAX_PLIES: u32 = (u16::MAX as u32 - 3) / 2 - 1;

impl Value {
    /// The value for the player who makes a move that leads to a position of this value (for
    /// the opponent): one ply longer, and the other way round.
    #[must_use]
    pub const fn before(self) -> Value {
        match self {
            Value::Win(plies) => Value::Loss(plies + 1),
            Value::Draw => Value::Draw,
            Value::Loss(plies) => Value::Win(plies + 1),
        }
    }

    /// The value of a finished game for its player to move, or `None` while it goes on.
    #[must_use]
    pub fn of_status(status: Status, side_to_move: Side) -> Option<Value> {
        match status {
            Status::Ongoing => None,
            Status::Over(Outcome::Win { winner, .. }) if winner == side_to_move => {
                Some(Value::Win(0))
            }
            Status::Over(Outcome::Win { .. }) => Some(Value::Loss(0)),
            Status::Over(Outcome::Draw { .. }) => Some(Value::Draw),
        }
    }

    /// `"win"`, `"draw"` or `"loss"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Value::Win(_) => "win",
            Value::Draw => "draw",
            Value::Loss(_) => "loss",
        }
    }

    /// The plies to the end, or `None` for a draw.
    #[must_use]
    pub const fn plies(self) -> Option<u32> {
        match self {
            Value::Win(plies) | Value::Loss(plies) => Some(plies),
            Value::Draw => None,
        }
    }

    /// The value's code in a table: 0 for no position, 1 a draw, `2 + 2d` a loss in `d`
    /// plies, `3 + 2d` a win in `d`.
    pub(crate) fn code(self) -> u16 {
        match self {
            Value::Draw => DRAW,
            Value::Loss(plies) => 2 + 2 * plies as u16,
            Value::Win(plies) => 3 + 2 * plies as u16,
        }
    }

    /// The value of a code; `None` for [`NO_POSITION`].
    pub(crate) fn from_code(code: u16) -> Option<Value> {
        match code {
            NO_POSITION => None,
            DRAW => Some(Value::Draw),
            _ if code.is_multiple_of(2) => Some(Value::Loss(u32::from(code - 2) / 2)),
            _ => Some(Value::Win(u32::from(code - 3) / 2)),
        }
    }

    /// A number that orders values as [`Ord`] does.
    fn rank(self) -> i64 {
        match self {
            Value::Win(plies) => i64::from(u32::MAX) - i64::from(plies),
            Value::Draw => 0,
            Value::Loss(plies) => i64::from(plies) - i64::from(u32::MAX),
        }
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Value {
    /// `wins in 17 plies`, `draws`, `loses in 22 plies`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = |plies: u32| if plies == 1 { "ply" } else { "plies" };
        match *self {
            Value::Win(plies) => write!(f, "wins in {plies} {}", unit(plies)),
            Value::Draw => f.write_str("draws"),
            Value::Loss(plies) => write!(f, "loses in {plies} {}", unit(plies)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for value in
            [Value::Draw, Value::Loss(0), Value::Win(1), Value::Loss(300), Value::Win(MAX_PLIES)]
        {
            assert_eq!(Value::from_code(value.code()), Some(value));
        }
        assert_eq!(Value::from_code(NO_POSITION), None);
    }

    #[test]
    fn values_are_ordered_for_the_player_to_move() {
        let order = [Value::Loss(0), Value::Loss(4), Value::Draw, Value::Win(9), Value::Win(1)];
        assert!(order.windows(2).all(|pair| pair[0] < pair[1]));
    }
}
