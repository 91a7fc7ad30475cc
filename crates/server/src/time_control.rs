//! Time controls and the clocks a client is shown: the time types of the API and of the
//! stored form, with no knowledge of the games in play.

use std::ops::{Add, Sub};
use std::time::Duration;

use arbiter_core::Side;
use serde::{Deserialize, Serialize};

/// The server's one time type: an instant (milliseconds since the Unix epoch, on the server's
/// clock) or a duration, in milliseconds, as the rows store them and the clocks count them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Millis(pub i64);

impl Millis {
    /// No time.
    pub const ZERO: Millis = Millis(0);

    /// `seconds` seconds.
    #[must_use]
    pub const fn from_secs(seconds: i64) -> Millis {
        Millis(seconds.saturating_mul(1000))
    }

    /// `duration`, to the millisecond below (the longest `Millis` for one longer).
    #[must_use]
    pub fn of(duration: Duration) -> Millis {
        Millis(i64::try_from(duration.as_millis()).unwrap_or(i64::MAX))
    }

    /// The whole seconds, rounded down.
    #[must_use]
    pub const fn secs(self) -> i64 {
        self.0.div_euclid(1000)
    }

    /// As a record's clock comment writes a time left: `H:MM:SS`, rounded down.
    #[must_use]
    pub fn as_clock(self) -> String {
        let seconds = self.at_least_zero().secs();
        format!("{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60)
    }

    /// A time left, never below none.
    #[must_use]
    pub fn at_least_zero(self) -> Millis {
        self.max(Millis::ZERO)
    }
}

impl Add for Millis {
    type Output = Millis;

    fn add(self, other: Millis) -> Millis {
        Millis(self.0.saturating_add(other.0))
    }
}

impl Sub for Millis {
    type Output = Millis;

    fn sub(self, other: Millis) -> Millis {
        Millis(self.0.saturating_sub(other.0))
    }
}

/// How long a side has for its first move in real time before the game is aborted.
pub const FIRST_MOVE: Millis = Millis(30_000);

/// A day.
pub(crate) const DAY: Millis = Millis(86_400_000);

/// The longest initial time a real-time clock may have: three hours.
const MAX_INITIAL_MS: u64 = 3 * 3_600_000;

/// The largest increment: three minutes.
const MAX_INCREMENT_MS: u64 = 180_000;

/// The most days a move a correspondence clock may give.
const MAX_DAYS: u32 = 14;

/// A time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(untagged, deny_unknown_fields)]
pub enum TimeControl {
    /// Real time: each side's initial time, and the increment added after each of its moves
    /// (Fischer), in milliseconds.
    RealTime {
        /// Each side's time at the start.
        initial_ms: u64,
        /// Added to the mover's time after each move.
        #[serde(default)]
        increment_ms: u64,
    },
    /// Correspondence: the days each move may take.
    Correspondence {
        /// Days a move.
        days_per_move: u32,
    },
}

impl TimeControl {
    /// Checks the bounds: 1 s to 3 h, an increment up to 3 min, 1 to 14 days a move.
    pub fn check(self) -> Result<TimeControl, String> {
        let fine = match self {
            TimeControl::RealTime { initial_ms, increment_ms } => {
                (1000..=MAX_INITIAL_MS).contains(&initial_ms) && increment_ms <= MAX_INCREMENT_MS
            }
            TimeControl::Correspondence { days_per_move } => {
                (1..=MAX_DAYS).contains(&days_per_move)
            }
        };
        if fine {
            Ok(self)
        } else {
            Err(format!(
                "the clock is out of bounds: a real-time clock has 1 s to 3 h \
                 (`initial_ms` 1000 to {MAX_INITIAL_MS}) and an increment of at most 3 min \
                 (`increment_ms` up to {MAX_INCREMENT_MS}); a correspondence clock 1 to \
                 {MAX_DAYS} `days_per_move`"
            ))
        }
    }

    /// Each side's time at the start.
    #[must_use]
    pub fn initial(self) -> Millis {
        match self {
            TimeControl::RealTime { initial_ms, .. } => Millis(initial_ms as i64),
            TimeControl::Correspondence { days_per_move } => {
                Millis(i64::from(days_per_move) * DAY.0)
            }
        }
    }

    /// How long a side has for its first move before the game is aborted.
    #[must_use]
    pub fn first_move(self) -> Millis {
        match self {
            TimeControl::RealTime { .. } => FIRST_MOVE,
            TimeControl::Correspondence { .. } => self.initial(),
        }
    }

    /// The mover's time after a move that took `used` of its `left`.
    #[must_use]
    pub fn after_move(self, left: Millis, used: Millis) -> Millis {
        match self {
            TimeControl::RealTime { increment_ms, .. } => left - used + Millis(increment_ms as i64),
            TimeControl::Correspondence { .. } => self.initial(),
        }
    }

    /// As stored: `300000+3000`, or `d3`.
    #[must_use]
    pub fn to_text(self) -> String {
        match self {
            TimeControl::RealTime { initial_ms, increment_ms } => {
                format!("{initial_ms}+{increment_ms}")
            }
            TimeControl::Correspondence { days_per_move } => format!("d{days_per_move}"),
        }
    }

    /// Reads the stored text.
    #[must_use]
    pub fn from_text(text: &str) -> Option<TimeControl> {
        if let Some(days) = text.strip_prefix('d') {
            return Some(TimeControl::Correspondence { days_per_move: days.parse().ok()? });
        }
        let (initial, increment) = text.split_once('+')?;
        Some(TimeControl::RealTime {
            initial_ms: initial.parse().ok()?,
            increment_ms: increment.parse().ok()?,
        })
    }

    /// As a record's `TimeControl` tag writes it: `300+3` (seconds and increment), or
    /// `1/259200` (one move in three days' seconds).
    #[must_use]
    pub fn record_tag(self) -> String {
        match self {
            TimeControl::RealTime { initial_ms, increment_ms } => {
                let seconds = |ms: u64| {
                    if ms.is_multiple_of(1000) {
                        (ms / 1000).to_string()
                    } else {
                        format!("{}", ms as f64 / 1000.0)
                    }
                };
                format!("{}+{}", seconds(initial_ms), seconds(increment_ms))
            }
            TimeControl::Correspondence { days_per_move } => {
                format!("1/{}", i64::from(days_per_move) * DAY.secs())
            }
        }
    }
}

/// The clocks as a client shows them: each side's time left at the moment the state was made.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ClockState {
    /// White's time left, in milliseconds.
    pub white_ms: i64,
    /// Black's time left.
    pub black_ms: i64,
    /// The increment of a real-time clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub increment_ms: Option<u64>,
    /// The days a move of a correspondence clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub days_per_move: Option<u32>,
    /// The side whose clock runs: `null` before both sides have moved and once the game is
    /// over.
    pub running: Option<Side>,
    /// Before both sides have moved (and once no seat waits for a friend): the milliseconds
    /// the side to move has left to make its first move, after which the game is aborted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_move_ms: Option<i64>,
}
