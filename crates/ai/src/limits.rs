//! How long a player may think.

use std::time::{Duration, Instant};

/// Limits of one search; any combination, the first reached stops it. With no limit at all a
/// search stops at its own maximum depth (alpha-beta) or after a default number of iterations
/// (MCTS): a search never runs forever.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Limits {
    /// Wall-clock time.
    pub time: Option<Duration>,
    /// Alpha-beta: the deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Alpha-beta: positions visited (never exceeded). MCTS: iterations.
    pub nodes: Option<u64>,
}

impl Limits {
    /// No limit but time.
    #[must_use]
    pub const fn time(time: Duration) -> Limits {
        Limits { time: Some(time), depth: None, nodes: None }
    }

    /// No limit but depth.
    #[must_use]
    pub const fn depth(depth: u32) -> Limits {
        Limits { time: None, depth: Some(depth), nodes: None }
    }

    /// No limit but nodes (alpha-beta) or iterations (MCTS).
    #[must_use]
    pub const fn nodes(nodes: u64) -> Limits {
        Limits { time: None, depth: None, nodes: Some(nodes) }
    }
}

/// A search's clock: when it started and when it must stop.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Clock {
    started: Instant,
    deadline: Option<Instant>,
}

impl Clock {
    pub(crate) fn start(limits: &Limits) -> Clock {
        let started = Instant::now();
        // A time too long to add to the clock is no deadline at all.
        Clock { started, deadline: limits.time.and_then(|time| started.checked_add(time)) }
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    pub(crate) fn expired(&self) -> bool {
        self.deadline.is_some_and(|deadline| Instant::now() >= deadline)
    }

    /// `true` when less than half the time is left: an iteration that starts now would
    /// probably not finish.
    pub(crate) fn past_half(&self, limits: &Limits) -> bool {
        limits.time.is_some_and(|time| self.elapsed() * 2 >= time)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_time_limit_does_not_overflow_the_clock() {
        let limits = Limits::time(Duration::MAX);
        let clock = Clock::start(&limits);
        assert!(!clock.expired());
        assert!(!clock.past_half(&limits));
    }
}
