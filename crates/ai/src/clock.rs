//! How long to think on a clock: the time management of the engine protocols and of the
//! server's games on a clock.

use std::time::Duration;

/// What is kept back on every move for the pipes, the process and the other program, so that
/// a move never arrives after the clock has run out.
const RESERVE: Duration = Duration::from_millis(30);

/// The moves still to play that a clock with no move count is shared out over.
const MOVES_AHEAD: u32 = 25;

/// The time to think for one move with `remaining` on the clock (the time this move may
/// use at most), `increment` added for each move, and, where the time control says so, the
/// `moves_to_go` until the clock is next filled up.
///
/// A share of the clock plus most of the increment, never more than a third of what is left
/// past the reserve: so that the clock never runs out, however many moves the game takes.
#[must_use]
pub fn budget(remaining: Duration, increment: Duration, moves_to_go: Option<u32>) -> Duration {
    let usable = remaining.saturating_sub(RESERVE);
    let moves = moves_to_go.filter(|&moves| moves > 0).unwrap_or(MOVES_AHEAD);
    let share = usable / moves + increment * 3 / 4;
    share.min(usable / 3).max(Duration::from_millis(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(milliseconds: u64) -> Duration {
        Duration::from_millis(milliseconds)
    }

    #[test]
    fn a_clock_is_shared_out_over_the_moves_ahead() {
        assert_eq!(budget(ms(2530), ms(0), None), ms(100));
        assert_eq!(budget(ms(2530), ms(100), None), ms(175));
        assert_eq!(budget(ms(1030), ms(0), Some(5)), ms(200));
    }

    #[test]
    fn a_low_clock_is_never_overspent() {
        // Most of a large increment would be more than the clock holds.
        assert_eq!(budget(ms(330), ms(1000), None), ms(100));
        // Nothing past the reserve: the least time that still finds a move.
        assert_eq!(budget(ms(20), ms(0), None), ms(1));
        assert_eq!(budget(ms(0), ms(0), Some(0)), ms(1));
    }
}
