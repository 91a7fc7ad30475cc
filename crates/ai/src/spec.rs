//! Players written as text, `alphabeta:time=100ms`, and the strength levels.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use arbiter_core::text::{excerpt, parse_digits};
use arbiter_core::{Evaluate, Knowledge};
use thiserror::Error;

use crate::{AlphaBeta, Booked, Erratic, Evaluation, Limits, Mcts, Perfect, Player, RandomPlayer};

/// The largest transposition table a spec may ask for, in MiB.
pub const MAX_TABLE_MIB: usize = 4096;

/// The transposition table of a spec that gives no `hash`, in MiB.
pub const DEFAULT_TABLE_MIB: usize = 16;

/// The solver's tables of a perfect player whose spec gives no `hash`, in MiB.
pub const DEFAULT_SOLVER_MIB: usize = arbiter_solver::DEFAULT_HASH_MIB;

/// The longest time a player may be given: a day. Longer limits are mistakes, and one near
/// `u64::MAX` seconds would overflow the clock.
pub const MAX_TIME: Duration = Duration::from_secs(24 * 60 * 60);

/// The deepest alpha-beta iteration a spec may ask for (as `arbiter analyze --depth`).
pub const MAX_DEPTH: u32 = 1000;

/// The kinds of player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// A uniformly random legal move.
    Random,
    /// Alpha-beta search.
    AlphaBeta,
    /// Monte Carlo tree search with the solver.
    Mcts,
    /// Exact play by the solver, for the games that always end in a win.
    Perfect,
}

impl Engine {
    /// The name used in specs: `random`, `alphabeta`, `mcts`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Engine::Random => "random",
            Engine::AlphaBeta => "alphabeta",
            Engine::Mcts => "mcts",
            Engine::Perfect => "perfect",
        }
    }

    /// Every engine, in the order errors list them.
    pub const ALL: [Engine; 4] = [Engine::Random, Engine::AlphaBeta, Engine::Mcts, Engine::Perfect];

    /// The table size in MiB of a spec that gives no `hash` (0 for the engines without one).
    #[must_use]
    pub const fn default_table_mib(self) -> usize {
        match self {
            Engine::AlphaBeta => DEFAULT_TABLE_MIB,
            Engine::Perfect => DEFAULT_SOLVER_MIB,
            Engine::Random | Engine::Mcts => 0,
        }
    }

    /// The settings that change how this engine plays; any other is an error in a spec.
    #[must_use]
    pub const fn settings(self) -> &'static [&'static str] {
        match self {
            Engine::Random => &["seed"],
            Engine::AlphaBeta => {
                &["time", "depth", "nodes", "hash", "random", "seed", "book", "eval"]
            }
            Engine::Mcts => &["time", "iterations", "nodes", "seed", "book"],
            Engine::Perfect => &["time", "hash"],
        }
    }

    /// `true` when the engine makes random choices, so that its seed matters.
    #[must_use]
    pub const fn uses_seed(self) -> bool {
        matches!(self, Engine::Random | Engine::Mcts)
    }

    /// `true` when the engine plays from the game's opening book where it has one (the
    /// searches; not the random player, nor the perfect one, who knows better).
    #[must_use]
    pub const fn uses_book(self) -> bool {
        matches!(self, Engine::AlphaBeta | Engine::Mcts)
    }
}

/// A player and its limits: `random`, `alphabeta`, `mcts`, optionally followed by a colon and
/// comma-separated settings, each at most once and only those that change how the engine
/// plays: `time=100ms` (also `2s`, `1.5s`, `1m`, `1h`; at most 24h), `depth=6` (alpha-beta,
/// 1 to 1000), `nodes=20000` (alpha-beta; for MCTS the same as `iterations=5000`), `seed=7`
/// (random, MCTS, and alpha-beta with `random`), `hash=64` (MiB of alpha-beta transposition
/// table, 1 to 4096), `random=25` (alpha-beta plays a random move instead of its own 25 times
/// in a hundred, on average: the beginners' levels), `book=off` (alpha-beta and MCTS search
/// every position instead of playing from the game's opening book), `eval=net` (alpha-beta
/// evaluates with the game's trained network where it has one; `eval=hand`, the default, with
/// the hand-written evaluation). Without a limit a search
/// player thinks for one second. Its `Display` reads back to the same spec.
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
    /// How many times in a hundred, on average, alpha-beta plays a random move instead of its
    /// own (0 to 100).
    pub random_percent: u8,
    /// Whether the player plays from the game's opening book ([`Evaluate::OPENING_BOOK`]) in
    /// the positions it holds (the engines that [use one](Engine::uses_book)).
    pub book: bool,
    /// The static evaluation alpha-beta searches with.
    pub eval: Evaluation,
}

/// A spec that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    /// The player is not one of the engines.
    #[error("unknown player `{}`; expected random, alphabeta, mcts or perfect, optionally with limits like alphabeta:time=100ms or mcts:iterations=5000", excerpt(.0))]
    UnknownEngine(String),
    /// A setting is not `key=value` or its key is unknown.
    #[error("unknown setting `{}`; expected time=100ms, depth=6, nodes=20000, iterations=5000, seed=7, hash=64, random=25, book=off or eval=net", excerpt(.0))]
    UnknownSetting(String),
    /// A setting that does nothing for this engine.
    #[error("`{key}` does nothing for {}; its settings are {}", .engine.name(), .engine.settings().join(", "))]
    UselessSetting {
        /// The engine.
        engine: Engine,
        /// The setting.
        key: String,
    },
    /// Alpha-beta's `seed` without its random moves.
    #[error(
        "`seed` does nothing for alphabeta without `random`, the share of random moves it seeds"
    )]
    SeedWithoutRandom,
    /// A setting given twice (`nodes` and `iterations` are one setting).
    #[error("`{0}` is given twice; give each setting once")]
    RepeatedSetting(String),
    /// A value cannot be read.
    #[error("invalid value `{}` for {}; expected {expected}", excerpt(.value), excerpt(.key))]
    InvalidValue {
        /// The setting.
        key: String,
        /// The value as given.
        value: String,
        /// What is accepted.
        expected: &'static str,
    },
    /// The perfect player was asked for a game the solver does not handle.
    #[error("the perfect player plays only the games that always end in a win (minicheckers, holes), not {0}")]
    NotSolvable(&'static str),
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
            table_mib: engine.default_table_mib(),
            random_percent: 0,
            book: true,
            eval: Evaluation::DEFAULT,
        }
    }

    /// The perfect player, with no time limit: the level `perfect` of the 6×6 games.
    #[must_use]
    pub const fn perfect() -> Self {
        PlayerSpec::new(Engine::Perfect)
    }

    /// Whether this player can play `position`'s game: the perfect player only plays the games
    /// that always end in a win, which the solver handles.
    pub fn check_game<G: Knowledge>(&self, position: &G) -> Result<(), SpecError> {
        if self.engine == Engine::Perfect && !arbiter_solver::accepts(position) {
            return Err(SpecError::NotSolvable(G::ID));
        }
        Ok(())
    }

    /// The strength level `level` (1, the weakest, to 5) of `G`'s alpha-beta player, as the
    /// game sets it ([`Evaluate::LEVELS`]), with a 64 MiB table.
    pub fn level<G: Evaluate>(level: u8) -> Result<Self, SpecError> {
        let strength = level
            .checked_sub(1)
            .and_then(|index| G::LEVELS.get(usize::from(index)))
            .ok_or(SpecError::UnknownLevel(level))?;
        Ok(PlayerSpec {
            limits: Limits { time: None, depth: strength.depth, nodes: strength.nodes },
            table_mib: 64,
            random_percent: strength.random_percent,
            ..PlayerSpec::new(Engine::AlphaBeta)
        })
    }

    /// `true` when the player makes random choices, so that its seed matters.
    #[must_use]
    pub const fn uses_seed(&self) -> bool {
        self.engine.uses_seed() || self.random_percent != 0
    }

    /// The limits, with one second of time when the spec gives none (the perfect player takes
    /// the time it needs).
    #[must_use]
    pub fn effective_limits(&self) -> Limits {
        let limits = self.limits;
        if self.engine != Engine::Perfect
            && limits.time.is_none()
            && limits.depth.is_none()
            && limits.nodes.is_none()
        {
            Limits::time(Duration::from_secs(1))
        } else {
            limits
        }
    }

    /// The memory the player's transposition table takes, in MiB (0 for the engines without
    /// one).
    #[must_use]
    pub const fn table_memory_mib(&self) -> usize {
        match self.engine {
            Engine::AlphaBeta | Engine::Perfect => self.table_mib,
            Engine::Random | Engine::Mcts => 0,
        }
    }

    /// The player this spec describes, for the game `G`: answering from the game's opening
    /// book where it has one, unless the spec turns the book off.
    #[must_use]
    pub fn build<G: Evaluate>(&self) -> Box<dyn Player<G>> {
        let player = self.build_searching::<G>();
        match crate::book::embedded::<G>() {
            Some(book) if self.book && self.engine.uses_book() => {
                Box::new(Booked::new(book, player))
            }
            _ => player,
        }
    }

    /// The player without its book.
    fn build_searching<G: Evaluate>(&self) -> Box<dyn Player<G>> {
        match self.engine {
            Engine::Random => Box::new(RandomPlayer::new(self.seed)),
            Engine::AlphaBeta => {
                let mut player =
                    Box::new(AlphaBeta::<G>::new(self.effective_limits(), self.table_mib));
                if self.eval == Evaluation::Net {
                    player.set_network(G::network());
                }
                if self.random_percent == 0 {
                    player
                } else {
                    Box::new(Erratic::new(player, self.random_percent, self.seed))
                }
            }
            Engine::Mcts => Box::new(Mcts::new(self.effective_limits(), self.seed, true)),
            Engine::Perfect => Box::new(Perfect::<G>::new(self.limits, self.table_mib)),
        }
    }
}

/// Reads `100ms`, `2s`, `1.5s`, `1m`, `1h`; a number alone is seconds. The time is rounded to
/// whole milliseconds and must be from 1 ms to [`MAX_TIME`].
pub fn parse_duration(text: &str) -> Result<Duration, SpecError> {
    let invalid = |expected| SpecError::InvalidValue {
        key: "time".to_owned(),
        value: text.to_owned(),
        expected,
    };
    let (number, unit) =
        text.find(|c: char| c.is_ascii_alphabetic()).map_or((text, "s"), |at| text.split_at(at));
    let number: f64 = number
        .parse()
        .ok()
        .filter(|n: &f64| n.is_finite() && *n >= 0.0)
        .ok_or_else(|| invalid("a time like 100ms, 2s, 1m or 1h"))?;
    let milliseconds = match unit {
        "ms" => number,
        "s" => number * 1e3,
        "m" | "min" => number * 60e3,
        "h" => number * 3600e3,
        _ => return Err(invalid("a time like 100ms, 2s, 1m or 1h")),
    }
    .round();
    if milliseconds > MAX_TIME.as_millis() as f64 {
        return Err(invalid("a time of at most 24h"));
    }
    if milliseconds < 1.0 {
        return Err(invalid("a time of at least 1ms"));
    }
    Ok(Duration::from_millis(milliseconds as u64))
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Self, SpecError> {
        let (name, settings) = text.trim().split_once(':').unwrap_or((text.trim(), ""));
        let engine = Engine::ALL
            .into_iter()
            .find(|engine| engine.name() == name)
            .ok_or_else(|| SpecError::UnknownEngine(name.to_owned()))?;
        let mut spec = PlayerSpec::new(engine);
        let mut seen: Vec<&str> = Vec::new();
        for setting in settings.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) = setting
                .split_once('=')
                .map(|(key, value)| (key.trim(), value.trim()))
                .ok_or_else(|| SpecError::UnknownSetting(setting.to_owned()))?;
            let invalid = |expected| SpecError::InvalidValue {
                key: key.to_owned(),
                value: value.to_owned(),
                expected,
            };
            let number = parse_digits::<u64>(value);
            // `iterations` is MCTS's word for nodes: one setting.
            let canonical = if key == "iterations" { "nodes" } else { key };
            if !["time", "depth", "nodes", "seed", "hash", "random", "book", "eval"]
                .contains(&canonical)
            {
                return Err(SpecError::UnknownSetting(setting.to_owned()));
            }
            if !engine.settings().contains(&key) {
                return Err(SpecError::UselessSetting { engine, key: key.to_owned() });
            }
            if seen.contains(&canonical) {
                return Err(SpecError::RepeatedSetting(key.to_owned()));
            }
            seen.push(canonical);
            match canonical {
                "time" => spec.limits.time = Some(parse_duration(value)?),
                "depth" => {
                    let depth = number
                        .and_then(|depth| u32::try_from(depth).ok())
                        .filter(|depth| (1..=MAX_DEPTH).contains(depth));
                    spec.limits.depth =
                        Some(depth.ok_or_else(|| invalid("a depth from 1 to 1000"))?);
                }
                "nodes" => {
                    let nodes = number.filter(|&nodes| nodes > 0);
                    spec.limits.nodes =
                        Some(nodes.ok_or_else(|| invalid("a whole number from 1"))?);
                }
                "seed" => spec.seed = number.ok_or_else(|| invalid("a whole number"))?,
                "book" => {
                    spec.book = match value {
                        "on" => true,
                        "off" => false,
                        _ => return Err(invalid("on or off")),
                    }
                }
                "eval" => {
                    spec.eval = match value {
                        "hand" => Evaluation::Hand,
                        "net" => Evaluation::Net,
                        _ => return Err(invalid("hand or net")),
                    }
                }
                "random" => {
                    let percent = number.and_then(|p| u8::try_from(p).ok()).filter(|&p| p <= 100);
                    spec.random_percent =
                        percent.ok_or_else(|| invalid("a percentage from 0 to 100"))?;
                }
                _ => {
                    let mib = number
                        .and_then(|mib| usize::try_from(mib).ok())
                        .filter(|mib| (1..=MAX_TABLE_MIB).contains(mib));
                    spec.table_mib =
                        mib.ok_or_else(|| invalid("a table size from 1 to 4096 MiB"))?;
                }
            }
        }
        if seen.contains(&"seed") && engine == Engine::AlphaBeta && spec.random_percent == 0 {
            return Err(SpecError::SeedWithoutRandom);
        }
        Ok(spec)
    }
}

impl fmt::Display for PlayerSpec {
    /// The spec as text, which [`FromStr`] reads back to the same spec: its limits, and the
    /// seed and table size where they matter and differ from the defaults.
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
        if self.uses_seed() && self.seed != 0 {
            settings.push(format!("seed={}", self.seed));
        }
        if self.table_memory_mib() != 0 && self.table_mib != self.engine.default_table_mib() {
            settings.push(format!("hash={}", self.table_mib));
        }
        if self.random_percent != 0 {
            settings.push(format!("random={}", self.random_percent));
        }
        if !self.book && self.engine.uses_book() {
            settings.push("book=off".to_owned());
        }
        if self.eval != Evaluation::DEFAULT && self.engine == Engine::AlphaBeta {
            settings.push(format!("eval={}", self.eval.name()));
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
    use arbiter_minicheckers::Minicheckers;

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
        assert_eq!(spec.to_string(), "mcts:iterations=5000,seed=3");
        let spec: PlayerSpec = "alphabeta:depth=1,random=25".parse().expect("valid");
        assert_eq!((spec.limits.depth, spec.random_percent), (Some(1), 25));
        assert_eq!(spec.to_string(), "alphabeta:depth=1,random=25");
        assert_eq!(parse_duration("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("1m"), Ok(Duration::from_secs(60)));
        assert_eq!(parse_duration("24h"), Ok(MAX_TIME));
    }

    #[test]
    fn the_evaluation_is_a_setting_of_alphabeta() {
        let spec: PlayerSpec = "alphabeta:nodes=1000,eval=net".parse().expect("valid");
        assert_eq!(spec.eval, Evaluation::Net);
        assert_eq!(spec.to_string(), "alphabeta:nodes=1000,eval=net");
        let spec: PlayerSpec = "alphabeta:eval=hand".parse().expect("valid");
        assert_eq!((spec.eval, spec.to_string().as_str()), (Evaluation::Hand, "alphabeta"));
        assert_eq!(
            "alphabeta:eval=deep".parse::<PlayerSpec>().map_err(|e| e.to_string()),
            Err("invalid value `deep` for eval; expected hand or net".to_owned())
        );
        assert!(matches!(
            "mcts:eval=net".parse::<PlayerSpec>(),
            Err(SpecError::UselessSetting { .. })
        ));
    }

    #[test]
    fn bad_specs_say_what_is_expected() {
        assert_eq!(
            "alphabeta:random=101".parse::<PlayerSpec>().map_err(|e| e.to_string()),
            Err("invalid value `101` for random; expected a percentage from 0 to 100".to_owned())
        );
        assert!(matches!(
            "mcts:random=5".parse::<PlayerSpec>(),
            Err(SpecError::UselessSetting { .. })
        ));
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
        assert_eq!(PlayerSpec::level::<Minicheckers>(6), Err(SpecError::UnknownLevel(6)));
        assert_eq!(PlayerSpec::level::<Minicheckers>(0), Err(SpecError::UnknownLevel(0)));
        assert!(matches!(
            "alphabeta:hash=99999999999".parse::<PlayerSpec>(),
            Err(SpecError::InvalidValue { .. })
        ));
        assert!(matches!(
            "alphabeta:hash=0".parse::<PlayerSpec>(),
            Err(SpecError::InvalidValue { .. })
        ));
    }

    #[test]
    fn times_past_a_day_are_refused() {
        for text in ["10000000000000000000s", "24.001h", "1e300", "1441m"] {
            assert!(matches!(parse_duration(text), Err(SpecError::InvalidValue { .. })), "{text}");
        }
        assert!("alphabeta:time=10000000000000000000s".parse::<PlayerSpec>().is_err());
        assert!("mcts:time=99999h".parse::<PlayerSpec>().is_err());
        assert!(parse_duration("0s").is_err() && parse_duration("0.0001s").is_err());
    }

    #[test]
    fn settings_that_do_nothing_or_repeat_or_are_zero_are_refused() {
        let useless = |text: &str| {
            matches!(text.parse::<PlayerSpec>(), Err(SpecError::UselessSetting { .. }))
        };
        assert!(useless("random:depth=3"));
        assert!(useless("mcts:depth=3"));
        assert!(useless("mcts:hash=64"));
        assert_eq!("alphabeta:seed=3".parse::<PlayerSpec>(), Err(SpecError::SeedWithoutRandom));
        assert!("alphabeta:seed=3,random=0".parse::<PlayerSpec>().is_err());
        assert!(useless("random:time=1s"));
        for repeated in ["alphabeta:depth=3,depth=4", "mcts:nodes=5,iterations=6"] {
            assert!(
                matches!(repeated.parse::<PlayerSpec>(), Err(SpecError::RepeatedSetting(_))),
                "{repeated}"
            );
        }
        for bad in [
            "alphabeta:depth=99999999",
            "alphabeta:depth=1001",
            "alphabeta:depth=0",
            "alphabeta:nodes=0",
            "mcts:iterations=0",
            "alphabeta:depth=+5",
        ] {
            assert!(
                matches!(bad.parse::<PlayerSpec>(), Err(SpecError::InvalidValue { .. })),
                "{bad}"
            );
        }
        assert_eq!(
            "alphabeta:depth=1000".parse::<PlayerSpec>().map(|s| s.limits.depth),
            Ok(Some(1000))
        );
    }

    #[test]
    fn specs_write_back_to_text_that_reads_back_to_them() {
        for text in [
            "random",
            "random:seed=7",
            "alphabeta:time=100ms,depth=6,nodes=20000,hash=64",
            "mcts:time=1500ms,iterations=5000,seed=18446744073709551615",
            "alphabeta:hash=1",
            "alphabeta:depth=1,seed=9,random=40",
            "alphabeta:nodes=100000,book=off",
            "mcts:iterations=50,book=off",
        ] {
            let spec: PlayerSpec = text.parse().expect(text);
            assert_eq!(spec.to_string(), text);
            assert_eq!(spec.to_string().parse::<PlayerSpec>(), Ok(spec), "{text}");
        }
        for level in 1..=5 {
            let spec = PlayerSpec::level::<Minicheckers>(level).expect("a level");
            assert_eq!(spec.to_string().parse::<PlayerSpec>(), Ok(spec), "level {level}");
        }
    }
}
