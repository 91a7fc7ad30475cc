//! Engine protocols: Arbiter's engines driven by other programs through text on standard input
//! and output, without the `arbiter` command line.
//!
//! - [`ugi`]: the Universal Game Interface, UCI generalised to any sequential two-player game
//!   as the `cutegames` tournament runner speaks it, for all five games;
//! - [`hub`]: the Hub protocol (version 2) of the draughts engine Scan, as the Hub GUI and the
//!   Python library pydraughts speak it, for checkers and mini checkers;
//! - [`client`]: the other side of UGI, a player whose moves come from an engine in another
//!   process, such as an older build of Arbiter, for `arbiter match`.
//!
//! Both read a line at a time with a bound on its length, answer a bad line with a message
//! that says what was wrong and what is expected, and go on: no input ends the engine but
//! `quit` or the end of the input. A search runs on its own thread, so that `stop`, `isready`
//! and `ping` are answered while it thinks; the engine keeps its transposition table from one
//! search to the next until a new game. `docs/protocols.md` documents every command with an
//! example session.

pub mod client;
pub mod hub;
mod output;
mod searcher;
mod settings;
pub mod ugi;

use std::io::{self, BufRead};

use arbiter_catalog::GameId;
use arbiter_core::lines::{read_line, Line};

pub use crate::output::Output;
use crate::settings::Settings;

/// The longest line read: a `position` with a long game's moves fits many times over.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// What a protocol's loop for one game ends with.
enum Next {
    /// `quit`, or the end of the input.
    Quit,
    /// Another game was chosen; run the loop for it.
    Switch(GameId),
}

/// A protocol's engine for one game, as the shared loop drives it.
trait Protocol {
    /// Obeys one line; `Some` when the loop for this game ends.
    fn handle(&mut self, line: &str) -> io::Result<Option<Next>>;

    /// Tells the other program that a line could not be read, and why.
    fn refuse(&mut self, message: &str) -> io::Result<()>;

    /// Stops the search, if one runs, which reports its move.
    fn stop(&mut self);
}

/// Runs a protocol from `game` until `quit` or the end of the input: `play` runs the loop of
/// the game the settings name and says what comes next.
fn run_games(
    game: GameId,
    mut play: impl FnMut(&mut Settings) -> io::Result<Next>,
) -> io::Result<()> {
    let mut settings = Settings::new(game);
    loop {
        match play(&mut settings)? {
            Next::Quit => return Ok(()),
            Next::Switch(game) => settings.game = game,
        }
    }
}

/// Feeds `engine` the lines of `input`, each read with a bound, until one ends its loop or the
/// input ends; a search still running is stopped first.
fn serve_lines(input: &mut impl BufRead, engine: &mut impl Protocol) -> io::Result<Next> {
    while let Some(line) = read_line(input, MAX_LINE_BYTES)? {
        let next = match line {
            Line::Text(text) => engine.handle(&text)?,
            Line::TooLong => {
                let message = format!(
                    "a line longer than {MAX_LINE_BYTES} bytes was ignored; send one command a line"
                );
                engine.refuse(&message)?;
                None
            }
            Line::NotUtf8 => {
                engine.refuse("a line that is not UTF-8 was ignored; commands are text")?;
                None
            }
        };
        if let Some(next) = next {
            engine.stop();
            return Ok(next);
        }
    }
    engine.stop();
    Ok(Next::Quit)
}
