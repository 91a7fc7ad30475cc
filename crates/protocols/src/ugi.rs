//! The Universal Game Interface: UCI generalised to any sequential two-player game, as the
//! `cutegames` tournament runner speaks it, for every game of the catalog.
//!
//! Commands: `ugi`, `isready`, `setoption name N value V`, `uginewgame`, `position startpos|fen
//! TEXT [moves M…]`, `go [p1time MS] [p2time MS] [p1inc MS] [p2inc MS] [movetime MS] [depth N]
//! [nodes N] [infinite]`, `stop`, `query gameover|p1turn|result|legalmoves`, `quit`. Moves are
//! the game's canonical move text (one word each: a Fanorona chain and a Day-and-Night turn are
//! one move), positions its text form. The first player, `p1`, is the side that moves first
//! from the game's start under its options (Black in checkers). `go` with no limit searches
//! until `stop`. A line that cannot be obeyed is answered with `info string error: …` saying
//! what was wrong and what is expected, and changes nothing. `docs/protocols.md` has an
//! example session.

use std::io::{self, BufRead};
use std::str::SplitWhitespace;
use std::time::Duration;

use arbiter_ai::{
    Limits, PlayerSpec, Score, SearchReport, DEFAULT_TABLE_MIB, MAX_DEPTH, MAX_TABLE_MIB, MAX_TIME,
};
use arbiter_catalog::{AnyGame, GameId, Visitor};
use arbiter_core::text::excerpt;
use arbiter_core::{GameRecord, OptionValues, Side, Status};

use crate::searcher::{Search, Searcher};
use crate::settings::Settings;
use crate::{run_games, serve_lines, Next, Output, Protocol};
use arbiter_ai::budget;

/// The engine's name in `id name`.
const NAME: &str = concat!("Arbiter ", env!("CARGO_PKG_VERSION"));

/// The commands, for the message that answers an unknown one.
const COMMANDS: &str = "ugi, isready, setoption, uginewgame, position, go, stop, query, quit";

/// Runs the protocol on `input` and `output` until `quit` or the end of the input, starting
/// with `game`.
pub fn run(game: GameId, mut input: impl BufRead, output: Output) -> io::Result<()> {
    run_games(game, |settings| {
        settings.game.visit(ForGame { input: &mut input, output: &output, settings })
    })
}

/// The protocol's loop, run for the game the settings name.
struct ForGame<'a, R> {
    input: &'a mut R,
    output: &'a Output,
    settings: &'a mut Settings,
}

impl<R: BufRead> Visitor for ForGame<'_, R> {
    type Output = io::Result<Next>;

    fn visit<G: AnyGame>(self) -> io::Result<Next> {
        let ForGame { input, output, settings } = self;
        let options = settings.options::<G>();
        let mut engine = Ugi::<G> {
            output,
            record: GameRecord::new(options.clone()),
            first: G::start(&options).side_to_move(),
            searcher: Searcher::new(options.clone()),
            options,
            settings,
        };
        serve_lines(input, &mut engine)
    }
}

/// The engine for the game `G`.
struct Ugi<'a, G: AnyGame> {
    output: &'a Output,
    settings: &'a mut Settings,
    options: G::Options,
    /// The position set by `position`, with the moves that led to it (for the draw rules).
    record: GameRecord<G>,
    /// The side that moves first from the start.
    first: Side,
    searcher: Searcher<G>,
}

impl<G: AnyGame> Protocol for Ugi<'_, G> {
    fn handle(&mut self, line: &str) -> io::Result<Option<Next>> {
        let line = line.trim();
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else { return Ok(None) };
        match command {
            "ugi" => self.identify()?,
            "isready" => {
                // The table is made now, not in the first search's time.
                self.searcher
                    .prepare(&self.settings.player(Limits::default(), self.record.position()).0);
                self.output.line("readyok")?;
            }
            "setoption" => return self.set_option(line),
            "uginewgame" => {
                self.record = GameRecord::new(self.options.clone());
                self.searcher.new_game(self.record.clone());
            }
            "position" => self.position(line["position".len()..].trim())?,
            "go" => self.go(words)?,
            "stop" => self.searcher.stop(),
            "query" => self.query(words)?,
            "quit" => return Ok(Some(Next::Quit)),
            _ => self.error(format_args!(
                "unknown command `{}`; expected one of {COMMANDS}",
                excerpt(command)
            ))?,
        }
        Ok(None)
    }

    fn refuse(&mut self, message: &str) -> io::Result<()> {
        self.error(message)
    }

    fn stop(&mut self) {
        self.searcher.stop();
    }
}

impl<G: AnyGame> Ugi<'_, G> {
    /// `info string error: …`.
    fn error(&self, message: impl std::fmt::Display) -> io::Result<()> {
        self.output.line(format_args!("info string error: {message}"))
    }

    /// The answer to `ugi`: the engine's name and options.
    fn identify(&self) -> io::Result<()> {
        self.output.line(format_args!("id name {NAME}"))?;
        self.output.line("id author the Arbiter developers")?;
        let games: Vec<String> = GameId::ALL.iter().map(|id| format!("var {}", id.id())).collect();
        self.output.line(format_args!(
            "option name Game type combo default {} {}",
            G::ID,
            games.join(" ")
        ))?;
        self.output.line(
            "option name Engine type combo default alphabeta var alphabeta var mcts var perfect",
        )?;
        self.output.line(format_args!(
            "option name Hash type spin default {DEFAULT_TABLE_MIB} min 1 max {MAX_TABLE_MIB}"
        ))?;
        self.output.line("option name Book type check default true")?;
        for id in GameId::ALL {
            for spec in id.info().options {
                self.output.line(option_line(spec))?;
            }
        }
        self.output.line("ugiok")
    }

    /// `setoption name N value V`.
    fn set_option(&mut self, line: &str) -> io::Result<Option<Next>> {
        let Some((name, value)) = name_and_value(line) else {
            self.error("expected setoption name NAME value VALUE")?;
            return Ok(None);
        };
        match name.to_ascii_lowercase().as_str() {
            "game" => match value.parse::<GameId>() {
                Ok(id) if id == self.settings.game => {}
                Ok(id) => return Ok(Some(Next::Switch(id))),
                Err(error) => self.error(error)?,
            },
            "engine" => {
                if let Err(message) = self.settings.set_engine(value) {
                    self.error(message)?;
                }
            }
            "hash" => {
                if let Err(message) = self.settings.set_table(value) {
                    self.error(message)?;
                }
            }
            "book" => {
                if let Err(message) = self.settings.set_book(value) {
                    self.error(message)?;
                }
            }
            _ => self.set_game_option(name, value)?,
        }
        Ok(None)
    }

    /// A game's option: checked against the games that have it, kept for them; the position
    /// goes back to the start when it changes the game being played.
    fn set_game_option(&mut self, name: &str, value: &str) -> io::Result<()> {
        match self.settings.set_game_option(&GameId::ALL, name, value) {
            Ok(true) => {}
            Ok(false) => {
                let mut names = vec!["Game", "Engine", "Hash", "Book"];
                names.extend(
                    GameId::ALL.iter().flat_map(|id| id.info().options.iter().map(|spec| spec.key)),
                );
                return self.error(format_args!(
                    "unknown option `{}`; the options are {}",
                    excerpt(name),
                    names.join(", ")
                ));
            }
            Err(error) => return self.error(error),
        }
        let options = self.settings.options::<G>();
        if options != self.options {
            self.searcher.stop();
            self.first = G::start(&options).side_to_move();
            self.record = GameRecord::new(options.clone());
            self.searcher = Searcher::new(options.clone());
            self.options = options;
        }
        Ok(())
    }

    /// `position startpos|fen TEXT [moves M…]`: the position is set only if all of it is
    /// right.
    fn position(&mut self, arguments: &str) -> io::Result<()> {
        // The position's text may hold spaces (Breakthrough's side to move): it runs to the
        // word `moves`.
        let words: Vec<&str> = arguments.split_whitespace().collect();
        let (setup, moves) = match words.iter().position(|word| *word == "moves") {
            Some(at) => (&words[..at], &words[at + 1..]),
            None => (&words[..], &words[words.len()..]),
        };
        let mut setup = setup.iter().copied();
        let start =
            match (setup.next(), setup.clone().next()) {
                (Some("startpos"), None) => Ok(GameRecord::new(self.options.clone())),
                (Some("fen"), Some(_)) => {
                    let text: Vec<&str> = setup.collect();
                    G::from_text(&text.join(" "), &self.options)
                        .map(|position| GameRecord::from_position(position, self.options.clone()))
                        .map_err(|error| format!("the position cannot be read: {error}"))
                }
                _ => Err("expected position startpos or position fen TEXT, then moves M1 M2 …"
                    .to_owned()),
            };
        let mut record = match start {
            Ok(record) => record,
            Err(message) => return self.error(message),
        };
        for (index, text) in moves.iter().enumerate() {
            if let Err(error) = record.play_text(text) {
                return self.error(format_args!(
                    "move {} (`{}`) cannot be played: {error}; the position is unchanged",
                    index + 1,
                    excerpt(text)
                ));
            }
        }
        self.searcher.stop();
        self.record = record;
        Ok(())
    }

    /// `go …`: searches on its own thread, which prints `info` lines and then `bestmove`.
    fn go(&mut self, words: SplitWhitespace<'_>) -> io::Result<()> {
        self.searcher.stop();
        let (go, warnings) = GoLimits::parse(words);
        for warning in warnings {
            self.error(warning)?;
        }
        if let Status::Over(outcome) = self.record.status() {
            self.error(format_args!("the game is over ({outcome}); there is no move to search"))?;
            return self.output.line("bestmove 0000");
        }
        let own = usize::from(self.record.position().side_to_move() != self.first);
        let (limits, hold) = go.limits(own);
        // On the clock, a forced move is played at once: its time is better kept.
        let legal = self.record.position().legal_moves();
        if let (true, false, [forced]) = (go.on_the_clock(), hold, legal.as_slice()) {
            return self.output.line(format_args!("bestmove {forced}"));
        }
        let (spec, warning) = self.settings.player(limits, self.record.position());
        // A search held until `stop` is an analysis: it searches rather than answer from the
        // book.
        let spec = PlayerSpec { book: spec.book && !hold, ..spec };
        if let Some(warning) = warning {
            self.error(warning)?;
        }
        let (progress_output, done_output) = (self.output.clone(), self.output.clone());
        let search = Search::<G> {
            spec,
            hold,
            progress: Box::new(move |report| {
                // A write error ends the engine at the next command it reads.
                let _ = progress_output.line(info_line(report));
            }),
            done: Box::new(move |report| {
                let best = report.best.map_or_else(|| "0000".to_owned(), |mv| mv.to_string());
                let _ = done_output.line(format_args!("bestmove {best}"));
            }),
        };
        self.searcher.start(&self.record, search)
    }

    /// `query gameover|p1turn|result|legalmoves`.
    fn query(&mut self, mut words: SplitWhitespace<'_>) -> io::Result<()> {
        let status = self.record.status();
        let answer = match words.next() {
            Some("gameover") => status.is_over().to_string(),
            Some("p1turn") => (self.record.position().side_to_move() == self.first).to_string(),
            Some("result") => match status {
                Status::Ongoing => "none".to_owned(),
                Status::Over(outcome) => match outcome.winner() {
                    None => "draw".to_owned(),
                    Some(winner) if winner == self.first => "p1win".to_owned(),
                    Some(_) => "p2win".to_owned(),
                },
            },
            Some("legalmoves") => {
                let moves: Vec<String> = if status.is_over() {
                    Vec::new()
                } else {
                    self.record.position().legal_moves().iter().map(ToString::to_string).collect()
                };
                moves.join(" ")
            }
            other => {
                return self.error(format_args!(
                    "unknown query `{}`; expected query gameover, p1turn, result or legalmoves",
                    excerpt(other.unwrap_or(""))
                ))
            }
        };
        // `response` alone when there is nothing to list.
        self.output.line(format!("response {answer}").trim_end())
    }
}

/// The `option` line of a game's option: a combo for a choice, a spin for a range.
fn option_line(spec: &arbiter_core::OptionSpec) -> String {
    let kind = match spec.values {
        OptionValues::Range { min, max } => {
            format!("spin default {} min {min} max {max}", spec.default)
        }
        OptionValues::Choice(words) => {
            let vars: Vec<String> = words.iter().map(|word| format!("var {word}")).collect();
            format!("combo default {} {}", spec.default, vars.join(" "))
        }
    };
    format!("option name {} type {kind}", spec.key)
}

/// The name and value of `setoption name N value V` (each may have spaces).
fn name_and_value(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix("setoption")?.trim_start().strip_prefix("name")?;
    let (name, value) = match rest.find(" value ") {
        Some(at) => (&rest[..at], &rest[at + " value ".len()..]),
        None => (rest, ""),
    };
    let name = name.trim();
    (!name.is_empty()).then_some((name, value.trim()))
}

/// The limits of `go`.
#[derive(Debug, Default, PartialEq, Eq)]
struct GoLimits {
    /// The time left on each player's clock, p1 first.
    time: [Option<Duration>; 2],
    /// Each player's increment.
    increment: [Option<Duration>; 2],
    /// The time for this move.
    movetime: Option<Duration>,
    /// The deepest iteration (alpha-beta).
    depth: Option<u32>,
    /// Positions (alpha-beta) or iterations (MCTS).
    nodes: Option<u64>,
    /// Search until `stop`.
    infinite: bool,
}

impl GoLimits {
    /// The limits of `go`'s words. A word that cannot be read is skipped with a warning, so
    /// that a runner waiting for `bestmove` still gets one.
    fn parse(words: SplitWhitespace<'_>) -> (GoLimits, Vec<String>) {
        const EXPECTED: &str = "go p1time MS p2time MS p1inc MS p2inc MS, go movetime MS, \
                                go depth N, go nodes N or go infinite";
        let (mut go, mut warnings) = (GoLimits::default(), Vec::new());
        let mut words = words.peekable();
        while let Some(word) = words.next() {
            if word == "infinite" {
                go.infinite = true;
                continue;
            }
            if !matches!(
                word,
                "p1time" | "p2time" | "p1inc" | "p2inc" | "movetime" | "depth" | "nodes"
            ) {
                warnings.push(format!(
                    "unknown limit `{}` ignored; expected {EXPECTED}",
                    excerpt(word)
                ));
                // Its number, if it has one (UCI's `wtime 1000`, `movestogo 30`), goes with it.
                words.next_if(|next| next.bytes().all(|byte| byte.is_ascii_digit()));
                continue;
            }
            let value = words.next().unwrap_or("");
            let Some(number) = arbiter_core::text::parse_digits::<u64>(value) else {
                warnings.push(format!(
                    "`{word} {}` needs a whole number and was ignored; expected {EXPECTED}",
                    excerpt(value)
                ));
                continue;
            };
            let milliseconds = Some(Duration::from_millis(number).min(MAX_TIME));
            match word {
                "p1time" => go.time[0] = milliseconds,
                "p2time" => go.time[1] = milliseconds,
                "p1inc" => go.increment[0] = milliseconds,
                "p2inc" => go.increment[1] = milliseconds,
                "movetime" => go.movetime = milliseconds,
                "depth" => go.depth = Some(number.clamp(1, u64::from(MAX_DEPTH)) as u32),
                _ => go.nodes = Some(number.max(1)),
            }
        }
        (go, warnings)
    }

    /// `true` when a clock is given.
    fn on_the_clock(&self) -> bool {
        self.time.iter().any(Option::is_some)
    }

    /// The search's limits for the player `own` (0 for p1), and whether to hold the move
    /// until `stop` (an infinite search).
    fn limits(&self, own: usize) -> (Limits, bool) {
        // The mover's clock; a runner that gives only the other's means the same for both.
        let other = 1 - own;
        let (time, increment) = match self.time[own] {
            Some(time) => (Some(time), self.increment[own]),
            None => (self.time[other], self.increment[other]),
        };
        let clock = time.map(|time| budget(time, increment.unwrap_or_default(), None));
        let time = match (self.movetime, clock) {
            (Some(movetime), Some(clock)) => Some(movetime.min(clock)),
            (movetime, clock) => movetime.or(clock),
        };
        let limited = time.is_some() || self.depth.is_some() || self.nodes.is_some();
        if self.infinite || !limited {
            return (Limits::time(MAX_TIME), true);
        }
        (Limits { time, depth: self.depth, nodes: self.nodes }, false)
    }
}

/// `info depth D score cp S|mate M nodes N nps R time T pv M…`.
fn info_line<M: std::fmt::Display>(report: &SearchReport<M>) -> String {
    let milliseconds = report.elapsed.as_millis();
    let seconds = report.elapsed.as_secs_f64();
    let nps = if seconds > 0.0 { (report.nodes as f64 / seconds) as u64 } else { 0 };
    let pv: Vec<String> = report.pv.iter().map(ToString::to_string).collect();
    let mut line = format!(
        "info depth {} score {} nodes {} nps {nps} time {milliseconds}",
        report.depth,
        score_text(report.score),
        report.nodes
    );
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

/// A score as UCI writes it: `cp` in hundredths of a piece, or `mate` in the engine's own
/// moves (negative when it loses). An MCTS win rate becomes centipieces by the logistic
/// curve UCI engines use for win rates (400 per factor of ten in the odds).
fn score_text(score: Score) -> String {
    match score {
        Score::Eval(centipieces) => format!("cp {centipieces}"),
        Score::WinRate(rate) => {
            let rate = rate.clamp(0.001, 0.999);
            format!("cp {}", (400.0 * (rate / (1.0 - rate)).log10()).round() as i32)
        }
        Score::Win(plies) => format!("mate {}", plies.div_ceil(2)),
        Score::Loss(plies) => format!("mate -{}", plies.div_ceil(2)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> (GoLimits, Vec<String>) {
        GoLimits::parse(text.split_whitespace())
    }

    #[test]
    fn go_takes_the_movers_clock() {
        let (go, warnings) = parse("p1time 2530 p2time 10030 p1inc 0 p2inc 0");
        assert!(warnings.is_empty());
        assert_eq!(go.limits(0), (Limits::time(Duration::from_millis(100)), false));
        assert_eq!(go.limits(1), (Limits::time(Duration::from_millis(400)), false));
        // Only the other player's clock: the same for both.
        let (go, _) = parse("p2time 2530");
        assert_eq!(go.limits(0), (Limits::time(Duration::from_millis(100)), false));
    }

    #[test]
    fn go_without_a_limit_searches_until_stopped() {
        assert_eq!(parse("").0.limits(0), (Limits::time(MAX_TIME), true));
        assert_eq!(parse("infinite").0.limits(1), (Limits::time(MAX_TIME), true));
        let (go, _) = parse("depth 5 nodes 1000");
        assert_eq!(go.limits(0), (Limits { time: None, depth: Some(5), nodes: Some(1000) }, false));
    }

    #[test]
    fn bad_limits_are_skipped_with_a_warning_that_says_what_is_expected() {
        let (go, warnings) = parse("depth x movetime 50");
        assert!(
            warnings[0].contains("`depth x` needs a whole number and was ignored"),
            "{warnings:?}"
        );
        assert_eq!(go.movetime, Some(Duration::from_millis(50)));
        let (go, warnings) = parse("wtime 100 depth 3");
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains("unknown limit `wtime` ignored"), "{warnings:?}");
        assert_eq!(go.depth, Some(3));
        assert_eq!(parse("depth 0").0.depth, Some(1));
    }

    #[test]
    fn scores_are_written_as_uci_does() {
        assert_eq!(score_text(Score::Eval(-35)), "cp -35");
        assert_eq!(score_text(Score::Win(7)), "mate 4");
        assert_eq!(score_text(Score::Loss(4)), "mate -2");
        assert_eq!(score_text(Score::WinRate(0.5)), "cp 0");
        assert_eq!(score_text(Score::WinRate(0.909_090_909)), "cp 400");
    }

    #[test]
    fn setoption_names_and_values_may_have_spaces() {
        assert_eq!(name_and_value("setoption name Game value holes"), Some(("Game", "holes")));
        assert_eq!(name_and_value("setoption name Clear Hash"), Some(("Clear Hash", "")));
        assert_eq!(name_and_value("setoption value 3"), None);
    }
}
