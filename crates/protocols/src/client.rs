//! The client side of UGI: a [`Player`] whose moves come from an engine in another process,
//! typically an older build of Arbiter (`old/arbiter ugi checkers`), so that a change can be
//! measured by a match against the engine before it.
//!
//! The engine is started and greeted (`ugi` … `ugiok`), told the game, the game's options, the
//! spec's engine and hash through the options it declares, then asked `isready`. Each move is
//! one `position startpos moves …` with the whole game (the engine judges repetitions from it)
//! and one `go` with the spec's limits; the `bestmove` must be a legal move. Every answer is
//! awaited for a bounded time: the spec's time limit plus a margin, or the margin alone. An
//! engine that exits, does not answer in time, writes a line that is too long or not text,
//! reports an error (`info string error: …`, Arbiter's way of refusing a command, which means
//! it does not play the position it was sent) or plays a move that is not legal forfeits the
//! game: [`Player::choose_in_game`] says why, quoting what the engine said last (the caller
//! names the engine: `arbiter match` by its command).
//! The failed process is killed, and a new one is started for the next game.

mod process;

use std::io;
use std::time::{Duration, Instant};

use arbiter_ai::MAX_DEPTH;
use arbiter_ai::{Context, Engine, Forfeit, Limits, Player, PlayerSpec, Score, SearchReport};
use arbiter_core::text::{escaped, excerpt};
use arbiter_core::{Evaluate, Game, GameOptions, GameRecord};
use thiserror::Error;

use self::process::{Awaiting, EngineProcess};
use crate::MAX_LINE_BYTES;

/// How an engine in another process failed to play.
#[derive(Debug, Error)]
pub enum ClientError {
    /// The command line is empty.
    #[error("no engine command was given; expected a UGI engine's command line, such as `old/arbiter ugi checkers`")]
    EmptyCommand,
    /// The program could not be started.
    #[error("cannot start `{}`: {error}; expected the path of a UGI engine's program, then its arguments", escaped(.program))]
    Spawn {
        /// The program.
        program: String,
        /// Why it could not be started.
        error: io::Error,
    },
    /// The engine exited, or closed its output.
    #[error("the engine {how} while {doing}{said}")]
    Ended {
        /// `exited (exit status: 1)`, `closed its output`.
        how: String,
        /// What was going on.
        doing: String,
        /// What the engine said last (`; its last line was …`).
        said: String,
    },
    /// The engine did not answer in time.
    #[error("the engine did not answer within {} ms while {waiting}{said}", .allowed.as_millis())]
    Timeout {
        /// The time it was given.
        allowed: Duration,
        /// What was awaited.
        waiting: String,
        /// What the engine said last.
        said: String,
    },
    /// A line of the engine's output is too long.
    #[error("the engine wrote a line longer than {MAX_LINE_BYTES} bytes while {waiting}; expected one UGI answer a line")]
    LineTooLong {
        /// What was awaited.
        waiting: String,
    },
    /// A line of the engine's output is not UTF-8.
    #[error(
        "the engine wrote a line that is not UTF-8 while {waiting}; expected UGI answers in text"
    )]
    NotUtf8 {
        /// What was awaited.
        waiting: String,
    },
    /// The engine reported an error: it refused a command.
    #[error("the engine refused a command after `{}`: `{}`; expected it to accept the game, its options and the position", excerpt(.after), excerpt(.answer))]
    Refused {
        /// The last command sent.
        after: String,
        /// Its error line.
        answer: String,
    },
    /// The engine lacks an option that the match needs.
    #[error("the engine has no option `{}`, needed {why}; {}", escaped(.name), declared_text(.declared))]
    MissingOption {
        /// The option.
        name: String,
        /// What it is needed for.
        why: String,
        /// The options the engine declares.
        declared: Vec<String>,
    },
    /// The engine's option does not take the value the match needs.
    #[error("the engine's option `{}` cannot be `{value}`; its values are {}", escaped(.name), excerpt(.values))]
    UnsupportedValue {
        /// The option.
        name: String,
        /// The value needed.
        value: String,
        /// The values it declares.
        values: String,
    },
    /// The engine's `bestmove` is not a legal move.
    #[error("the engine answered `{}` to `{go}` at {position}, which is not a move here: {problem}; expected `bestmove M` with M one of {}", excerpt(.line), excerpt(.legal))]
    BadMove {
        /// The engine's line.
        line: String,
        /// The `go` command.
        go: String,
        /// The position, in its text form.
        position: String,
        /// What is wrong with the move.
        problem: String,
        /// The legal moves.
        legal: String,
    },
}

fn declared_text(declared: &[String]) -> String {
    if declared.is_empty() {
        "it declares none".to_owned()
    } else {
        format!("its options are {}", excerpt(&declared.join(", ")))
    }
}

/// An option the engine declares (`option name NAME type … var …`).
#[derive(Debug, Clone, PartialEq, Eq)]
struct EngineOption {
    name: String,
    /// The values of a `combo` option; empty for the other types.
    values: Vec<String>,
}

impl EngineOption {
    /// Reads `option name NAME type T [default D] [var V]…`; `None` for any other line.
    fn parse(line: &str) -> Option<Self> {
        let rest = line.strip_prefix("option name ")?;
        let (name, rest) = rest.split_once(" type ").unwrap_or((rest, ""));
        let mut words = rest.split_whitespace();
        let mut values = Vec::new();
        while let Some(word) = words.next() {
            if word == "var" {
                values.extend(words.next().map(str::to_owned));
            }
        }
        Some(EngineOption { name: name.trim().to_owned(), values })
    }

    /// `(name, value)` to set, if the engine accepts `value`.
    fn setting(&self, value: &str) -> Result<(String, String), ClientError> {
        if !self.values.is_empty() && !self.values.iter().any(|known| known == value) {
            return Err(ClientError::UnsupportedValue {
                name: self.name.clone(),
                value: value.to_owned(),
                values: self.values.join(", "),
            });
        }
        Ok((self.name.clone(), value.to_owned()))
    }
}

/// A player whose moves come from a UGI engine in another process, one process per player:
/// it is started by [`UgiPlayer::start`], restarted after a failure at the next game, and
/// killed when the player is dropped.
pub struct UgiPlayer<G: Game> {
    /// The program and its arguments.
    command: Vec<String>,
    /// The engine to ask for through the `Engine` option, its limits and hash.
    spec: PlayerSpec,
    options: G::Options,
    /// How long beyond its time limit the engine may take to answer.
    margin: Duration,
    /// The running engine; `None` after a failure, until it is started again.
    engine: Option<EngineProcess>,
    /// Why the last [`Player::choose`] returned no move.
    last_error: Option<ClientError>,
    /// Why the engine failed to start the game being played: the game's first move reports it.
    new_game_error: Option<ClientError>,
}

impl<G: Evaluate> UgiPlayer<G> {
    /// Starts the engine of `command` (a program and its arguments) and sets it up to play
    /// `G` under `options` as `spec` says: its engine, hash and limits. `margin` is how long
    /// the engine may take beyond its time limit to answer anything: its handshake, and each
    /// move (with no time limit, the whole search).
    pub fn start(
        command: Vec<String>,
        spec: PlayerSpec,
        options: G::Options,
        margin: Duration,
    ) -> Result<Self, ClientError> {
        let mut player = UgiPlayer {
            command,
            spec,
            options,
            margin,
            engine: None,
            last_error: None,
            new_game_error: None,
        };
        player.engine = Some(player.connect()?);
        Ok(player)
    }

    /// Why the last [`Player::choose`] returned no move, if it did.
    #[must_use]
    pub fn last_error(&self) -> Option<&ClientError> {
        self.last_error.as_ref()
    }

    /// Starts the engine and sets it up: the handshake, the options, `isready`.
    fn connect(&self) -> Result<EngineProcess, ClientError> {
        let mut engine = EngineProcess::spawn(&self.command)?;
        engine.send("ugi")?;
        let awaiting = Awaiting::new("`ugiok` after `ugi`".to_owned(), self.margin);
        let mut declared = Vec::new();
        loop {
            let line = engine.next_line(&awaiting)?;
            if line.trim() == "ugiok" {
                break;
            }
            declared.extend(EngineOption::parse(&line));
        }
        let mut last = "ugi".to_owned();
        for (name, value) in self.settings(&declared)? {
            last = format!("setoption name {name} value {value}");
            engine.send(&last)?;
        }
        self.ready(&mut engine, &last)?;
        Ok(engine)
    }

    /// The options to set, in order: the game, its options, the engine, its hash and its book.
    /// An option that the engine lacks is left alone when the match does not need it: a
    /// default game option, the `Engine` when alpha-beta is asked for (any engine searches
    /// somehow), the `Hash`, the `Book`.
    fn settings(&self, declared: &[EngineOption]) -> Result<Vec<(String, String)>, ClientError> {
        let find =
            |name: &str| declared.iter().find(|option| option.name.eq_ignore_ascii_case(name));
        let missing = |name: &str, why: String| ClientError::MissingOption {
            name: name.to_owned(),
            why,
            declared: declared.iter().map(|option| option.name.clone()).collect(),
        };
        let mut settings = Vec::new();
        // Without a `Game` option the engine is taken to play the game it was started with.
        if let Some(option) = find("Game") {
            settings.push(option.setting(G::ID)?);
        }
        for (key, value) in self.options.values() {
            let default =
                G::Options::SPECS.iter().find(|spec| spec.key == key).map(|spec| spec.default);
            match find(key) {
                Some(option) => settings.push(option.setting(&value)?),
                None if default != Some(value.as_str()) => {
                    return Err(missing(key, format!("to play {} with {key}={value}", G::ID)));
                }
                None => {}
            }
        }
        let engine = self.spec.engine;
        match find("Engine") {
            Some(option) => settings.push(option.setting(engine.name())?),
            None if engine != Engine::AlphaBeta => {
                return Err(missing("Engine", format!("to play with {}", engine.name())));
            }
            None => {}
        }
        if let (Engine::AlphaBeta, Some(option)) = (engine, find("Hash")) {
            settings.push(option.setting(&self.spec.table_mib.to_string())?);
        }
        // An engine without a `Book` option has no opening book to turn off.
        if let Some(option) = find("Book") {
            settings.push(option.setting(if self.spec.book { "true" } else { "false" })?);
        }
        Ok(settings)
    }

    /// Asks `isready` and waits for `readyok`; an error reported before it means the engine
    /// refused a command sent since `after`.
    fn ready(&self, engine: &mut EngineProcess, after: &str) -> Result<(), ClientError> {
        engine.send("isready")?;
        let awaiting = Awaiting::new("`readyok` after `isready`".to_owned(), self.margin);
        loop {
            let line = engine.next_line(&awaiting)?;
            match line.trim() {
                "readyok" => return Ok(()),
                answer if is_error(answer) => {
                    return Err(ClientError::Refused { after: after.to_owned(), answer: line });
                }
                _ => {}
            }
        }
    }

    /// Plays `position` on the engine, started if it is not running, which `command` sets
    /// up. On a failure the engine is dropped, and so killed.
    fn play(&mut self, position: &G, command: &str) -> Result<SearchReport<G::Move>, ClientError> {
        if let Some(error) = self.new_game_error.take() {
            return Err(error);
        }
        let mut engine = match self.engine.take() {
            Some(engine) => engine,
            None => self.connect()?,
        };
        let report = self.search(&mut engine, position, command)?;
        self.engine = Some(engine);
        Ok(report)
    }

    /// Sends `command` and `go` with the limits, and reads the answer up to `bestmove`.
    fn search(
        &self,
        engine: &mut EngineProcess,
        position: &G,
        command: &str,
    ) -> Result<SearchReport<G::Move>, ClientError> {
        let limits = self.spec.effective_limits();
        let go = go_command(&limits);
        engine.discard_output();
        engine.send(command)?;
        engine.send(&go)?;
        let started = Instant::now();
        let allowed = limits.time.unwrap_or_default().saturating_add(self.margin);
        let awaiting = Awaiting::new(format!("`bestmove` after `{go}`"), allowed);
        let mut report = empty_report();
        loop {
            let line = engine.next_line(&awaiting)?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    let best = best_move(position, words.next(), &line, &go)?;
                    report.best = Some(best);
                    report.pv = vec![best];
                    report.elapsed = started.elapsed();
                    return Ok(report);
                }
                _ if is_error(&line) => {
                    return Err(ClientError::Refused { after: command.to_owned(), answer: line });
                }
                Some("info") => read_info(&line, &mut report),
                _ => {}
            }
        }
    }
}

/// A report with no move, to be filled in.
fn empty_report<M>() -> SearchReport<M> {
    SearchReport {
        best: None,
        score: Score::Eval(0),
        depth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
        pv: Vec::new(),
        book: false,
    }
}

/// `true` for the line by which Arbiter's engine says it could not obey a command.
fn is_error(line: &str) -> bool {
    line.trim_start().starts_with("info string error")
}

/// `go` with the limits, which UGI combines as they are combined here: the first reached ends
/// the search.
fn go_command(limits: &Limits) -> String {
    let mut go = "go".to_owned();
    if let Some(time) = limits.time {
        go.push_str(&format!(" movetime {}", time.as_millis()));
    }
    if let Some(depth) = limits.depth {
        go.push_str(&format!(" depth {depth}"));
    }
    if let Some(nodes) = limits.nodes {
        go.push_str(&format!(" nodes {nodes}"));
    }
    if go == "go" {
        // Only the perfect player has no limit: it plays as soon as the solver knows, which
        // `go depth` asks of it, where `go` alone would wait for `stop`.
        go.push_str(&format!(" depth {MAX_DEPTH}"));
    }
    go
}

/// The move of `bestmove WORD`, which must be legal in `position`.
fn best_move<G: Game>(
    position: &G,
    word: Option<&str>,
    line: &str,
    go: &str,
) -> Result<G::Move, ClientError> {
    let legal = position.legal_moves();
    let bad = |problem: String| ClientError::BadMove {
        line: line.to_owned(),
        go: go.to_owned(),
        position: position.to_text(),
        problem,
        legal: legal.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "),
    };
    let word = match word {
        None => return Err(bad("it names no move".to_owned())),
        Some("0000" | "(none)") => {
            return Err(bad("it says there is no move, but the game goes on".to_owned()))
        }
        Some(word) => word,
    };
    match position.parse_move(word) {
        Ok(mv) if legal.contains(&mv) => Ok(mv),
        Ok(_) => Err(bad("it is not among the legal moves".to_owned())),
        Err(error) => Err(bad(error.to_string())),
    }
}

/// Takes what it can of an `info` line into `report`: depth, nodes and score. The line is
/// informative only: what cannot be read is skipped.
fn read_info<M>(line: &str, report: &mut SearchReport<M>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    for (index, pair) in words.windows(2).enumerate() {
        match pair {
            ["depth", depth] => report.depth = depth.parse().unwrap_or(report.depth),
            ["nodes", nodes] => report.nodes = nodes.parse().unwrap_or(report.nodes),
            ["score", "cp"] => {
                if let Some(Ok(value)) = words.get(index + 2).map(|word| word.parse()) {
                    report.score = Score::Eval(value);
                }
            }
            ["score", "mate"] => {
                // A mate in `n` of the engine's own moves is a win in `2n - 1` plies.
                if let Some(Ok(moves)) = words.get(index + 2).map(|word| word.parse::<i64>()) {
                    let plies = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
                    report.score = if moves > 0 {
                        Score::Win(plies(moves.saturating_mul(2) - 1))
                    } else {
                        Score::Loss(plies(moves.saturating_mul(-2)))
                    };
                }
            }
            _ => {}
        }
    }
}

/// `position startpos moves …` for the game of `record`, or `position fen …` from its start
/// when it did not start from the start position.
fn position_command<G: Game>(record: &GameRecord<G>) -> String {
    let mut command = if record.starts_from_standard_position() {
        "position startpos".to_owned()
    } else {
        format!("position fen {}", record.start_position().to_text())
    };
    if !record.is_empty() {
        command.push_str(" moves");
        for mv in record.moves() {
            command.push_str(&format!(" {mv}"));
        }
    }
    command
}

impl<G: Evaluate> Player<G> for UgiPlayer<G> {
    /// Without the game's record only the position is sent (`position fen …`): the engine
    /// does not know the game that led to it, for the draw rules. On a failure the report has
    /// no move, and [`UgiPlayer::last_error`] says why.
    fn choose(
        &mut self,
        position: &G,
        _context: &Context<'_>,
        progress: &mut dyn FnMut(&SearchReport<G::Move>),
    ) -> SearchReport<G::Move> {
        let command = format!("position fen {}", position.to_text());
        match self.play(position, &command) {
            Ok(report) => {
                self.last_error = None;
                progress(&report);
                report
            }
            Err(error) => {
                self.last_error = Some(error);
                empty_report()
            }
        }
    }

    fn choose_in_game(
        &mut self,
        record: &GameRecord<G>,
        progress: &mut dyn FnMut(&SearchReport<G::Move>),
    ) -> Result<SearchReport<G::Move>, Forfeit> {
        let report = self
            .play(record.position(), &position_command(record))
            .map_err(|error| Forfeit { reason: error.to_string() })?;
        progress(&report);
        Ok(report)
    }

    fn set_limits(&mut self, limits: Limits) {
        self.spec.limits = limits;
    }

    /// `uginewgame`, then `isready`. An engine that fails them is killed, the failure is
    /// reported at the game's first move, and a new engine is started for the next game. The
    /// seed is not sent: UGI has no option for it.
    fn new_game(&mut self, _seed: u64) {
        self.new_game_error = None;
        if let Some(mut engine) = self.engine.take() {
            let started =
                engine.send("uginewgame").and_then(|()| self.ready(&mut engine, "uginewgame"));
            match started {
                Ok(()) => self.engine = Some(engine),
                Err(error) => self.new_game_error = Some(error),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_read_with_their_values() {
        let option = EngineOption::parse(
            "option name Engine type combo default alphabeta var alphabeta var mcts",
        );
        let option = option.expect("an option");
        assert_eq!(option.name, "Engine");
        assert_eq!(option.values, ["alphabeta", "mcts"]);
        assert!(option.setting("mcts").is_ok());
        let error = option.setting("random").expect_err("not a value");
        assert_eq!(
            error.to_string(),
            "the engine's option `Engine` cannot be `random`; its values are alphabeta, mcts"
        );
        let hash = EngineOption::parse("option name Hash type spin default 16 min 1 max 4096");
        assert_eq!(hash, Some(EngineOption { name: "Hash".to_owned(), values: Vec::new() }));
        assert_eq!(EngineOption::parse("id name Arbiter"), None);
    }

    #[test]
    fn limits_become_one_go_command() {
        let limits = Limits { time: Some(Duration::from_millis(250)), depth: Some(6), nodes: None };
        assert_eq!(go_command(&limits), "go movetime 250 depth 6");
        assert_eq!(go_command(&Limits::nodes(500)), "go nodes 500");
        assert_eq!(go_command(&Limits::default()), format!("go depth {MAX_DEPTH}"));
    }

    #[test]
    fn info_lines_give_depth_nodes_and_score() {
        let mut report: SearchReport<u8> = empty_report();
        read_info("info depth 7 score cp -35 nodes 1234 nps 5 time 3 pv 11-15", &mut report);
        assert_eq!((report.depth, report.nodes, report.score), (7, 1234, Score::Eval(-35)));
        read_info("info depth 9 score mate 2 nodes x", &mut report);
        assert_eq!((report.depth, report.nodes, report.score), (9, 1234, Score::Win(3)));
        read_info("info depth 9 score mate -2", &mut report);
        assert_eq!(report.score, Score::Loss(4));
        read_info("info score mate -9223372036854775808", &mut report);
        assert_eq!(report.score, Score::Loss(u32::MAX));
    }
}
