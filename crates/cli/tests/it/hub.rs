//! `arbiter hub` driven through pipes: the initialisation, whole games of checkers and mini
//! checkers through `pos … moves=…` and `go think`, pondering, `stop`, `ping` during a search,
//! and bad lines, each answered with `error message=…` while unknown ones are ignored.

use crate::protocol::EngineProcess;

/// The start of English draughts as pydraughts writes it: Black, who moves first, is Hub's
/// White at the high numbers.
const CHECKERS_START: &str = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";

/// The start of mini checkers: White at the high numbers (the bottom rows).
const MINICHECKERS_START: &str = "Wbbbbbbeeeeeewwwwww";

fn engine(game: &str) -> EngineProcess {
    let mut engine = EngineProcess::start(&["hub", game]);
    engine.ask("hub", "wait");
    engine.ask("init", "ready");
    engine
}

/// The move of `done move=M …`, checking every `info` line before it.
fn done_move(lines: &[String]) -> String {
    for line in &lines[..lines.len() - 1] {
        assert!(line.starts_with("info depth="), "not an info line: {line}");
        assert!(
            line.contains(" score=") && line.contains(" nodes=") && line.contains(" pv="),
            "{line}"
        );
    }
    let done = lines.last().expect("done");
    let first = done.split_whitespace().nth(1).expect("an argument");
    first.strip_prefix("move=").unwrap_or_else(|| panic!("no move in {done}")).to_owned()
}

#[test]
fn the_initialisation_declares_the_parameters() {
    let mut engine = EngineProcess::start(&["hub"]);
    let lines = engine.ask("hub", "wait");
    assert!(lines[0].starts_with("id name=Arbiter version="), "{lines:?}");
    for expected in [
        "param name=variant value=checkers type=enum values=\"checkers minicheckers\"",
        "param name=engine value=alphabeta type=enum values=\"alphabeta mcts perfect\"",
        "param name=hash value=16 type=int min=1 max=4096",
        "param name=book value=true type=bool",
        "param name=first value=white type=enum values=\"white black\"",
    ] {
        assert!(lines.iter().any(|line| line == expected), "no `{expected}` in {lines:?}");
    }
    assert_eq!(engine.ask("init", "ready"), ["ready"]);
    assert_eq!(engine.quit("quit"), Some(0));
}

/// Plays a game to its end, each side searching `level`; the moves in Hub's notation.
fn play_out(engine: &mut EngineProcess, start: &str, level: &str) -> Vec<String> {
    let mut moves: Vec<String> = Vec::new();
    engine.send("new-game");
    engine.send(level);
    loop {
        engine.send(&format!("pos pos={start} moves=\"{}\"", moves.join(" ")));
        engine.send("go think");
        let lines = engine.until("");
        if lines[0].starts_with("error message=\"the game is over") {
            return moves;
        }
        let mut lines = lines;
        if !lines[0].starts_with("done") {
            lines.extend(engine.until("done"));
        }
        moves.push(done_move(&lines));
        assert!(moves.len() < 1000, "no end after 1000 plies");
    }
}

#[test]
fn checkers_and_mini_checkers_are_played_to_their_end() {
    let mut engine = engine("checkers");
    let moves = play_out(&mut engine, CHECKERS_START, "level nodes=400");
    assert!(moves.len() > 10, "{moves:?}");
    assert!(moves.iter().any(|mv| mv.contains('x')), "a game with no capture: {moves:?}");
    engine.send("set-param name=variant value=minicheckers");
    let moves = play_out(&mut engine, MINICHECKERS_START, "level depth=2");
    assert!(moves.len() > 4, "{moves:?}");
    assert_eq!(engine.quit("quit"), Some(0));
}

#[test]
fn captures_are_written_from_x_to_x_captured() {
    let mut engine = engine("checkers");
    // White (Hub's Black) to move: the man on 19 must take 15 and lands on 10.
    engine.send("pos pos=BeeeeeeeebeeeebeeeweeeeeeeeeeeeeW");
    engine.send("level depth=3");
    engine.send("go think");
    assert_eq!(done_move(&engine.until("done")), "19x10x15");
    // Reached by moves: after Black's 11-15 and White's 22-18, Black must take 18.
    engine.send(&format!("pos pos={CHECKERS_START} moves=\"11-15 22-18\""));
    engine.send("go think");
    assert_eq!(done_move(&engine.until("done")), "15x22x18");
    // On the clock the forced capture is played at once.
    engine.send("level time=600 inc=0");
    engine.send("go think");
    let lines = engine.until("done");
    assert_eq!(done_move(&lines), "15x22x18");
    assert!(lines.iter().all(|line| !line.starts_with("info depth=2")), "{lines:?}");
}

#[test]
fn ping_is_answered_during_a_search_and_stop_ends_it() {
    let mut engine = engine("checkers");
    engine.send(&format!("pos pos={CHECKERS_START}"));
    engine.send("level infinite");
    engine.send("go analyze");
    engine.send("ping");
    let lines = engine.until("pong");
    assert!(lines.iter().all(|line| line.starts_with("info") || line == "pong"), "{lines:?}");
    let stopped = engine.ask("stop", "done");
    // An analysis searches, even where the book has the move: no answer of depth 0.
    let answers = lines.iter().chain(&stopped);
    assert!(answers.clone().all(|line| !line.contains("depth=0 ")), "{lines:?} {stopped:?}");
    let best = done_move(&stopped);
    assert!(["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"].contains(&best.as_str()));
}

#[test]
fn ponder_hit_starts_the_clock_of_a_ponder_search() {
    let mut engine = engine("checkers");
    engine.send(&format!("pos pos={CHECKERS_START} moves=\"11-15\""));
    engine.send("level move-time=0.2");
    engine.send("go ponder");
    // A ponder search waits for the opponent: nothing ends it but ponder-hit or stop; after
    // ponder-hit it ends by itself, on the level's time.
    let lines = engine.ask("ping", "pong");
    assert!(lines.iter().all(|line| line.starts_with("info") || line == "pong"), "{lines:?}");
    engine.send("ponder-hit");
    let lines = engine.until("done");
    assert!(lines[..lines.len() - 1].iter().all(|line| line.starts_with("info")), "{lines:?}");
    let best = done_move(&lines);
    assert!(
        ["21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"].contains(&best.as_str())
    );
}

#[test]
fn ponder_timers_end_with_their_searches() {
    let mut engine = engine("checkers");
    engine.send(&format!("pos pos={CHECKERS_START}"));
    // A day a move: every timer that ponder-hit starts would sleep for a day.
    engine.send("level move-time=86400");
    for _ in 0..100 {
        engine.send("go ponder");
        engine.send("ponder-hit");
        engine.ask("stop", "done");
    }
    engine.threads_settle_at(3);
    assert_eq!(engine.ask("ping", "pong").last().map(String::as_str), Some("pong"));
}

#[test]
fn bad_lines_are_explained_and_unknown_ones_ignored() {
    let mut engine = engine("checkers");
    engine.send(&format!("pos pos={CHECKERS_START} moves=\"11-15\""));
    let cases: [(&str, &str); 8] = [
        ("pos pos=Wbbb", "the position has 3 squares, not 32"),
        (
            &format!("pos pos={CHECKERS_START} moves=\"11-15 11-15\""),
            "move 2: `11-15` is not a legal move here",
        ),
        (&format!("pos pos={CHECKERS_START} moves=\"11-99\""), "with squares 1 to 32"),
        ("level move-time=soon", "move-time=`soon` is not a time in seconds"),
        ("set-param name=variant value=fanorona", "unknown variant `fanorona`"),
        ("set-param name=hash value=0", "invalid table size `0`"),
        ("set-param name=book value=maybe", "invalid value `maybe` for Book"),
        ("pos pos=\"Wbbb", "a quote is not closed"),
    ];
    for (line, expected) in cases {
        let answer = engine.ask(line, "error");
        let error = answer.last().expect("an error");
        assert!(
            error.starts_with("error message=\"") && error.contains(expected),
            "{line}: {error}"
        );
    }
    engine.send_bytes(b"pos pos=\xff\n");
    assert!(engine.until("error").last().is_some_and(|line| line.contains("not UTF-8")));
    // The protocol asks engines to ignore what they do not understand.
    engine.send("teleport now=yes");
    engine.send("set-param name=colour value=green");
    assert_eq!(engine.ask("ping", "pong"), ["pong"]);
    // The position set before the bad lines is still the one searched: White to move.
    engine.send("level depth=2");
    engine.send("go think");
    let best = done_move(&engine.until("done"));
    assert!(
        ["21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"].contains(&best.as_str())
    );
    assert_eq!(engine.quit("quit"), Some(0));
}

#[test]
fn hub_speaks_of_draughts_only() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["hub", "fanorona"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("speaks of checkers and minicheckers, not fanorona"), "{error}");
}
