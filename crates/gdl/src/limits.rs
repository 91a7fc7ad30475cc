//! Bounds on the work of compiling a description and checking it for play, so that any text
//! (a server takes rules from anyone) costs at most so much memory and time.

use std::cell::Cell;
use std::time::{Duration, Instant};

use crate::error::GdlError;
use crate::ground::{MAX_INSTANCES, MAX_TERMS};

/// How much compiling a description (grounding, building the network) and checking it for
/// play may cost. Passing a bound is an error ([`GdlError::TooLarge`], [`GdlError::TooSlow`]),
/// never a panic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most ground terms (atoms included) grounding may make.
    pub terms: usize,
    /// The most ground rule instances grounding may make.
    pub instances: usize,
    /// The longest the whole may take; `None`: no bound but the sizes.
    pub time: Option<Duration>,
}

impl Limits {
    /// The reasoner's own bounds, [`MAX_TERMS`] and [`MAX_INSTANCES`], with no bound on time:
    /// for a program that reads rules its user chose.
    pub const REASONER: Limits = Limits { terms: MAX_TERMS, instances: MAX_INSTANCES, time: None };
}

impl Default for Limits {
    fn default() -> Self {
        Limits::REASONER
    }
}

/// When the time of [`Limits::time`] runs out, checked cheaply (the clock is read once in
/// [`Deadline::EVERY`] checks).
#[derive(Debug)]
pub(crate) struct Deadline {
    at: Option<Instant>,
    limit: Duration,
    checks: Cell<u32>,
    passed: Cell<bool>,
}

impl Deadline {
    /// How many checks read the clock once.
    const EVERY: u32 = 1024;

    /// The deadline of `limits`, from now.
    pub(crate) fn start(limits: &Limits) -> Deadline {
        let at = limits.time.map(|time| Instant::now() + time);
        Deadline {
            at,
            limit: limits.time.unwrap_or_default(),
            checks: Cell::new(0),
            passed: Cell::new(false),
        }
    }

    /// `true` once the deadline has passed (reading the clock now and then).
    pub(crate) fn passed(&self) -> bool {
        let Some(at) = self.at else { return false };
        if !self.passed.get() {
            let checks = self.checks.get().wrapping_add(1);
            self.checks.set(checks);
            if checks.is_multiple_of(Deadline::EVERY) && Instant::now() >= at {
                self.passed.set(true);
            }
        }
        self.passed.get()
    }

    /// An error if the deadline has passed (reading the clock now): `what` is the work that
    /// was under way.
    pub(crate) fn check(&self, what: &'static str) -> Result<(), GdlError> {
        let passed = self.passed.get() || self.at.is_some_and(|at| Instant::now() >= at);
        self.passed.set(passed);
        if passed {
            return Err(GdlError::TooSlow { what, limit: self.limit });
        }
        Ok(())
    }
}
