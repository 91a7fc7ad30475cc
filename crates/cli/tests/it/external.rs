//! `arbiter match` with a side played by an engine in another process through UGI: against
//! `arbiter ugi` itself, whose games must be legal and add up, and against broken engines
//! (the shell scripts of `tests/engines/`), which lose their games with a message that says
//! what went wrong while the match goes on.
#![cfg(unix)]

use std::path::PathBuf;
use std::process::{Command, Output};

use arbiter_catalog::{AnyGame, GameId, Visitor};
use arbiter_core::GameRecord;

const ARBITER: &str = env!("CARGO_BIN_EXE_arbiter");

fn arbiter(args: &[&str]) -> Output {
    Command::new(ARBITER).args(args).output().expect("arbiter runs")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-external-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A match's JSON summary, its last line.
fn summary(output: &Output) -> serde_json::Value {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}{stderr}");
    serde_json::from_str(stdout.lines().last().unwrap_or_default()).expect("json")
}

fn count(json: &serde_json::Value, key: &str) -> u64 {
    json[key].as_u64().unwrap_or(u64::MAX)
}

/// The records of a file saved by `arbiter match --save`, each read back (replaying and
/// checking every move): their number, and the texts.
struct ReadBack<'a>(&'a str);

impl Visitor for ReadBack<'_> {
    type Output = Vec<String>;

    fn visit<G: AnyGame>(self) -> Vec<String> {
        let texts: Vec<String> = self
            .0
            .split("\n\n[")
            .enumerate()
            .map(|(index, text)| if index == 0 { text.to_owned() } else { format!("[{text}") })
            .collect();
        for text in &texts {
            if let Err(error) = GameRecord::<G>::from_record_text(text) {
                panic!("a record that cannot be read back: {error}\n{text}");
            }
        }
        texts
    }
}

/// Plays `game` between alpha-beta in process (A) and the same through `arbiter ugi` (B):
/// four games with two-ply openings on two threads.
fn match_against_arbiter_ugi(
    game: &str,
    b_command: Option<&str>,
) -> (serde_json::Value, Vec<String>) {
    let dir = temp_dir(&format!("{game}-{}", b_command.is_some()));
    let save = dir.join("records.txt");
    let save = save.to_str().expect("a UTF-8 path");
    let mut args = vec![
        "match",
        game,
        "--a",
        "alphabeta:depth=2",
        "--b",
        "alphabeta:depth=2",
        "--games",
        "4",
        "--openings",
        "2",
        "--threads",
        "2",
        "--save",
        save,
        "--json",
    ];
    args.extend(b_command.iter().flat_map(|command| ["--b-command", command]));
    let json = summary(&arbiter(&args));
    let saved = std::fs::read_to_string(save).expect("records saved");
    let records = game.parse::<GameId>().expect("a game").visit(ReadBack(&saved));
    (json, records)
}

#[test]
fn a_match_against_arbiter_ugi_adds_up_and_plays_as_the_engine_in_process() {
    for game in ["minicheckers", "checkers"] {
        let command = format!("{ARBITER} ugi {game}");
        let (json, records) = match_against_arbiter_ugi(game, Some(&command));
        assert_eq!(count(&json, "games"), 4);
        let total: u64 = ["a_wins", "draws", "b_wins"].iter().map(|key| count(&json, key)).sum();
        assert_eq!(total, 4, "{json}");
        assert_eq!(json["forfeits"], serde_json::json!([]), "{json}");
        assert!(json["b"].as_str().unwrap_or_default().contains(&command), "{json}");
        assert_eq!(records.len(), 4);
        // The same search at a fixed depth, told the whole game: the same moves.
        let (_, in_process) = match_against_arbiter_ugi(game, None);
        assert_eq!(records, in_process, "{game}");
    }
}

/// A match of two games against the broken engine of `script`, with engine timeouts of
/// `timeout` (long enough that a loaded machine starts the script's shell within it): both are
/// forfeited by it, each with a message containing `expected`, and recorded as resignations.
fn broken_engine_forfeits(script: &str, timeout: &str, expected: &str) {
    let path = format!("{}/tests/engines/{script}", env!("CARGO_MANIFEST_DIR"));
    let dir = temp_dir(script);
    let save = dir.join("records.txt");
    let save = save.to_str().expect("a UTF-8 path");
    let json = summary(&arbiter(&[
        "match",
        "minicheckers",
        "--a",
        "alphabeta:depth=2",
        "--b",
        "alphabeta:depth=2",
        "--b-command",
        &format!("sh {path}"),
        "--games",
        "2",
        "--threads",
        "1",
        "--engine-timeout",
        timeout,
        "--save",
        save,
        "--json",
    ]));
    assert_eq!((count(&json, "a_wins"), count(&json, "b_wins")), (2, 0), "{json}");
    let forfeits = json["forfeits"].as_array().expect("forfeits");
    assert_eq!(forfeits.len(), 2, "{json}");
    for (game, forfeit) in forfeits.iter().enumerate() {
        let forfeit = forfeit.as_str().unwrap_or_default();
        let start = format!("B (alphabeta:depth=2 via `sh {path}`) forfeited game {}: ", game + 1);
        assert!(forfeit.starts_with(&start), "{forfeit}");
        assert!(forfeit.contains(expected), "{forfeit}");
    }
    let saved = std::fs::read_to_string(save).expect("records saved");
    assert_eq!(saved.matches("[Termination \"resignation\"]").count(), 2, "{saved}");
    assert_eq!(saved.matches("[Forfeit \"B (").count(), 2, "{saved}");
}

#[test]
fn an_engine_that_plays_a_bogus_move_loses_the_game() {
    broken_engine_forfeits(
        "bogus-move.sh",
        "10s",
        "the engine answered `bestmove z9-z10` to `go depth 2` at ",
    );
}

#[test]
fn an_engine_that_crashes_loses_the_game_and_its_last_words_are_quoted() {
    broken_engine_forfeits(
        "crashes.sh",
        "10s",
        "the engine exited (exit status: 3) while Arbiter waited for `bestmove` after `go depth 2`; \
         its last line was `info depth 1 score cp 0`; its error output ended with `fatal: out of cheese`",
    );
}

#[test]
fn an_engine_that_hangs_loses_the_game_on_time() {
    broken_engine_forfeits(
        "hangs.sh",
        "1500ms",
        "the engine did not answer within 1500 ms while Arbiter waited for `bestmove` after `go depth 2`",
    );
}

/// Runs `arbiter match checkers` with `args` and checks that it stops before the first game
/// (exit code 2) with `expected` in its error.
fn refused_before_the_first_game(args: &[&str], expected: &str) {
    let output = arbiter(&[&["match", "checkers"], args].concat());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(expected), "{stderr}");
}

#[test]
fn an_engine_that_cannot_be_started_stops_the_match_before_it_begins() {
    refused_before_the_first_game(
        &["--a", "random", "--b", "alphabeta:depth=1", "--b-command", "/nonexistent/engine ugi x"],
        "cannot start player B (alphabeta:depth=1 via `/nonexistent/engine ugi x`): \
         cannot start `/nonexistent/engine`",
    );
    let engine = format!("{ARBITER} ugi checkers");
    refused_before_the_first_game(
        &["--a", "random", "--b", "random", "--b-command", &engine],
        "the engine's option `Engine` cannot be `random`; its values are alphabeta, mcts, perfect",
    );
    refused_before_the_first_game(
        &["--a", "random", "--b", "random", "--a-command", "'unclosed"],
        "expected a command line such as",
    );
}
