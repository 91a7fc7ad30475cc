//! Speeds: how fast a game is played, which decides the rating it counts for.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::PerfKeyError;

/// A real-time game shorter than this, estimated, is bullet: 3 minutes (scalachess's
/// `Speed.Bullet`, `30 to 179` seconds; below 30 s scalachess has `UltraBullet`, which is
/// counted as bullet here).
pub const BLITZ_FROM_SECONDS: u64 = 180;

/// A real-time game shorter than this, estimated, and not bullet, is blitz: 8 minutes
/// (scalachess's `Speed.Blitz`, `180 to 479`).
pub const RAPID_FROM_SECONDS: u64 = 480;

/// A real-time game shorter than this, estimated, and not blitz, is rapid: 25 minutes
/// (scalachess's `Speed.Rapid`, `480 to 1499`); from it on, classical.
pub const CLASSICAL_FROM_SECONDS: u64 = 1500;

/// The moves a real-time game is estimated to last when its speed is decided: 40
/// (scalachess's `Clock.Config.estimateTotalSeconds`, `limit + 40 × increment`).
pub const ESTIMATED_MOVES: u64 = 40;

/// How fast a rated game is played. Each game has one rating per speed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    /// Real time, estimated under 3 minutes.
    Bullet,
    /// Real time, estimated 3 to 8 minutes.
    Blitz,
    /// Real time, estimated 8 to 25 minutes.
    Rapid,
    /// Real time, estimated 25 minutes or more.
    Classical,
    /// Days per move rather than a real-time clock.
    Correspondence,
}

impl Speed {
    /// Every speed, fastest first.
    pub const ALL: [Speed; 5] =
        [Speed::Bullet, Speed::Blitz, Speed::Rapid, Speed::Classical, Speed::Correspondence];

    /// The speed of a real-time clock: by the estimated duration
    /// `initial_seconds + 40 × increment_seconds`, bullet under 180 s, blitz under 480 s,
    /// rapid under 1500 s, classical from there on, with lichess's boundaries (scalachess's
    /// `Speed.byTime`). A correspondence clock is [`Speed::Correspondence`], whatever its days.
    ///
    /// Lichess also counts an estimate of 21600 s (6 h) or more as correspondence; the
    /// issue counts every real-time clock as real time, and the server's longest clock
    /// (3 h + 3 min a move, 18000 s estimated) is below that anyway.
    ///
    /// ```
    /// use arbiter_rating::Speed;
    /// assert_eq!(Speed::of_real_time(180, 0), Speed::Blitz); // 3+0
    /// assert_eq!(Speed::of_real_time(120, 1), Speed::Bullet); // 2+1: 160 s
    /// assert_eq!(Speed::of_real_time(600, 5), Speed::Rapid); // 10+5: 800 s
    /// ```
    #[must_use]
    pub fn of_real_time(initial_seconds: u64, increment_seconds: u64) -> Speed {
        let estimate =
            initial_seconds.saturating_add(increment_seconds.saturating_mul(ESTIMATED_MOVES));
        if estimate < BLITZ_FROM_SECONDS {
            Speed::Bullet
        } else if estimate < RAPID_FROM_SECONDS {
            Speed::Blitz
        } else if estimate < CLASSICAL_FROM_SECONDS {
            Speed::Rapid
        } else {
            Speed::Classical
        }
    }

    /// The speed's key: `bullet`, `blitz`, `rapid`, `classical` or `correspondence`.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
            Speed::Correspondence => "correspondence",
        }
    }
}

impl fmt::Display for Speed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for Speed {
    type Err = PerfKeyError;

    /// Reads a speed's [key](Speed::key), exactly (lowercase).
    fn from_str(text: &str) -> Result<Speed, PerfKeyError> {
        Speed::ALL
            .into_iter()
            .find(|speed| speed.key() == text)
            .ok_or_else(|| PerfKeyError::BadSpeed { speed: text.to_owned() })
    }
}
