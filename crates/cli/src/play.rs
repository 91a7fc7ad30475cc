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

use std::fs::File;
use std::io::{self, BufRead, Read, Write};

use arbiter_ai::PlayerSpec;
use arbiter_catalog::{load_record, Session, Thought};
use arbiter_core::{escaped, MoveError, Side, Status, MAX_RECORD_BYTES};

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

/// A line of input, as read with a bound.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Line {
    /// A line of text, without its line break.
    Text(String),
    /// A line longer than [`MAX_LINE_BYTES`], skipped.
    TooLong,
    /// A line that is not UTF-8.
    NotUtf8,
}

/// Reads the next line, keeping at most [`MAX_LINE_BYTES`] of it; `None` at the end of the
/// input.
fn read_line(input: &mut impl BufRead) -> io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    let (mut any, mut too_long) = (false, false);
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        any = true;
        let newline = buffer.iter().position(|&byte| byte == b'\n');
        let chunk = &buffer[..newline.unwrap_or(buffer.len())];
        if !too_long && bytes.len() + chunk.len() > MAX_LINE_BYTES {
            too_long = true;
            bytes = Vec::new();
        }
        if !too_long {
            bytes.extend_from_slice(chunk);
        }
        let used = newline.map_or(buffer.len(), |at| at + 1);
        input.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if too_long {
        return Ok(Some(Line::TooLong));
    }
    Ok(Some(String::from_utf8(bytes).map_or(Line::NotUtf8, Line::Text)))
}

/// A game in the terminal: the session, who plays each side, and a turn being entered.
struct Terminal<W: Write> {
    session: Box<dyn Session>,
    players: [Player; 2],
    /// How the computer plays.
    ai: PlayerSpec,
    /// The steps of the turn being entered, in canonical notation.
    entered: Vec<String>,
    out: W,
}

/// The interactive loop: reads lines from `input` until `quit` or the end of the input.
pub fn run(
    session: Box<dyn Session>,
    players: [Player; 2],
    ai: PlayerSpec,
    mut input: impl BufRead,
    out: impl Write,
) -> io::Result<()> {
    let mut terminal = Terminal { session, players, ai, entered: Vec::new(), out };
    for side in Side::BOTH {
        if players[side.index()] == Player::Ai {
            writeln!(terminal.out, "{side} is played by the computer ({ai}).")?;
        }
    }
    writeln!(terminal.out, "Type `help` for the commands.")?;
    terminal.show()?;
    loop {
        if terminal.computer_to_move() {
            terminal.computer_move()?;
            continue;
        }
        terminal.prompt()?;
        match read_line(&mut input)? {
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

impl<W: Write> Terminal<W> {
    fn player(&self, side: Side) -> Player {
        self.players[side.index()]
    }

    fn computer_to_move(&self) -> bool {
        self.session.status() == Status::Ongoing
            && self.player(self.session.side_to_move()) == Player::Ai
    }

    fn computer_move(&mut self) -> io::Result<()> {
        let side = self.session.side_to_move();
        let thought = self.session.think(&self.ai, &mut |_| {});
        let Some(best) = thought.best.clone() else {
            return writeln!(self.out, "The computer finds no move.");
        };
        match self.session.play(&best) {
            Ok(mv) => writeln!(self.out, "{side} (computer) plays {mv}  [{}]", summary(&thought))?,
            Err(error) => writeln!(self.out, "the computer's move {best} failed: {error}")?,
        }
        self.show()
    }

    fn hint(&mut self) -> io::Result<()> {
        if self.session.status().is_over() {
            return writeln!(self.out, "The game is over.");
        }
        let thought = self.session.think(&self.ai, &mut |_| {});
        match &thought.best {
            Some(best) => writeln!(self.out, "hint: {best}  [{}]", summary(&thought)),
            None => writeln!(self.out, "There is no legal move."),
        }
    }

    fn prompt(&mut self) -> io::Result<()> {
        let side = self.session.side_to_move();
        match self.session.status() {
            Status::Ongoing if self.entered.is_empty() => write!(self.out, "{side} to move> ")?,
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
            "position" => writeln!(self.out, "{}", self.session.position_text())?,
            "skip" => self.skip()?,
            "undo" => self.undo()?,
            "resign" => {
                let humans: Vec<Side> = Side::BOTH
                    .into_iter()
                    .filter(|&side| self.player(side) == Player::Human)
                    .collect();
                let side = if humans.len() == 1 { humans[0] } else { self.session.side_to_move() };
                let result = self.session.resign(side);
                self.report(result)?;
            }
            "draw" if self.players.contains(&Player::Ai) => {
                writeln!(self.out, "The computer declines the draw.")?;
            }
            "draw" => {
                let result = self.session.agree_draw();
                self.report(result)?;
            }
            "save" => self.save(argument)?,
            "load" => self.load(argument)?,
            _ => self.enter(line)?,
        }
        Ok(true)
    }

    /// One step of a turn entered step by step, or a whole move.
    fn enter(&mut self, text: &str) -> io::Result<()> {
        let mut step_error = None;
        if self.session.is_stepwise() {
            let options = self.session.next_steps(&self.entered).options;
            match self.session.match_step(text, &options) {
                Ok(index) => return self.step(options[index].clone()),
                Err(error) => step_error = Some(error),
            }
        }
        // A whole move (`C3-D3W,D3-D2A`, `c3xe3/h3-j1`) may be typed at the start of a turn.
        if self.entered.is_empty() {
            match self.session.play(text) {
                Ok(_) => return self.show(),
                Err(error) => step_error = step_error.or(Some(error)),
            }
        }
        if !self.entered.is_empty() {
            if let Ok(whole) = self.session.parse_move(text) {
                writeln!(
                    self.out,
                    "{whole} is a whole turn, but this turn is under way (so far: {}): enter \
                     its next step alone, or `undo` to take back a step.",
                    self.entered.join(",")
                )?;
                return self.list_moves();
            }
        }
        match step_error {
            Some(error) => self.explain(&error),
            None => Ok(()),
        }
    }

    fn step(&mut self, step: String) -> io::Result<()> {
        self.entered.push(step);
        let next = self.session.next_steps(&self.entered);
        if next.options.is_empty() {
            let entered = std::mem::take(&mut self.entered);
            return match self.session.play_steps(&entered) {
                Ok(_) => self.show(),
                Err(error) => self.explain(&error),
            };
        }
        write!(self.out, "\n{}", self.session.diagram_after_steps(&self.entered))?;
        writeln!(self.out, "turn so far: {}", self.entered.join(","))?;
        self.list_moves()
    }

    fn skip(&mut self) -> io::Result<()> {
        if self.entered.is_empty() || !self.session.next_steps(&self.entered).complete {
            return writeln!(self.out, "There is no turn in progress that may stop here.");
        }
        let entered = std::mem::take(&mut self.entered);
        match self.session.play_steps(&entered) {
            Ok(_) => self.show(),
            Err(error) => self.explain(&error),
        }
    }

    fn list_moves(&mut self) -> io::Result<()> {
        if self.entered.is_empty() {
            return writeln!(self.out, "legal moves: {}", list(&self.session.legal_moves()));
        }
        let next = self.session.next_steps(&self.entered);
        let stop = if next.complete { ", or skip to end the turn here" } else { "" };
        writeln!(self.out, "next steps: {}{stop}", list(&next.options))
    }

    /// Takes back a step of the turn in progress, else the last move; against the computer,
    /// also its reply, so that a person is to move.
    fn undo(&mut self) -> io::Result<()> {
        if let Some(step) = self.entered.pop() {
            writeln!(self.out, "Took back the step {step}.")?;
            return self.show();
        }
        let Some(undone) = self.session.undo() else {
            return writeln!(self.out, "Nothing to undo.");
        };
        writeln!(self.out, "Took back {undone}.")?;
        let has_human = self.players.contains(&Player::Human);
        while has_human && self.player(self.session.side_to_move()) == Player::Ai {
            match self.session.undo() {
                Some(undone) => writeln!(self.out, "Took back {undone}.")?,
                None => break,
            }
        }
        self.show()
    }

    fn save(&mut self, file: &str) -> io::Result<()> {
        if file.is_empty() {
            return writeln!(self.out, "save needs a file name: save FILE");
        }
        let shown = escaped(file);
        match std::fs::write(file, self.session.record_text()) {
            Ok(()) => writeln!(self.out, "Saved to {shown}."),
            Err(error) => writeln!(self.out, "Could not save to {shown}: {error}"),
        }
    }

    fn load(&mut self, file: &str) -> io::Result<()> {
        if file.is_empty() {
            return writeln!(self.out, "load needs a file name: load FILE");
        }
        let shown = escaped(file);
        match self.read_record(file) {
            Ok(session) => {
                self.session = session;
                self.entered.clear();
                writeln!(self.out, "Loaded {shown}.")?;
                self.show()
            }
            Err(error) => {
                writeln!(self.out, "Could not load {shown}: {error}")?;
                writeln!(self.out, "The game in progress is unchanged.")
            }
        }
    }

    /// The game of the record in `file`, if it is a record of this game of at most
    /// [`MAX_RECORD_BYTES`].
    fn read_record(&self, file: &str) -> Result<Box<dyn Session>, String> {
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
        let game = self.session.game_id();
        let session = load_record(&text, Some(game)).map_err(|error| error.to_string())?;
        let other = session.game_id();
        if other != game {
            return Err(format!(
                "this record is a {other} game; start `arbiter play {other}` to load it"
            ));
        }
        Ok(session)
    }

    fn report(&mut self, result: Result<(), MoveError>) -> io::Result<()> {
        match result {
            Ok(()) => {
                self.entered.clear();
                self.show()
            }
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
        write!(self.out, "{}", self.session.diagram())?;
        let history = self.session.history();
        if !history.is_empty() {
            let numbered: Vec<String> = history
                .chunks(2)
                .enumerate()
                .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
                .collect();
            writeln!(self.out, "moves: {}", numbered.join(" "))?;
        }
        match self.session.status() {
            Status::Ongoing => writeln!(self.out, "{} to move.", self.session.side_to_move()),
            Status::Over(outcome) => writeln!(self.out, "Game over: {outcome}."),
        }
    }
}

/// `score +0.25, depth 9, 0.25 s`.
fn summary(thought: &Thought) -> String {
    format!(
        "score {}, depth {}, {:.2} s",
        thought.score,
        thought.depth,
        thought.elapsed.as_secs_f64()
    )
}

fn list(moves: &[String]) -> String {
    if moves.is_empty() {
        "none".to_owned()
    } else {
        moves.join(" ")
    }
}
