//! `arbiter play`: a game in the terminal.
//!
//! Each turn shows the board, whose turn it is and the moves so far, then reads a move in any
//! accepted notation or a command. Bad input is explained and asked again; it never ends or
//! changes the game in progress. Where a turn can take several steps (a Fanorona capture
//! chain), a person enters it one step at a time: after each step the board is shown again
//! with the piece that continues and its options, and `skip` ends the turn where the rules
//! allow. The steps only narrow the game's list of legal moves; no rule lives here. The
//! computer plays with the search of `arbiter-ai` (alpha-beta by default) and shows its score,
//! depth and time; `hint` asks it for the human's move.
//!
//! Input is read a line at a time with a bound: a line longer than [`MAX_LINE_BYTES`] is
//! refused without being stored, and a line that is not UTF-8 is refused like any bad line.
//! A record is loaded only for the game being played: `load` refuses a record of another game
//! and says which command plays it. Names and text from outside are shown with their control
//! characters escaped.

use std::fs::{self, File};
use std::io::{self, BufRead, Read, Write};
use std::sync::Arc;

use arbiter_ai::{Engine, PlayerSpec, SearchReport, Session};

use crate::exact::{self, ExactMoves};
use arbiter_catalog::{AnyGame, Endgames, GameId};
use arbiter_core::lines::{read_line, Line};
use arbiter_core::present::diagram;
use arbiter_core::text::escaped;
use arbiter_core::turn::{Click, Turn};
use arbiter_core::{
    parse_record_text, GameRecord, MoveError, Side, Status, Undone, MAX_RECORD_BYTES,
};

use crate::Player;

const HELP: &str = "\
Enter a move in the game's notation (`moves` lists the legal ones), or a command:
  moves        list the legal moves (in the middle of a turn: the possible next steps)
  hint         ask the computer for a move
  board        show the board again
  position     print the position in the game's text form
  skip         end a turn of several steps here (a Fanorona capture chain)
  undo         take back the last step of a turn in progress, else the last move
               (against the computer: your last move and its reply)
  resign       resign the game
  draw         agree to a draw (the computer declines)
  save FILE    save the game as a record (PDN for checkers)
  load FILE    load a game from a record
  help         show this help
  quit         leave";

/// The longest line read at the prompt.
pub const MAX_LINE_BYTES: usize = 4096;

/// A game in the terminal: the session, who plays each side, and the turn being entered.
struct Terminal<G: AnyGame, W: Write> {
    session: Session<G>,
    players: [Player; 2],
    /// How the computer plays.
    ai: PlayerSpec,
    /// The turn being entered, step by step.
    turn: Turn<G>,
    /// The exact values that `hint` shows in the games the solver handles.
    exact: ExactMoves,
    out: W,
}

/// The turn of the side to move in `record`; no moves when the game is over.
fn new_turn<G: AnyGame>(record: &GameRecord<G>) -> Turn<G> {
    let position = record.position().clone();
    let legal = if record.status().is_over() { Vec::new() } else { position.legal_moves() };
    Turn::new(position, &legal)
}

/// The interactive loop: reads lines from `input` until `quit` or the end of the input.
pub fn run<G: AnyGame>(
    record: GameRecord<G>,
    players: [Player; 2],
    ai: PlayerSpec,
    tables: Arc<Endgames>,
    mut input: impl BufRead,
    out: impl Write,
) -> io::Result<()> {
    let turn = new_turn(&record);
    let mut session = Session::new(record);
    session.set_endgame(tables.tables::<G>());
    let exact = ExactMoves::new(tables);
    let mut terminal = Terminal { session, players, ai, turn, exact, out };
    for side in Side::BOTH {
        if players[side.index()] == Player::Ai {
            writeln!(terminal.out, "{side} is played by the computer ({ai}).")?;
        }
    }
    if ai.engine == Engine::Perfect && ai.limits.time.is_none() {
        writeln!(
            terminal.out,
            "The perfect player thinks as long as the solver needs; --think bounds it."
        )?;
    }
    writeln!(terminal.out, "Type `help` for the commands.")?;
    terminal.show()?;
    loop {
        if terminal.computer_to_move() {
            terminal.computer_move()?;
            continue;
        }
        terminal.prompt()?;
        match read_line(&mut input, MAX_LINE_BYTES)? {
            None => {
                writeln!(terminal.out)?;
                return Ok(());
            }
            Some(Line::Text(line)) => {
                if !terminal.handle(line.trim())? {
                    return Ok(());
                }
            }
            Some(Line::TooLong) => writeln!(
                terminal.out,
                "That line is longer than {MAX_LINE_BYTES} bytes; it was ignored. \
                 Type `help` for the commands."
            )?,
            Some(Line::NotUtf8) => writeln!(
                terminal.out,
                "That line is not UTF-8 text; it was ignored. Type `help` for the commands."
            )?,
        }
    }
}

impl<G: AnyGame, W: Write> Terminal<G, W> {
    fn record(&self) -> &GameRecord<G> {
        self.session.record()
    }

    fn player(&self, side: Side) -> Player {
        self.players[side.index()]
    }

    fn side_to_move(&self) -> Side {
        self.record().position().side_to_move()
    }

    fn computer_to_move(&self) -> bool {
        self.record().status() == Status::Ongoing && self.player(self.side_to_move()) == Player::Ai
    }

    /// After the game changed: a new turn, and the board.
    fn changed(&mut self) -> io::Result<()> {
        self.turn = new_turn(self.record());
        self.show()
    }

    fn computer_move(&mut self) -> io::Result<()> {
        let side = self.side_to_move();
        let report = self.session.think(&self.ai, None, &mut |_| {});
        let Some(best) = report.best else {
            return writeln!(self.out, "The computer finds no move.");
        };
        match self.session.record_mut().play(best) {
            Ok(()) => writeln!(self.out, "{side} (computer) plays {best}  [{}]", summary(&report))?,
            Err(error) => writeln!(self.out, "the computer's move {best} failed: {error}")?,
        }
        self.changed()
    }

    fn hint(&mut self) -> io::Result<()> {
        if self.record().status().is_over() {
            return writeln!(self.out, "The game is over.");
        }
        let report = self.session.think(&self.ai, None, &mut |_| {});
        match &report.best {
            Some(best) => writeln!(self.out, "hint: {best}  [{}]", summary(&report))?,
            None => return writeln!(self.out, "There is no legal move."),
        }
        let position = self.session.record().position();
        for line in exact::lines(&mut self.exact, position, exact::HINT_TIME) {
            writeln!(self.out, "{line}")?;
        }
        Ok(())
    }

    fn prompt(&mut self) -> io::Result<()> {
        let side = self.side_to_move();
        match self.record().status() {
            Status::Ongoing if self.turn.entered().is_empty() => {
                write!(self.out, "{side} to move> ")?;
            }
            Status::Ongoing => write!(self.out, "{side}, next step or skip> ")?,
            Status::Over(_) => write!(self.out, "game over (undo, save, load or quit)> ")?,
        }
        self.out.flush()
    }

    /// Handles one line; `false` to leave.
    fn handle(&mut self, line: &str) -> io::Result<bool> {
        let (command, argument) = match line.split_once(char::is_whitespace) {
            Some((command, argument)) => (command, argument.trim()),
            None => (line, ""),
        };
        match command.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" => writeln!(self.out, "{HELP}")?,
            "quit" | "exit" => return Ok(false),
            "moves" => self.list_moves()?,
            "hint" => self.hint()?,
            "board" => self.show()?,
            "position" => writeln!(self.out, "{}", self.record().position().to_text())?,
            "skip" => self.skip()?,
            "undo" => self.undo()?,
            "resign" => {
                let humans: Vec<Side> = Side::BOTH
                    .into_iter()
                    .filter(|&side| self.player(side) == Player::Human)
                    .collect();
                let side = if humans.len() == 1 { humans[0] } else { self.side_to_move() };
                let result = self.session.record_mut().resign(side);
                self.report(result)?;
            }
            "draw" if self.players.contains(&Player::Ai) => {
                writeln!(self.out, "The computer declines the draw.")?;
            }
            "draw" => {
                let result = self.session.record_mut().agree_draw();
                self.report(result)?;
            }
            "save" => self.save(argument)?,
            "load" => self.load(argument)?,
            _ => self.enter(line)?,
        }
        Ok(true)
    }

    /// One step of a turn entered step by step, or a whole move at the start of a turn. A
    /// step the turn can take comes first, so that a chain may go on after it.
    fn enter(&mut self, text: &str) -> io::Result<()> {
        let step_error = match self.turn.enter_step(text) {
            Ok(Some(mv)) => return self.play(mv),
            Ok(None) => return self.show_turn(),
            Err(error) => error,
        };
        if !self.turn.entered().is_empty() {
            if let Ok(whole) = self.record().position().parse_move(text) {
                writeln!(
                    self.out,
                    "{whole} is a whole turn, but this turn is under way (so far: {}): enter \
                     its next step alone, or `undo` to take back a step.",
                    self.turn.steps_text().join(",")
                )?;
                return self.list_moves();
            }
            return self.explain(&step_error);
        }
        // A whole move (`9x18x27`, `C3-D3W,D3-D2A`, `c3xe3/h3-j1`) at the start of a turn.
        match self.session.record_mut().play_text(text) {
            Ok(_) => self.changed(),
            Err(error) => self.explain(&error),
        }
    }

    fn play(&mut self, mv: G::Move) -> io::Result<()> {
        match self.session.record_mut().play(mv) {
            Ok(()) => self.changed(),
            Err(error) => self.explain(&error),
        }
    }

    /// The board and the steps of a turn in progress, and what may come next.
    fn show_turn(&mut self) -> io::Result<()> {
        let (board, marks) = self.turn.board();
        write!(self.out, "\n{}", diagram(self.turn.geometry(), &board, &marks))?;
        writeln!(self.out, "turn so far: {}", self.turn.steps_text().join(","))?;
        self.list_moves()
    }

    fn skip(&mut self) -> io::Result<()> {
        if self.turn.entered().is_empty() || !self.turn.may_skip() {
            return writeln!(self.out, "There is no turn in progress that may stop here.");
        }
        match self.turn.click(Click::Choice(arbiter_core::present::SKIP.to_owned())) {
            Ok(Some(mv)) => self.play(mv),
            Ok(None) => self.show_turn(),
            Err(error) => self.explain(&error),
        }
    }

    fn list_moves(&mut self) -> io::Result<()> {
        if self.turn.entered().is_empty() {
            let legal: Vec<String> =
                self.turn.paths().iter().map(|path| path.text.clone()).collect();
            return writeln!(self.out, "legal moves: {}", list(&legal));
        }
        let next: Vec<String> =
            self.turn.next_steps().iter().map(|step| step.text.clone()).collect();
        let stop = if self.turn.may_skip() { ", or skip to end the turn here" } else { "" };
        writeln!(self.out, "next steps: {}{stop}", list(&next))
    }

    /// Takes back a step of the turn in progress, else the last move; against the computer,
    /// also its reply, so that a person is to move.
    fn undo(&mut self) -> io::Result<()> {
        if !self.turn.entered().is_empty() {
            if let Some(step) = self.turn.back_step() {
                writeln!(self.out, "Took back the step {step}.")?;
            }
            return self.show();
        }
        let Some(undone) = self.session.record_mut().undo() else {
            return writeln!(self.out, "Nothing to undo.");
        };
        writeln!(self.out, "Took back {}.", undone_text(&undone))?;
        let has_human = self.players.contains(&Player::Human);
        while has_human && self.player(self.side_to_move()) == Player::Ai {
            match self.session.record_mut().undo() {
                Some(undone) => writeln!(self.out, "Took back {}.", undone_text(&undone))?,
                None => break,
            }
        }
        self.changed()
    }

    fn save(&mut self, file: &str) -> io::Result<()> {
        if file.is_empty() {
            return writeln!(self.out, "save needs a file name: save FILE");
        }
        let shown = escaped(file);
        match fs::write(file, self.record().to_record_text()) {
            Ok(()) => writeln!(self.out, "Saved to {shown}."),
            Err(error) => writeln!(self.out, "Could not save to {shown}: {error}"),
        }
    }

    fn load(&mut self, file: &str) -> io::Result<()> {
        if file.is_empty() {
            return writeln!(self.out, "load needs a file name: load FILE");
        }
        let shown = escaped(file);
        match read_record::<G>(file) {
            Ok(record) => {
                self.session.replace(record);
                writeln!(self.out, "Loaded {shown}.")?;
                self.changed()
            }
            Err(error) => {
                writeln!(self.out, "Could not load {shown}: {error}")?;
                writeln!(self.out, "The game in progress is unchanged.")
            }
        }
    }

    fn report(&mut self, result: Result<(), MoveError>) -> io::Result<()> {
        match result {
            Ok(()) => self.changed(),
            Err(error) => writeln!(self.out, "{error}"),
        }
    }

    fn explain(&mut self, error: &MoveError) -> io::Result<()> {
        writeln!(self.out, "{error}")?;
        writeln!(self.out, "Type `moves` for the legal moves or `help` for the commands.")
    }

    /// The board, the moves so far, and whose turn it is or how the game ended.
    fn show(&mut self) -> io::Result<()> {
        writeln!(self.out)?;
        write!(self.out, "{}", self.record().position().diagram())?;
        let history: Vec<String> = self.record().moves().map(|mv| mv.to_string()).collect();
        if !history.is_empty() {
            let numbered: Vec<String> = history
                .chunks(2)
                .enumerate()
                .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
                .collect();
            writeln!(self.out, "moves: {}", numbered.join(" "))?;
        }
        match self.record().status() {
            Status::Ongoing => writeln!(self.out, "{} to move.", self.side_to_move()),
            Status::Over(outcome) => writeln!(self.out, "Game over: {outcome}."),
        }
    }
}

/// Reads a record of the game `G` of at most [`MAX_RECORD_BYTES`] from `file`; a record of
/// another game is refused.
fn read_record<G: AnyGame>(file: &str) -> Result<GameRecord<G>, String> {
    let mut bytes = Vec::new();
    File::open(file)
        .and_then(|opened| opened.take(MAX_RECORD_BYTES as u64 + 1).read_to_end(&mut bytes))
        .map_err(|error| error.to_string())?;
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(format!(
            "it is longer than {MAX_RECORD_BYTES} bytes (1 MiB), the most a record may have"
        ));
    }
    let text = String::from_utf8(bytes).map_err(|_| "it is not UTF-8 text".to_owned())?;
    let parsed = parse_record_text(&text).map_err(|error| error.to_string())?;
    if parsed.names_game::<G>() == Some(true) {
        // The game being played (a GDL game among them, which the catalog's list lacks).
        return GameRecord::from_parsed(&parsed).map_err(|error| error.to_string());
    }
    match GameId::of_record(&parsed).map_err(|error| error.to_string())? {
        Some(id) if id.id() != G::ID => {
            Err(format!("this record is a {id} game; start `arbiter play {id}` to load it"))
        }
        _ => GameRecord::from_parsed(&parsed).map_err(|error| error.to_string()),
    }
}

fn undone_text<M: std::fmt::Display>(undone: &Undone<M>) -> String {
    match undone {
        Undone::Move(mv) => format!("the move {mv}"),
        Undone::Event(outcome) => format!("the end of the game ({outcome})"),
    }
}

/// `score +0.25, depth 9, 0.25 s`.
fn summary<M>(report: &SearchReport<M>) -> String {
    if report.book {
        return format!("book, score {}", report.score);
    }
    format!("score {}, depth {}, {:.2} s", report.score, report.depth, report.elapsed.as_secs_f64())
}

fn list(moves: &[String]) -> String {
    if moves.is_empty() {
        "none".to_owned()
    } else {
        moves.join(" ")
    }
}
