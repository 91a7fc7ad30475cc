//! The Hub protocol, version 2, of the draughts engine Scan (as the Hub GUI and pydraughts
//! speak it), for checkers and mini checkers.
//!
//! Every line is `command name=value name="a value" flag …`. The engine answers `hub` with
//! `id`, its `param`s and `wait`; takes `set-param name=N value=V`, `init` (→ `ready`),
//! `new-game`, `pos pos=POSITION [moves="M1 M2 …"]`, `level depth=N | move-time=S |
//! [moves=N] time=S [inc=S] | nodes=N | infinite`, `go think|analyze|ponder`, `ponder-hit`,
//! `stop`, `ping` (→ `pong`, also while searching) and `quit`; a search prints `info` lines and
//! then `done move=M [ponder=M]`. Squares, positions and moves are written as
//! [`board`] explains. Unknown commands are ignored, as the protocol asks; a known command that
//! cannot be obeyed is answered with `error message="…"` saying what was wrong and what is
//! expected, and changes nothing. `docs/protocols.md` has an example session.

mod board;
mod line;

use std::io::{self, BufRead};
use std::time::Duration;

use arbiter_ai::{Limits, PlayerSpec, Score, SearchReport, MAX_DEPTH, MAX_TABLE_MIB, MAX_TIME};
use arbiter_catalog::{AnyGame, GameId, Visitor};
use arbiter_core::text::excerpt;
use arbiter_core::{GameOptions, GameRecord, OptionValues, Status};

use self::board::HubBoard;
use self::line::{quoted, HubLine};
use crate::searcher::{Search, Searcher};
use crate::settings::Settings;
use crate::{run_games, serve_lines, Next, Output, Protocol};
use arbiter_ai::budget;

/// The games Hub speaks of: draughts, men and kings on the dark squares.
pub const GAMES: [GameId; 2] = [GameId::Checkers, GameId::Minicheckers];

/// How long a search started by `go ponder` goes on after `ponder-hit` when the level gives
/// no time.
const PONDER_HIT_TIME: Duration = Duration::from_secs(1);

/// Runs the protocol on `input` and `output` until `quit` or the end of the input, starting
/// with `game`, one of [`GAMES`].
pub fn run(game: GameId, mut input: impl BufRead, output: Output) -> io::Result<()> {
    if !GAMES.contains(&game) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("Hub speaks of checkers and minicheckers, not {game}"),
        ));
    }
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
        // `run` and `variant` admit only the games of `GAMES`, all draughts.
        let start = G::start(&options);
        let mut engine = Hub::<G> {
            output,
            board: HubBoard::of(&start),
            record: GameRecord::new(options.clone()),
            searcher: Searcher::new(options.clone()),
            options,
            settings,
            level: Level::Default,
            pondering: false,
        };
        serve_lines(input, &mut engine)
    }
}

/// The time or depth of the next searches, as `level` sets it.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Level {
    /// None given: the player's own default (a second).
    Default,
    Depth(u32),
    Nodes(u64),
    MoveTime(Duration),
    /// A clock: the time left, the increment, and the moves until the next time control.
    Clock {
        time: Duration,
        increment: Duration,
        moves: Option<u32>,
    },
    Infinite,
}

impl Level {
    fn parse(line: &HubLine) -> Result<Level, String> {
        if line.has("infinite") {
            return Ok(Level::Infinite);
        }
        if let Some(depth) = line.get("depth") {
            return whole(depth, "depth").map(|depth: u32| Level::Depth(depth.clamp(1, MAX_DEPTH)));
        }
        if let Some(nodes) = line.get("nodes") {
            return whole(nodes, "nodes").map(|nodes: u64| Level::Nodes(nodes.max(1)));
        }
        if let Some(time) = line.get("move-time") {
            return seconds(time, "move-time").map(Level::MoveTime);
        }
        if let Some(time) = line.get("time") {
            let increment =
                line.get("inc").map_or(Ok(Duration::ZERO), |inc| seconds(inc, "inc"))?;
            let moves = line.get("moves").map(|moves| whole(moves, "moves")).transpose()?;
            return Ok(Level::Clock { time: seconds(time, "time")?, increment, moves });
        }
        Err("expected level depth=N, level move-time=SECONDS, level [moves=N] time=SECONDS [inc=SECONDS], level nodes=N or level infinite".to_owned())
    }

    /// The limits of a search at this level.
    fn limits(self) -> Limits {
        match self {
            Level::Default => Limits::default(),
            Level::Depth(depth) => Limits::depth(depth),
            Level::Nodes(nodes) => Limits::nodes(nodes),
            Level::MoveTime(time) => Limits::time(time),
            // Hub adds the increment before the move; a GUI that does not would leave only
            // `time`, so the plan counts on `time` alone.
            Level::Clock { time, increment, moves } => Limits::time(budget(time, increment, moves)),
            Level::Infinite => Limits::time(MAX_TIME),
        }
    }
}

/// A whole number given for `name`.
fn whole<T: std::str::FromStr>(text: &str, name: &str) -> Result<T, String> {
    arbiter_core::text::parse_digits(text)
        .ok_or_else(|| format!("{name}=`{}` is not a whole number", excerpt(text)))
}

/// A time in seconds given for `name` (a real number), at most a day.
fn seconds(text: &str, name: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds >= 0.0 => {
            Ok(Duration::from_secs_f64(seconds.min(MAX_TIME.as_secs_f64())))
        }
        _ => Err(format!("{name}=`{}` is not a time in seconds, like 1.5", excerpt(text))),
    }
}

/// The engine for the game `G`.
struct Hub<'a, G: AnyGame> {
    output: &'a Output,
    settings: &'a mut Settings,
    options: G::Options,
    board: HubBoard,
    /// The position set by `pos`, with the moves that led to it (for the draw rules).
    record: GameRecord<G>,
    searcher: Searcher<G>,
    level: Level,
    /// A `go ponder` search runs and `ponder-hit` has not come.
    pondering: bool,
}

impl<G: AnyGame> Protocol for Hub<'_, G> {
    fn handle(&mut self, text: &str) -> io::Result<Option<Next>> {
        let line = match HubLine::parse(text) {
            Ok(Some(line)) => line,
            Ok(None) => return Ok(None),
            Err(message) => {
                self.error(&message)?;
                return Ok(None);
            }
        };
        match line.command.as_str() {
            "hub" => self.identify()?,
            "set-param" => return self.set_param(&line),
            "init" => {
                // The table is made now, not in the first search's time.
                self.searcher
                    .prepare(&self.settings.player(Limits::default(), self.record.position()).0);
                self.output.line("ready")?;
            }
            "new-game" => {
                self.record = GameRecord::new(self.options.clone());
                self.searcher.new_game(self.record.clone());
            }
            "pos" => self.position(&line)?,
            "level" => match Level::parse(&line) {
                Ok(level) => self.level = level,
                Err(message) => self.error(&message)?,
            },
            "go" => self.go(&line)?,
            "ponder-hit" if self.pondering && self.searcher.is_searching() => {
                self.pondering = false;
                let after = self.level.limits().time.filter(|_| self.level != Level::Infinite);
                self.searcher.stop_after(after.unwrap_or(PONDER_HIT_TIME));
            }
            "stop" => {
                self.pondering = false;
                self.searcher.stop();
            }
            "ping" => self.output.line("pong")?,
            "quit" => return Ok(Some(Next::Quit)),
            // The protocol asks engines to ignore what they do not understand.
            _ => {}
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

impl<G: AnyGame> Hub<'_, G> {
    /// `error message="…"`.
    fn error(&self, message: &str) -> io::Result<()> {
        self.output.line(format_args!("error message={}", quoted(message)))
    }

    /// The answer to `hub`: the engine's name, its parameters, `wait`.
    fn identify(&self) -> io::Result<()> {
        self.output.line(format_args!(
            "id name=Arbiter version={} author={}",
            env!("CARGO_PKG_VERSION"),
            quoted("the Arbiter developers")
        ))?;
        let games: Vec<&str> = GAMES.iter().map(|id| id.id()).collect();
        self.output.line(format_args!(
            "param name=variant value={} type=enum values={}",
            G::ID,
            quoted(&games.join(" "))
        ))?;
        self.output.line(format_args!(
            "param name=engine value={} type=enum values={}",
            self.settings.engine.name(),
            quoted("alphabeta mcts perfect")
        ))?;
        self.output.line(format_args!(
            "param name=hash value={} type=int min=1 max={MAX_TABLE_MIB}",
            self.settings.table_mib
        ))?;
        self.output.line(format_args!("param name=book value={} type=bool", self.settings.book))?;
        let values = self.options.values();
        for spec in GAMES.iter().flat_map(|id| id.info().options) {
            let value = values
                .iter()
                .find(|(key, _)| *key == spec.key)
                .map_or(spec.default.to_owned(), |(_, value)| value.clone());
            let kind = match spec.values {
                OptionValues::Choice(words) => {
                    format!("type=enum values={}", quoted(&words.join(" ")))
                }
                OptionValues::Range { min, max } => format!("type=int min={min} max={max}"),
            };
            self.output.line(format_args!("param name={} value={value} {kind}", spec.key))?;
        }
        self.output.line("wait")
    }

    /// `set-param name=N value=V`.
    fn set_param(&mut self, line: &HubLine) -> io::Result<Option<Next>> {
        let (Some(name), Some(value)) = (line.get("name"), line.get("value")) else {
            self.error("expected set-param name=NAME value=VALUE")?;
            return Ok(None);
        };
        let result = match name {
            "variant" => match variant(value) {
                Ok(id) if id == self.settings.game => Ok(()),
                Ok(id) => return Ok(Some(Next::Switch(id))),
                Err(message) => Err(message),
            },
            "engine" => self.settings.set_engine(value),
            "hash" => self.settings.set_table(value),
            "book" => self.settings.set_book(value),
            _ => match self.settings.set_game_option(&GAMES, name, value) {
                Ok(true) => {
                    self.options_changed();
                    Ok(())
                }
                // The protocol asks engines to ignore what they do not understand.
                Ok(false) => Ok(()),
                Err(error) => Err(error.to_string()),
            },
        };
        if let Err(message) = result {
            self.error(&message)?;
        }
        Ok(None)
    }

    /// After an option of the game changed: the board and the start follow it.
    fn options_changed(&mut self) {
        let options = self.settings.options::<G>();
        if options != self.options {
            self.searcher.stop();
            self.board = HubBoard::of(&G::start(&options));
            self.record = GameRecord::new(options.clone());
            self.searcher = Searcher::new(options.clone());
            self.options = options;
        }
    }

    /// `pos pos=POSITION [moves="M1 M2 …"]`: set only if all of it is right.
    fn position(&mut self, line: &HubLine) -> io::Result<()> {
        let record = match self.read_position(line) {
            Ok(record) => record,
            Err(message) => return self.error(&format!("{message}; the position is unchanged")),
        };
        self.searcher.stop();
        self.record = record;
        Ok(())
    }

    fn read_position(&self, line: &HubLine) -> Result<GameRecord<G>, String> {
        let mut record = match line.get("pos") {
            Some(text) => {
                let fen = self.board.position_text(text)?;
                let position = G::from_text(&fen, &self.options)
                    .map_err(|error| format!("the position cannot be played: {error}"))?;
                GameRecord::from_position(position, self.options.clone())
            }
            None => GameRecord::new(self.options.clone()),
        };
        for (index, text) in line.get("moves").unwrap_or("").split_whitespace().enumerate() {
            if let Status::Over(outcome) = record.status() {
                return Err(format!(
                    "move {} (`{}`) comes after the end of the game ({outcome})",
                    index + 1,
                    excerpt(text)
                ));
            }
            let mv = self
                .board
                .parse_move(record.position(), text)
                .map_err(|message| format!("move {}: {message}", index + 1))?;
            record.play(mv).map_err(|error| format!("move {}: {error}", index + 1))?;
        }
        Ok(record)
    }

    /// `go think|analyze|ponder`.
    fn go(&mut self, line: &HubLine) -> io::Result<()> {
        self.searcher.stop();
        if let Status::Over(outcome) = self.record.status() {
            return self
                .error(&format!("the game is over ({outcome}); there is no move to search"));
        }
        self.pondering = line.has("ponder");
        // On the clock, a forced move is played at once: its time is better kept.
        let legal = self.record.position().legal_moves();
        if let (Level::Clock { .. }, true, [forced]) =
            (self.level, line.has("think"), legal.as_slice())
        {
            let text = self.board.move_text(self.record.position(), *forced);
            return self.output.line(format_args!("done move={text}"));
        }
        let limits = if self.pondering { Limits::time(MAX_TIME) } else { self.level.limits() };
        let (spec, warning) = self.settings.player(limits, self.record.position());
        // A search until `stop` (`level infinite`, or `go analyze`) holds its move until then.
        // It searches rather than answer from the book, as a search on the opponent's time
        // does: a book move would end it at once, and the analysis or the pondering be lost.
        let hold = self.level == Level::Infinite || line.has("analyze");
        let spec = PlayerSpec { book: spec.book && !self.pondering && !hold, ..spec };
        if let Some(warning) = warning {
            self.error(&warning)?;
        }
        let (position, board, output) =
            (self.record.position().clone(), self.board.clone(), self.output.clone());
        let (done_position, done_board, done_output) =
            (position.clone(), board.clone(), output.clone());
        let search = Search::<G> {
            spec,
            hold,
            progress: Box::new(move |report| {
                // A write error ends the engine at the next command it reads.
                let _ = output.line(info_line(&position, &board, report));
            }),
            done: Box::new(move |report| {
                let line = done_line(&done_position, &done_board, report);
                let _ = done_output.line(line);
            }),
        };
        self.searcher.start(&self.record, search)
    }
}

/// The game a `variant` names: our ids, and pydraughts' names of English draughts.
fn variant(name: &str) -> Result<GameId, String> {
    match name {
        "english" | "american" => Ok(GameId::Checkers),
        _ => name.parse::<GameId>().ok().filter(|id| GAMES.contains(id)).ok_or_else(|| {
            format!(
                "unknown variant `{}`; expected checkers (or english) or minicheckers",
                excerpt(name)
            )
        }),
    }
}

/// The principal variation in Hub's notation, played out from `position`.
fn pv_text<G: AnyGame>(position: &G, board: &HubBoard, pv: &[G::Move]) -> Vec<String> {
    let mut position = position.clone();
    let mut texts = Vec::new();
    for &mv in pv {
        if !position.legal_moves().contains(&mv) {
            break;
        }
        texts.push(board.move_text(&position, mv));
        position.play_unchecked(mv);
    }
    texts
}

/// `info depth=D score=S nodes=N time=T nps=M pv="…"`, as Scan writes it: the score in men,
/// the time in seconds, the speed in millions of nodes a second.
fn info_line<G: AnyGame>(position: &G, board: &HubBoard, report: &SearchReport<G::Move>) -> String {
    let seconds = report.elapsed.as_secs_f64();
    let mnps = if seconds > 0.0 { report.nodes as f64 / seconds / 1e6 } else { 0.0 };
    format!(
        "info depth={} score={} nodes={} time={seconds:.3} nps={mnps:.2} pv={}",
        report.depth,
        score_text(report.score),
        report.nodes,
        quoted(&pv_text(position, board, &report.pv).join(" "))
    )
}

/// `done move=M [ponder=M]`.
fn done_line<G: AnyGame>(position: &G, board: &HubBoard, report: &SearchReport<G::Move>) -> String {
    let line = pv_text(position, board, &report.pv);
    let best = report.best.map(|mv| board.move_text(position, mv));
    match (best, line.get(1)) {
        (Some(best), Some(ponder)) if line.first() == Some(&best) => {
            format!("done move={best} ponder={ponder}")
        }
        (Some(best), _) => format!("done move={best}"),
        (None, _) => "done".to_owned(),
    }
}

/// A score in men, as Scan writes it; a win in `p` plies is `100 − p/100` (pydraughts reads
/// a score over 90 as a won game).
fn score_text(score: Score) -> String {
    let men = match score {
        Score::Eval(centipieces) => f64::from(centipieces) / 100.0,
        Score::WinRate(rate) => {
            let rate = rate.clamp(0.001, 0.999);
            4.0 * (rate / (1.0 - rate)).log10()
        }
        Score::Win(plies) => 100.0 - f64::from(plies.min(9999)) / 100.0,
        Score::Loss(plies) => -(100.0 - f64::from(plies.min(9999)) / 100.0),
    };
    format!("{men:.2}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(text: &str) -> Result<Level, String> {
        Level::parse(&HubLine::parse(text).expect("valid").expect("not blank"))
    }

    #[test]
    fn levels_are_read_as_scan_documents_them() {
        assert_eq!(level("level depth=9"), Ok(Level::Depth(9)));
        assert_eq!(level("level move-time=0.5"), Ok(Level::MoveTime(Duration::from_millis(500))));
        assert_eq!(level("level infinite"), Ok(Level::Infinite));
        assert_eq!(
            level("level moves=9 time=291.5 inc=2"),
            Ok(Level::Clock {
                time: Duration::from_secs_f64(291.5),
                increment: Duration::from_secs(2),
                moves: Some(9)
            })
        );
        // A 25th of the 2.5 s past the reserve, and most of the increment.
        let clock = level("level time=2.53 inc=0.5").expect("valid");
        assert_eq!(clock.limits(), Limits::time(Duration::from_millis(475)));
        // A large increment is not spent before it is on the clock: a third of what is left.
        let clock = level("level time=0.53 inc=2").expect("valid");
        assert_eq!(clock.limits(), Limits::time(Duration::from_millis(500) / 3));
    }

    #[test]
    fn bad_levels_say_what_is_expected() {
        assert!(level("level move-time=-1")
            .expect_err("negative")
            .contains("not a time in seconds"));
        assert!(level("level depth=deep").expect_err("a word").contains("not a whole number"));
        assert!(level("level").expect_err("nothing").contains("expected level depth=N"));
    }

    #[test]
    fn scores_are_in_men_and_wins_above_ninety() {
        assert_eq!(score_text(Score::Eval(-35)), "-0.35");
        assert_eq!(score_text(Score::Win(5)), "99.95");
        assert_eq!(score_text(Score::Loss(4)), "-99.96");
        assert_eq!(score_text(Score::WinRate(0.5)), "0.00");
    }

    #[test]
    fn variants_accept_pydraughts_names() {
        assert_eq!(variant("english"), Ok(GameId::Checkers));
        assert_eq!(variant("minicheckers"), Ok(GameId::Minicheckers));
        assert!(variant("fanorona").expect_err("not draughts").contains("expected checkers"));
    }
}
