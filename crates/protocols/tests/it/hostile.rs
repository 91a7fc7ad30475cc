//! Hostile sessions (property tests): random sequences of commands, well-formed or not, with
//! random arguments, run through both protocols in memory. Whatever the lines, the engine never
//! panics, ends at the end of its input, and writes only lines of its protocol.

use std::io::{self, Write};
use std::sync::{Arc, Mutex, PoisonError};

use arbiter_catalog::GameId;
use arbiter_protocols::{hub, ugi, Output};
use proptest::prelude::*;

/// Everything written, shared with the engine's threads.
#[derive(Clone, Default)]
struct Written(Arc<Mutex<Vec<u8>>>);

impl Write for Written {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Written {
    fn lines(&self) -> Vec<String> {
        let bytes = self.0.lock().unwrap_or_else(PoisonError::into_inner).clone();
        String::from_utf8(bytes)
            .expect("the engine writes UTF-8")
            .lines()
            .map(str::to_owned)
            .collect()
    }
}

/// A word: a known keyword, a move of some game, a number, or junk.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "startpos",
            "fen",
            "moves",
            "name",
            "value",
            "infinite",
            "depth",
            "nodes",
            "movetime",
            "p1time",
            "p2time",
            "p1inc",
            "p2inc",
            "gameover",
            "p1turn",
            "result",
            "legalmoves",
            "Game",
            "Engine",
            "Hash",
            "first",
            "captures",
            "rings",
            "mcts",
            "alphabeta",
            "holes",
            "checkers",
            "fanorona",
            "daynight",
            "minicheckers",
            "11-15",
            "23-19",
            "c2-c3",
            "b2-c3",
            "F4-E3A",
            "a1-l2",
            "15x22x18",
            "think",
            "ponder",
            "analyze",
            "pos=",
            "pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww",
            "moves=\"11-15 22-18\"",
            "level",
            "move-time=0.01",
            "time=0.05",
            "inc=0",
            "depth=2",
            "nodes=300",
            "variant=english",
            "name=hash",
            "value=8",
            "name=variant",
            "value=minicheckers",
            "\"",
        ])
        .prop_map(str::to_owned),
        (0u64..5000).prop_map(|number| number.to_string()),
        "[ -~]{0,12}",
        "\\PC{0,6}",
    ]
}

/// A line: a command of either protocol and some words, or junk.
fn line() -> impl Strategy<Value = String> {
    let command = prop::sample::select(vec![
        "ugi",
        "isready",
        "setoption",
        "uginewgame",
        "position",
        "go",
        "stop",
        "query",
        "quit",
        "hub",
        "set-param",
        "init",
        "new-game",
        "pos",
        "level",
        "ponder-hit",
        "ping",
        "",
    ]);
    (command, prop::collection::vec(word(), 0..6)).prop_map(|(command, words)| {
        // Searches are kept short: a depth, node or time limit comes first when there is one.
        let limit = if command == "go" { " nodes 200" } else { "" };
        format!("{command}{limit} {}", words.join(" "))
    })
}

/// Checks that every line written belongs to the protocol.
fn only_protocol_lines(written: &Written, heads: &[&str]) -> Result<(), TestCaseError> {
    for line in written.lines() {
        let head = line.split_whitespace().next().unwrap_or("");
        prop_assert!(heads.contains(&head), "unexpected line `{}`", line);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn ugi_sessions_never_fail(lines in prop::collection::vec(line(), 0..24), game in 0usize..5) {
        let mut input = lines.join("\n").into_bytes();
        // Hash tables stay small: the words above never ask for more than 5000 MiB, and
        // the engine refuses more than 4096; a day's search is stopped by the end of input.
        input.retain(|&byte| byte != 0);
        let written = Written::default();
        let result = ugi::run(GameId::ALL[game], input.as_slice(), Output::new(written.clone()));
        prop_assert!(result.is_ok(), "{:?}", result);
        only_protocol_lines(&written, &["id", "option", "ugiok", "readyok", "info", "bestmove", "response"])?;
    }

    #[test]
    fn hub_sessions_never_fail(lines in prop::collection::vec(line(), 0..24), mini: bool) {
        let game = if mini { GameId::Minicheckers } else { GameId::Checkers };
        let input = lines.join("\n").into_bytes();
        let written = Written::default();
        let result = hub::run(game, input.as_slice(), Output::new(written.clone()));
        prop_assert!(result.is_ok(), "{:?}", result);
        only_protocol_lines(&written, &["id", "param", "wait", "ready", "info", "done", "pong", "error"])?;
    }
}
