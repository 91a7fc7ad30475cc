//! The Gamer protocol's requests, read and written as ggp-base's `RequestFactory` reads them and
//! its `RequestBuilder` writes them:
//!
//! ```text
//! ( INFO )                                          → ( ( name N ) ( status available ) )
//! ( PREVIEW ( rules... ) previewclock )             → ready
//! ( START id role ( rules... ) startclock playclock ) → ready, or busy during another match
//! ( PLAY id NIL ) / ( PLAY id ( move... ) )         → a move, such as ( move 1 1 2 2 )
//! ( STOP id ( move... ) )                           → done
//! ( ABORT id )                                      → aborted
//! ```
//!
//! The request's name is read without regard to case; the moves of `PLAY` and `STOP` are the
//! last joint move, one per role in the order of the description's roles (`NIL` on the first
//! `PLAY`). Clocks are whole seconds.

use crate::error::MessageError;
use crate::sexpr::{read, Sexpr};

/// A request from a host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// Who is the player, and is it free?
    Info,
    /// A description to look at before a match.
    Preview {
        /// The rules, in KIF.
        rules: String,
        /// Seconds to answer in.
        clock: u32,
    },
    /// A new match.
    Start {
        /// The match's identifier.
        id: String,
        /// The role to play.
        role: String,
        /// The rules, in KIF.
        rules: String,
        /// Seconds before the first `PLAY`.
        start_clock: u32,
        /// Seconds to answer each `PLAY` in.
        play_clock: u32,
    },
    /// Choose a move, after the last joint move (`None` on the first turn).
    Play {
        /// The match.
        id: String,
        /// The last joint move, each move in KIF.
        moves: Option<Vec<String>>,
    },
    /// The match is over, after the last joint move.
    Stop {
        /// The match.
        id: String,
        /// The last joint move.
        moves: Option<Vec<String>>,
    },
    /// The match is abandoned.
    Abort {
        /// The match.
        id: String,
    },
}

impl Request {
    /// Reads a request.
    ///
    /// # Errors
    ///
    /// The [`MessageError`] saying what is wrong and what was expected.
    pub fn parse(text: &str) -> Result<Request, MessageError> {
        let expression = read(text)?;
        let Sexpr::List { items, .. } = &expression else {
            return Err(MessageError::Syntax("a request is a list, such as ( INFO )".into()));
        };
        let name = items.first().and_then(Sexpr::atom).unwrap_or_default().to_ascii_lowercase();
        let args = items.get(1..).unwrap_or_default();
        match name.as_str() {
            "info" => {
                arity("INFO", args, 0, "( INFO )")?;
                Ok(Request::Info)
            }
            "preview" => {
                const FORM: &str = "( PREVIEW ( rules... ) previewclock )";
                arity("PREVIEW", args, 2, FORM)?;
                Ok(Request::Preview {
                    rules: rules(text, &args[0], "PREVIEW", FORM)?,
                    clock: clock(&args[1], "PREVIEW", FORM)?,
                })
            }
            "start" => start(text, args),
            "play" | "stop" => {
                let (request, form) = if name == "play" {
                    ("PLAY", "( PLAY id NIL ) or ( PLAY id ( move... ) )")
                } else {
                    ("STOP", "( STOP id NIL ) or ( STOP id ( move... ) )")
                };
                arity(request, args, 2, form)?;
                let id = word(&args[0], request, "the match id", form)?;
                let moves = moves(&args[1]);
                Ok(if name == "play" {
                    Request::Play { id, moves }
                } else {
                    Request::Stop { id, moves }
                })
            }
            "abort" => {
                const FORM: &str = "( ABORT id )";
                arity("ABORT", args, 1, FORM)?;
                Ok(Request::Abort { id: word(&args[0], "ABORT", "the match id", FORM)? })
            }
            _ => Err(MessageError::UnknownRequest(
                items.first().map(Sexpr::to_ggp).unwrap_or_default(),
            )),
        }
    }

    /// The request as ggp-base's `RequestBuilder` writes it.
    #[must_use]
    pub fn to_text(&self) -> String {
        match self {
            Request::Info => "( INFO )".to_owned(),
            Request::Preview { rules, clock } => format!("( PREVIEW ({rules} ) {clock} )"),
            Request::Start { id, role, rules, start_clock, play_clock } => {
                format!("( START {id} {role} ({rules} ) {start_clock} {play_clock})")
            }
            Request::Play { id, moves } => {
                format!("( PLAY {id} {} )", joint_text(moves.as_deref()))
            }
            Request::Stop { id, moves } => {
                format!("( STOP {id} {} )", joint_text(moves.as_deref()))
            }
            Request::Abort { id } => format!("( ABORT {id} )"),
        }
    }
}

/// `NIL`, or the moves as `RequestBuilder` lists them: `(( move 1 1 2 2 ) noop )`.
fn joint_text(moves: Option<&[String]>) -> String {
    match moves {
        None => "NIL".to_owned(),
        Some(moves) => {
            let mut text = "(".to_owned();
            for mv in moves {
                text.push_str(mv);
                text.push(' ');
            }
            text.push(')');
            text
        }
    }
}

fn start(text: &str, args: &[Sexpr]) -> Result<Request, MessageError> {
    const FORM: &str = "( START id role ( rules... ) startclock playclock )";
    // ggp-base accepts and ignores arguments after the play clock.
    if args.len() < 5 {
        return Err(MessageError::Arguments {
            request: "START",
            problem: format!("{} arguments", args.len()),
            expected: FORM,
        });
    }
    Ok(Request::Start {
        id: word(&args[0], "START", "the match id", FORM)?,
        role: word(&args[1], "START", "the role", FORM)?,
        rules: rules(text, &args[2], "START", FORM)?,
        start_clock: clock(&args[3], "START", FORM)?,
        play_clock: clock(&args[4], "START", FORM)?,
    })
}

fn arity(
    request: &'static str,
    args: &[Sexpr],
    count: usize,
    expected: &'static str,
) -> Result<(), MessageError> {
    if args.len() == count {
        return Ok(());
    }
    Err(MessageError::Arguments { request, problem: format!("{} arguments", args.len()), expected })
}

fn word(
    expression: &Sexpr,
    request: &'static str,
    what: &str,
    expected: &'static str,
) -> Result<String, MessageError> {
    expression.atom().map(str::to_owned).ok_or_else(|| MessageError::Arguments {
        request,
        problem: format!("{what} is a list, not a word"),
        expected,
    })
}

fn clock(
    expression: &Sexpr,
    request: &'static str,
    expected: &'static str,
) -> Result<u32, MessageError> {
    expression.atom().and_then(|word| word.parse().ok()).ok_or_else(|| MessageError::Arguments {
        request,
        problem: format!("the clock `{}` is not a whole number of seconds", expression.to_ggp()),
        expected,
    })
}

/// The text inside the rules' list, as it came but for the white space around it.
fn rules(
    text: &str,
    expression: &Sexpr,
    request: &'static str,
    expected: &'static str,
) -> Result<String, MessageError> {
    match expression {
        Sexpr::List { span: (start, end), .. } => Ok(text[start + 1..end - 1].trim().to_owned()),
        Sexpr::Atom(_) => Err(MessageError::Arguments {
            request,
            problem: "the rules are a word, not a list".to_owned(),
            expected,
        }),
    }
}

/// The joint move of `PLAY` or `STOP`: `None` for `NIL` (or any word, as ggp-base reads it).
fn moves(expression: &Sexpr) -> Option<Vec<String>> {
    match expression {
        Sexpr::Atom(_) => None,
        Sexpr::List { items, .. } => Some(items.iter().map(Sexpr::to_ggp).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_round_trip_through_their_text() {
        let requests = [
            Request::Info,
            Request::Preview { rules: "( role a )".into(), clock: 3 },
            Request::Start {
                id: "m.1".into(),
                role: "white".into(),
                rules: "( role white ) ( role black )".into(),
                start_clock: 10,
                play_clock: 5,
            },
            Request::Play { id: "m.1".into(), moves: None },
            Request::Play {
                id: "m.1".into(),
                moves: Some(vec!["( move 1 1 2 2 )".into(), "noop".into()]),
            },
            Request::Stop {
                id: "m.1".into(),
                moves: Some(vec!["noop".into(), "( mark 1 1 )".into()]),
            },
            Request::Abort { id: "m.1".into() },
        ];
        for request in requests {
            let text = request.to_text();
            let read = Request::parse(&text).unwrap_or_else(|error| panic!("{text}: {error}"));
            assert_eq!(read.to_text(), text);
        }
    }

    #[test]
    fn names_are_read_without_regard_to_case() {
        assert_eq!(Request::parse("(info)"), Ok(Request::Info));
        assert_eq!(Request::parse("(abort M)"), Ok(Request::Abort { id: "M".into() }));
        assert_eq!(
            Request::parse("(play m nil)"),
            Ok(Request::Play { id: "m".into(), moves: None })
        );
    }

    #[test]
    fn bad_requests_say_what_was_expected() {
        let error = Request::parse("( START m white (role white) ten 5 )").expect_err("bad clock");
        assert!(error.to_string().contains("whole number of seconds"), "{error}");
        let error = Request::parse("( PLAY m )").expect_err("no moves");
        assert!(error.to_string().contains("( PLAY id NIL )"), "{error}");
        assert!(matches!(Request::parse("( JUMP )"), Err(MessageError::UnknownRequest(_))));
        assert!(Request::parse("INFO").is_err());
    }
}
