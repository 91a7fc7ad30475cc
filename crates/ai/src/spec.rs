//! Players written as text, `alphabeta:time=100ms`, and the strength levels.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use arbiter_core::Evaluate;
use thiserror::Error;

use crate::{AlphaBeta, Limits, Mcts, Player, RandomPlayer};

/// The largest transposition table a spec may ask for, in MiB.
const MAX_TABLE_MIB: usize = 4096;

/// The kinds of player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// A uniformly random legal move.
    Random,
    /// Alpha-beta search.
    AlphaBeta,
    /// Monte Carlo tree search with the solver.
    Mcts,
}

impl Engine {
    /// The name used in specs: `random`, `alphabeta`, `mcts`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Engine::Random => "random",
            Engine::AlphaBeta => "alphabeta",
            Engine::Mcts => "mcts",
        }
    }
}

/// A player and its limits: `random`, `alphabeta`, `mcts`, optionally followed by a colon and
/// comma-separated settings: `time=100ms` (also `2s`, `1.5s`, `1m`), `depth=6`, `nodes=20000`,
/// `iterations=5000` (the same as nodes, for MCTS), `seed=7`, `hash=64` (MiB of transposition
/// table). Without a limit a search player thinks for one second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerSpec {
    /// Which player.
    pub engine: Engine,
    /// Its limits.
    pub limits: Limits,
    /// The seed of its random choices.
    pub seed: u64,
    /// The transposition table's size in MiB (alpha-beta).
    pub table_mib: usize,
}

/// A spec that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    /// The player is not one of the engines.
    #[error("unknown player `{0}`; expected random, alphabeta or mcts, optionally with limits like alphabeta:time=100ms or mcts:iterations=5000")]
    UnknownEngine(String),
    /// A setting is not `key=value` or its key is unknown.
    #[error("unknown setting `{0}`; expected time=100ms, depth=6, nodes=20000, iterations=5000, seed=7 or hash=64")]
    UnknownSetting(String),
    /// A value cannot be read.
    #[error("invalid value `{value}` for {key}; expected {expected}")]
    InvalidValue {
        /// The setting.
        key: String,
        /// The value as given.
        value: String,
        /// What is accepted.
        expected: &'static str,
    },
    /// The level is not 1–5.
    #[error("level {0} does not exist; levels go from 1 (weakest) to 5 (strongest)")]
    UnknownLevel(u8),
}

impl PlayerSpec {
    /// A player of `engine` with no limits yet (a search then thinks for one second).
    #[must_use]
    pub const fn new(engine: Engine) -> Self {
        PlayerSpec {
            engine,
            limits: Limits { time: None, depth: None, nodes: None },
            seed: 0,
            table_mib: 16,
        }
    }

    /// The strength levels: 1 looks one move ahead, 2 three, 3 thinks a quarter of a second,
    /// 4 one second, 5 three seconds (alpha-beta).
    pub fn level(level: u8) -> Result<Self, SpecError> {
        let limits = match level {
            1 => Limits::depth(1),
            2 => Limits::depth(3),
            3 => Limits::time(Duration::from_millis(250)),
            4 => Limits::time(Duration::from_secs(1)),
            5 => Limits::time(Duration::from_secs(3)),
            _ => return Err(SpecError::UnknownLevel(level)),
        };
        Ok(PlayerSpec { limits, table_mib: 64, ..PlayerSpec::new(Engine::AlphaBeta) })
    }

    /// The limits, with one second of time when the spec gives none.
    #[must_use]
    pub fn effective_limits(&self) -> Limits {
        let limits = self.limits;
        if limits.time.is_none() && limits.depth.is_none() && limits.nodes.is_none() {
            Limits::time(Duration::from_secs(1))
        } else {
            limits
        }
    }

    /// The player this spec describes, for the game `G`.
    #[must_use]
    pub fn build<G: Evaluate>(&self) -> Box<dyn Player<G>> {
        match self.engine {
            Engine::Random => Box::new(RandomPlayer::new(self.seed)),
            Engine::AlphaBeta => {
                Box::new(AlphaBeta::<G>::new(self.effective_limits(), self.table_mib))
            }
            Engine::Mcts => Box::new(Mcts::new(self.effective_limits(), self.seed, true)),
        }
    }
}

/// Reads `100ms`, `2s`, `1.5s`, `1m`.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let (number, unit) =
        text.find(|c: char| c.is_ascii_alphabetic()).map_or((text, "s"), |at| text.split_at(at));
    let number: f64 = number.parse().ok().filter(|n: &f64| n.is_finite() && *n >= 0.0)?;
    let seconds = match unit {
        "ms" => number / 1000.0,
        "s" => number,
        "m" | "min" => number * 60.0,
        _ => return None,
    };
    Duration::try_from_secs_f64(seconds).ok()
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Self, SpecError> {
        let (name, settings) = text.trim().split_once(':').unwrap_or((text.trim(), ""));
        let engine = [Engine::Random, Engine::AlphaBeta, Engine::Mcts]
            .into_iter()
            .find(|engine| engine.name() == name)
            .ok_or_else(|| SpecError::UnknownEngine(name.to_owned()))?;
        let mut spec = PlayerSpec::new(engine);
        for setting in settings.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) = setting
                .split_once('=')
                .ok_or_else(|| SpecError::UnknownSetting(setting.to_owned()))?;
            let invalid = |expected| SpecError::InvalidValue {
                key: key.to_owned(),
                value: value.to_owned(),
                expected,
            };
            let number = || value.parse::<u64>().map_err(|_| invalid("a whole number"));
            match key {
                "time" => {
                    spec.limits.time = Some(
                        parse_duration(value)
                            .ok_or_else(|| invalid("a time like 100ms, 2s or 1m"))?,
                    )
                }
                "depth" => {
                    spec.limits.depth =
                        Some(u32::try_from(number()?).map_err(|_| invalid("a depth"))?)
                }
                "nodes" | "iterations" => spec.limits.nodes = Some(number()?),
                "seed" => spec.seed = number()?,
                "hash" => {
                    let mib = usize::try_from(number()?)
                        .ok()
                        .filter(|mib| (1..=MAX_TABLE_MIB).contains(mib));
                    spec.table_mib =
                        mib.ok_or_else(|| invalid("a table size from 1 to 4096 MiB"))?;
                }
                _ => return Err(SpecError::UnknownSetting(setting.to_owned())),
            }
        }
        Ok(spec)
    }
}

impl fmt::Display for PlayerSpec {
    /// The spec as text, which [`FromStr`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut settings = Vec::new();
        if let Some(time) = self.limits.time {
            settings.push(format!("time={}ms", time.as_millis()));
        }
        if let Some(depth) = self.limits.depth {
            settings.push(format!("depth={depth}"));
        }
        if let Some(nodes) = self.limits.nodes {
            settings.push(format!(
                "{}={nodes}",
                if self.engine == Engine::Mcts { "iterations" } else { "nodes" }
            ));
        }
        f.write_str(self.engine.name())?;
        if !settings.is_empty() {
            write!(f, ":{}", settings.join(","))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_are_read_with_their_limits() {
        let spec: PlayerSpec = "alphabeta:time=100ms,depth=6".parse().expect("valid");
        assert_eq!(spec.engine, Engine::AlphaBeta);
        assert_eq!(spec.limits.time, Some(Duration::from_millis(100)));
        assert_eq!(spec.limits.depth, Some(6));
        let spec: PlayerSpec = "mcts:iterations=5000,seed=3".parse().expect("valid");
        assert_eq!((spec.limits.nodes, spec.seed), (Some(5000), 3));
        assert_eq!("random".parse::<PlayerSpec>().map(|s| s.engine), Ok(Engine::Random));
        assert_eq!(spec.to_string(), "mcts:iterations=5000");
        assert_eq!(parse_duration("1.5s"), Some(Duration::from_millis(1500)));
        assert_eq!(parse_duration("1m"), Some(Duration::from_secs(60)));
    }

    #[test]
    fn bad_specs_say_what_is_expected() {
        assert_eq!(
            "minimax".parse::<PlayerSpec>(),
            Err(SpecError::UnknownEngine("minimax".to_owned()))
        );
        assert!(matches!(
            "alphabeta:time=soon".parse::<PlayerSpec>(),
            Err(SpecError::InvalidValue { .. })
        ));
        assert!(matches!(
            "alphabeta:speed=3".parse::<PlayerSpec>(),
            Err(SpecError::UnknownSetting(_))
        ));
        assert!(matches!(
            "mcts:iterations".parse::<PlayerSpec>(),
            Err(SpecError::UnknownSetting(_))
        ));
        assert_eq!(PlayerSpec::level(6), Err(SpecError::UnknownLevel(6)));
        assert!(matches!(
            "alphabeta:hash=99999999999".parse::<PlayerSpec>(),
            Err(SpecError::InvalidValue { .. })
        ));
        assert!(matches!(
            "alphabeta:hash=0".parse::<PlayerSpec>(),
            Err(SpecError::InvalidValue { .. })
        ));
    }
}
