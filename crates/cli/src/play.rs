//! `arbiter play`: a game in the terminal.
//!
//! Each turn shows the board, whose turn it is and the moves so far, then reads a move in any
//! accepted notation or a command. Bad input is explained and asked again; it never ends or
//! changes the game in progress. Until the search engine lands, the computer is a random mover.

use std::fs;
use std::io::{self, BufRead, Write};
use std::time::{SystemTime, UNIX_EPOCH};

use arbiter_catalog::{load_record, Session};
use arbiter_core::{Side, Status};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::Player;

const HELP: &str = "\
Enter a move in the game's notation (`moves` lists the legal ones), or a command:
  moves        list the legal moves
  board        show the board again
  position     print the position in the game's text form
  undo         take back the last move (against the computer: your last move and its reply)
  resign       resign the game
  draw         agree to a draw (the computer declines)
  save FILE    save the game as a record (PDN for checkers)
  load FILE    load a game from a record
  help         show this help
  quit         leave";

/// The interactive loop: reads lines from `input` until `quit` or the end of the input.
pub fn run(
    mut session: Box<dyn Session>,
    players: [Player; 2],
    seed: Option<u64>,
    input: impl BufRead,
    mut out: impl Write,
) -> io::Result<()> {
    let seed = seed.unwrap_or_else(|| {
        SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |elapsed| elapsed.as_nanos() as u64)
    });
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let player = |side: Side| players[side.index()];
    for side in Side::BOTH {
        if player(side) == Player::Ai {
            writeln!(
                out,
                "{side} is played by the computer: for now a random mover (seed {seed})."
            )?;
        }
    }
    writeln!(out, "Type `help` for the commands.")?;
    show(session.as_ref(), &mut out)?;
    let mut lines = input.lines();
    loop {
        let status = session.status();
        let side = session.side_to_move();
        if status == Status::Ongoing && player(side) == Player::Ai {
            let legal = session.legal_moves();
            let choice = legal[rng.random_range(0..legal.len())].clone();
            match session.play(&choice) {
                Ok(mv) => writeln!(out, "{side} (computer) plays {mv}")?,
                Err(error) => writeln!(out, "the computer's move {choice} failed: {error}")?,
            }
            show(session.as_ref(), &mut out)?;
            continue;
        }
        match status {
            Status::Ongoing => write!(out, "{side} to move> ")?,
            Status::Over(_) => write!(out, "game over (undo, save, load or quit)> ")?,
        }
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out)?;
            return Ok(());
        };
        let line = line?;
        let (command, argument) = match line.trim().split_once(char::is_whitespace) {
            Some((command, argument)) => (command, argument.trim()),
            None => (line.trim(), ""),
        };
        match command {
            "" => {}
            "help" | "?" => writeln!(out, "{HELP}")?,
            "quit" | "exit" => return Ok(()),
            "moves" => writeln!(out, "legal moves: {}", list(&session.legal_moves()))?,
            "board" => show(session.as_ref(), &mut out)?,
            "position" => writeln!(out, "{}", session.position_text())?,
            "undo" => undo(session.as_mut(), players, &mut out)?,
            "resign" => {
                let humans: Vec<Side> =
                    Side::BOTH.into_iter().filter(|&s| player(s) == Player::Human).collect();
                let resigning = if humans.len() == 1 { humans[0] } else { side };
                report(session.resign(resigning), session.as_ref(), &mut out)?;
            }
            "draw" if players.contains(&Player::Ai) => {
                writeln!(out, "The computer declines the draw.")?;
            }
            "draw" => report(session.agree_draw(), session.as_ref(), &mut out)?,
            "save" if argument.is_empty() => writeln!(out, "save needs a file name: save FILE")?,
            "save" => match fs::write(argument, session.record_text()) {
                Ok(()) => writeln!(out, "Saved to {argument}.")?,
                Err(error) => writeln!(out, "Could not save to {argument}: {error}")?,
            },
            "load" if argument.is_empty() => writeln!(out, "load needs a file name: load FILE")?,
            "load" => {
                let loaded = fs::read_to_string(argument)
                    .map_err(|error| error.to_string())
                    .and_then(|text| {
                        load_record(&text, Some(session.game_id())).map_err(|e| e.to_string())
                    });
                match loaded {
                    Ok(new_session) => {
                        session = new_session;
                        writeln!(out, "Loaded {argument}.")?;
                        show(session.as_ref(), &mut out)?;
                    }
                    Err(error) => {
                        writeln!(out, "Could not load {argument}: {error}")?;
                        writeln!(out, "The game in progress is unchanged.")?;
                    }
                }
            }
            _ => match session.play(line.trim()) {
                Ok(_) => show(session.as_ref(), &mut out)?,
                Err(error) => {
                    writeln!(out, "{error}")?;
                    writeln!(out, "Type `moves` for the legal moves or `help` for the commands.")?;
                }
            },
        }
    }
}

/// Takes back the last move; against the computer, also its reply, so a person is to move.
fn undo(session: &mut dyn Session, players: [Player; 2], out: &mut impl Write) -> io::Result<()> {
    let Some(undone) = session.undo() else {
        return writeln!(out, "Nothing to undo.");
    };
    writeln!(out, "Took back {undone}.")?;
    let has_human = players.contains(&Player::Human);
    while has_human && players[session.side_to_move().index()] == Player::Ai {
        match session.undo() {
            Some(undone) => writeln!(out, "Took back {undone}.")?,
            None => break,
        }
    }
    show(session, out)
}

fn report(
    result: Result<(), arbiter_core::MoveError>,
    session: &dyn Session,
    out: &mut impl Write,
) -> io::Result<()> {
    match result {
        Ok(()) => show(session, out),
        Err(error) => writeln!(out, "{error}"),
    }
}

fn list(moves: &[String]) -> String {
    if moves.is_empty() {
        "none".to_owned()
    } else {
        moves.join(" ")
    }
}

/// The board, the moves so far, and whose turn it is or how the game ended.
fn show(session: &dyn Session, out: &mut impl Write) -> io::Result<()> {
    writeln!(out)?;
    write!(out, "{}", session.diagram())?;
    let history = session.history();
    if !history.is_empty() {
        let numbered: Vec<String> = history
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
            .collect();
        writeln!(out, "moves: {}", numbered.join(" "))?;
    }
    match session.status() {
        Status::Ongoing => writeln!(out, "{} to move.", session.side_to_move()),
        Status::Over(outcome) => writeln!(out, "Game over: {outcome}."),
    }
}
